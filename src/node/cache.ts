import { closeSync, openSync, readSync } from 'node:fs';
import { VERSION } from '../version.js';
import { hmacOf, sameDigest, sha1, sha1Bytes, userKey } from './crypto.js';
import { STAT_NUMBERS, type FileStat } from './files.js';
import { CLUSTER_IDLE_TIMEOUT, labelPath } from '../engine/repository.js';
import type { FactPlace, FileResult, Located, RepositoryFacts } from '../types.js';
import type { OperationId } from '../operations.js';
import type { DocumentOperation, Finding, OperationSource, Suggestion, SuppressedFinding } from '../types.js';
import { contentHash, type LintedFile, type LintFilesOptions, type PlannedRun } from './lint-files.js';
import { removeStaleSpools, SpooledFile } from './write-file.js';
import { openSettingsFile, refusalText } from './read-settings.js';

/**
 * One file's entry: what its result depends on, and the result. An array, not an object, and
 * without what every entry would repeat (the file's name, an empty list of findings), for a cache
 * that is read whole at the start of each run: JSON.parse makes an array of a clean file's entry
 * in some half the time of an object with named members (since format 5; format 4 had objects).
 */
type Entry = [
  /** What the result depends on besides the content and the run: the config file and the path it sees. */
  key: string,
  /** SHA-1 of the file's bytes. */
  hash: string,
  /** The file's size, times and identity (FileStat), taken before the bytes hashed were read. */
  size: number,
  mtimeMs: number,
  ctimeMs: number,
  ino: number,
  dev: number,
  /** When the run that took the stat started (ms since the epoch); null: there was no stat (then the five numbers before are 0). */
  checkedAt: number | null,
  operation: OperationId | null,
  operationSource: OperationSource,
  /** RepositoryFacts, packed (packFacts); 0 when there are none. */
  facts: Record<string, unknown> | 0,
  /** The findings, each as a {@link PackedFinding}; 0, or left out, when there are none. */
  findings?: PackedFinding[] | 0,
  /** The findings directives silenced, for a run that asks for them (its options are part of the run's key); left out when there are none (0 when `documents` follows). */
  suppressed?: SuppressedFinding[] | 0,
  /** Each document's operation, for a stream whose documents differ (FileResult.documents); left out otherwise. */
  documents?: DocumentOperation[],
];

/**
 * A finding as the cache file holds it: its members in a row, each string the index of its one
 * copy in the file's table of strings (rule ids, severities, paths and the messages files share,
 * held once for the whole file) or, past {@link MAX_TABLE_STRINGS}, the string itself:
 * `[ruleId, severity, message, path, line, column, endLine, endColumn, document (-1: none), fix
 * ([start, end, text], 0: none), suggestions ([[desc, start, end, text], …], 0: none)]`, the
 * members after `endColumn` left out when they and all after them are none. Some 30 bytes a
 * finding, where its JSON object took some 250: the cache of 100,000 findings-heavy files was
 * 123 MB, over the read limit (issue 31).
 */
type PackedFinding = Array<number | string | unknown[]>;

/** The most strings the file's table holds; past it a string is written where it is used (it is one file's, most likely). */
const MAX_TABLE_STRINGS = 1 << 14;

const KEY = 0;
const HASH = 1;
const STAT = 2;
/** STAT + STAT_NUMBERS, written as a literal so that the tuple's member type is known. */
const CHECKED_AT = 7;
const OPERATION = 8;
const OPERATION_SOURCE = 9;
const FACTS = 10;
const FINDINGS = 11;
const SUPPRESSED = 12;
const DOCUMENTS = 13;

/**
 * How much older than the run that read it a file's change time must be for that time to prove
 * the file unchanged later on. A change right after the read can fall in the same tick of the
 * file system's clock as the change before it (some keep seconds, or two); the margin leaves such a
 * "racy" file to be hashed again, as git does with its index.
 */
const RACY_MARGIN_MS = 3000;

/**
 * The layout of the file and its entries, and what they were made by: a cache written in another
 * is started afresh. 6: entries of format 5 may hold a credential a build before it failed to
 * mask (under a key such as `password for db`), in a finding's fix that was never screened. 7: a
 * text over 1 MiB of more than maxScalars keys and values the block reader takes is refused (one
 * parse/limit finding), where format 6's builds linted it. 8: a line per file, its findings packed
 * against a table of strings (PackedFinding), read a file at a time as the run asks for it. 9: the
 * table of strings is the last line, after the entries, which are written as they come (a file's
 * later line replaces an earlier one): the run holds none of them (issue 31); and the facts of the
 * checks across files are lists, an entry a document of a stream (format 8 kept only the last
 * document's allow-list entry, bootstrap script and idle timeouts).
 */
const CACHE_FORMAT = 9;

/**
 * The largest cache file read, for a run over `files` files: 64 MiB, and 4 KiB more for each file.
 * A cache holds some tens of bytes for a clean file and some hundreds for one with findings (a
 * findings-heavy file of the benchmark takes some 200), so the limit grows with the run and stays
 * far above what the run's own cache holds; the file is held as bytes and each entry parsed when
 * its file is looked up. A larger one is ignored with a warning (one line), and replaced.
 */
export function maxCacheSize(files: number): number {
  return MAX_CACHE_SIZE + files * 4096;
}

