import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { VERSION } from '../version.js';
import { contentHash, type LintedFile, type LintFilesOptions, type PlannedRun } from './lint-files.js';
import { writeFileAtomic } from './write-file.js';

interface Entry {
  /** What the result depends on besides the content: dplint's version, the run's options, the config. */
  key: string;
  /** SHA-1 of the file's bytes. */
  hash: string;
  linted: LintedFile;
}

interface CacheFile {
  dplint: string;
  entries: Record<string, Entry>;
}

/**
 * `--cache`: each file's result, kept between runs and reused only when nothing it depends on
 * has changed — the file's bytes (hashed, not its modification time), the config file that
 * applies (path and text), the run's options, and dplint's version. A cache from another version,
 * or one that cannot be read, is started afresh; it is written atomically after the run.
 */
export class LintCache {
  private readonly previous: Record<string, Entry>;
  private readonly next: Record<string, Entry> = {};
  private readonly optionsKey: string;

  constructor(
    private readonly location: string,
    options: LintFilesOptions,
  ) {
    this.previous = readCache(location);
    const { cwd: _cwd, hashContent: _hash, ...rest } = options;
    this.optionsKey = JSON.stringify(rest);
  }

  /** The cached result of a file, when its content and everything else it depends on are unchanged. */
  lookup(file: string, absolute: string, run: PlannedRun): LintedFile | undefined {
    const entry = this.previous[file];
    if (!entry || entry.key !== this.keyFor(file, run)) return undefined;
    let bytes: Buffer;
    try {
      bytes = readFileSync(absolute);
    } catch {
      return undefined;
    }
    if (contentHash(bytes) !== entry.hash) return undefined;
    this.next[file] = entry;
    // Formatters show code frames from the text; only files with findings need it.
    const source = entry.linted.result.findings.length > 0 ? bytes.toString('utf8') : undefined;
    return { ...entry.linted, result: { ...entry.linted.result, ...(source === undefined ? {} : { source }) } };
  }

  store(file: string, run: PlannedRun, linted: LintedFile): void {
    if (!linted.contentHash) return;
    const { source: _source, originalSource: _original, ...result } = linted.result;
    this.next[file] = { key: this.keyFor(file, run), hash: linted.contentHash, linted: { result, ...(linted.facts ? { facts: linted.facts } : {}) } };
  }

  save(): void {
    const data: CacheFile = { dplint: VERSION, entries: this.next };
    writeFileAtomic(this.location, JSON.stringify(data));
  }

  private keyFor(file: string, run: PlannedRun): string {
    const configured = run.configured(file);
    return createHash('sha1')
      .update(VERSION)
      .update('\0')
      .update(this.optionsKey)
      .update('\0')
      .update(configured?.fingerprint ?? 'none')
      .update('\0')
      .update(configured?.path ?? file)
      .digest('hex');
  }
}

function readCache(location: string): Record<string, Entry> {
  try {
    const data = JSON.parse(readFileSync(location, 'utf8')) as CacheFile;
    return data.dplint === VERSION && data.entries && typeof data.entries === 'object' ? data.entries : {};
  } catch {
    return {};
  }
}
