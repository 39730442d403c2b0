import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { VERSION } from '../version.js';
import { sha1 } from './crypto.js';
import { fileStat, type FileStat } from './files.js';
import { packFacts, unpackFacts } from '../engine/repository.js';
import type { FileResult } from '../formatters/types.js';
import type { OperationId } from '../operations.js';
import type { Finding, OperationSource } from '../types.js';
import { contentHash, type LintedFile, type LintFilesOptions, type PlannedRun } from './lint-files.js';
import { writeFileAtomic } from './write-file.js';

/**
 * One file's entry: what its result depends on, and the result. Flat, and without what every
 * entry would repeat (the file's name, an empty list of findings), for a cache that is read whole
 * at the start of each run.
 */
interface Entry {
  /** What the result depends on besides the content and the run: the config file and the path it sees. */
  key: string;
  /** SHA-1 of the file's bytes. */
  hash: string;
  /** The file's size, times and identity, taken before the bytes hashed were read. */
  stat?: FileStat;
  /** When the run that took `stat` started (ms since the epoch). */
  checkedAt?: number;
  operation: OperationId | null;
  operationSource: OperationSource;
  /** Absent when there are none. */
  findings?: Finding[];
  /** RepositoryFacts, packed (packFacts). */
  facts?: Record<string, unknown>;
}

/**
 * How much older than the run that read it a file's change time must be for that time to prove
 * the file unchanged later on. A change right after the read can fall in the same tick of the
 * file system's clock as the change before it (some keep seconds, or two); the margin leaves such a
 * "racy" file to be hashed again, as git does with its index.
 */
const RACY_MARGIN_MS = 3000;

const NO_THROW = { throwIfNoEntry: false } as const;

/** The layout of the entries: a cache written in another is started afresh. */
const CACHE_FORMAT = 2;

interface CacheFile {
  dplint: string;
  /** SHA-1 of dplint's version, the cache's format and the run's options: another run's entries are not reused. */
  run: string;
  entries: Record<string, Entry>;
}

/**
 * `--cache`: each file's result, kept between runs and reused only when nothing it depends on
 * has changed — the file's bytes (their SHA-1), the config file that applies (path and text), the
 * run's options, and dplint's version. A cache from another version, or one that cannot be read, is
 * started afresh; it is written atomically after a run that changed it (a run that reused every
 * entry writes nothing).
 *
 * A file is not read again when the file system proves its bytes unchanged since they were
 * hashed: the same size, modification time, change time, inode and device as then, and a change
 * time older than the run that hashed it by more than RACY_MARGIN_MS. The change time cannot be
 * set back by touching the file or restoring its modification time, and every write moves it, so
 * an edit always sends the file to be hashed (and linted, when its bytes differ). A fresh checkout
 * (a CI job restoring its cache) has new inodes and times: every file is hashed there.
 */
export class LintCache {
  private readonly previous: Record<string, Entry>;
  private readonly next: Record<string, Entry> = {};
  private readonly runKey: string;
  /** Whether the file to write would differ from the one read. */
  private changed = false;
  /** When this run started: files read from here on may still change within the tick of their change time. */
  private readonly startedAt = Date.now();
  /** Whether results carry the text of files with findings (lintRun's keepSource). */
  private readonly keepSource: boolean;

  constructor(
    private readonly location: string,
    options: LintFilesOptions,
  ) {
    // Cached results always keep their text (lintRun), so one cache serves every output format.
    const { cwd: _cwd, hashContent: _hash, keepSource: _keep, ...rest } = options;
    this.keepSource = options.keepSource !== false;
    this.runKey = sha1(`${VERSION}\0${CACHE_FORMAT}\0`, JSON.stringify(rest));
    this.previous = readCache(location, this.runKey);
  }

  /** The cached result of a file, when its content and everything else it depends on are unchanged. */
  lookup(file: string, absolute: string, run: PlannedRun): LintedFile | undefined {
    const entry = this.previous[file];
    if (!entry || entry.key !== keyFor(file, run)) return undefined;
    const stats = statSync(absolute, NO_THROW);
    if (!stats?.isFile()) return undefined;
    const stat = fileStat(stats);
    if (provesUnchanged(entry, stat)) {
      const linted = entry.findings && this.keepSource ? this.withSource(file, entry, absolute) : lintedOf(file, entry);
      if (linted) this.next[file] = entry;
      return linted;
    }
    let bytes: Buffer;
    try {
      bytes = this.readInto(absolute);
    } catch {
      return undefined;
    }
    if (contentHash(bytes) !== entry.hash) return undefined;
    // The bytes are those hashed before. The file's stat, taken before the read, proves them to
    // later runs once the file is older than the margin: only then is it worth writing the cache.
    this.next[file] = { ...entry, stat, checkedAt: this.startedAt };
    if (stat[2] < this.startedAt - RACY_MARGIN_MS) this.changed = true;
    return lintedOf(file, entry, entry.findings && this.keepSource ? bytes.toString('utf8') : undefined);
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
    return contentHash(bytes) === entry.hash ? lintedOf(file, entry, bytes.toString('utf8')) : undefined;
  }

  store(file: string, run: PlannedRun, linted: LintedFile): void {
    if (!linted.contentHash) return;
    const { operation, operationSource, findings } = linted.result;
    this.next[file] = {
      key: keyFor(file, run),
      hash: linted.contentHash,
      ...(linted.contentStat ? { stat: linted.contentStat, checkedAt: this.startedAt } : {}),
      operation: operation ?? null,
      operationSource,
      ...(findings.length ? { findings } : {}),
      ...(linted.facts ? { facts: packFacts(linted.facts) } : {}),
    };
    this.changed = true;
  }

  /** Writes the cache, unless every entry came from it unchanged (a second run over an unchanged repository writes nothing). */
  save(): void {
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.previous).length) return;
    const data: CacheFile = { dplint: VERSION, run: this.runKey, entries: this.next };
    writeFileAtomic(this.location, JSON.stringify(data));
  }
}

/** A cached result as the run uses it; `source`, the file's text, for outputs that show it (files with findings only). */
function lintedOf(file: string, entry: Entry, source?: string): LintedFile {
  const result: FileResult = { file, operation: entry.operation ?? undefined, operationSource: entry.operationSource, findings: entry.findings ?? [], screened: true };
  if (source !== undefined) result.source = source;
  return entry.facts ? { result, facts: unpackFacts(entry.facts) } : { result };
}

/** Whether the file's stat now proves its bytes are those hashed for the entry. */
function provesUnchanged(entry: Entry, stat: FileStat): boolean {
  const before = entry.stat;
  if (!Array.isArray(before) || before.length !== stat.length || typeof entry.checkedAt !== 'number') return false;
  if (!stat.every((value, i) => value === before[i])) return false;
  return stat[2] < entry.checkedAt - RACY_MARGIN_MS;
}

/** The config file that applies, and the path it sees the file by when that is not the file's own. */
function keyFor(file: string, run: PlannedRun): string {
  const configured = run.configured(file);
  const fingerprint = configured?.fingerprint?.() ?? 'none';
  return configured === undefined || configured.path === file ? fingerprint : `${fingerprint}\0${configured.path}`;
}

function readCache(location: string, runKey: string): Record<string, Entry> {
  try {
    const data = JSON.parse(readFileSync(location, 'utf8')) as CacheFile;
    return data.dplint === VERSION && data.run === runKey && data.entries && typeof data.entries === 'object' ? data.entries : {};
  } catch {
    return {};
  }
}
