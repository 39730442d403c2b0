import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from './files.js';

/**
 * The few things dplint asks of git, through the system's own `git` (argument lists, never a
 * shell; git's own rename detection and pathspecs, no hand-written parsing of what git stores).
 */
export interface ChangedFile {
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** The path on the head side (for a deleted file, the path it had). */
  path: string;
  /** For a renamed file, its path on the base side. */
  oldPath?: string;
}

/** A git failure said in one line; a missing ref names the likely cause in a CI clone. */
function git(cwd: string, args: readonly string[], input?: string, env?: NodeJS.ProcessEnv): Buffer {
  const run = spawnSync('git', ['-c', 'core.quotepath=off', ...args], { cwd, input, env, maxBuffer: 1 << 30 });
  if (run.error) throw new UsageError(`cannot run git: ${(run.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is not installed' : run.error.message}`);
  if (run.status !== 0) {
    const said = run.stderr.toString('utf8').trim().split('\n')[0] ?? '';
    throw new UsageError(`git ${args[0]} failed: ${said}`);
  }
  return run.stdout;
}

/** The top folder of the work tree holding `cwd`. */
export function repositoryRoot(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8').trim();
  } catch {
    throw new UsageError(`${cwd} is not inside a git repository`);
  }
}

/**
 * The work tree's top folder and where a file of dplint's own lives in the git folder
 * (`git rev-parse --git-path`: `.git/<name>`, or a worktree's own), or undefined outside a work tree.
 */
export function topAndGitPath(cwd: string, name: string): { top: string; gitPath: string } | undefined {
  try {
    const [top, gitPath] = execFileSync('git', ['rev-parse', '--show-toplevel', '--git-path', name], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8').split('\n');
    return { top, gitPath };
  } catch {
    return undefined;
  }
}

/** Checks that `ref` names a commit, with an error that says what to do in a shallow CI clone. */
export function verifyRef(root: string, ref: string): void {
  const run = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root });
  if (run.status === 0) return;
  const shallow = spawnSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: root }).stdout?.toString('utf8').trim() === 'true';
  throw new UsageError(
    `git knows no commit "${ref}"${shallow ? ': this clone is shallow; fetch the ref first (actions/checkout with fetch-depth: 0, or git fetch --depth=1 origin <ref>)' : ''}`,
  );
}