/** The read limit of a run over no file: {@link maxCacheSize}'s floor. */
export const MAX_CACHE_SIZE = 64 * 1024 * 1024;

/** The signature of a header written before what it signs: never one that matches. */
const NO_MAC = '0'.repeat(64);

/**
 * The cache file's first line. The entries follow it, a line each (the file's name as JSON, a
 * tab, its entry as JSON; where a file has two lines, the later counts), and the table of strings
 * (JSON) is the last line, with no line break after it.
 */
interface CacheHeader {
  dplint: string;
  /** SHA-1 of dplint's version, the cache's format and the run's options: another run's entries are not reused. */
  run: string;
  /** HMAC-SHA-256 of the header's fields and the entries' bytes, under the user's key (userKey); 64 hex digits, so the header's length is known before it. */
  mac: string;
}

/** Where the lint cache's key is, and where its warnings go. */
export interface CacheTrust {
  /** The user's cache folder, which holds the key (userCacheFolder); undefined: none, and no cache. */
  keyFolder: string | undefined;
  /** One line, for a cache ignored or a key refused; the run goes on without them. */
  warn(message: string): void;
}

/**
 * `--cache`: each file's result, kept between runs and reused only when nothing it depends on
 * has changed — the file's bytes (their SHA-1), the config file that applies (path and text), the
 * run's options, and dplint's version. A cache from another version is started afresh; it is
 * written atomically after a run that changed it (a run that reused every entry writes nothing),
 * its new lines spooled beside it as they come (SpooledFile), never held for the end.
 *
 * The cache is never trusted: it may sit in the work tree, where a pull request can commit one
 * whose entries say its files are clean. The entries are signed with a key kept in the user's
 * cache folder (userKey), out of the pull request's reach; a cache whose signature fails — planted,
 * edited, or written under another user's key —, whose entries are of the wrong shape, or larger
 * than MAX_CACHE_SIZE is ignored with one warning: every file is linted, and the cache rewritten.
 * Without a usable key (none can be made, or the folder is open to others) the run lints without
 * the cache, with one warning.
 *
 * A file is not read again when the file system proves its bytes unchanged since they were
 * hashed: the same size, modification time, change time, inode and device as then, and a change
 * time older than the run that hashed it by more than RACY_MARGIN_MS. The change time cannot be
 * set back by touching the file or restoring its modification time, and every write moves it, so
 * an edit always sends the file to be hashed (and linted, when its bytes differ). A fresh checkout
 * (a CI job restoring its cache) has new inodes and times: every file is hashed there.
 */
export class LintCache {
  /**
   * The cache file read, kept open (undefined: none): a file's line is read when the file is looked
   * up, never the whole file held (47 MB at 100,000 findings-heavy files, the rerun's largest part,
   * issue 31), and checked against the digest its bytes had when the whole file's signature was.
   */
  private previous: number | undefined;
  /** Where each of the run's files has its line in the file read, how many bytes it takes (its line break not counted) and their SHA-1 (20 bytes a file), by its index in the run; NaN: none. */
  private readonly previousAt: Float64Array;
  private readonly previousBytes: Float64Array;
  private previousDigests: Buffer = Buffer.alloc(0);
  /** How many files have a line in the file read, the run's and others (a cache that names others is rewritten without them). */
  private previousFiles = 0;
  /** Whether a line that changed since the file was verified was told (once a run). */
  private toldChanged = false;
  /** The file's table of strings: the one read, and those this run adds (their indices never change, so a line read stays valid). */
  private readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();
  /** Undefined: no key, no cache (neither read nor written). */
  private readonly key: Buffer | undefined;
  /**
   * The lines of the cache to write, spooled beside it as they come, from the first line this
   * run makes on: held until the end, the lines of 100,000 findings-heavy files (some 46 MB) made
   * the run that fills the cache its largest (some 300 MB at its peak, issue 31). Undefined until then.
   */
  private spool: SpooledFile | undefined;
  /** Where each of the run's files has its line in the spool, and how many bytes it takes, by the file's index in the run; NaN: none there. */
  private readonly spooledAt: Float64Array;
  private readonly spooledBytes: Float64Array;
  /** Whether each of the run's files keeps its line of `previous` as it is, by its index. Copied to the spool at the end, if the cache is written. */
  private readonly keptAt: Uint8Array;
  private kept = 0;
  private readonly runKey: string;
  /** Whether the file to write would differ from the one read. */
  private changed = false;
  /** When this run started, before any file was stat'ed: files read from here on may still change within the tick of their change time. */
  private readonly startedAt: number;
  /** Whether results carry the text of files with findings (lintRun's keepSource). */
  private readonly keepSource: boolean;
  /** Whether results carry the findings directives silenced (`--include-suppressed`, SARIF). */
  private readonly includeSuppressed: boolean;
  private readonly warn: (message: string) => void;
  /** Whether an entry of the wrong shape was told (once a run). */
  private toldBadEntry = false;

