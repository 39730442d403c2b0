import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { writeCorpus } from '../bench/corpus.mjs';
import { lintRunResults } from '../src/node/lint-run.js';
import { SpooledFile } from '../src/node/write-file.js';
import { readCacheFile, writeCacheFile } from './helpers/cache.js';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

// The run that fills the cache writes its lines beside it as they come (issue 31): what that
// leaves behind on each way out, and that the cache it puts in place is the one the next run reads.
const XDG = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
const ENV = { XDG_CACHE_HOME: XDG };
const KEY_FOLDER = join(XDG, 'dplint');
const CONFIG = 'files:\n  - match: ["**/*.yaml"]\n    operation: edit-cluster\n';
const BIN = resolve('dist/dplint.cjs');

/** The names in `dir` that are neither the files linted nor the cache: a spool or any other temporary file (a dot before the target's name). */
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('..dplintcache'));
/** The mark of a spool's name made with the user's key in KEY_FOLDER (cache.ts's signSpool), or `mark` as given. */
const markOf = (stem: string) => createHmac('sha256', readFileSync(join(KEY_FOLDER, 'key'))).update('dplint spool\0').update(stem).digest('hex').slice(0, 16);
/** The name a spool of `.dplintcache` takes for a process of this machine (write-file.ts), marked with the user's key unless `mark` is given. */
const spoolName = (pid: number, mark?: string, hex = 'abcdef012345') => {
  const stem = `${createHash('sha1').update(hostname()).digest('hex').slice(0, 8)}-${pid}-${hex}`;
  return `..dplintcache.spool-${stem}-${mark ?? markOf(stem)}.tmp`;
};
const summaryOf = (stdout: string) => JSON.parse(stdout).summary;

/** A finished process's id: one that is gone. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

/** Runs the built CLI over `dir` with --cache and stops it with `signal` once its spool holds lines; how it ended and what the spool's mode was. */
async function stopWhileSpooling(dir: string, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; spoolMode: number; stderr: string }> {
  expect(existsSync(BIN), 'run `npm run build` first').toBe(true);
  const child = spawn(process.execPath, [BIN, '.', '--cache', '--jobs', '1', '-f', 'json'], { cwd: dir, env: { ...process.env, ...ENV }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, sig) => done({ code, signal: sig })));
  let spoolMode = -1;
  for (let tries = 0; tries < 3000 && child.exitCode === null; tries++) {
    const spool = leftovers(dir).find((name) => name.startsWith('..dplintcache.spool-'));
    // Past its header (some 150 bytes): lines of linted files are on disk while the run goes on.
    const stats = spool && statSync(join(dir, spool), { throwIfNoEntry: false });
    if (stats && stats.size > 4096) {
      spoolMode = stats.mode & 0o777;
      child.kill(signal);
      break;
    }
    await new Promise((wait) => setTimeout(wait, 10));
  }
  return { ...(await ended), spoolMode, stderr };
}

/** A repository with a cache of its 20 files, and 2,000 files added since: the next run writes their lines to its spool for some seconds. */
async function repositoryGrown() {
  const dir = repo({ 'dplint.config.yaml': CONFIG });
  writeCorpus(join(dir, 'old'), 20, 3, { findings: true });
  const first = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
  expect(first.stderr).toBe('');
  const cache = readFileSync(join(dir, '.dplintcache'));
  writeCorpus(join(dir, 'new'), 2000, 4, { findings: true });
  return { dir, cache, first };
}