/** Files changed from `base` to `head` (a ref), or to the work tree (tracked changes and new untracked files) without one. */
export function changedFiles(root: string, base: string, head: string | undefined): ChangedFile[] {
  const fields = (head === undefined ? diffWithWorkTree(root, base) : git(root, ['diff', '--name-status', '-z', '-M', '--no-ext-diff', base, head, '--'])).toString('utf8').split('\0');
  const changes: ChangedFile[] = [];
  for (let i = 0; i < fields.length - 1; ) {
    const code = fields[i++];
    if (code.startsWith('R')) {
      const oldPath = fields[i++];
      changes.push({ status: 'renamed', oldPath, path: fields[i++] });
    } else {
      const path = fields[i++];
      changes.push({ status: code === 'A' ? 'added' : code === 'D' ? 'deleted' : 'modified', path });
    }
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The work tree against `base`, new untracked files included, with renames found: git pairs a
 * rename only with a file it knows, so the untracked files are added with intent-to-add to a copy
 * of the index. Nothing of the repository is written, and nothing a pull request brings is run:
 * - git writes objects (the empty blob an intent-to-add entry names) only into a folder of its
 *   own, the repository's objects read beside it (GIT_OBJECT_DIRECTORY with an alternate);
 * - only the untracked files are added, with intent-to-add, which reads no file (`add --all`
 *   hashed every modified file into the repository's object store);
 * - to tell a changed file from one only touched, and to pair renames, git reads the work tree
 *   through the filters .gitattributes names (a pull request's own file): every filter driver of
 *   git's config is emptied for these runs (no clean, smudge or process command, not required),
 *   so no filter runs at all; `--no-ext-diff` and `--no-textconv` keep the diff drivers out.
 * Without filters, a file is compared as its bytes are: one that a filter would have made equal
 * to the base is reported changed, never the other way round.
 */
function diffWithWorkTree(root: string, base: string): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'dplint-index-'));
  try {
    const index = join(folder, 'index');
    const ownIndex = resolve(root, git(root, ['rev-parse', '--git-path', 'index']).toString('utf8').trim());
    const ownObjects = resolve(root, git(root, ['rev-parse', '--git-path', 'objects']).toString('utf8').trim());
    if (existsSync(ownIndex)) {
      copyFileSync(ownIndex, index);
      // The copy keeps the index's time: git trusts an entry's recorded stat only when the file is
      // older than the index, and a newer copy would hide a same-size edit made the same second.
      const { atime, mtime } = statSync(ownIndex);
      utimesSync(index, atime, mtime);
    }
    const objects = join(folder, 'objects');
    mkdirSync(objects);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...withoutFilters(root),
      GIT_INDEX_FILE: index,
      GIT_OBJECT_DIRECTORY: objects,
      GIT_ALTERNATE_OBJECT_DIRECTORIES: ownObjects,
      // The file names are names, not patterns (`*.yaml` is one file).
      GIT_LITERAL_PATHSPECS: '1',
    };
    const untracked = git(root, ['ls-files', '-z', '--others', '--exclude-standard'], undefined, env);
    if (untracked.length > 0) git(root, ['add', '--intent-to-add', '--pathspec-from-file=-', '--pathspec-file-nul'], untracked.toString('utf8'), env);
    return git(root, ['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', base, '--'], undefined, env);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Config entries, as environment variables (GIT_CONFIG_COUNT, git 2.31 and later), that empty
 * every filter driver git's config defines: `filter.<name>.clean`, `.smudge` and `.process` set
 * to nothing (git then runs none) and `.required` to false (so a filter not run is no error). The
 * names are the config's: a driver the config does not define runs nothing anyway.
 */
function withoutFilters(root: string): Record<string, string> {
  const listed = spawnSync('git', ['config', '-z', '--get-regexp', '^filter\\.'], { cwd: root, maxBuffer: 1 << 26 });
  // Exit 1: no such entry.
  if (listed.status !== 0) return {};
  const names = new Set<string>();
  for (const entry of listed.stdout.toString('utf8').split('\0')) {
    const key = entry.split('\n', 1)[0];
    const last = key.lastIndexOf('.');
    if (key.startsWith('filter.') && last > 'filter.'.length) names.add(key.slice('filter.'.length, last));
  }
  const env: Record<string, string> = {};
  let count = Number(process.env.GIT_CONFIG_COUNT ?? 0) || 0;
  for (const name of names) {
    for (const [key, value] of [['clean', ''], ['smudge', ''], ['process', ''], ['required', 'false']]) {
      env[`GIT_CONFIG_KEY_${count}`] = `filter.${name}.${key}`;
      env[`GIT_CONFIG_VALUE_${count}`] = value;
      count++;
    }
  }
  if (count > 0) env.GIT_CONFIG_COUNT = String(count);
  return env;
}

/** Every file at `ref`, or in the work tree (tracked and untracked, as git ignores them) without one. */
export function filesAt(root: string, ref: string | undefined): string[] {
  if (ref !== undefined) return [...blobsAt(root, ref).keys()];
  const listed = git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  return [...new Set(listed.toString('utf8').split('\0').filter(Boolean))].sort();
}

/** The blobs of the tree at `ref`: path → object id, from `git ls-tree -z` (a path may hold any byte but NUL). */
export function blobsAt(root: string, ref: string): Map<string, string> {
  const blobs = new Map<string, string>();
  for (const entry of git(root, ['ls-tree', '-r', '-z', '--full-tree', ref]).toString('utf8').split('\0')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (match) blobs.set(match[2], match[1]);
  }
  return new Map([...blobs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The sizes of these blobs in bytes, from one `git cat-file --batch-check`: asked before any is
 * read, so that a blob over a limit is never read (a 300 MB blob of one byte is a 1.5 MB push).
 */
export function blobSizes(root: string, ids: readonly string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  if (ids.length === 0) return sizes;
  const lines = git(root, ['cat-file', '--batch-check'], ids.map((id) => `${id}\n`).join('')).toString('utf8').split('\n');
  ids.forEach((id, i) => {
    const match = /^([0-9a-f]+) blob (\d+)$/.exec(lines[i] ?? '');
    if (!match || match[1] !== id) throw new UsageError(`git cat-file answered out of turn for ${id}`);
    sizes.set(id, Number(match[2]));
  });
  return sizes;
}

/**
 * The contents of these blobs, read in one `git cat-file --batch` by object id (ids hold no line
 * break, where a path may); a reply that is not the object asked for stops the read.
 */
export function readBlobs(root: string, ids: readonly string[]): Map<string, Buffer> {
  const contents = new Map<string, Buffer>();
  if (ids.length === 0) return contents;
  const out = git(root, ['cat-file', '--batch'], ids.map((id) => `${id}\n`).join(''));
  let at = 0;
  for (const id of ids) {
    const headerEnd = out.indexOf(0x0a, at);
    const match = /^([0-9a-f]+) blob (\d+)$/.exec(out.subarray(at, headerEnd).toString('utf8'));
    if (!match || match[1] !== id) throw new UsageError(`git cat-file answered out of turn for ${id}`);
    const size = Number(match[2]);
    contents.set(id, out.subarray(headerEnd + 1, headerEnd + 1 + size));
    at = headerEnd + 1 + size + 1;
  }
  return contents;
}

/**
 * The files git sees under `folder` — tracked, and untracked but not ignored — relative to it and
 * `/`-separated; undefined outside a work tree, or where git cannot be run. `git ls-files` runs no
 * filter, hook or diff driver a repository's files could name, and the file-system monitor a local
 * config may name is turned off for it.
 */
export function gitListed(folder: string): Set<string> | undefined {
  const run = spawnSync('git', ['-c', 'core.quotepath=off', '-c', 'core.fsmonitor=false', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 30,
  });
  if (run.error || run.status !== 0) return undefined;
  const listed = new Set<string>();
  for (const path of run.stdout.toString('utf8').split('\0')) if (path) listed.add(path);
  return listed;
}