  constructor(
    private readonly location: string,
    options: LintFilesOptions,
    trust: CacheTrust,
    /** The files the run lints, each then named by its index: the read limit grows with their number (maxCacheSize). */
    files: readonly string[],
    startedAt = Date.now(),
  ) {
    this.startedAt = startedAt;
    this.spooledAt = new Float64Array(files.length).fill(Number.NaN);
    this.spooledBytes = new Float64Array(files.length);
    this.keptAt = new Uint8Array(files.length);
    this.previousAt = new Float64Array(files.length).fill(Number.NaN);
    this.previousBytes = new Float64Array(files.length);
    this.warn = trust.warn;
    // Cached results always keep their text (lintRun), so one cache serves every output format.
    const { cwd: _cwd, hashContent: _hash, keepSource: _keep, ...rest } = options;
    this.keepSource = options.keepSource !== false;
    this.includeSuppressed = options.includeSuppressed === true;
    this.runKey = sha1(`${VERSION}\0${CACHE_FORMAT}\0`, JSON.stringify(rest));
    const key = trust.keyFolder === undefined ? 'there is no home folder to keep its key in' : userKey(trust.keyFolder);
    if (typeof key === 'string') {
      trust.warn(`--cache is off for this run: ${key}`);
      return;
    }
    this.key = key;
    // A run killed outright (SIGKILL) left its spool: never read, and removed here.
    removeStaleSpools(location, this.signSpool);
    const read = readCache(location, this.runKey, key, maxCacheSize(files.length), files, this.previousAt, this.previousBytes);
    if (typeof read === 'string') {
      this.previousAt.fill(Number.NaN);
      trust.warn(`ignoring the cache ${location}: ${read}; every file is linted again`);
      return;
    }
    this.previous = read.fd;
    this.previousDigests = read.digests;
    this.previousFiles = read.files;
    this.strings = read.strings;
    for (let i = 0; i < this.strings.length; i++) this.stringIds.set(this.strings[i], i);
  }

  /**
   * The cached result of a file, when its content and everything else it depends on are unchanged.
   * The file's stat is the `index`th in `stats`, taken before this run read the cache
   * (statInputsRefusingTargets); NaN when it is not a regular file.
   */
  lookup(file: string, absolute: string, run: PlannedRun, stats: Float64Array, index: number): LintedFile | undefined {
    const at = index * STAT_NUMBERS;
    if (Number.isNaN(stats[at]) || Number.isNaN(this.previousAt[index])) return undefined;
    const entry = this.entryAt(file, index);
    if (!entry || entry[KEY] !== keyFor(file, run)) return undefined;
    if (provesUnchanged(entry, stats, at)) {
      const linted = hasFindings(entry) && this.keepSource ? this.withSource(file, entry, absolute) : this.lintedOf(file, entry, undefined);
      if (linted) this.keep(index);
      return linted;
    }
    let bytes: Buffer;
    try {
      bytes = this.readInto(absolute);
    } catch {
      return undefined;
    }
    if (contentHash(bytes) !== entry[HASH]) return undefined;
    const linted = this.lintedOf(file, entry, hasFindings(entry) && this.keepSource ? bytes.toString('utf8') : undefined);
    if (!linted) return undefined;
    // The bytes are those hashed before. The file's stat, taken before the read, proves them to
    // later runs once the file is older than the margin: only then is it worth writing. Before
    // that, the old line serves as well: neither its stat nor this one proves anything next time.
    const stat = Array.from(stats.subarray(at, at + STAT_NUMBERS)) as FileStat;
    if (stat[2] >= this.startedAt - RACY_MARGIN_MS) {
      this.keep(index);
      return linted;
    }
    const checked = entry.slice() as Entry;
    checked.splice(STAT, STAT_NUMBERS + 1, ...stat, this.startedAt);
    this.spoolLine(index, lineOf(file, checked));
    return linted;
  }

  /** The entry on the line of the run's `index`th file in the file read; undefined (and told, once) when it is not of the shape dplint writes, or the line is no longer the one verified. */
  private entryAt(file: string, index: number): Entry | undefined {
    const bytes = this.previousLine(index);
    if (!bytes) return undefined;
    const tab = bytes.indexOf(0x09);
    let entry: unknown;
    try {
      entry = JSON.parse(bytes.toString('utf8', tab + 1));
    } catch {
      entry = undefined;
    }
    if (isEntry(entry)) return entry;
    if (!this.toldBadEntry) this.warn(`the cache ${this.location} holds an entry for ${JSON.stringify(file)} not of the shape dplint writes; such files are linted again`);
    this.toldBadEntry = true;
    return undefined;
  }

  /** Keeps the run's `index`th file's line of the cache read as it is. */
  private keep(index: number): void {
    this.keptAt[index] = 1;
    this.kept++;
  }

  /**
   * A part of the file read, from `windowAt`, `windowLength` bytes of it: lines are looked up in
   * the order they were written (the run's), so one read of 1 MiB serves some 2,000 of them, not a
   * read each (100,000 reads took 2.5 s of a 100,000-file rerun: issue 31's ≤ 0.25×).
   */
  private window = Buffer.allocUnsafe(1 << 20);
  private windowAt = 0;
  private windowLength = 0;

