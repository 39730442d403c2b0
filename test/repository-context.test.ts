import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * `--repository-context` (what the pre-commit hook passes with the staged files): the checks across
 * files see the whole repository, and only the files named are reported.
 */
const CLI = join(__dirname, '..', 'dist', 'dplint.cjs');
const CONFIG = 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\nrules:\n  cluster/edit-effect: off\n';
const DUP = 'clusters/dup.yaml:1:9: error label "etl" is also claimed by clusters/etl.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels [repository/duplicate-label]\n';

const git = (cwd: string, ...args: string[]): void => {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
};
const dplint = (cwd: string, ...args: string[]) => {
  const run = spawnSync(process.execPath, [CLI, '-f', 'compact', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

/** A repository whose commit holds clusters/etl.yaml, with clusters/dup.yaml (the same label) staged. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-context-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  git(dir, 'init', '-q');
  write('dplint.config.yaml', CONFIG);
  write('clusters/etl.yaml', 'label: [etl]\n');
  write('clusters/other.yaml', 'label: [other]\nidle_cluster_timeout: x\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  write('clusters/dup.yaml', 'label: [etl]\n');
  git(dir, 'add', '-A');
  return dir;
}

test('the staged file alone is blind to the label the repository already holds', () => {
  expect(dplint(repository(), 'clusters/dup.yaml')).toEqual({ code: 0, stdout: '', stderr: '' });
});

test('--repository-context: the duplicate label is found, and only the file named is reported', () => {
  const dir = repository();
  // clusters/etl.yaml has the mirror finding and clusters/other.yaml one of its own: neither was named.
  expect(dplint(dir, '--repository-context', 'clusters/dup.yaml')).toEqual({ code: 1, stdout: DUP, stderr: '' });
});

test('--repository-context from a folder below the top one gives the same finding, under the path from there', () => {
  const dir = repository();
  const run = dplint(join(dir, 'clusters'), '--repository-context', 'dup.yaml');
  expect(run).toEqual({ code: 1, stdout: DUP.replaceAll('clusters/', '../clusters/'), stderr: '' });
});

test('--repository-context with an absolute path (as lint-staged gives) reports it under its path from the top folder', () => {
  const dir = repository();
  expect(dplint(dir, '--repository-context', join(dir, 'clusters', 'dup.yaml'))).toEqual({ code: 1, stdout: DUP, stderr: '' });
});

test('--repository-context --cache keeps the cache in the git directory, and the second run reads the same from it', () => {
  const dir = repository();
  expect(dplint(dir, '--repository-context', '--cache', 'clusters/dup.yaml')).toEqual({ code: 1, stdout: DUP, stderr: '' });
  expect(existsSync(join(dir, '.git', 'dplintcache'))).toBe(true);
  expect(existsSync(join(dir, '.dplintcache'))).toBe(false);
  expect(spawnSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('A  clusters/dup.yaml\n');
  expect(dplint(dir, '--repository-context', '--cache', 'clusters/dup.yaml')).toEqual({ code: 1, stdout: DUP, stderr: '' });
});

test('--repository-context with no file named is a usage error', () => {
  expect(dplint(repository(), '--repository-context')).toEqual({ code: 2, stdout: '', stderr: 'dplint: --repository-context reports only the files named: name them (pre-commit does)\n' });
});
