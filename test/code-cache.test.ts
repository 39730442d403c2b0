import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, expect, test } from 'vitest';

// What V8's code cache holds (scripts/cli-launcher.cjs, src/code-cache-point.ts) is the same whichever run
// writes it: the program lints its sample file before it makes the cache, and the cache is made
// right then. V8 puts in a cache every function compiled so far, so a cache written at the end of
// the first run held what that run compiled: after a first run over a repository (JSON output,
// findings placed, SARIF), every later one-file start read twice the cache of a one-file run. V8 does not write the same
// bytes twice for the same functions (two caches of one command differ by a few bytes), so the
// caches are compared by size. Times are never asserted (BENCHMARKS.md).

const BIN = resolve('dist/dplint.cjs');
const CACHE_NAME = () => `cli-${process.version}-${createHash('sha256').update(readFileSync('dist/cli.cjs')).digest('hex')}.v8cache`;

let repository: string;

beforeAll(() => {
  expect(existsSync(BIN), 'run `npm run build` first').toBe(true);
  repository = mkdtempSync(join(tmpdir(), 'dplint-code-cache-'));
  cpSync('fixtures/config-repo', repository, { recursive: true });
});

/** The size of the code cache a first run of `args` (in the sample repository, with no cache yet) writes. */
function cacheWrittenBy(args: string[]): number {
  const xdg = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: repository, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg, NO_COLOR: '1', GITHUB_ACTIONS: '' } });
  expect(run.stderr).toBe('');
  return statSync(join(xdg, 'dplint', CACHE_NAME())).size;
}

test("the code cache a first run writes holds the same functions whatever that run was: a repository's, one file's or --version", () => {
  const oneFile = cacheWrittenBy(['--operation', 'edit-cluster', '--no-config', 'clusters/etl-hadoop2.yaml']);
  const repositoryRun = cacheWrittenBy(['--format', 'sarif', '.']);
  const version = cacheWrittenBy(['--version']);
  // Made at the end of each run, they were 626 KB, 1,336 KB and 397 KB here.
  expect(Math.abs(repositoryRun - oneFile)).toBeLessThan(1024);
  expect(Math.abs(version - oneFile)).toBeLessThan(1024);
});

test('the sample the program lints before it makes the cache is a clean cluster body, so the cache holds a clean lint', () => {
  const run = spawnSync(process.execPath, [BIN, '--operation', 'edit-cluster', '--no-config', '--no-baseline', 'dist/chunks/code-cache-sample.yaml'], {
    encoding: 'utf8',
    env: { ...process.env, DPLINT_CODE_CACHE: '0', NO_COLOR: '1', GITHUB_ACTIONS: '' },
  });
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '✔ 1 file checked, no problems\n', stderr: '' });
});