  /**
   * The run's `index`th file's line of the file read, its line break left out (a view, valid until
   * the next line is read); undefined when it cannot be read, or is not the line whose bytes the
   * signature covered when the file was verified (the file was written over since: told once).
   */
  private previousLine(index: number): Buffer | undefined {
    const at = this.previousAt[index];
    const length = this.previousBytes[index];
    if (at < this.windowAt || at + length > this.windowAt + this.windowLength) {
      if (this.window.length < length) this.window = Buffer.allocUnsafe(length);
      this.windowAt = at;
      this.windowLength = 0;
      try {
        for (let read; this.windowLength < this.window.length && (read = readSync(this.previous!, this.window, this.windowLength, this.window.length - this.windowLength, at + this.windowLength)) > 0; ) this.windowLength += read;
      } catch {
        this.windowLength = 0;
      }
    }
    const from = at - this.windowAt;
    const bytes = from + length <= this.windowLength ? this.window.subarray(from, from + length) : undefined;
    if (bytes && sha1Bytes(bytes).equals(this.previousDigests.subarray(index * 20, index * 20 + 20))) return bytes;
    if (!this.toldChanged) this.warn(`the cache ${this.location} changed while this run read it; the files whose lines changed are linted again`);
    this.toldChanged = true;
    return undefined;
  }

  /** Closes the file read. */
  private closePrevious(): void {
    if (this.previous !== undefined) closeSync(this.previous);
    this.previous = undefined;
  }

  /** Writes a new line for the run's `index`th file to the spool, opened with the first (its header's signature left to `save`). */
  private spoolLine(index: number, line: string): void {
    if (!this.spool) this.openSpool();
    const at = this.spool!.append(`${line}\n`);
    this.spooledAt[index] = at;
    this.spooledBytes[index] = Buffer.byteLength(line);
    this.changed = true;
  }

  /** A spool's mark: only this user's key makes it (SpoolSigner). */
  private readonly signSpool = (stem: string): string => hmacOf(this.key!, ['dplint spool\0', stem]).slice(0, 16);

  private openSpool(): void {
    this.spool = new SpooledFile(this.location, this.signSpool);
    // A signature's place: save writes it over these, the same number of hex digits.
    this.spool.append(this.header(NO_MAC));
  }

  private header(mac: string): string {
    const header: CacheHeader = { dplint: VERSION, run: this.runKey, mac };
    return `${JSON.stringify(header)}\n`;
  }

  private buffer = Buffer.allocUnsafe(64 * 1024);

  /**
   * A file's bytes, read into one buffer kept for the run (a view of it, valid until the next
   * read). A read that comes back short is the end of the file: for a regular file it is, and
   * for anything else the hash then differs and the file is linted again, which is never stale.
   */
  private readInto(path: string): Buffer {
    const fd = openSync(path, 'r');
    try {
      let total = 0;
      for (;;) {
        if (total === this.buffer.length) {
          const larger = Buffer.allocUnsafe(this.buffer.length * 2);
          this.buffer.copy(larger);
          this.buffer = larger;
        }
        const read = readSync(fd, this.buffer, total, this.buffer.length - total, null);
        total += read;
        if (total < this.buffer.length) return this.buffer.subarray(0, total);
      }
    } finally {
      closeSync(fd);
    }
  }

  /** The cached result of a file proven unchanged without reading it, with its text, read now: it must still be the bytes hashed. */
  private withSource(file: string, entry: Entry, absolute: string): LintedFile | undefined {
    let bytes: Buffer;
    try {
      bytes = this.readInto(absolute);
    } catch {
      return undefined;
    }
    return contentHash(bytes) === entry[HASH] ? this.lintedOf(file, entry, bytes.toString('utf8')) : undefined;
  }

  /** A cached result as the run uses it; `source`, the file's text, for outputs that show it (files with findings only). Undefined (told once) for findings of the wrong shape. */
  private lintedOf(file: string, entry: Entry, source: string | undefined): LintedFile | undefined {
    const packed = entry[FINDINGS];
    const findings = packed ? this.unpackFindings(packed) : [];
    if (!findings) {
      if (!this.toldBadEntry) this.warn(`the cache ${this.location} holds an entry for ${JSON.stringify(file)} not of the shape dplint writes; such files are linted again`);
      this.toldBadEntry = true;
      return undefined;
    }
    const result: FileResult = { file, operation: entry[OPERATION] ?? undefined, operationSource: entry[OPERATION_SOURCE], findings, screened: true };
    if (entry[DOCUMENTS]) result.documents = entry[DOCUMENTS];
    if (this.includeSuppressed) result.suppressed = entry[SUPPRESSED] || [];
    if (source !== undefined) result.source = source;
    const facts = entry[FACTS];
    return facts ? { result, facts: unpackFacts(facts) } : { result };
  }

  /** Keeps the result of the run's `index`th file, just linted: its line goes to the spool now. */
  store(index: number, file: string, run: PlannedRun, linted: LintedFile): void {
    if (!this.key || !linted.contentHash) return;
    const { operation, operationSource, findings, suppressed } = linted.result;
    const stat = linted.contentStat;
    const entry: Entry = [keyFor(file, run), linted.contentHash, ...(stat ?? NO_STAT), stat ? this.startedAt : null, operation ?? null, operationSource, linted.facts ? packFacts(linted.facts) : 0];
    const documents = linted.result.documents;
    if (findings.length || suppressed?.length || documents) entry.push(findings.length ? findings.map((finding) => this.packFinding(finding)) : 0);
    if (suppressed?.length || documents) entry.push(suppressed?.length ? suppressed : 0);
    if (documents) entry.push(documents);
    this.spoolLine(index, lineOf(file, entry));
  }

