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
//   shapes       the corpus "as teams write it" (bench/shapes.mjs): the same bodies as config-mapped
//                YAML, YAML with a modeline, JSON, request envelopes and streams, clean and
//                findings-heavy: each shape's time per body (a run over --shape-bodies bodies, less
//                dplint's start-up, timed in the same rounds) and its ratio to the fastest shape
//   large        (only with --large, or DPLINT_BENCH_LARGE=1: some 10–20 minutes) 100,000
//                findings-heavy files: peak memory (max RSS) in json, stylish, sarif, github,
//                junit and json --cache, and a --cache rerun against the run without the cache
//   lsp          the language server (bench/lsp.mjs, a real LSP client over stdio): a change's
//                diagnostics for a 300-line cluster file, the first cross-file index of a workspace
//                of the corpus's files, the server's peak memory with it open
//
// --runs: the rounds of each comparison; the pre-commit one takes at least 21, the shapes at least 7.
//
//   node bench/run.mjs [--files 10000] [--runs 5] [--quick] [--shape-bodies 2000]
//                      [--large] [--large-files 100000] [--large-runs 1]
//                      [--only precommit,gate,findings,cache,shapes,growth,large,lsp]
// Peak memory comes from GNU time (/usr/bin/time -f %M) where it is installed. Every command's
// standard output goes to /dev/null (stylish at 100,000 files is too much to hold here). At the end
// it prints the tables of BENCHMARKS.md in markdown, ready to paste: each ratio is the median of
// the ratios of the rounds, so a drifting machine slows both sides of it alike.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { inTurn, median, ratio } from './in-turn.mjs';
import { SHAPES, writeShapes, writeStartUp } from './shapes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const files = option('--files', 10000);
const runs = option('--runs', args.includes('--quick') ? 3 : 5);
const shapeBodies = option('--shape-bodies', 2000);
const large = args.includes('--large') || process.env.DPLINT_BENCH_LARGE === '1';
const largeFiles = option('--large-files', 100_000);
const largeRuns = option('--large-runs', 1);
// Sections to run (all by default; `large` only when asked for): a run of the findings corpus alone takes minutes, not a quarter hour.
const only = args.includes('--only') ? new Set(args[args.indexOf('--only') + 1].split(',')) : undefined;
const section = (name) => (name === 'large' ? large && (!only || only.has(name)) : !only || only.has(name));
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
if (!gnuTime) console.error('bench/run.mjs: no GNU time at /usr/bin/time (Debian: apt-get install time): no peak memory, and no --large section');
const timeFile = join(work, 'time.txt');
const devNull = openSync('/dev/null', 'w');

/** Runs a command once, its output to /dev/null: wall seconds, and peak memory (max RSS) in KiB where GNU time can tell. */
function once(command) {
  const [file, ...rest] = command;
  const start = process.hrtime.bigint();
  const run = gnuTime
    ? spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%M', file, ...rest], { stdio: ['ignore', devNull, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(file, rest, { stdio: ['ignore', devNull, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const peak = gnuTime ? Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) : NaN;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  return { wall, peak };
}

const MiB = (kib) => kib / 1024;
/** GNU time's KiB as MB (10^6 bytes), the unit of the memory targets. */
const MB = (kib) => (kib * 1024) / 1e6;
const fmt = (x, digits = 2) => x.toFixed(digits);
const verdict = (value, limit) => `≤ ${limit}× ${value <= limit ? '✔' : '✘'}`;

/**
 * Rounds for the comparisons of short runs, whatever --runs says: a 0.2 s process moved by a tenth
 * and more from round to round here (the one-file lint read 1.49–1.91× `node -e 0` in runs of 21
 * rounds minutes apart), and a shape's time per body is the difference of two runs under a second.
 * The one-file comparison's 21 rounds take some 15 s, the shapes' 7 about a minute.
 */
const SHORT_RUN_ROUNDS = 21;
const SHAPE_ROUNDS = 7;

/** The rows of the summary table, printed in markdown at the end: [measure, dplint, against, ratio, target]. */
const summary = [];
/** Further markdown tables, each [title, lines]. */
const tables = [];