describe('the run that fills the cache', () => {
  test('leaves nothing beside the cache; the next run reads it (a planted finding shows) and gives the findings a run without the cache gives', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG });
    // Findings-heavy files, some claiming one label: the checks across files place findings in facts, stored again as later lines.
    writeCorpus(join(dir, 'clusters'), 300, 5, { findings: true });
    const without = await runCli(['.', '-f', 'json'], { cwd: dir, env: ENV });
    const filling = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(leftovers(dir)).toEqual([]);
    const reusing = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(summaryOf(without.stdout)).toEqual({ files: 300, errors: 18, warnings: 658, infos: 180, fixable: 180 });
    const crossFile = (stdout: string) => JSON.parse(stdout).results.flatMap((r: { file: string; findings: Array<{ ruleId: string }> }) => r.findings.filter((f) => f.ruleId === 'repository/duplicate-label').map(() => r.file));
    expect(crossFile(reusing.stdout).length).toBe(4);
    expect({ code: filling.code, stdout: filling.stdout, stderr: filling.stderr }).toEqual({ code: without.code, stdout: without.stdout, stderr: '' });
    expect({ code: reusing.code, stdout: reusing.stdout, stderr: reusing.stderr }).toEqual({ code: without.code, stdout: without.stdout, stderr: '' });
    const cache = readCacheFile(join(dir, '.dplintcache'));
    expect(Object.keys(cache.entries).length).toBe(300);
    cache.entries['clusters/cluster-000007.yaml'].findings = [['planted/finding', 'warning', 'from the cache', '', 1, 1, 1, 2]];
    writeCacheFile(join(dir, '.dplintcache'), cache, KEY_FOLDER);
    const planted = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(JSON.parse(planted.stdout).results.find((r: { file: string }) => r.file === 'clusters/cluster-000007.yaml').findings).toEqual([
      { ruleId: 'planted/finding', severity: 'warning', message: 'from the cache', path: '', line: 1, column: 1, endLine: 1, endColumn: 2 },
    ]);
  });

  test('killed outright (SIGKILL) while it spools: the cache is as it was (0600 spool left), the next run reads it without a warning and removes the spool', async () => {
    const { dir, cache, first } = await repositoryGrown();
    const stopped = await stopWhileSpooling(dir, 'SIGKILL');
    expect({ signal: stopped.signal, spoolMode: stopped.spoolMode.toString(8) }).toEqual({ signal: 'SIGKILL', spoolMode: '600' });
    expect(readFileSync(join(dir, '.dplintcache')).equals(cache)).toBe(true);
    expect(leftovers(dir)).toEqual([expect.stringMatching(/^\.\.dplintcache\.spool-[0-9a-f]{8}-\d+-[0-9a-f]{12}-[0-9a-f]{16}\.tmp$/)]);
    rmSync(join(dir, 'new'), { recursive: true });
    const next = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect({ code: next.code, stdout: next.stdout, stderr: next.stderr }).toEqual({ code: first.code, stdout: first.stdout, stderr: '' });
    expect(leftovers(dir)).toEqual([]);
  });

  test('interrupted (SIGINT, SIGTERM) while it spools: it ends by that signal, the spool removed, the cache as it was', async () => {
    const { dir, cache } = await repositoryGrown();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const stopped = await stopWhileSpooling(dir, signal);
      expect({ code: stopped.code, signal: stopped.signal, stderr: stopped.stderr }).toEqual({ code: null, signal, stderr: '' });
      expect(leftovers(dir)).toEqual([]);
      expect(readFileSync(join(dir, '.dplintcache')).equals(cache)).toBe(true);
    }
  });

  test('a run whose lint fails (a worker that throws) leaves the cache as it was and no spool', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG });
    writeCorpus(join(dir, 'clusters'), 20, 3);
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const cache = readFileSync(join(dir, '.dplintcache'));
    writeCorpus(join(dir, 'more'), 400, 6);
    const worker = join(dir, 'failing-worker.cjs');
    writeFileSync(worker, "module.exports = () => { throw new Error('the worker failed'); };\n");
    const run = lintRunResults(['.'], { cwd: dir }, { cacheLocation: join(dir, '.dplintcache'), cacheKeyFolder: KEY_FOLDER, jobs: 2, workerScript: worker });
    await expect(run).rejects.toThrow('the worker failed');
    expect(leftovers(dir)).toEqual([]);
    expect(readFileSync(join(dir, '.dplintcache')).equals(cache)).toBe(true);
  });

  test('a cache that cannot be written (its folder is missing) is exit 2 with one line, and nothing is left', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n' });
    const run = await runCli(['.', '--cache', '--cache-location', 'missing/cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: cannot write ${JSON.stringify(join(dir, 'missing', 'cache'))}: no such file or directory\n` });
    expect(readdirSync(dir).sort()).toEqual(['.git', 'a.yaml', 'dplint.config.yaml']);
  });
});

describe('spools left by runs killed outright', () => {
  test('are removed by the next run with the cache, only those of this machine\'s processes that are gone, marked with the user\'s key, and only regular files', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const gone = spoolName(deadPid());
    const running = spoolName(process.ppid);
    const otherMachine = gone.replace(/spool-[0-9a-f]{8}/, 'spool-00000000');
    const notASpool = `${gone}.kept`;
    // A file of a spool's name that no run of this user wrote (a pull request can plant any name): the user's, kept.
    const planted = spoolName(deadPid(), '0123456789abcdef');
    for (const name of [gone, running, otherMachine, notASpool, planted]) writeFileSync(join(dir, name), 'left by another run\n');
    // Removed when the cache is read, whether or not the run writes one.
    const run = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(leftovers(dir).sort()).toEqual([running, otherMachine, notASpool, planted].sort());
  });
});

describe('the spool read back', () => {
  test('in parts of 1 MiB, one buffer reused: 2.5 MiB come back as written, in 3 parts (1 MiB, 1 MiB, 0.5 MiB), each as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dplint-spool-parts-'));
    const spool = new SpooledFile(join(dir, '.dplintcache'), () => '0123456789abcdef');
    const line = (i: number) => `${String(i).padStart(7, '0')}${'x'.repeat(56)}\n`;
    let written = '';
    for (let i = 0; i < (5 * 1024 * 1024) / 2 / 64; i++) {
      spool.append(line(i));
      written += line(i);
    }
    const parts: string[] = [];
    for (const part of spool.chunks(0)) parts.push(Buffer.from(part).toString('latin1'));
    spool.discard();
    expect(parts.map((part) => part.length)).toEqual([1 << 20, 1 << 20, 1 << 19]);
    expect(parts.join('') === written).toBe(true);
  });
});
