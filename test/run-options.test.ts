import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { writeCorpus } from '../bench/corpus.mjs';
import { run as runWith } from '../src/cli.js';
import { lintFiles } from '../src/node/lint-files.js';
import { lintRun, lintRunResults } from '../src/node/lint-run.js';
import { readCacheFile, writeCacheFile } from './helpers/cache.js';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

/** The user cache folder of these runs: it holds the key that signs the cache, with which the tests plant results as dplint would write them. */
const XDG = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
const ENV = { XDG_CACHE_HOME: XDG };
const KEY_FOLDER = join(XDG, 'dplint');

const CONFIG = 'files:\n  - match: ["*.yaml"]\n    operation: edit-cluster\n';
const findingsOf = (stdout: string) =>
  (JSON.parse(stdout).results as Array<{ file: string; findings: Array<{ ruleId: string; line: number }> }>).flatMap((r) => r.findings.map((f) => `${r.file}:${f.line} ${f.ruleId}`));

describe('--cache', () => {
  test('a second run reuses the results, and the cache is what it reads', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'node_configuration:\n  max_nodes: 2\n  initial_nodes: 5\n', 'b.yaml': 'label: [b]\n' });
    const first = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(findingsOf(first.stdout)).toEqual(['a.yaml:2 cluster/max-nodes-below-initial']);
    expect(existsSync(join(dir, '.dplintcache'))).toBe(true);
    // A finding planted in the cache shows on the next run: proof the cache is read, not re-linted.
    const cache = readCacheFile(join(dir, '.dplintcache'));
    // Packed as the file holds findings (a string past the table written as itself).
    cache.entries['b.yaml'].findings = [['planted/finding', 'warning', 'from the cache', '', 1, 1, 1, 2]];
    writeCacheFile(join(dir, '.dplintcache'), cache, KEY_FOLDER);
    const second = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(findingsOf(second.stdout)).toEqual(['a.yaml:2 cluster/max-nodes-below-initial', 'b.yaml:1 planted/finding']);
  });

  test('a file named __proto__ is cached like any other', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, ['__proto__']: 'label: [p]\n' }); // computed: a literal '__proto__' member would set the object's prototype
    await runCli(['__proto__', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(Object.keys(readCacheFile(join(dir, '.dplintcache')).entries)).toEqual(['__proto__']);
  });

  test('format 9: a line per file (its name, a tab, its entry), a clean file\'s of eleven members, the findings packed after them, then the table of strings', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'node_configuration:\n  max_nodes: 2\n  initial_nodes: 5\n', 'b.yaml': 'label: [b]\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const [, ...lines] = readFileSync(join(dir, '.dplintcache'), 'utf8').split('\n');
    const table = lines.pop()!;
    const strings = JSON.parse(table);
    expect(lines.map((line) => line.slice(0, line.indexOf('\t')))).toEqual(['"a.yaml"', '"b.yaml"']);
    const [a, b] = lines.map((line) => JSON.parse(line.slice(line.indexOf('\t') + 1)));
    const stat = statSync(join(dir, 'b.yaml'));
    expect(b.slice(2, 7)).toEqual([stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.dev]);
    expect(b.slice(8)).toEqual(['edit-cluster', 'config', { labels: ['b'] }]);
    expect(a.length).toBe(12);
    expect(a[11]).toEqual([[0, 1, 2, 3, 2, 14, 2, 15]]);
    expect(strings).toEqual(['cluster/max-nodes-below-initial', 'error', 'node_configuration.max_nodes must be at least initial_nodes (5); got 2', '/node_configuration/max_nodes']);
  });

  test('a run that changes nothing leaves the cache file as it was; one that does rewrites it', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [b]\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const cacheFile = join(dir, '.dplintcache');
    // A marker the writer would not keep: it stays only if the file is not written again.
    const cache = readCacheFile(cacheFile);
    writeCacheFile(cacheFile, { ...cache, header: { ...cache.header, marker: 'kept' } });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(readCacheFile(cacheFile).header.marker).toBe('kept');
    writeFileSync(join(dir, 'b.yaml'), 'label: [b2]\n');
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const rewritten = readCacheFile(cacheFile);
    expect(rewritten.header.marker).toBeUndefined();
    expect(Object.keys(rewritten.entries).sort()).toEqual(['a.yaml', 'b.yaml']);
    // A file gone is a change too: every other entry reused, the cache is written without it.
    writeCacheFile(cacheFile, { ...rewritten, header: { ...rewritten.header, marker: 'kept' } });
    rmSync(join(dir, 'b.yaml'));
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const pruned = readCacheFile(cacheFile);
    expect(pruned.header.marker).toBeUndefined();
    expect(Object.keys(pruned.entries)).toEqual(['a.yaml']);
  });

  test('never stale: an edited file, a changed config, another dplint version are linted again', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'node_configuration:\n  max_nodes: 2\n  initial_nodes: 5\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    const plant = () => {
      const cache = readCacheFile(join(dir, '.dplintcache'));
      cache.entries['a.yaml'].findings = [['planted/finding', 'warning', 'stale', '', 1, 1, 1, 2]];
      return cache;
    };
    const write = (cache: ReturnType<typeof plant>) => writeCacheFile(join(dir, '.dplintcache'), cache, KEY_FOLDER);

    write(plant());
    writeFileSync(join(dir, 'a.yaml'), 'node_configuration:\n  max_nodes: 9\n  initial_nodes: 5\n');
    expect(findingsOf((await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV })).stdout)).toEqual([]);

    write(plant());
    writeFileSync(join(dir, 'dplint.config.yaml'), CONFIG + 'rules:\n  cluster/max-nodes-below-initial: off\n');
    expect(findingsOf((await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV })).stdout)).toEqual([]);

    const planted = plant();
    write({ ...planted, header: { ...planted.header, dplint: '0.0.1' } });
    expect(findingsOf((await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV })).stdout)).toEqual([]);

    // Other options (here --rule) are another key too.
    writeFileSync(join(dir, 'a.yaml'), 'node_configuration:\n  max_nodes: 2\n  initial_nodes: 5\n');
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    write(plant());
    expect(findingsOf((await runCli(['.', '--cache', '-f', 'json', '--rule', 'cluster/max-nodes-below-initial: error'], { cwd: dir, env: ENV })).stdout)).toEqual([
      'a.yaml:2 cluster/max-nodes-below-initial',
    ]);
  });
});