/** Times commands in turn (A B C, A B C, …) after a warm-up of each; medians, and per-round ratios to the first. */
function compare(title, commands, { ratios = true, rounds = runs, warm = true } = {}) {
  const measures = inTurn(commands, rounds, once, { warm });
  const walls = Object.fromEntries(Object.entries(measures).map(([name, list]) => [name, list.map((m) => m.wall)]));
  const peaks = Object.fromEntries(Object.entries(measures).map(([name, list]) => [name, list.map((m) => m.peak)]));
  const [first] = Object.keys(commands);
  console.log(`\n${title}`);
  for (const name of Object.keys(commands)) {
    // The first command's time over this one's, round by round: "dplint takes ×1.9 the time of node -e 0".
    const shown = name === first || !ratios ? '' : `  ${first} ÷ this: ×${fmt(ratio(walls[first], walls[name]))}`;
    const memory = gnuTime ? `  peak ${fmt(MiB(median(peaks[name])), 0)} MiB` : '';
    console.log(`  ${name.padEnd(32)} ${fmt(median(walls[name]), 3)} s${memory}${shown}`);
  }
  return { walls, peaks: Object.fromEntries(Object.entries(peaks).map(([name, list]) => [name, median(list)])) };
}

/** "1.234 s, 108 MiB": a command's median wall time and peak memory. */
const figure = (result, name) => `${fmt(median(result.walls[name]), 3)} s${gnuTime ? `, ${fmt(MiB(result.peaks[name]), 0)} MiB` : ''}`;