  /** The run's `index`th file's entry, now with the places the checks across files found for its facts (`places`, with their ranges): a new line, which replaces the one before. */
  storeFacts(index: number, file: string, places: readonly FactPlace[]): void {
    let entry: Entry | undefined;
    if (!Number.isNaN(this.spooledAt[index])) {
      const line = this.spool!.read(this.spooledAt[index], this.spooledBytes[index]);
      entry = JSON.parse(Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8', line.indexOf(0x09) + 1)) as Entry;
    } else if (this.keptAt[index]) {
      entry = this.entryAt(file, index);
      this.keptAt[index] = 0;
      this.kept--;
    }
    if (!entry || !entry[FACTS]) return;
    entry[FACTS] = packFacts(placed(unpackFacts(entry[FACTS]), places));
    this.spoolLine(index, lineOf(file, entry));
  }

  /**
   * Puts the cache in place: the lines kept from the one read and the table of strings after
   * those spooled, the header's signature over them all, one rename. A run that changed nothing
   * (every entry from the cache, unchanged) writes nothing. Either way the spool is gone after it.
   */
  save(): void {
    if (!this.key) return;
    if (!this.changed && this.kept === this.previousFiles) return this.discard();
    if (!this.spool) this.openSpool();
    const spool = this.spool!;
    for (let i = 0; i < this.keptAt.length; i++) {
      // A line written over since it was verified is left out: its file is linted on the next run.
      const line = this.keptAt[i] ? this.previousLine(i) : undefined;
      if (!line) continue;
      spool.append(line);
      spool.append(LINE_BREAK);
    }
    // Closed before the cache is renamed over it (a file held open cannot be on Windows).
    this.closePrevious();
    spool.append(JSON.stringify(this.strings));
    // The signature of the bytes on disk, read back a part at a time: what is signed is what was written.
    const body = spool.chunks(Buffer.byteLength(this.header(NO_MAC)));
    spool.writeAt(0, this.header(hmacOf(this.key, withPrefix(macPrefix(VERSION, this.runKey), body))));
    spool.commit();
    this.spool = undefined;
  }

  /** Removes the spool, the cache left as it was: for a run that ends without saving (an error). */
  discard(): void {
    this.closePrevious();
    this.spool?.discard();
    this.spool = undefined;
  }

  /** A string of the table as the file holds it: its index, or itself once the table is full. */
  private stringRef(text: string): number | string {
    let id = this.stringIds.get(text);
    if (id === undefined) {
      if (this.strings.length >= MAX_TABLE_STRINGS) return text;
      id = this.strings.length;
      this.strings.push(text);
      this.stringIds.set(text, id);
    }
    return id;
  }

  private packFinding(finding: Finding): PackedFinding {
    const { ruleId, severity, message, path, document, line, column, endLine, endColumn, fix, suggestions } = finding;
    const packed: PackedFinding = [this.stringRef(ruleId), this.stringRef(severity), this.stringRef(message), this.stringRef(path), line, column, endLine, endColumn];
    if (document === undefined && !fix && !suggestions) return packed;
    packed.push(document ?? -1);
    if (!fix && !suggestions) return packed;
    packed.push(fix ? [fix.range[0], fix.range[1], this.stringRef(fix.text)] : 0);
    if (suggestions) packed.push(suggestions.map((s) => [this.stringRef(s.desc), s.fix.range[0], s.fix.range[1], this.stringRef(s.fix.text)]));
    return packed;
  }

  /** The findings of an entry, as objects of the shapes ResultStore gives them; undefined when one is not of the shape packFinding writes. */
  private unpackFindings(packed: PackedFinding[]): Finding[] | undefined {
    const text = (ref: unknown): string | undefined => (typeof ref === 'number' ? this.strings[ref] : typeof ref === 'string' ? ref : undefined);
    const findings: Finding[] = [];
    for (const row of packed) {
      if (!Array.isArray(row) || row.length < 8 || row.length > 11) return undefined;
      const [ruleId, severity, message, path] = [text(row[0]), text(row[1]), text(row[2]), text(row[3])];
      const [line, column, endLine, endColumn] = row.slice(4, 8) as number[];
      const document = row.length > 8 && row[8] !== -1 ? (row[8] as number) : undefined;
      const fixRow = row[9];
      const fixText = Array.isArray(fixRow) ? text(fixRow[2]) : undefined;
      const fix = Array.isArray(fixRow) && fixText !== undefined ? { range: [fixRow[0], fixRow[1]] as [number, number], text: fixText } : undefined;
      if (Array.isArray(fixRow) && !fix) return undefined;
      let suggestions: Suggestion[] | undefined;
      if (row.length > 10) {
        if (!Array.isArray(row[10])) return undefined;
        suggestions = [];
        for (const s of row[10] as unknown[][]) {
          const desc = Array.isArray(s) ? text(s[0]) : undefined;
          const fixOf = Array.isArray(s) ? text(s[3]) : undefined;
          if (desc === undefined || fixOf === undefined) return undefined;
          suggestions.push({ desc, fix: { range: [s[1] as number, s[2] as number], text: fixOf } });
        }
      }
      if (ruleId === undefined || severity === undefined || message === undefined || path === undefined) return undefined;
      const finding = (
        document !== undefined
          ? { ruleId, severity, message, path, document, line, column, endLine, endColumn, ...(fix ? { fix } : {}), ...(suggestions ? { suggestions } : {}) }
          : fix && suggestions
            ? { ruleId, severity, message, path, line, column, endLine, endColumn, fix, suggestions }
            : fix
              ? { ruleId, severity, message, path, line, column, endLine, endColumn, fix }
              : suggestions
                ? { ruleId, severity, message, path, line, column, endLine, endColumn, suggestions }
                : { ruleId, severity, message, path, line, column, endLine, endColumn }
      ) as Finding;
      if (!isFinding(finding)) return undefined;
      findings.push(finding);
    }
    return findings;
  }
}

/**
 * Facts as the lint cache keeps them (a line a file): a label at its place in the body's list and the idle timeout where every cluster file has it are kept as their
 * bare values, and get their shared paths back when read. Anything else is kept as it is. The
 * cache's format: the run holds its facts so too (PackedResults).
 */
export function packFacts(facts: RepositoryFacts): Record<string, unknown> {
  const { labels, clusterIdleTimeouts, ...rest } = facts;
  const atHome = (located: Located, path: ReadonlyArray<string | number>): boolean => located.document === undefined && located.path === path;
  // A value at home that has been located is kept with its range: [value, line, column, endLine, endColumn].
  const packed = (located: Located): unknown => (located.range ? [located.value, located.range.line, located.range.column, located.range.endLine, located.range.endColumn] : located.value);
  return {
    ...rest,
    ...(labels ? { labels: labels.map((label, i) => (atHome(label, labelPath(i)) ? packed(label) : label)) } : {}),
    ...(clusterIdleTimeouts ? { clusterIdleTimeouts: clusterIdleTimeouts.map((idle) => (atHome(idle, CLUSTER_IDLE_TIMEOUT) ? packed(idle) : idle)) } : {}),
  };
}

/** Facts as a text, packed (packFacts): how the run holds them with its results (PackedResults). JSON escapes a lone surrogate, so the text is well-formed. */
export function factsText(facts: RepositoryFacts): string {
  return JSON.stringify(packFacts(facts));
}

/** factsText undone. */
export function factsOfText(text: string): RepositoryFacts {
  return unpackFacts(JSON.parse(text) as Record<string, unknown>);
}

/** packFacts undone. */
export function unpackFacts(packed: Record<string, unknown>): RepositoryFacts {
  const { labels, clusterIdleTimeouts, ...rest } = packed as RepositoryFacts & { labels?: Array<Located | string | unknown[]>; clusterIdleTimeouts?: Array<Located | number | unknown[]> };
  const home = (value: unknown): value is string | number | unknown[] => typeof value === 'string' || typeof value === 'number' || Array.isArray(value);
  return {
    ...rest,
    ...(labels ? { labels: labels.map((label, i) => (home(label) ? atHome(label, labelPath(i)) : label)) } : {}),
    ...(clusterIdleTimeouts ? { clusterIdleTimeouts: clusterIdleTimeouts.map((idle) => (home(idle) ? atHome(idle, CLUSTER_IDLE_TIMEOUT) : idle)) } : {}),
  };
}

/** A packed value at home (a bare value, or one with its range) at its path. */
function atHome(packed: string | number | unknown[], path: ReadonlyArray<string | number>): Located {
  if (!Array.isArray(packed)) return { value: packed, path };
  const [value, line, column, endLine, endColumn] = packed as [string | number, number, number, number, number];
  return { value, path, range: { line, column, endLine, endColumn } };
}

/** The facts with the ranges of those in `places` (the same document, path and place in the value). */
function placed(facts: RepositoryFacts, places: readonly FactPlace[]): RepositoryFacts {
  const keyOf = (place: FactPlace): string => `${place.document ?? ''}\0${place.path.join('\0')}\0${place.within?.start ?? ''}`;
  const ranges = new Map(places.filter((place) => place.range).map((place) => [keyOf(place), place.range!]));
  const withRange = <T extends FactPlace>(fact: T): T => {
    const range = ranges.get(keyOf(fact));
    return range ? { ...fact, range } : fact;
  };
  const { labels, ipBlocks, bootstraps, accountIdleTimeouts, clusterIdleTimeouts } = facts;
  return {
    ...facts,
    ...(labels ? { labels: labels.map(withRange) } : {}),
    ...(ipBlocks ? { ipBlocks: ipBlocks.map(withRange) } : {}),
    ...(bootstraps ? { bootstraps: bootstraps.map((bootstrap) => ({ ...bootstrap, keys: bootstrap.keys.map(withRange) })) } : {}),
    ...(accountIdleTimeouts ? { accountIdleTimeouts: accountIdleTimeouts.map(withRange) } : {}),
    ...(clusterIdleTimeouts ? { clusterIdleTimeouts: clusterIdleTimeouts.map(withRange) } : {}),
  };
}

/** A file's line of the cache file: its name, a tab (never in a JSON text), its entry. */
function lineOf(file: string, entry: Entry): string {
  return `${JSON.stringify(file)}\t${JSON.stringify(entry)}`;
}

/** Whether the entry holds findings, reported or silenced. */
const hasFindings = (entry: Entry): boolean => entry.length > FINDINGS;

/** An entry's stat when the file had none (it was not a regular file): never proves anything, checkedAt being null. */
const NO_STAT = [0, 0, 0, 0, 0] as const;

/** Whether the file's stat now proves its bytes are those hashed for the entry. */
function provesUnchanged(entry: Entry, stats: Float64Array, at: number): boolean {
  const checkedAt = entry[CHECKED_AT];
  if (checkedAt === null) return false;
  for (let i = 0; i < STAT_NUMBERS; i++) if (stats[at + i] !== entry[STAT + i]) return false;
  return stats[at + 2] < checkedAt - RACY_MARGIN_MS;
}

/** The config file that applies, and the path it sees the file by when that is not the file's own. */
function keyFor(file: string, run: PlannedRun): string {
  const configured = run.configured(file);
  const fingerprint = configured?.fingerprint?.() ?? 'none';
  return configured === undefined || configured.path === file ? fingerprint : `${fingerprint}\0${configured.path}`;
}

const LINE_BREAK = Buffer.from('\n');

function macPrefix(version: string, run: string): string {
  return `dplint-cache\0${version}\0${run}\0`;
}

function* withPrefix<T>(first: string, rest: Iterable<T>): Generator<string | T> {
  yield first;
  yield* rest;
}

/**
 * Reads and verifies the cache file a part at a time, kept open: where each of the run's `files`
 * has its line (`at`, `bytes`, by the file's index: a later line for a file replaces an earlier
 * one) and the SHA-1 of each such line (`digests`, 20 bytes a file), that a line read later is
 * checked against; how many files have a line; and its table of strings. Undefined `fd` for no
 * cache, or one of another version or run; a string saying why it is ignored.
 */
function readCache(
  location: string,
  runKey: string,
  key: Buffer,
  limit: number,
  files: readonly string[],
  at: Float64Array,
  bytes: Float64Array,
): { fd: number | undefined; digests: Buffer; files: number; strings: string[] } | string {
  const none = { fd: undefined, digests: Buffer.alloc(0), files: 0, strings: [] };
  // A committed `.dplintcache -> /dev/stdin` or a link to another file is no cache: never followed, never waited on.
  const opened = openSettingsFile(location, limit);
  switch (opened.kind) {
    case 'missing':
      return none;
    case 'failed':
      return opened.error.message.split('\n')[0];
    case 'refused':
      if (opened.why === 'too-large') return `it is larger than the ${(limit / 1024 / 1024).toFixed(0)} MiB a run over its files reads (${opened.size} bytes)`;
      return `it ${refusalText(opened, limit)}`;
  }
  const { fd } = opened;
  let read: ReturnType<typeof readLines>;
  try {
    read = readLines(fd, opened.size, runKey, key, files, at, bytes);
  } catch (error) {
    read = (error as Error).message.split('\n')[0];
  }
  if (typeof read === 'string' || read === undefined) closeSync(fd);
  if (read === undefined) return none;
  return typeof read === 'string' ? read : { fd, ...read };
}

/** readCache's reading, of an open file of `size` bytes: undefined when it is another version's or run's. */
function readLines(
  fd: number,
  size: number,
  runKey: string,
  key: Buffer,
  files: readonly string[],
  at: Float64Array,
  bytes: Float64Array,
): { digests: Buffer; files: number; strings: string[] } | string | undefined {
  const lines = linesOf(fd, size);
  const first = lines.next();
  let header: Partial<CacheHeader>;
  try {
    header = JSON.parse(first.done ? '' : first.value.line.toString('utf8')) as Partial<CacheHeader>;
  } catch {
    return 'it is not a dplint cache';
  }
  if (header === null || typeof header !== 'object') return 'it is not a dplint cache';
  // Another version's or another run's cache is not a problem: it is started afresh.
  if (header.dplint !== VERSION || header.run !== runKey) return undefined;
  const indexOf = new Map<string, number>();
  for (let i = 0; i < files.length; i++) indexOf.set(files[i], i);
  const digests = Buffer.alloc(files.length * 20);
  const others = new Set<string>();
  let named = 0;
  let badLine = false;
  let table = '';
  // The signature covers every byte after the header's line break; the entries' lines are taken as it is made.
  const mac = hmacOf(key, withPrefix(macPrefix(VERSION, runKey), (function* (): Generator<Uint8Array> {
    for (let next = lines.next(); !next.done; next = lines.next()) {
      const { line, start, last } = next.value;
      yield line;
      if (!last) yield LINE_BREAK;
      // The table of strings is the last line, with no line break after it.
      if (last) {
        table = line.toString('utf8');
        continue;
      }
      // Each line: the file's name as JSON, a tab, its entry as JSON (parsed when the file is looked up).
      const tab = line.indexOf(0x09);
      let file: unknown;
      try {
        file = tab < 0 ? undefined : JSON.parse(line.toString('utf8', 0, tab));
      } catch {
        file = undefined;
      }
      if (typeof file !== 'string') {
        badLine = true;
        continue;
      }
      const index = indexOf.get(file);
      if (index === undefined) {
        if (!others.has(file)) named++;
        others.add(file);
        continue;
      }
      if (Number.isNaN(at[index])) named++;
      at[index] = start;
      bytes[index] = line.length;
      sha1Bytes(line).copy(digests, index * 20);
    }
  })()));
  if (typeof header.mac !== 'string' || !sameDigest(header.mac, mac)) {
    return "its signature does not match (a cache edited, or written under another user's key)";
  }
  if (badLine) return 'a line of its entries has no file name';
  let strings: unknown;
  try {
    strings = JSON.parse(table);
  } catch {
    return 'its table of strings is not JSON';
  }
  if (!Array.isArray(strings) || !strings.every((text) => typeof text === 'string')) return 'its table of strings is not a list of strings';
  return { digests, files: named, strings: strings as string[] };
}

/**
 * The lines of an open file of `size` bytes, read a part at a time into one buffer: each a view
 * valid until the next is taken, with where it starts in the file; the line break after a line is
 * the byte after its view. The part after the last line break is the last line (`last`), even empty.
 */
function* linesOf(fd: number, size: number): Generator<{ line: Buffer; start: number; last: boolean }> {
  let buffer = Buffer.allocUnsafe(Math.min(1 << 20, size + 1));
  // The bytes in `buffer` are the file's from `offset`, `filled` of them; `from` is where the next line starts.
  let offset = 0;
  let filled = 0;
  let from = 0;
  for (;;) {
    const stop = buffer.indexOf(0x0a, from);
    if (stop >= 0 && stop < filled) {
      yield { line: buffer.subarray(from, stop), start: offset + from, last: false };
      from = stop + 1;
      continue;
    }
    if (offset + filled >= size) break;
    // A line that does not fit: the part of it read so far moved to the start, or a larger buffer.
    if (from === 0 && filled === buffer.length) {
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, filled);
      buffer = larger;
    } else {
      buffer.copy(buffer, 0, from, filled);
      offset += from;
      filled -= from;
      from = 0;
    }
    const read = readSync(fd, buffer, filled, Math.min(buffer.length - filled, size - offset - filled), offset + filled);
    // A file shorter than it was: its signature fails on what there is.
    if (read === 0) break;
    filled += read;
  }
  yield { line: buffer.subarray(from, filled), start: offset + from, last: true };
}

