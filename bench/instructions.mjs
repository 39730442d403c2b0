#!/usr/bin/env node
// The benchmark's gate and findings-heavy comparisons in instructions, not seconds
// (`npm run bench:instructions`, after `npm run build`; needs valgrind; not part of `npm test`).
// On a shared machine the wall time of one build over the same 10,000 files moved by up to 2×
// within an hour, while the instructions a whole process executes, as valgrind's callgrind counts
// them, moved by 0.1–2 %: enough to tell two builds, or dplint and ajv-cli, apart on any day.
//
// It writes both corpora (bench/corpus.mjs) at --files files, and counts dplint (JSON output, as
// the benchmark's gate runs it) and ajv-cli (`ajv validate` with dplint's own edit-cluster schema,
// as bench/run.mjs runs it) over each, and over an empty folder: their start-up. From those it
// prints what each costs a file, and the ratio the two would have at 10,000 files. With
// --before CHECKOUT it counts that checkout's build (its dist/dplint.cjs) too, beside this one.
//
//   node bench/instructions.mjs [--files 1000] [--before CHECKOUT] [--shapes 500]
//
// --shapes N also counts the corpus "as teams write it" (bench/shapes.mjs, N bodies in each shape,
// clean and findings-heavy) as bench/run.mjs times it: each shape's instructions per body, dplint's
// start-up (one small file) taken out, and its ratio to the fewest. Instructions leave out the
// kernel's work (a file per body opens ten times the files of a stream), which is small beside
// the lint (some 30 µs a file).
//
// Each dplint build is run once before it is counted: V8's code cache is then warm, as it is for
// every run but a build's first (which counts some 5 % more).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { SHAPES, writeShapes, writeStartUp } from './shapes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const files = Number(option('--files', 1000));
const before = option('--before', undefined);
const shapeBodies = args.includes('--shapes') ? Number(option('--shapes', 500)) : 0;
const AT = 10_000;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('bench/instructions.mjs needs valgrind (Debian: apt-get install valgrind)');
  process.exit(2);
}
const builds = [['dplint', join(root, 'dist', 'dplint.cjs')]];
if (before) builds.push([`dplint (${before})`, join(before, 'dist', 'dplint.cjs')]);
for (const [, bundle] of builds) if (!existsSync(bundle)) throw new Error(`no build at ${bundle}: run \`npm run build\` there first`);

const work = mkdtempSync(join(tmpdir(), 'dplint-instructions-'));
const corpora = { empty: join(work, 'empty'), clean: join(work, 'clean'), 'findings-heavy': join(work, 'findings') };
mkdirSync(corpora.empty);
writeCorpus(corpora.clean, files, 1);
writeCorpus(corpora['findings-heavy'], files, 1, { findings: true });
const schema = join(work, 'edit-cluster.schema.json');
writeFileSync(schema, execFileSync(process.execPath, [builds[0][1], 'schema', 'edit-cluster']));

const commands = Object.fromEntries([
  ...builds.map(([name, bundle]) => [name, [bundle, '--operation', 'edit-cluster', '--no-config', '--format', 'json', '.']]),
  // The glob is ajv-cli's to expand, as bench/run.mjs gives it.
  ['ajv-cli', [join(root, 'node_modules', 'ajv-cli', 'dist', 'index.js'), 'validate', '-s', schema, '-d', '*.yaml', '--all-errors', '--strict=false']],
]);

/** The instructions one run of `node …args` executes in `cwd`, as callgrind counts them. */
function instructions(args, cwd) {
  const out = join(work, 'callgrind.out');
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status === null) throw new Error(`valgrind ended by ${run.signal}`);
  const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(out, 'utf8'));
  rmSync(out);
  if (!totals) throw new Error(`no totals from callgrind: ${run.stderr.slice(-500)}`);
  return Number(totals[1]);
}

