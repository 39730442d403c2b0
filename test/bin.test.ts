import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The bin as installed: `npm test` builds first, so dist/ is the code under test.
test('the built dplint bin lints the sample repository as a child process', () => {
  expect(existsSync('dist/dplint.cjs'), 'run `npm run build` first').toBe(true);
  const result = spawnSync(process.execPath, ['dist/dplint.cjs', 'fixtures/config-repo', '--format', 'json'], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(1);
  const output = JSON.parse(result.stdout);
  expect(output.summary.files).toBe(11);
  expect(output.results.find((r: { file: string }) => r.file === 'fixtures/config-repo/clusters/presto-adhoc.yaml').findings[0]).toEqual({
    ruleId: 'yaml/unquoted-string',
    severity: 'error',
    message: 'presto_version must be a string; YAML reads the unquoted 0.180 as the number 0.18: quote it as "0.180"',
    path: '/presto_version',
    line: 3,
    column: 17,
    endLine: 3,
    endColumn: 22,
    fix: { range: [62, 67], text: '"0.180"' },
  });
});

test('the bin exits 2 with one line for a bad argument', () => {
  const result = spawnSync(process.execPath, ['dist/dplint.cjs', '--operation', 'nope', '.'], { encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
});

test('a reader that closes standard output early ends the run quietly, as on SIGPIPE: exit 2 (the run did not finish), nothing on standard error', async () => {
  // The reader is gone before dplint writes anything (as `| head` is, once it has its lines).
  const child = spawn(process.execPath, ['dist/dplint.cjs', 'fixtures/config-repo', '--format', 'json']);
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect({ code, stderr }).toEqual({ code: 2, stderr: '' });
});

test("the first run keeps V8's code cache of the program in $XDG_CACHE_HOME/dplint, beside at most three older ones", () => {
  const xdg = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
  const folder = join(xdg, 'dplint');
  mkdirSync(folder);
  // Caches of earlier builds, written a day apart: the three newest stay.
  const old = ['cli-v0-1-1.v8cache', 'cli-v0-2-2.v8cache', 'cli-v0-3-3.v8cache', 'cli-v0-4-4.v8cache', 'cli-v0-5-5.v8cache'];
  old.forEach((name, i) => {
    writeFileSync(join(folder, name), 'stale');
    utimesSync(join(folder, name), new Date(Date.UTC(2026, 0, i + 1)), new Date(Date.UTC(2026, 0, i + 1)));
  });
  writeFileSync(join(folder, 'notes.txt'), 'not a cache');
  const run = () => spawnSync(process.execPath, ['dist/dplint.cjs', 'fixtures/config-repo/clusters/etl-hadoop2.yaml', '-f', 'compact'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg } });
  // Named by the program's SHA-256 (test/hostile/code-cache.test.ts); the folder also holds the key that signs it.
  const own = `cli-${process.version}-${createHash('sha256').update(readFileSync('dist/cli.cjs')).digest('hex')}.v8cache`;

  expect(run().stderr).toBe('');
  expect(readdirSync(folder).sort()).toEqual([own, 'cli-v0-3-3.v8cache', 'cli-v0-4-4.v8cache', 'cli-v0-5-5.v8cache', 'key', 'notes.txt'].sort());
  const written = statSync(join(folder, own));
  expect(written.size).toBeGreaterThan(10_000);
  // The next run reads the cache and writes nothing.
  expect(run().stderr).toBe('');
  expect(statSync(join(folder, own)).mtimeMs).toBe(written.mtimeMs);
});
