import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The `dplint` command loads its program with V8's code cache, kept in the user's cache folder.
// V8 checks only the length of the source a cache was made from: a cache made from another
// program of the same length runs that program instead. These tests make such a cache the way an
// attacker would — by running the launcher over a program of their own — and plant it where the
// launcher looks; the planted program, if it ran, would write a marker file.

const PROGRAM = 'dist/cli.cjs';
// The program is the function the launcher calls (scripts/build-cli.mjs): its text is what V8 compiles.
const programText = () => readFileSync(PROGRAM, 'utf8');

/** A user cache folder holding V8's cached data of a planted program as long as dplint's; the folder's only `.v8cache`. */
function plantedCache(marker: string): { xdg: string; folder: string; planted: Buffer } {
  const xdg = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
  const evil = mkdtempSync(join(tmpdir(), 'dplint-evil-'));
  // The launcher writes a cache when the program says it is ready to (src/bin.ts): the planted program says so at once.
  const payload = `(function (exports, require) { require('node:fs').writeFileSync(process.env.DPLINT_TEST_MARKER, 'planted code ran'); globalThis[Symbol.for('dplint.codeCachePoint')]?.(); });`;
  const length = programText().length;
  writeFileSync(join(evil, 'cli.cjs'), `${payload}/*${'x'.repeat(length - payload.length - 4)}*/`);
  expect(readFileSync(join(evil, 'cli.cjs'), 'utf8').length).toBe(length);
  copyFileSync('dist/dplint.cjs', join(evil, 'dplint.cjs'));
  const made = spawnSync(process.execPath, [join(evil, 'dplint.cjs')], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg, DPLINT_TEST_MARKER: marker } });
  expect({ status: made.status, stderr: made.stderr, ran: readFileSync(marker, 'utf8') }).toEqual({ status: 0, stderr: '', ran: 'planted code ran' });
  writeFileSync(marker, '');
  const folder = join(xdg, 'dplint');
  const caches = readdirSync(folder).filter((name) => name.endsWith('.v8cache'));
  expect(caches).toHaveLength(1);
  return { xdg, folder, planted: readFileSync(join(folder, caches[0])) };
}

function runDplint(xdg: string, marker: string) {
  const result = spawnSync(process.execPath, ['dist/dplint.cjs', '--version'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg, DPLINT_TEST_MARKER: marker } });
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, marker: readFileSync(marker, 'utf8'), version };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** The name the launcher gives the code cache of dplint's program: the SHA-256 of the program. */
const cacheName = () => `cli-${process.version}-${sha256(readFileSync(PROGRAM))}.v8cache`;

test("cached data of another program, planted at the old predictable name and at the program's own name, is not run", () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'dplint-marker-')), 'marker');
  const { xdg, folder, planted } = plantedCache(marker);
  const bundle = statSync(PROGRAM);
  writeFileSync(join(folder, `cli-${process.version}-${bundle.size}-${Math.trunc(bundle.mtimeMs)}.v8cache`), planted);
  writeFileSync(join(folder, cacheName()), planted);
  const run = runDplint(xdg, marker);
  expect(run).toEqual({ status: 0, stdout: `${run.version}\n`, stderr: '', marker: '', version: run.version });
});

test('cached data signed with the right key is not used from a folder others can write', () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'dplint-marker-')), 'marker');
  const { xdg, folder, planted } = plantedCache(marker);
  // What an attacker who could write the folder could not make without the key: the planted data, signed for dplint's program.
  const key = readFileSync(join(folder, 'key'));
  const data = planted.subarray(32);
  const signature = createHmac('sha256', key).update(`dplint-v8cache\0${process.version}\0${sha256(readFileSync(PROGRAM))}\0`).update(data).digest();
  writeFileSync(join(folder, cacheName()), Buffer.concat([signature, data]));
  chmodSync(folder, 0o777);
  expect(runDplint(xdg, marker).marker).toBe('');
  chmodSync(folder, 0o700);
  // The signature is the one the launcher checks: from a folder only its user can write, the same file is loaded (V8 runs what it holds).
  expect(runDplint(xdg, marker).marker).toBe('planted code ran');
});

test('the code cache is named by the SHA-256 of the program; a folder others can write gets none', () => {
  const xdg = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
  const marker = join(xdg, 'marker');
  writeFileSync(marker, '');
  const folder = join(xdg, 'dplint');
  expect(runDplint(xdg, marker).status).toBe(0);
  expect(readdirSync(folder).sort()).toEqual([cacheName(), 'key']);
  rmSync(join(folder, cacheName()));
  chmodSync(folder, 0o777);
  expect(runDplint(xdg, marker).status).toBe(0);
  expect(readdirSync(folder)).toEqual(['key']);
});

test('a program changed in place, its size and modification time restored, never runs the old bytecode', () => {
  const xdg = mkdtempSync(join(tmpdir(), 'dplint-xdg-'));
  const copy = mkdtempSync(join(tmpdir(), 'dplint-copy-'));
  copyFileSync('dist/dplint.cjs', join(copy, 'dplint.cjs'));
  copyFileSync(PROGRAM, join(copy, 'cli.cjs'));
  const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
  const changed = version.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
  const program = join(copy, 'cli.cjs');
  // A whole second, which utimes sets exactly.
  const time = new Date(Date.UTC(2026, 0, 1));
  utimesSync(program, time, time);
  const run = () => spawnSync(process.execPath, [join(copy, 'dplint.cjs'), '--version'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: xdg } });
  expect(run().stdout).toBe(`${version}\n`);
  expect(readdirSync(join(xdg, 'dplint')).filter((name) => name.endsWith('.v8cache'))).toHaveLength(1);
  // The same bytes but for the version's last digit, written into the same file, its times put back.
  const before = statSync(program);
  const text = readFileSync(program, 'latin1');
  expect(text.split(`"${version}"`)).toHaveLength(2);
  writeFileSync(program, text.replace(`"${version}"`, `"${changed}"`), 'latin1');
  utimesSync(program, time, time);
  expect({ size: statSync(program).size, mtimeMs: statSync(program).mtimeMs, ino: statSync(program).ino }).toEqual({ size: before.size, mtimeMs: before.mtimeMs, ino: before.ino });
  expect(run()).toMatchObject({ status: 0, stdout: `${changed}\n`, stderr: '' });
  // Its own cache, beside the first program's.
  expect(readdirSync(join(xdg, 'dplint')).filter((name) => name.endsWith('.v8cache'))).toHaveLength(2);
});
