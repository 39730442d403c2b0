import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LintCache, MAX_CACHE_SIZE, maxCacheSize } from '../../src/node/cache.js';
import { planRun } from '../../src/node/lint-files.js';
import { lintRunResults } from '../../src/node/lint-run.js';
import { statInputsRefusingTargets } from '../../src/node/write-file.js';
import { readCacheFile, writeCacheFile } from '../helpers/cache.js';
import { runCli } from '../helpers/cli.js';
import { repo } from '../helpers/repo.js';

// A `.dplintcache` can be committed by the pull request dplint gates: it must never turn errors into a pass.
const CONFIG = 'files:\n  - match: ["*.yaml"]\n    operation: edit-cluster\n';
const BAD = 'node_configuration:\n  max_nodes: 2\n  initial_nodes: 5\n';
const FILES = Object.fromEntries([['dplint.config.yaml', CONFIG], ...[1, 2, 3, 4, 5, 6, 7].map((i) => [`c${i}.yaml`, BAD])]);
const SEVEN_ERRORS = [1, 2, 3, 4, 5, 6, 7].map((i) => `c${i}.yaml:2:14: error node_configuration.max_nodes must be at least initial_nodes (5); got 2 [cluster/max-nodes-below-initial]`);

/** A repository with seven errors, linted once with --cache under a user cache folder of its own. */
async function cachedRepo() {
  const dir = repo(FILES);
  const xdg = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
  const lint = (xdgHome = xdg) => runCli(['.', '--cache', '-f', 'compact'], { cwd: dir, env: { XDG_CACHE_HOME: xdgHome } });
  const first = await lint();
  expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 1, stderr: '' });
  const cacheFile = join(dir, '.dplintcache');
  return { dir, xdg, keyFolder: join(xdg, 'dplint'), cacheFile, lint };
}

const ignored = (cacheFile: string, why: string) => `dplint: warning: ignoring the cache ${cacheFile}: ${why}; every file is linted again\n`;
/** An entry of the wrong shape in a signed cache costs its file alone (issue 31: never a full re-lint for one entry). */
const entryIgnored = (cacheFile: string, file: string) => `dplint: warning: the cache ${cacheFile} holds an entry for ${JSON.stringify(file)} not of the shape dplint writes; such files are linted again\n`;
const TAMPERED = "its signature does not match (a cache edited, or written under another user's key)";

const outcome = (run: { code: number; stdout: string; stderr: string }) => ({ code: run.code, lines: run.stdout.split('\n').filter(Boolean), stderr: run.stderr });

