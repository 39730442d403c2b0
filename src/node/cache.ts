import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { VERSION } from '../version.js';
import { contentHash, type LintedFile, type LintFilesOptions, type PlannedRun } from './lint-files.js';
import { writeFileAtomic } from './write-file.js';

interface Entry {
  /** What the result depends on besides the content and the run: the config file and the path it sees. */
  key: string;
  /** SHA-1 of the file's bytes. */
  hash: string;
  linted: LintedFile;
}

interface CacheFile {
  dplint: string;
  /** SHA-1 of dplint's version and the run's options: another run's entries are not reused. */
  run: string;
  entries: Record<string, Entry>;
}

/**
 * `--cache`: each file's result, kept between runs and reused only when nothing it depends on
 * has changed — the file's bytes (hashed, not its modification time), the config file that
 * applies (path and text), the run's options, and dplint's version. A cache from another version,
 * or one that cannot be read, is started afresh; it is written atomically after a run that changed
 * it (a run that reused every entry writes nothing).
 */
export class LintCache {
  private readonly previous: Record<string, Entry>;
  private readonly next: Record<string, Entry> = {};
  private readonly runKey: string;
  /** Whether the file to write would differ from the one read. */
  private changed = false;

  constructor(
    private readonly location: string,
    options: LintFilesOptions,
  ) {
    // Cached results always keep their text (lintRun), so one cache serves every output format.
    const { cwd: _cwd, hashContent: _hash, keepSource: _keep, ...rest } = options;
    this.runKey = createHash('sha1').update(VERSION).update('\0').update(JSON.stringify(rest)).digest('hex');
    this.previous = readCache(location, this.runKey);
  }

  /** The cached result of a file, when its content and everything else it depends on are unchanged. */
  lookup(file: string, absolute: string, run: PlannedRun): LintedFile | undefined {
    const entry = this.previous[file];
    if (!entry || entry.key !== keyFor(file, run)) return undefined;
    let bytes: Buffer;
    try {
      bytes = this.readInto(absolute);
    } catch {
      return undefined;
    }
    return this.hit(file, entry, bytes);
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

  /** A file whose entry's key matches: its cached result when its bytes are unchanged. */
  private hit(file: string, entry: Entry, bytes: Buffer): LintedFile | undefined {
    if (contentHash(bytes) !== entry.hash) return undefined;
    this.next[file] = entry;
    // Formatters show code frames from the text; only files with findings need it.
    if (entry.linted.result.findings.length === 0) return entry.linted;
    return { ...entry.linted, result: { ...entry.linted.result, source: bytes.toString('utf8') } };
  }

  store(file: string, run: PlannedRun, linted: LintedFile): void {
    if (!linted.contentHash) return;
    const { source: _source, originalSource: _original, ...result } = linted.result;
    this.next[file] = { key: keyFor(file, run), hash: linted.contentHash, linted: { result, ...(linted.facts ? { facts: linted.facts } : {}) } };
    this.changed = true;
  }

  /** Writes the cache, unless every entry came from it unchanged (a second run over an unchanged repository writes nothing). */
  save(): void {
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.previous).length) return;
    const data: CacheFile = { dplint: VERSION, run: this.runKey, entries: this.next };
    writeFileAtomic(this.location, JSON.stringify(data));
  }
}

function keyFor(file: string, run: PlannedRun): string {
  const configured = run.configured(file);
  return `${configured?.fingerprint ?? 'none'}\0${configured?.path ?? file}`;
}

function readCache(location: string, runKey: string): Record<string, Entry> {
  try {
    const data = JSON.parse(readFileSync(location, 'utf8')) as CacheFile;
    return data.dplint === VERSION && data.run === runKey && data.entries && typeof data.entries === 'object' ? data.entries : {};
  } catch {
    return {};
  }
}