const SEVERITIES = new Set(['error', 'warning', 'info']);
const OPERATION_SOURCES = new Set(['option', 'modeline', 'envelope', 'config', 'inferred', 'none']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isPosition = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 1;

function isFix(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.range) && value.range.length === 2 && value.range.every((n) => Number.isInteger(n) && n >= 0) && typeof value.text === 'string';
}

function isSuppressed(value: unknown): boolean {
  if (!isFinding(value) || !isRecord(value) || !Array.isArray(value.suppressions)) return false;
  return value.suppressions.every((s) => isRecord(s) && s.kind === 'directive' && (s.justification === undefined || typeof s.justification === 'string'));
}

function isFinding(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { ruleId, severity, message, path, line, column, endLine, endColumn, document, fix, suggestions } = value;
  return (
    typeof ruleId === 'string' &&
    typeof severity === 'string' &&
    SEVERITIES.has(severity) &&
    typeof message === 'string' &&
    typeof path === 'string' &&
    [line, column, endLine, endColumn].every(isPosition) &&
    (document === undefined || (Number.isInteger(document) && (document as number) >= 0)) &&
    (fix === undefined || isFix(fix)) &&
    (suggestions === undefined || (Array.isArray(suggestions) && suggestions.every((s) => isRecord(s) && typeof s.desc === 'string' && isFix(s.fix))))
  );
}