describe('a cache from the pull request is never trusted', () => {
  test('a cache that is a link (to another file) or a named pipe is not read, nor waited on: one warning', async () => {
    const { dir, cacheFile, lint } = await cachedRepo();
    rmSync(cacheFile);
    writeFileSync(join(dir, 'elsewhere.txt'), 'not a cache');
    symlinkSync(join(dir, 'elsewhere.txt'), cacheFile);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, 'it is a symbolic link') });
    rmSync(cacheFile, { force: true });
    execFileSync('mkfifo', [cacheFile]);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, 'it is not a regular file') });
  });

  test('the findings stripped from every entry, hashes left: the 7 errors stay, exit 1, one warning', async () => {
    const { cacheFile, lint } = await cachedRepo();
    const cache = readCacheFile(cacheFile);
    for (const entry of Object.values(cache.entries)) delete entry.findings;
    writeCacheFile(cacheFile, cache);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, TAMPERED) });
    // The run rewrote the cache, signed: the next run reads it without a warning, and its results are the same.
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: '' });
  });

  test('a cache in the layout of earlier versions, findings stripped (one JSON document), is linted afresh', async () => {
    const { cacheFile, lint } = await cachedRepo();
    const { header, entries } = readCacheFile(cacheFile);
    for (const entry of Object.values(entries)) delete entry.findings;
    writeFileSync(cacheFile, JSON.stringify({ dplint: header.dplint, run: header.run, entries }));
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, TAMPERED) });
  });

  test('entries of the wrong shape, unsigned: ignored with one warning, never an internal error or a silent pass', async () => {
    const { cacheFile, lint } = await cachedRepo();
    for (const entries of [{ 'c1.yaml': 5 }, { 'c1.yaml': { key: 1 } }, [], 'entries', null]) {
      const cache = readCacheFile(cacheFile);
      writeCacheFile(cacheFile, { header: cache.header, entries: entries as never });
      expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, TAMPERED) });
    }
  });

  test('entries of the wrong shape, even signed with the user\'s own key: that file is linted again, with one warning naming the entry', async () => {
    const { cacheFile, keyFolder, lint } = await cachedRepo();
    const cases: Array<(entry: Record<string, unknown>) => void> = [
      (entry) => (entry.findings = 'none'),
      (entry) => (entry.findings = [{ ruleId: 'x' }]),
      (entry) => (entry.findings = [[0, 1, 2, 3, 2, 14, 2, 15, -1, 0, 0, 7]]),
      (entry) => (entry.findings = [[9999, 1, 2, 3, 2, 14, 2, 15]]),
      (entry) => (entry.stat = 'stat'),
      (entry) => (entry.operationSource = 'somewhere'),
      (entry) => (entry.facts = [1]),
    ];
    for (const spoil of cases) {
      await lint(); // a fresh, valid cache
      const cache = readCacheFile(cacheFile);
      spoil(cache.entries['c1.yaml']);
      writeCacheFile(cacheFile, cache, keyFolder);
      expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: entryIgnored(cacheFile, 'c1.yaml') });
    }
    const cache = readCacheFile(cacheFile);
    writeCacheFile(cacheFile, { header: cache.header, entries: [] as never }, keyFolder);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, 'a line of its entries has no file name') });
    writeCacheFile(cacheFile, { header: cache.header, strings: [7] as never, entries: cache.entries }, keyFolder);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, 'its table of strings is not a list of strings') });
  });

  test('written over after the run verified it (the run reads each line as its file is looked up): a line that changed is not trusted, its file linted again, one warning; a line as verified still serves', async () => {
    const dir = repo(FILES);
    const keyFolder = mkdtempSync(join(tmpdir(), 'dplint-key-'));
    const location = join(dir, '.dplintcache');
    const options = { cwd: dir };
    await lintRunResults(['.'], options, { jobs: 1, cacheLocation: location, cacheKeyFolder: keyFolder });
    const run = planRun(['.'], options);
    const stats = statInputsRefusingTargets([], run.files.map((file) => join(dir, file)));
    const warnings: string[] = [];
    const cache = new LintCache(location, options, { keyFolder, warn: (message) => warnings.push(message) }, run.files);
    // The last file's line, in place (the file the run holds open): its findings gone, as a pull request would plant it.
    const lines = readFileSync(location, 'utf8').split('\n');
    const last = lines.length - 2;
    const [name, entry] = lines[last].split('\t');
    lines[last] = `${name}\t${JSON.stringify(JSON.parse(entry).slice(0, 11))}`;
    writeFileSync(location, lines.join('\n'));
    const lookup = (file: string) => cache.lookup(file, join(dir, file), run, stats, run.files.indexOf(file))?.result.findings.map((finding) => finding.ruleId);
    expect(lookup(JSON.parse(name))).toBe(undefined);
    expect(lookup(JSON.parse(lines[1].split('\t')[0]))).toEqual(['cluster/max-nodes-below-initial']);
    expect(warnings).toEqual([`the cache ${location} changed while this run read it; the files whose lines changed are linted again`]);
    cache.discard();
  });

  test('a cache of a valid shape signed under another key (another user, another machine) is ignored', async () => {
    const { cacheFile, lint } = await cachedRepo();
    // Findings stripped and signed again under a key of the attacker's own: the key that counts is the user's.
    const cache = readCacheFile(cacheFile);
    for (const entry of Object.values(cache.entries)) delete entry.findings;
    const other = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
    mkdirSync(join(other, 'dplint'));
    writeFileSync(join(other, 'dplint', 'key'), Buffer.alloc(32, 7));
    writeCacheFile(cacheFile, cache, join(other, 'dplint'));
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, TAMPERED) });
    // And a genuine cache of one user is not another's.
    const { cacheFile: second, lint: lintSecond } = await cachedRepo();
    expect(outcome(await lintSecond(mkdtempSync(join(tmpdir(), 'dplint-xdg-'))))).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(second, TAMPERED) });
  });

  test('a cache that is not one at all is ignored with one warning', async () => {
    const { cacheFile, lint } = await cachedRepo();
    writeFileSync(cacheFile, 'not json\n{}');
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, 'it is not a dplint cache') });
  });
});

describe("the cache's key", () => {
  test('is made on first use, 0600 in a 0700 folder', async () => {
    const { keyFolder } = await cachedRepo();
    expect((statSync(keyFolder).mode & 0o777).toString(8)).toBe('700');
    expect((statSync(join(keyFolder, 'key')).mode & 0o777).toString(8)).toBe('600');
    expect(statSync(join(keyFolder, 'key')).size).toBe(32);
  });

  test('in a folder others can write, or readable by others, is refused: the run lints without the cache, with one warning', async () => {
    const { cacheFile, keyFolder, lint } = await cachedRepo();
    const cache = readCacheFile(cacheFile);
    for (const entry of Object.values(cache.entries)) delete entry.findings;
    writeCacheFile(cacheFile, cache, keyFolder);
    const before = readFileSync(cacheFile, 'utf8');

    chmodSync(keyFolder, 0o777);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: `dplint: warning: --cache is off for this run: ${keyFolder} is writable by others (mode 777)\n` });
    chmodSync(keyFolder, 0o700);
    chmodSync(join(keyFolder, 'key'), 0o644);
    expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: `dplint: warning: --cache is off for this run: ${join(keyFolder, 'key')} is readable or writable by others (mode 644)\n` });
    // Neither run wrote the cache: without a trusted key there is nothing to sign it with.
    expect(readFileSync(cacheFile, 'utf8')).toBe(before);
  });
});

test(`a cache file larger than ${MAX_CACHE_SIZE / 1024 / 1024} MiB and 4 KiB a file linted is not read: one warning, and the run lints every file`, async () => {
  const { cacheFile, lint } = await cachedRepo();
  // Sparse: it takes no room on disk, and reading it whole would take 64 MiB.
  const limit = maxCacheSize(7);
  expect(limit).toBe(64 * 1024 * 1024 + 7 * 4096);
  const fd = openSync(cacheFile, 'r+');
  ftruncateSync(fd, limit + 1);
  closeSync(fd);
  expect(outcome(await lint())).toEqual({ code: 1, lines: SEVEN_ERRORS, stderr: ignored(cacheFile, `it is larger than the 64 MiB a run over its files reads (${limit + 1} bytes)`) });
  expect(statSync(cacheFile).size).toBeLessThan(10_000);
  expect(existsSync(cacheFile)).toBe(true);
});
