import { closeSync, fsyncSync, lstatSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { reason, UsageError } from './files.js';
import { randomHex } from './crypto.js';

/**
 * Writes a file so that a reader sees either the old text or the new, never half of it: the text
 * goes to a temporary file in the same folder, which then replaces the target in one rename. An
 * existing file's mode is kept. A write that fails leaves the target as it was and no temporary file
 * behind, and is a `UsageError` naming the path (the CLI prints one line and exits 2). The text may
 * come in parts (a large output, see formatParts), written as they come.
 */
export function writeFileAtomic(path: string, text: string | Iterable<string>): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomHex(6)}.tmp`);
  let mode: number | undefined;
  try {
    mode = statSync(path).mode;
  } catch {
    mode = undefined;
  }
  try {
    const fd = openSync(temporary, 'w', mode);
    try {
      for (const chunk of inChunks(typeof text === 'string' ? [text] : text)) writeSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`cannot write ${JSON.stringify(path)}: ${reason(error)}`, { cause: error });
  }
}

/** Parts joined into pieces of some 64 KB: one write each, however small the parts. */
export function* inChunks(parts: Iterable<string>, size = 1 << 16): Generator<string> {
  let pending = '';
  for (const part of parts) {
    pending += part;
    if (pending.length >= size) {
      yield pending;
      pending = '';
    }
  }
  if (pending) yield pending;
}

/** A file dplint is about to write, and how to name it in a refusal: `--output-file "report.json"`. */
export interface WriteTarget {
  path: string;
  named: string;
}

/**
 * Refuses (a `UsageError`, before anything is written) to write any target over a file being
 * linted. Files are compared as the file system knows them — device and inode — not by name:
 * `-o real/etl.yaml` while `alias/etl.yaml` (a linked folder) is linted, a hard link, `./a.yaml`
 * for `a.yaml` are all the same file. A target that is itself a link is compared both as the link
 * (which an atomic write replaces) and as what it points at. Every path dplint writes besides
 * `--fix` (output files, the cache) comes through here; `--fix` writes the files it linted, by design.
 */
export function refuseWritingOverInputs(targets: readonly WriteTarget[], inputs: readonly string[]): void {
  const byIdentity = new Map<string, WriteTarget>();
  for (const target of targets) {
    for (const stat of [lstatSync, statSync]) {
      const identity = identityOf(target.path, stat);
      if (identity) byIdentity.set(identity, target);
    }
  }
  // A target that does not exist yet is no file being linted: nothing to look up, file by file.
  if (byIdentity.size === 0) return;
  for (const input of inputs) {
    const target = byIdentity.get(identityOf(input, statSync) ?? '');
    if (target) throw new UsageError(`${target.named} is one of the files being linted; dplint never writes over its input`);
  }
}

function identityOf(path: string, stat: typeof statSync): string | undefined {
  try {
    const stats = stat(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}
