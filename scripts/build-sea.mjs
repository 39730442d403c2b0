#!/usr/bin/env node
// Builds dplint as one executable file for this machine's platform and processor,
// dist/sea/dplint-<platform>-<arch> (.exe on Windows), with Node's single executable applications
// (SEA): a copy of the running `node` with the program injected by postject. It is for
// repositories that are not JavaScript projects: no Node, no npm, no node_modules where it runs.
//
// It is built from the bundles `npm run build` makes (dist/cli.cjs, the program dist/dplint.cjs
// starts; dist/lsp.cjs), not from a bundle of its own, so that the binary runs the very program the
// package does and prints the same bytes (test/sea.test.ts). A SEA's main script is one CommonJS
// file whose `require` loads Node's builtin modules only, so:
// - the main script is dist/cli.cjs as it is (the function build-cli.mjs writes), called with a
//   `require` that gives the builtins and the modules cli.cjs leaves outside: the language server
//   (./lsp.cjs, run on `dplint lsp` only), the chunks of packages a lint seldom needs
//   (./chunks/*.cjs: ajv, picomatch, ...) and scslre (for a config's policy patterns only), all
//   carried as SEA assets and compiled on first use, as they are loaded on first use today;
// - it is linted in this thread whatever the number of files: the worker threads' pool (piscina)
//   starts its workers from files of its own, which a single file cannot carry. The program is
//   given no folder (`__dirname`), so it looks for no worker.cjs beside the binary;
// - V8's code cache for the main script is made here (`useCodeCache`), where dist/dplint.cjs makes
//   it in the user's cache folder on the first run: the binary starts as fast on its first run as
//   on any other, and writes nothing outside the files it is asked to.
// The V8 settings dist/dplint.cjs sets for a run (scripts/cli-launcher.cjs) are set here too.
//
// Node 20.12 or later (SEA assets and code cache); built for the platform it runs on, from
// process.execPath (cross-building would need that platform's node binary and no code cache).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './esbuild-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = join(dist, 'sea');
/** The fuse Node's binary carries to say a SEA blob is in it (Node's documentation, "Single executable applications"). */
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 12) || (major === 21 && minor < 7)) fail(`Node ${process.version} cannot build it: SEA assets and code cache need Node 20.12 or later`);
for (const file of ['cli.cjs', 'lsp.cjs', 'chunks']) {
  if (!existsSync(join(dist, file))) fail(`dist/${file} is missing: run \`npm run build\` first`);
}
const chunks = readdirSync(join(dist, 'chunks')).filter((name) => name.endsWith('.cjs'));
// postject is CommonJS; required rather than imported so that a development tree where it is
// installed elsewhere can name that place with NODE_PATH.
let inject;
try {
  ({ inject } = createRequire(import.meta.url)('postject'));
} catch (error) {
  fail(`postject is not installed (a development dependency: npm ci): ${error.message.split('\n')[0]}`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// scslre and what it uses, as one CommonJS module, the asset the main script requires by that name.
await build({
  entryPoints: [createRequire(import.meta.url).resolve('scslre')],
  outfile: join(out, 'scslre.cjs'),
  ...NODE_BUNDLE,
});

const program = readFileSync(join(dist, 'cli.cjs'), 'utf8');
if (!program.startsWith('(function (exports, require, module, __filename, __dirname) {') || !program.endsWith('\n});')) {
  fail('dist/cli.cjs is not the function scripts/build-cli.mjs writes');
}
const main = `'use strict';
// dplint as a single executable application: written by scripts/build-sea.mjs (read it for why).
const { getAsset } = require('node:sea');
try {
  const v8 = require('node:v8');
  v8.setFlagsFromString('--max-inlined-bytecode-size-cumulative=200');
  v8.setFlagsFromString('--heap-growing-percent=25');
} catch {
  // A Node that refuses flags at run time only runs a little slower, or larger.
}
const ASSETS = ${JSON.stringify({ './lsp.cjs': 'lsp.cjs', scslre: 'scslre.cjs', ...Object.fromEntries(chunks.map((name) => [`./chunks/${name}`, `chunks/${name}`])) })};
const loaded = new Map();
function seaRequire(id) {
  const asset = ASSETS[id];
  if (asset === undefined) return require(id);
  if (!loaded.has(asset)) {
    const { dirname, join } = require('node:path');
    const filename = join(dirname(process.execPath), asset);
    const module_ = { exports: {}, filename, id: filename, loaded: false };
    const text = getAsset(asset, 'utf8').replace(/^#!.*/, '');
    const run = require('node:vm').compileFunction(text, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
    run.call(module_.exports, module_.exports, seaRequire, module_, filename, dirname(process.execPath));
    module_.loaded = true;
    loaded.set(asset, module_.exports);
  }
  return loaded.get(asset);
}
const program = ${program.slice(0, -';'.length)};
program.call(module.exports, module.exports, seaRequire, module, process.execPath, undefined);
`;
writeFileSync(join(out, 'main.cjs'), main);
writeFileSync(
  join(out, 'sea-config.json'),
  `${JSON.stringify(
    {
      main: join(out, 'main.cjs'),
      output: join(out, 'sea-prep.blob'),
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      assets: { 'lsp.cjs': join(dist, 'lsp.cjs'), 'scslre.cjs': join(out, 'scslre.cjs'), ...Object.fromEntries(chunks.map((name) => [`chunks/${name}`, join(dist, 'chunks', name)])) },
    },
    null,
    2,
  )}\n`,
);
const prepared = spawnSync(process.execPath, ['--experimental-sea-config', join(out, 'sea-config.json')], { encoding: 'utf8' });
if (prepared.status !== 0) fail(`node --experimental-sea-config failed (exit ${prepared.status}):\n${prepared.stdout}${prepared.stderr}`);

const binary = join(out, `dplint-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`);
copyFileSync(process.execPath, binary);
chmodSync(binary, 0o755);
// macOS refuses to run a signed binary whose contents changed: unsigned before, signed ad hoc after.
if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', binary]);
// postject's ELF reader warns "Can't find string offset for section name '.note…'" on Linux
// builds of Node: harmless (nodejs/postject#83), the blob is injected all the same.
await inject(binary, 'NODE_SEA_BLOB', readFileSync(join(out, 'sea-prep.blob')), {
  sentinelFuse: SENTINEL_FUSE,
  ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
});
if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', binary]);
// What built it stays out of the folder a release copies from.
for (const file of ['main.cjs', 'sea-config.json', 'sea-prep.blob', 'scslre.cjs']) rmSync(join(out, file));
process.stdout.write(`${binary.slice(root.length + 1)}\n`);

function fail(message) {
  process.stderr.write(`build-sea: ${message}\n`);
  process.exit(1);
}
