import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { reason, UsageError } from './files.js';

/**
 * Writes a file so that a reader sees either the old text or the new, never half of it: the text
 * goes to a temporary file in the same folder, which then replaces the target in one rename. An
 * existing file's mode is kept. A write that fails leaves the target as it was and no temporary file
 * behind, and is a `UsageError` naming the path (the CLI prints one line and exits 2).
 */
export function writeFileAtomic(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let mode: number | undefined;
  try {
    mode = statSync(path).mode;
  } catch {
    mode = undefined;
  }
  try {
    writeFileSync(temporary, text, mode === undefined ? {} : { mode });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UsageError(`cannot write ${JSON.stringify(path)}: ${reason(error)}`, { cause: error });
  }
}