const millions = (n) => `${Math.round(n / 1e6).toLocaleString('en')} M`;
// The code cache is written at the end of a build's first run, with what that run compiled: a lint, as the counted ones.
for (const [name] of builds) spawnSync(process.execPath, commands[name], { cwd: corpora.clean, stdio: 'ignore' });
const counts = {};
for (const [name, command] of Object.entries(commands)) {
  counts[name] = {};
  for (const [corpus, dir] of Object.entries(corpora)) {
    counts[name][corpus] = instructions(command, dir);
    console.error(`${name}, ${corpus}: ${millions(counts[name][corpus])}`);
  }
}

const perFile = (name, corpus) => (counts[name][corpus] - counts[name].empty) / files;
const at = (name, corpus) => counts[name].empty + AT * perFile(name, corpus);
console.log(`\nInstructions (valgrind --tool=callgrind), ${files.toLocaleString('en')} files, JSON output; node ${process.version}\n`);
console.log(`| command | start-up (empty folder) | clean corpus | a file of it | findings-heavy corpus | a file of it |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
for (const name of Object.keys(commands)) {
  const c = counts[name];
  console.log(`| ${name} | ${millions(c.empty)} | ${millions(c.clean)} | ${(perFile(name, 'clean') / 1e6).toFixed(2)} M | ${millions(c['findings-heavy'])} | ${(perFile(name, 'findings-heavy') / 1e6).toFixed(2)} M |`);
}
console.log(`\nAt ${AT.toLocaleString('en')} files (start-up, and each file's cost ${AT.toLocaleString('en')} times), against ajv-cli:`);
for (const [name] of builds) {
  console.log(`- ${name}: clean ${(at(name, 'clean') / at('ajv-cli', 'clean')).toFixed(2)}×, findings-heavy ${(at(name, 'findings-heavy') / at('ajv-cli', 'findings-heavy')).toFixed(2)}×`);
}
if (before) {
  console.log(`\nThis build against ${before}:`);
  for (const corpus of Object.keys(corpora)) {
    const change = counts.dplint[corpus] / counts[builds[1][0]][corpus] - 1;
    console.log(`- ${corpus}: ${millions(counts[builds[1][0]][corpus])} → ${millions(counts.dplint[corpus])} (${change >= 0 ? '+' : '−'}${Math.abs(100 * change).toFixed(1)} %)`);
  }
}

// The shapes, counted as bench/run.mjs times them: each shape's folder with its config file, less a run over one small file.
if (shapeBodies > 0) {
  const start = writeStartUp(work);
  const lint = (dir) => [builds[0][1], dir, '--config', join(dir, 'dplint.config.yaml'), '--format', 'json'];
  const startUp = instructions(lint(start), start);
  console.log(`\nShapes "as teams write it" (bench/shapes.mjs), ${shapeBodies.toLocaleString('en')} bodies each, JSON output; start-up (one small file) ${millions(startUp)} taken out\n`);
  console.log('| shape | clean: a body | ÷ fewest | findings-heavy: a body | ÷ fewest |');
  console.log('|---|---:|---:|---:|---:|');
  const perBody = {};
  for (const [name, options] of [['clean', {}], ['findings-heavy', { findings: true }]]) {
    const shapes = writeShapes(join(work, `shapes-${name}`), shapeBodies, options);
    perBody[name] = Object.fromEntries(SHAPES.map((shape) => [shape, (instructions(lint(shapes[shape].folder), shapes[shape].folder) - startUp) / shapes[shape].bodies]));
  }
  const fewest = (name) => Math.min(...Object.values(perBody[name]));
  for (const shape of SHAPES) {
    const [clean, findings] = [perBody.clean[shape], perBody['findings-heavy'][shape]];
    console.log(`| ${shape} | ${(clean / 1e6).toFixed(2)} M | ${(clean / fewest('clean')).toFixed(2)}× | ${(findings / 1e6).toFixed(2)} M | ${(findings / fewest('findings-heavy')).toFixed(2)}× |`);
  }
}
rmSync(work, { recursive: true, force: true });