describe('--cache trusts an unchanged stat, never a racy one', () => {
  const HOUR = 3_600_000;
  const operations = async (dir: string) => (JSON.parse((await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV })).stdout).results as Array<{ file: string; operation: string }>).map((r) => `${r.file} ${r.operation}`);
  /** Rewrites b.yaml's cache entry: a hash no content has, an operation no lint would give, and when the run that hashed it started. */
  const plant = (dir: string, checkedAt: number) => {
    const cache = readCacheFile(join(dir, '.dplintcache'));
    const entry = cache.entries['b.yaml'];
    expect(entry.stat).toEqual([statSync(join(dir, 'b.yaml')).size, statSync(join(dir, 'b.yaml')).mtimeMs, statSync(join(dir, 'b.yaml')).ctimeMs, statSync(join(dir, 'b.yaml')).ino, statSync(join(dir, 'b.yaml')).dev]);
    Object.assign(entry, { hash: '0'.repeat(40), checkedAt });
    entry.operation = 'set-cluster-state';
    writeCacheFile(join(dir, '.dplintcache'), cache, KEY_FOLDER);
  };

  test('a file with the size, times and identity it had when hashed, well before that run, is not read again', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [b]\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    // As if the run that hashed it had started an hour from now: the file's change time is then long before it.
    plant(dir, Date.now() + HOUR);
    expect(await operations(dir)).toEqual(['a.yaml edit-cluster', 'b.yaml set-cluster-state']);
  });

  test('a new modification time sends the file to be hashed (and linted again, its hash being another)', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [b]\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    plant(dir, Date.now() + HOUR);
    utimesSync(join(dir, 'b.yaml'), new Date('2020-01-01'), new Date('2020-01-01'));
    expect(await operations(dir)).toEqual(['a.yaml edit-cluster', 'b.yaml edit-cluster']);
  });

  test('a file changed within the margin before the run that hashed it is hashed again: the same tick may hide another change', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [b]\n' });
    await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    plant(dir, Date.now());
    expect(await operations(dir)).toEqual(['a.yaml edit-cluster', 'b.yaml edit-cluster']);
  });
});

