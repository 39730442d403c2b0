import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes these files under `dir`, by relative path, making their folders. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** A temporary git repository (a `.git` folder marks its root) holding these files, by relative path. */
export function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-repo-'));
  mkdirSync(join(dir, '.git'));
  writeFiles(dir, files);
  return dir;
}

/** A fixed author and committer, so that commits need no git config of the machine's. */
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

/** Runs git in `dir`; its standard output, or an error with its standard error. */
export function git(dir: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** A real git repository (`git init`, nothing committed: a walk sees its files as untracked) holding these files, by relative path. */
export function gitRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-git-'));
  const init = spawnSync('git', ['init', '-q'], { cwd: dir, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`git init: ${init.stderr}`);
  writeFiles(dir, files);
  return dir;
}
