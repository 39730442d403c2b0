#!/usr/bin/env node
// dplint's benchmark (`npm run bench`, after `npm run build`; not part of `npm test`). It writes
// a deterministic corpus of cluster files (bench/corpus.mjs) and times whole processes, taken in
// turn so that a drifting machine affects every command alike, then prints medians and ratios:
//
//   pre-commit   one cluster file, all rules, stylish output: dplint vs `node -e 0` and `ajv validate`
//   CI gate      the whole corpus, JSON output: dplint as it runs by default and with two linting
//                threads, vs `ajv validate`
//                (ajv-cli with dplint's own edit-cluster schema: schema only, no positions), a
//                minimal yaml + ajv linter (bench/minimal-lint.mjs) and `node -e 0`
//   findings     the findings-heavy corpus (bench/corpus.mjs --findings: some 90 % of the files with
//                advisories, 10 % with an error), JSON output: dplint vs `ajv validate` and `node -e 0`
//   cache        a second run with --cache over the unchanged corpus vs a first run without the
//                cache, and vs the first run with --cache (the one that fills it), on both corpora
//   growth       time per MiB of one large file (a 20 MiB bootstrap script; a stream of 7,000
//                cluster bodies in one file) against the corpus's
//   memory       peak RSS of the CI gate at 10,000 and at 100,000 files, on both corpora
//   lsp          the language server (bench/lsp.mjs, a real LSP client over stdio): a change's
//                diagnostics for a 300-line cluster file, the first cross-file index of a workspace
//                of the corpus's files, the server's peak memory with it open
//
//   node bench/run.mjs [--files 10000] [--runs 5] [--quick] [--only precommit,gate,findings,cache,growth,memory,lsp]
// Peak memory comes from GNU time (/usr/bin/time -f %M) where it is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const files = option('--files', 10000);
const runs = option('--runs', args.includes('--quick') ? 3 : 5);
// Sections to run (all by default): a run of the findings corpus alone takes minutes, not a quarter hour.
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : undefined;
const section = (name) => !only || only.has(name);
const dplint = join(root, 'dist', 'dplint.cjs');
const ajv = join(root, 'node_modules', '.bin', 'ajv');
if (!existsSync(dplint)) throw new Error('run `npm run build` first');

const work = mkdtempSync(join(tmpdir(), 'dplint-bench-'));
const corpus = join(work, 'clusters');
const bytes = writeCorpus(corpus, files, 1);
const findingsCorpus = join(work, 'findings');
const findingsBytes = writeCorpus(findingsCorpus, files, 1, { findings: true });
const schema = join(work, 'edit-cluster.schema.json');
writeFileSync(schema, execFileSync(process.execPath, [dplint, 'schema', 'edit-cluster']));
const oneFile = join(corpus, 'cluster-000001.yaml');
const gnuTime = existsSync('/usr/bin/time');