describe('sources kept only for the outputs that show them', () => {
  const FILES = { 'dplint.config.yaml': CONFIG, 'a.yaml': 'node_configuration:\n  max_nodes: 2\n  initial_nodes: 5\n', 'b.yaml': 'label: [b]\n' };

  test('lintFiles keeps the text of a file with findings unless keepSource is false', () => {
    const dir = repo(FILES);
    const sources = (keepSource?: boolean) => lintFiles(['.'], { cwd: dir, ...(keepSource === undefined ? {} : { keepSource }) }).map((r) => [r.file, r.source]);
    expect(sources()).toEqual([
      ['a.yaml', FILES['a.yaml']],
      ['b.yaml', undefined],
    ]);
    expect(sources(false)).toEqual([
      ['a.yaml', undefined],
      ['b.yaml', undefined],
    ]);
  });

  test('one --cache serves JSON, then stylish code frames and SARIF fixes', async () => {
    const dir = repo({ ...FILES, 'c.yaml': 'vm_settings:\n  subnet_id: "subnet-0a1b2c3d, subnet-4e5f6a7b,"\n' });
    const json = await runCli(['.', '--cache', '-f', 'json'], { cwd: dir, env: ENV });
    expect(findingsOf(json.stdout)).toEqual(['a.yaml:2 cluster/max-nodes-below-initial', 'c.yaml:2 cluster/subnet-id-format', 'c.yaml:2 cluster/subnet-id-format']);
    const stylish = await runCli(['.', '--cache'], { cwd: dir, env: ENV });
    expect(stylish.stdout).toContain('> 2 |   max_nodes: 2');
    const sarif = JSON.parse((await runCli(['.', '--cache', '-f', 'sarif'], { cwd: dir, env: ENV })).stdout);
    const fixed = sarif.runs[0].results.filter((r: { fixes?: unknown[] }) => r.fixes);
    expect(fixed.map((r: { ruleId: string }) => r.ruleId)).toEqual(['cluster/subnet-id-format', 'cluster/subnet-id-format']);
  });
});

