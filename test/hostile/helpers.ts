import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The adversarial corpus: small files committed under fixtures/hostile (large ones are made by the tests). */
export const HOSTILE = 'fixtures/hostile';

/** A fresh temporary folder holding `files` (text or bytes). */
export function tempDir(files: Record<string, string | Uint8Array> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-hostile-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** Every file under a folder, relative, sorted: to see that nothing (a temporary file, say) was left behind. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** The compact-format lines of a run, for exact comparison. */
export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}
