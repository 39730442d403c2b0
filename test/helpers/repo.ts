import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary git repository (a `.git` folder marks its root) holding these files, by relative path. */
export function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-repo-'));
  mkdirSync(join(dir, '.git'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A real git repository (`git init`, nothing committed: a walk sees its files as untracked) holding these files, by relative path. */
export function gitRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-git-'));
  const init = spawnSync('git', ['init', '-q'], { cwd: dir, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`git init: ${init.stderr}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