/** Runs a command once (in `cwd`, if given): wall seconds, and peak memory in MiB where GNU time can tell. */
function once(command, cwd) {
  const [file, ...rest] = command;
  const start = process.hrtime.bigint();
  const run = gnuTime
    ? spawnSync('/usr/bin/time', ['-f', '%M', file, ...rest], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(file, rest, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const peak = gnuTime ? Number(run.stderr.trim().split('\n').pop()) / 1024 : NaN;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  return { wall, peak };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Times commands in turn (A B C, A B C, …) after a warm-up of each; medians and per-round ratios to the first. */
function compare(title, commands, { ratios = true } = {}) {
  for (const command of Object.values(commands)) once(command);
  const walls = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  const peaks = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < runs; round++) {
    for (const [name, command] of Object.entries(commands)) {
      const { wall, peak } = once(command);
      walls[name].push(wall);
      peaks[name].push(peak);
    }
  }
  const [first] = Object.keys(commands);
  console.log(`\n${title}`);
  for (const name of Object.keys(commands)) {
    // The first command's time over this one's, round by round: "dplint takes ×1.9 the time of node -e 0".
    const perRound = walls[first].map((wall, i) => wall / walls[name][i]);
    const ratio = name === first || !ratios ? '' : `  ${first} ÷ this: ×${median(perRound).toFixed(2)}`;
    const memory = gnuTime ? `  peak ${median(peaks[name]).toFixed(0)} MiB` : '';
    console.log(`  ${name.padEnd(32)} ${median(walls[name]).toFixed(3)} s${memory}${ratio}`);
  }
  return walls;
}

/** The share of a corpus's files that dplint finds something in, and an error in, from its own JSON output. */
function findingShares(folder) {
  const run = spawnSync(process.execPath, [dplint, folder, '--operation', 'edit-cluster', '--no-config', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const { results, summary } = JSON.parse(run.stdout);
  const share = (test) => ((100 * results.filter(test).length) / results.length).toFixed(1);
  return `${share((r) => r.findings.length > 0)} % of the files with findings, ${share((r) => r.findings.some((f) => f.severity === 'error'))} % with an error (${summary.errors} errors, ${summary.warnings} warnings, ${summary.infos} infos, ${summary.fixable} fixable)`;
}

console.log(`dplint benchmark: ${files} cluster files, ${(bytes / 1024 / 1024).toFixed(1)} MiB; ${cpus().length} processors (${cpus()[0]?.model ?? 'unknown'}); Node ${process.version}; ${runs} rounds`);

console.log(`  clean corpus: ${findingShares(corpus)}`);
console.log(`  findings-heavy corpus (${(findingsBytes / 1024 / 1024).toFixed(1)} MiB): ${findingShares(findingsCorpus)}`);

if (section('precommit')) compare('pre-commit: one cluster file, all rules, stylish', {
  'dplint (one file)': [process.execPath, dplint, '--operation', 'edit-cluster', '--no-config', oneFile],
  'node -e 0': [process.execPath, '-e', '0'],
  'ajv validate (one file)': [ajv, 'validate', '-s', schema, '-d', oneFile, '--all-errors', '--strict=false'],
});

const gate = [process.execPath, dplint, corpus, '--operation', 'edit-cluster', '--no-config', '--format', 'json'];
// The default (--jobs auto) lints on one thread per processor but one: on two processors, one
// linting thread, with V8's garbage collector and compiler on the other.
if (section('gate')) {
  compare(`CI gate: ${files} files, all rules, positions, JSON`, {
    'dplint (default, --jobs auto)': gate,
    'dplint (two linting threads)': [...gate, '--jobs', '2'],
    // The glob is ajv-cli's to expand (quoted: no shell here), as a user's `-d 'clusters/*.yaml'`.
    'ajv validate (schema only)': [ajv, 'validate', '-s', schema, '-d', `${corpus}/*.yaml`, '--all-errors', '--strict=false'],
    'minimal yaml + ajv linter': [process.execPath, join(root, 'bench', 'minimal-lint.mjs'), schema, corpus],
    'node -e 0': [process.execPath, '-e', '0'],
  });
}

const findingsGate = [process.execPath, dplint, findingsCorpus, '--operation', 'edit-cluster', '--no-config', '--format', 'json'];
// Where most files have something to report: every such file is located, its fixes read back,
// its suggestions made and its secrets masked, which the clean corpus's quick look skips.
if (section('findings')) {
  compare(`findings-heavy corpus: ${files} files, 90 % with findings, JSON`, {
    'dplint (default, --jobs auto)': findingsGate,
    'ajv validate (schema only)': [ajv, 'validate', '-s', schema, '-d', `${findingsCorpus}/*.yaml`, '--all-errors', '--strict=false'],
    'node -e 0': [process.execPath, '-e', '0'],
  });
}

// Both corpora: on the findings-heavy one a rerun also holds every file's findings and runs the
// checks across files over some 300 claims of a shared label, which the cache keeps located.
for (const [name, command] of [['clean corpus', gate], ['findings-heavy corpus', findingsGate]]) {
  if (!section('cache')) break;
  const cacheFile = join(work, 'cache');
  const cached = [...command, '--cache', '--cache-location', cacheFile];
  // The cached run comes first so that its ratio reads "second run ÷ first run"; its warm-up fills the cache.
  rmSync(cacheFile, { force: true });
  compare(`cache, ${name}: second run over the unchanged corpus`, {
    'second run (--cache)': cached,
    'first run (no cache)': command,
  });
  // The same command twice, as a user runs it: the first run fills the cache (it hashes every file
  // and writes the cache), the second reuses it.
  const fills = [];
  const reuses = [];
  for (let round = 0; round < runs; round++) {
    rmSync(cacheFile, { force: true });
    fills.push(once(cached).wall);
    reuses.push(once(cached).wall);
  }
  const fillRatios = reuses.map((wall, i) => wall / fills[i]);
  console.log(`  ${'first run (--cache, filling it)'.padEnd(32)} ${median(fills).toFixed(3)} s  second run (--cache) ÷ this: ×${median(fillRatios).toFixed(2)}`);
}

// Growth: one large file against the corpus, per byte. A config file raises maxFileSize for them.
if (!args.includes('--quick') && section('growth')) {
  const large = join(work, 'large');
  mkdirSync(large);
  writeFileSync(join(large, 'dplint.config.yaml'), 'files:\n  - match: ["bootstrap.yaml"]\n    operation: set-bootstrap\n  - match: ["clusters.yaml"]\n    operation: edit-cluster\nlimits:\n  maxFileSize: 40000000\n');
  const script = Array.from({ length: 450_000 }, (_, i) => `  set hive.exec.parallel.thread.number=${i};`).join('\n');
  writeFileSync(join(large, 'bootstrap.yaml'), `is_user_bootstrap: true\nscript: |\n${script}\n`);
  // The corpus's first 7,000 cluster bodies as one stream of documents.
  writeFileSync(join(large, 'clusters.yaml'), readdirSync(corpus).sort().slice(0, 7000).map((name) => readFileSync(join(corpus, name), 'utf8')).join('---\n'));
  // Taken in turn with the corpus, round by round, like every other comparison here: a drifting
  // machine slows both alike. (The config file is found from each file's folder.)
  const sizes = { 'bootstrap.yaml': statSync(join(large, 'bootstrap.yaml')).size / 1024 / 1024, 'clusters.yaml': statSync(join(large, 'clusters.yaml')).size / 1024 / 1024 };
  const walls = compare(`growth: one large file against the ${files} files, per MiB`, {
    [`the ${files} files`]: gate,
    ...Object.fromEntries(Object.keys(sizes).map((name) => [name, [process.execPath, dplint, join(large, name), '--format', 'json']])),
  }, { ratios: false });
  const corpusMiB = bytes / 1024 / 1024;
  for (const [name, mib] of Object.entries(sizes)) {
    // This file's time per MiB over the corpus's, round by round.
    const ratios = walls[name].map((wall, i) => wall / mib / (walls[`the ${files} files`][i] / corpusMiB));
    console.log(`  ${name.padEnd(32)} ${mib.toFixed(1)} MiB: ${((median(walls[name]) / mib) * 1000).toFixed(0)} ms per MiB, ×${median(ratios).toFixed(2)} the corpus's per MiB`);
  }
}

if (gnuTime && !args.includes('--quick') && section('memory')) {
  console.log('');
  for (const [name, folder, findings] of [['clean corpus', corpus, false], ['findings-heavy corpus', findingsCorpus, true]]) {
    const more = join(work, 'more');
    rmSync(more, { recursive: true, force: true });
    writeCorpus(more, files * 10, 2, { findings });
    const lint = (path) => [process.execPath, dplint, path, '--operation', 'edit-cluster', '--no-config', '--format', 'json'];
    const small = once(lint(folder)).peak;
    const large = once(lint(more)).peak;
    console.log(`memory, ${name}: peak ${small.toFixed(0)} MiB at ${files} files, ${large.toFixed(0)} MiB at ${files * 10} files (×${(large / small).toFixed(2)} for ×10 the files)`);
  }
}
if (section('lsp')) {
  console.log('');
  const lsp = spawnSync(process.execPath, [join(root, 'bench', 'lsp.mjs'), '--files', String(files)], { stdio: 'inherit' });
  if (lsp.status !== 0) throw new Error(`bench/lsp.mjs exited ${lsp.status}`);
}
rmSync(work, { recursive: true, force: true });