/** The share of a corpus's files that dplint finds something in, and an error in, from its own JSON output. */
function findingShares(folder) {
  const run = spawnSync(process.execPath, [dplint, folder, '--operation', 'edit-cluster', '--no-config', '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const { results, summary: counts } = JSON.parse(run.stdout);
  const share = (test) => ((100 * results.filter(test).length) / results.length).toFixed(1);
  return `${share((r) => r.findings.length > 0)} % of the files with findings, ${share((r) => r.findings.some((f) => f.severity === 'error'))} % with an error (${counts.errors} errors, ${counts.warnings} warnings, ${counts.infos} infos, ${counts.fixable} fixable)`;
}

const machine = `${cpus().length} processors (${cpus()[0]?.model ?? 'unknown'}), ${fmt(totalmem() / 2 ** 30, 0)} GiB; Node ${process.version}`;
console.log(`dplint benchmark: ${files} cluster files, ${(bytes / 1024 / 1024).toFixed(1)} MiB; ${machine}; ${runs} rounds`);

console.log(`  clean corpus: ${findingShares(corpus)}`);
console.log(`  findings-heavy corpus (${(findingsBytes / 1024 / 1024).toFixed(1)} MiB): ${findingShares(findingsCorpus)}`);

if (section('precommit')) {
  const result = compare(
    'pre-commit: one cluster file, all rules, stylish',
    {
      'dplint (one file)': [process.execPath, dplint, '--operation', 'edit-cluster', '--no-config', oneFile],
      'node -e 0': [process.execPath, '-e', '0'],
      'ajv validate (one file)': [ajv, 'validate', '-s', schema, '-d', oneFile, '--all-errors', '--strict=false'],
    },
    { rounds: Math.max(runs, SHORT_RUN_ROUNDS) },
  );
  const { walls } = result;
  const r = ratio(walls['dplint (one file)'], walls['node -e 0']);
  summary.push(['pre-commit: one cluster file, all rules, stylish', figure(result, 'dplint (one file)'), `\`node -e 0\`: ${figure(result, 'node -e 0')}`, `**${fmt(r)}×**`, verdict(r, 1.5)]);
  summary.push(['', '', `\`ajv validate\` on the same file: ${figure(result, 'ajv validate (one file)')}`, `${fmt(ratio(walls['dplint (one file)'], walls['ajv validate (one file)']))}×`, '']);
}

const gate = [process.execPath, dplint, corpus, '--operation', 'edit-cluster', '--no-config', '--format', 'json'];
// The default (--jobs auto) lints on one thread per processor but one: on two processors, one
// linting thread, with V8's garbage collector and compiler on the other.
if (section('gate')) {
  const result = compare(`CI gate: ${files} files, all rules, positions, JSON`, {
    'dplint (default, --jobs auto)': gate,
    'dplint (two linting threads)': [...gate, '--jobs', '2'],
    // The glob is ajv-cli's to expand (quoted: no shell here), as a user's `-d 'clusters/*.yaml'`.
    'ajv validate (schema only)': [ajv, 'validate', '-s', schema, '-d', `${corpus}/*.yaml`, '--all-errors', '--strict=false'],
    'minimal yaml + ajv linter': [process.execPath, join(root, 'bench', 'minimal-lint.mjs'), schema, corpus],
    'node -e 0': [process.execPath, '-e', '0'],
  });
  const { walls } = result;
  const r = ratio(walls['dplint (default, --jobs auto)'], walls['ajv validate (schema only)']);
  summary.push([`CI gate, clean corpus: ${files.toLocaleString('en')} files, JSON`, figure(result, 'dplint (default, --jobs auto)'), `\`ajv validate\` (schema only): ${figure(result, 'ajv validate (schema only)')}`, `**${fmt(r)}×**`, verdict(r, 0.9)]);
  summary.push(['', '', `minimal yaml + ajv linter: ${figure(result, 'minimal yaml + ajv linter')}`, `${fmt(ratio(walls['dplint (default, --jobs auto)'], walls['minimal yaml + ajv linter']))}×`, '']);
  summary.push(['', `\`--jobs 2\`: ${figure(result, 'dplint (two linting threads)')}`, 'the default run', `${fmt(ratio(walls['dplint (two linting threads)'], walls['dplint (default, --jobs auto)']))}×`, '']);
}

const findingsGate = [process.execPath, dplint, findingsCorpus, '--operation', 'edit-cluster', '--no-config', '--format', 'json'];
// Where most files have something to report: every such file is located, its fixes read back,
// its suggestions made and its secrets masked, which a clean file never reaches.
if (section('findings')) {
  const result = compare(`findings-heavy corpus: ${files} files, 90 % with findings, JSON`, {
    'dplint (default, --jobs auto)': findingsGate,
    'ajv validate (schema only)': [ajv, 'validate', '-s', schema, '-d', `${findingsCorpus}/*.yaml`, '--all-errors', '--strict=false'],
    'node -e 0': [process.execPath, '-e', '0'],
  });
  const r = ratio(result.walls['dplint (default, --jobs auto)'], result.walls['ajv validate (schema only)']);
  summary.push([`CI gate, findings-heavy corpus: ${files.toLocaleString('en')} files, JSON`, figure(result, 'dplint (default, --jobs auto)'), `\`ajv validate\`: ${figure(result, 'ajv validate (schema only)')}`, `**${fmt(r)}×**`, verdict(r, 1.3)]);
}

// Both corpora: on the findings-heavy one a rerun also holds every file's findings and runs the
// checks across files over some 300 claims of a shared label, which the cache keeps located.
for (const [name, command] of [['clean corpus', gate], ['findings-heavy corpus', findingsGate]]) {
  if (!section('cache')) break;
  const cacheFile = join(work, 'cache');
  const cached = [...command, '--cache', '--cache-location', cacheFile];
  // The cached run comes first so that its ratio reads "second run ÷ first run"; its warm-up fills the cache.
  rmSync(cacheFile, { force: true });
  const result = compare(`cache, ${name}: second run over the unchanged corpus`, {
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
  const fillRatio = ratio(reuses, fills);
  console.log(`  ${'first run (--cache, filling it)'.padEnd(32)} ${fmt(median(fills), 3)} s  second run (--cache) ÷ this: ×${fmt(fillRatio)}`);
  const r = ratio(result.walls['second run (--cache)'], result.walls['first run (no cache)']);
  summary.push([`second run with \`--cache\`, nothing changed, ${name}, ${files.toLocaleString('en')} files`, figure(result, 'second run (--cache)'), `a run without the cache: ${figure(result, 'first run (no cache)')}`, `**${fmt(r)}×**`, verdict(r, 0.25)]);
  summary.push(['', '', `the first run with \`--cache\`, which fills it: ${fmt(median(fills), 3)} s`, `${fmt(fillRatio)}×`, '']);
}

// The corpus "as teams write it": each shape's time per body, start-up taken out, against the fastest shape's.
if (section('shapes')) {
  for (const [name, options] of [['clean', {}], ['findings-heavy', { findings: true }]]) {
    const folder = join(work, `shapes-${name}`);
    const shapes = writeShapes(folder, shapeBodies, options);
    // dplint's start-up with a config file and one file to lint, in the same rounds: taken out of each shape's run.
    const start = writeStartUp(folder);
    const lint = (dir) => [process.execPath, dplint, dir, '--config', join(dir, 'dplint.config.yaml'), '--format', 'json'];
    const commands = Object.fromEntries(SHAPES.map((shape) => [shape, lint(shapes[shape].folder)]));
    commands['start-up (one small file)'] = lint(start);
    const { walls } = compare(`shapes "as teams write it", ${name}: ${shapeBodies} bodies each, JSON output, per body`, commands, { ratios: false, rounds: Math.max(runs, SHAPE_ROUNDS) });
    const startUp = walls['start-up (one small file)'];
    // Per body, round by round: (the shape's run less the start-up of the same round) ÷ bodies.
    const perBody = Object.fromEntries(SHAPES.map((shape) => [shape, walls[shape].map((wall, i) => Math.max(wall - startUp[i], 1e-6) / shapes[shape].bodies)]));
    const fastest = SHAPES.reduce((best, shape) => (median(perBody[shape]) < median(perBody[best]) ? shape : best));
    const lines = [`| shape, ${name} (${shapeBodies.toLocaleString('en')} bodies) | files | run | per body, start-up out | ÷ fastest (${fastest}) | target |`, '|---|---:|---:|---:|---:|---|'];
    for (const shape of SHAPES) {
      const r = ratio(perBody[shape], perBody[fastest]);
      lines.push(`| ${shape} | ${shapes[shape].files.toLocaleString('en')} | ${fmt(median(walls[shape]), 3)} s | ${fmt(median(perBody[shape]) * 1e6, 0)} µs | ${fmt(r)}× | ${verdict(r, 1.3)} |`);
      console.log(`  ${shape.padEnd(32)} ${fmt(median(perBody[shape]) * 1e6, 0)} µs a body, ×${fmt(r)} the fastest (${fastest})`);
    }
    const json = ratio(perBody.JSON, perBody['config-mapped YAML']);
    const modeline = ratio(perBody['modeline YAML'], perBody['config-mapped YAML']);
    lines.push(`| JSON ÷ config-mapped YAML | | | | ${fmt(json)}× | ${verdict(json, 1.3)} |`);
    lines.push(`| modeline YAML ÷ config-mapped YAML | | | | ${fmt(modeline)}× | ${verdict(modeline, 1.15)} |`);
    lines.push(`| (start-up taken out: one small file) | 1 | ${fmt(median(startUp), 3)} s | | | |`);
    console.log(`  JSON ÷ config-mapped YAML ×${fmt(json)}; modeline ÷ config-mapped ×${fmt(modeline)}`);
    tables.push([`Shapes "as teams write it", ${name}`, lines]);
    const worst = Math.max(...SHAPES.map((shape) => ratio(perBody[shape], perBody[fastest])));
    summary.push([`shapes, ${name}: the slowest shape per body`, '', `the fastest (${fastest})`, `**${fmt(worst)}×**`, verdict(worst, 1.3)]);
    summary.push([`shapes, ${name}: JSON per body`, '', 'config-mapped YAML', `**${fmt(json)}×**`, verdict(json, 1.3)]);
    summary.push([`shapes, ${name}: modeline YAML per body`, '', 'config-mapped YAML', `**${fmt(modeline)}×**`, verdict(modeline, 1.15)]);
    rmSync(folder, { recursive: true, force: true });
  }
}

// Growth: one large file against the corpus, per byte. A config file raises maxFileSize for them.
if (!args.includes('--quick') && section('growth')) {
  const big = join(work, 'large');
  mkdirSync(big);
  writeFileSync(join(big, 'dplint.config.yaml'), 'files:\n  - match: ["bootstrap.yaml"]\n    operation: set-bootstrap\n  - match: ["clusters.yaml"]\n    operation: edit-cluster\nlimits:\n  maxFileSize: 40000000\n');
  const script = Array.from({ length: 450_000 }, (_, i) => `  set hive.exec.parallel.thread.number=${i};`).join('\n');
  writeFileSync(join(big, 'bootstrap.yaml'), `is_user_bootstrap: true\nscript: |\n${script}\n`);
  // The corpus's first 7,000 cluster bodies as one stream of documents.
  writeFileSync(join(big, 'clusters.yaml'), readdirSync(corpus).sort().slice(0, 7000).map((name) => readFileSync(join(corpus, name), 'utf8')).join('---\n'));
  // Taken in turn with the corpus, round by round, like every other comparison here: a drifting
  // machine slows both alike. (The config file is found from each file's folder.)
  const sizes = { 'bootstrap.yaml': statSync(join(big, 'bootstrap.yaml')).size / 1024 / 1024, 'clusters.yaml': statSync(join(big, 'clusters.yaml')).size / 1024 / 1024 };
  const result = compare(`growth: one large file against the ${files} files, per MiB`, {
    [`the ${files} files`]: gate,
    ...Object.fromEntries(Object.keys(sizes).map((name) => [name, [process.execPath, dplint, join(big, name), '--format', 'json']])),
  }, { ratios: false });
  const corpusMiB = bytes / 1024 / 1024;
  for (const [name, mib] of Object.entries(sizes)) {
    // This file's time per MiB over the corpus's, round by round.
    const r = median(result.walls[name].map((wall, i) => wall / mib / (result.walls[`the ${files} files`][i] / corpusMiB)));
    console.log(`  ${name.padEnd(32)} ${fmt(mib, 1)} MiB: ${fmt((median(result.walls[name]) / mib) * 1000, 0)} ms per MiB, ×${fmt(r)} the corpus's per MiB`);
    summary.push([`growth: one ${fmt(mib, 0)} MiB file (${name === 'bootstrap.yaml' ? 'a bootstrap script' : 'a stream of 7,000 cluster bodies'})`, figure(result, name), 'the clean corpus, per MiB, same rounds', `**${fmt(r)}×** per MiB`, `≤ 1× ${r <= 1 ? '✔' : '✘'}`]);
  }
}

// 100,000 findings-heavy files: peak memory in every format that holds results, and the cache.
if (gnuTime && section('large')) {
  const more = join(work, 'more');
  writeCorpus(more, largeFiles, 2, { findings: true });
  const cacheFile = join(work, 'large-cache');
  const lint = (...rest) => [process.execPath, dplint, more, '--operation', 'edit-cluster', '--no-config', ...rest];
  // json last, next to the two --cache runs: the rerun's ratio is to a run of the same minutes.
  const formats = ['stylish', 'sarif', 'github', 'junit', 'json'];
  const commands = Object.fromEntries(formats.map((format) => [format, lint('--format', format)]));
  const lines = [`| ${largeFiles.toLocaleString('en')} findings-heavy files | run | peak (max RSS) | target |`, '|---|---:|---:|---|'];
  const walls = Object.fromEntries([...formats, 'json --cache (first run, fills it)', 'json --cache (rerun, unchanged)'].map((name) => [name, []]));
  const peaks = Object.fromEntries(Object.keys(walls).map((name) => [name, []]));
  // No warm-up: a 100,000-file run is its own. Each round: every format, then the cache filled and reused.
  for (let round = 0; round < largeRuns; round++) {
    for (const [name, command] of Object.entries(commands)) {
      const { wall, peak } = once(command);
      walls[name].push(wall);
      peaks[name].push(peak);
      console.log(`  ${largeFiles} files, ${name}: ${fmt(wall, 1)} s, peak ${fmt(MB(peak), 0)} MB`);
    }
    rmSync(cacheFile, { force: true });
    for (const name of ['json --cache (first run, fills it)', 'json --cache (rerun, unchanged)']) {
      const { wall, peak } = once(lint('--format', 'json', '--cache', '--cache-location', cacheFile));
      walls[name].push(wall);
      peaks[name].push(peak);
      console.log(`  ${largeFiles} files, ${name}: ${fmt(wall, 1)} s, peak ${fmt(MB(peak), 0)} MB`);
    }
  }
  for (const name of Object.keys(walls)) {
    const peak = MB(median(peaks[name]));
    lines.push(`| ${name} | ${fmt(median(walls[name]), 1)} s | ${fmt(peak, 0)} MB | ≤ 250 MB ${peak <= 250 ? '✔' : '✘'} |`);
  }
  const rerun = ratio(walls['json --cache (rerun, unchanged)'], walls.json);
  const refill = ratio(walls['json --cache (rerun, unchanged)'], walls['json --cache (first run, fills it)']);
  const cacheBytes = existsSync(cacheFile) ? statSync(cacheFile).size : 0;
  lines.push(`| \`--cache\` rerun ÷ the json run without the cache | | **${fmt(rerun)}×** (cache file ${fmt(cacheBytes / 1e6, 0)} MB) | ≤ 0.25× ${rerun <= 0.25 ? '✔' : '✘'} |`);
  lines.push(`| \`--cache\` rerun ÷ the first \`--cache\` run, which fills it | | ${fmt(refill)}× | |`);
  tables.push([`Memory and the cache at ${largeFiles.toLocaleString('en')} findings-heavy files (${largeRuns} round${largeRuns === 1 ? '' : 's'}; MB = 10^6 bytes)`, lines]);
  const worst = Math.max(...formats.map((name) => MB(median(peaks[name]))), MB(median(peaks['json --cache (first run, fills it)'])), MB(median(peaks['json --cache (rerun, unchanged)'])));
  summary.push([`peak memory, ${largeFiles.toLocaleString('en')} findings-heavy files, the largest of json, stylish, sarif, github, junit, json --cache`, `${fmt(worst, 0)} MB`, '', '', `≤ 250 MB ${worst <= 250 ? '✔' : '✘'}`]);
  summary.push([`second run with \`--cache\`, ${largeFiles.toLocaleString('en')} findings-heavy files`, `${fmt(median(walls['json --cache (rerun, unchanged)']), 1)} s`, `the json run without the cache: ${fmt(median(walls.json), 1)} s`, `**${fmt(rerun)}×**`, verdict(rerun, 0.25)]);
  rmSync(more, { recursive: true, force: true });
}

if (section('lsp')) {
  console.log('');
  const lsp = spawnSync(process.execPath, [join(root, 'bench', 'lsp.mjs'), '--files', String(files)], { stdio: 'inherit' });
  if (lsp.status !== 0) throw new Error(`bench/lsp.mjs exited ${lsp.status}`);
}
closeSync(devNull);

// The tables of BENCHMARKS.md, ready to paste.
const rounds = [`${runs} rounds taken in turn`, section('precommit') && `the pre-commit comparison ${Math.max(runs, SHORT_RUN_ROUNDS)}`, section('shapes') && `the shapes ${Math.max(runs, SHAPE_ROUNDS)}`];
console.log(`\n## Tables (markdown, ${rounds.filter(Boolean).join(', ')}; ratios are medians of per-round ratios)\n`);
console.log(`Machine: ${machine}; load average at the end ${fmt(loadavg()[0], 1)}.\n`);
if (summary.length) {
  console.log('| measure | dplint | against | ratio | target |');
  console.log('|---|---|---|---|---|');
  for (const row of summary) console.log(`| ${row.join(' | ')} |`);
}
for (const [title, lines] of tables) console.log(`\n**${title}**\n\n${lines.join('\n')}`);
rmSync(work, { recursive: true, force: true });
