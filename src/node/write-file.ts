import { closeSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
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