describe('--shard', () => {
  test('with --cache: each file of the shard is proven unchanged by its own stat', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [bb]\n', 'c.yaml': 'label: [ccc]\n', 'd.yaml': 'label: [dddd]\n' });
    const run = async () => (JSON.parse((await runCli(['.', '--shard', '2/2', '--cache', '-f', 'json'], { cwd: dir, env: ENV })).stdout).results as Array<{ file: string; operation: string }>).map((r) => `${r.file} ${r.operation}`);
    expect(await run()).toEqual(['c.yaml edit-cluster', 'd.yaml edit-cluster']);
    // A hash no content has and a run that started an hour from now: only d.yaml's own stat can prove the entry.
    const cache = readCacheFile(join(dir, '.dplintcache'));
    Object.assign(cache.entries['d.yaml'], { hash: '0'.repeat(40), checkedAt: Date.now() + 3_600_000, operation: 'set-cluster-state' });
    writeCacheFile(join(dir, '.dplintcache'), cache, KEY_FOLDER);
    expect(await run()).toEqual(['c.yaml edit-cluster', 'd.yaml set-cluster-state']);
  });

  test('contiguous parts of the sorted files, each file in exactly one', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [b]\n', 'c.yaml': 'label: [c]\n' });
    const files = async (shard: string) => (JSON.parse((await runCli(['.', '--shard', shard, '-f', 'json'], { cwd: dir })).stdout).results as Array<{ file: string }>).map((r) => r.file);
    expect(await files('1/2')).toEqual(['a.yaml']);
    expect(await files('2/2')).toEqual(['b.yaml', 'c.yaml']);
    expect(await files('1/1')).toEqual(['a.yaml', 'b.yaml', 'c.yaml']);
    expect(await runCli(['.', '--shard', '3/2'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: --shard takes <index>/<count> with 1 <= index <= count; got 3/2\n' });
  });
});

describe('worker threads (--jobs)', () => {
  const WORKER = resolve('dist/worker.cjs');
  const run = (dir: string, jobs: string, ...more: string[]) => spawnSync(process.execPath, ['dist/dplint.cjs', dir, '--operation', 'edit-cluster', '--no-config', '--jobs', jobs, ...more], { encoding: 'utf8', maxBuffer: 1 << 26 });

  test('give the output one thread gives (the built bin, 300 files)', () => {
    expect(existsSync('dist/dplint.cjs') && existsSync(WORKER), 'run `npm run build` first').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'dplint-jobs-'));
    writeCorpus(dir, 300, 7);
    const one = run(dir, '1', '-f', 'json');
    const two = run(dir, '2', '-f', 'json');
    expect(two.stderr).toBe('');
    expect(JSON.parse(one.stdout).summary.files).toBe(300);
    expect(JSON.parse(two.stdout).summary.errors).toBeGreaterThan(0);
    expect(two.stdout).toBe(one.stdout);
    expect(two.status).toBe(one.status);
  });

  // A worker's results cross to the main thread and are held there as one thread's are: every
  // format reads them back, stylish and SARIF with the text of each file with findings.
  test('give the output one thread gives on files with findings, in every format (the built bin, 400 files)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dplint-jobs-findings-'));
    writeCorpus(dir, 400, 3, { findings: true });
    for (const format of ['json', 'stylish', 'sarif']) {
      const one = run(dir, '1', '-f', format);
      const two = run(dir, '2', '-f', format);
      expect(two.stderr).toBe('');
      expect(two.stdout.length).toBeGreaterThan(100_000);
      expect(two.stdout).toBe(one.stdout);
      expect(two.status).toBe(1);
    }
    expect(JSON.parse(run(dir, '2', '-f', 'json').stdout).summary).toMatchObject({ files: 400, errors: 38 });
  });

  test('lintRun, which returns objects, gives with a worker what one thread gives, with a cache and without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dplint-jobs-library-'));
    writeCorpus(dir, 250, 5, { findings: true });
    const options = { operation: 'edit-cluster' as const, config: false as const };
    const one = await lintRun([dir], options, { jobs: 1 });
    expect(one.filter((result) => result.findings.length > 0).length).toBe(221);
    expect(await lintRun([dir], options, { jobs: 2, workerScript: WORKER })).toEqual(one);
    const cache = { cacheLocation: join(mkdtempSync(join(tmpdir(), 'dplint-jobs-cache-')), '.dplintcache'), cacheKeyFolder: mkdtempSync(join(tmpdir(), 'dplint-jobs-key-')) };
    expect(await lintRun([dir], options, { jobs: 2, workerScript: WORKER, ...cache })).toEqual(one);
    expect(await lintRun([dir], options, { jobs: 2, workerScript: WORKER, ...cache })).toEqual(one);
  });

  test('one thread gives other callbacks a turn between batches only while it spools the cache (its signal handlers): 250 files, 2 turns with --cache, none without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dplint-turns-'));
    writeCorpus(dir, 250, 5);
    const options = { operation: 'edit-cluster' as const, config: false as const };
    const turnsDuring = async (runOptions: Parameters<typeof lintRunResults>[2]): Promise<number> => {
      let turns = 0;
      let running = true;
      const turn = (): void => {
        if (!running) return;
        turns++;
        setImmediate(turn);
      };
      setImmediate(turn);
      await lintRunResults([dir], options, { jobs: 1, ...runOptions });
      running = false;
      return turns;
    };
    expect(await turnsDuring({})).toBe(0);
    const cache = { cacheLocation: join(mkdtempSync(join(tmpdir(), 'dplint-turns-cache-')), '.dplintcache'), cacheKeyFolder: mkdtempSync(join(tmpdir(), 'dplint-turns-key-')) };
    expect(await turnsDuring(cache)).toBe(2);
  });

  test('a worker that fails fails the run: exit 2, one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dplint-jobs-failing-'));
    writeCorpus(dir, 250, 5);
    const failing = join(mkdtempSync(join(tmpdir(), 'dplint-jobs-worker-')), 'worker.cjs');
    writeFileSync(failing, "throw new Error('the worker broke\\nat line two');\n");
    await expect(lintRunResults([dir], { operation: 'edit-cluster', config: false }, { jobs: 2, workerScript: failing })).rejects.toThrow('the worker broke');
    let stdout = '';
    let stderr = '';
    const code = await runWith(['.', '--operation', 'edit-cluster', '--no-config', '--jobs', '2'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      cwd: dir,
      env: {},
      isTTY: false,
      workerScript: failing,
      readStdin: () => Promise.resolve(''),
    });
    expect({ code, stdout, stderr }).toEqual({ code: 2, stdout: '', stderr: 'dplint: internal error: the worker broke\n' });
  });
});