function isDocumentOperation(value: unknown): value is DocumentOperation {
  return isRecord(value) && isNumber(value.document) && (value.operation === undefined || typeof value.operation === 'string') && typeof value.operationSource === 'string' && OPERATION_SOURCES.has(value.operationSource);
}

/**
 * Whether an entry is of the shape `store` writes. A signed cache was written by dplint, but a
 * result of the wrong shape would fail far from here (in a formatter, in the checks across files):
 * checking it here costs one pass over what was just parsed.
 */
function isEntry(value: unknown): value is Entry {
  if (!Array.isArray(value) || value.length < FINDINGS || value.length > DOCUMENTS + 1) return false;
  const checkedAt = value[CHECKED_AT];
  const operation = value[OPERATION];
  const operationSource = value[OPERATION_SOURCE];
  const facts = value[FACTS];
  const findings = value[FINDINGS];
  const suppressed = value[SUPPRESSED];
  const documents = value[DOCUMENTS];
  for (let i = STAT; i < CHECKED_AT; i++) if (!isNumber(value[i])) return false;
  return (
    typeof value[KEY] === 'string' &&
    typeof value[HASH] === 'string' &&
    (checkedAt === null || isNumber(checkedAt)) &&
    (operation === null || typeof operation === 'string') &&
    typeof operationSource === 'string' &&
    OPERATION_SOURCES.has(operationSource) &&
    (facts === 0 || isRecord(facts)) &&
    (value.length <= FINDINGS || findings === 0 || (Array.isArray(findings) && findings.length > 0 && findings.every(Array.isArray))) &&
    (value.length <= SUPPRESSED || (suppressed === 0 && value.length > DOCUMENTS) || (Array.isArray(suppressed) && suppressed.length > 0 && suppressed.every(isSuppressed))) &&
    (value.length <= DOCUMENTS || (Array.isArray(documents) && documents.length > 1 && documents.every(isDocumentOperation)))
  );
}
