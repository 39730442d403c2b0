#!/usr/bin/env node
// What the two limits of issue 31 that dplint misses are made of (`npm run bench:floor`; needs git;
// not part of `npm test`): the CI gate over both corpora of bench/run.mjs, each file's lint stopped
// after one stage, against ajv-cli, the commands taken in turn (A B C …, the median of the per-round
// ratios). The stops are a measurement build, never a mode of dplint: HEAD checked out in a
// temporary folder with bench/floor.patch applied and built there, where DPLINT_FLOOR says how far
// a file's lint goes:
//
//   found    every finding found (the schema, the rules, policies, the checks across files) and
//            written, none placed: each at line 1, column 1, with no fix
//   placed   + each finding placed in the text (line, column, the range's end)
//   masked   + every credential of the file masked out of the messages
//   (unset)  + the fixes and suggestions made text edits and read back: the whole lint, its output
//            byte for byte that of dist/dplint.cjs (checked first: build HEAD, uncommitted changes
//            would make the two differ)
//
// and, on the clean corpus, the whole lint with every rule off but the schema's: ajv-cli's own job.
//
//   node bench/floor.mjs [--files 10000] [--runs 7]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { inTurn, median, ratio } from './in-turn.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const files = option('--files', 10000);
const runs = option('--runs', 7);
const ajv = join(root, 'node_modules', '.bin', 'ajv');
// The measurement build's output is checked against this checkout's build.
if (!existsSync(join(root, 'dist', 'dplint.cjs'))) throw new Error('run `npm run build` first');

const work = mkdtempSync(join(tmpdir(), 'dplint-floor-'));
const build = join(work, 'build');
try {
  execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', '--quiet', build, 'HEAD'], { stdio: 'inherit' });
  const applied = spawnSync('git', ['-C', build, 'apply', join(root, 'bench', 'floor.patch')], { encoding: 'utf8' });
  if (applied.status !== 0) {
    console.error(`bench/floor.patch no longer applies to HEAD (make it again from src/engine/lint.ts): ${applied.stderr.trim()}`);
    process.exitCode = 2;
  } else {
    symlinkSync(join(root, 'node_modules'), join(build, 'node_modules'));
    console.error('building the measurement build (npm run build, 1–3 min)…');
    execFileSync('npm', ['run', 'build'], { cwd: build, stdio: ['ignore', 'ignore', 'inherit'] });
    measure(join(build, 'dist', 'dplint.cjs'));
  }
} finally {
  spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', build]);
  rmSync(work, { recursive: true, force: true });
}

function measure(dplint) {
  const clean = join(work, 'clean');
  const findings = join(work, 'findings');
  writeCorpus(clean, files, 1);
  writeCorpus(findings, files, 1, { findings: true });
  const schema = join(work, 'edit-cluster.schema.json');
  writeFileSync(schema, execFileSync(process.execPath, [dplint, 'schema', 'edit-cluster']));
  // Every rule off but the schema's, by id, from `dplint rules` (its first column).
  const schemaOnly = join(work, 'schema-only.yaml');
  const ids = execFileSync(process.execPath, [dplint, 'rules'], { encoding: 'utf8' }).split('\n').map((line) => line.split(/\s+/)[0]).filter((id) => id.includes('/') && !id.startsWith('schema/'));
  writeFileSync(schemaOnly, `rules:\n${ids.map((id) => `  "${id}": off\n`).join('')}`);

  const gate = (corpus, floor, ...extra) => ({ command: [process.execPath, dplint, corpus, '--operation', 'edit-cluster', '--format', 'json', ...(extra.length ? extra : ['--no-config'])], floor });
  const stages = (corpus) => ({
    'found (none placed, no fix)': gate(corpus, 'found'),
    '+ placed': gate(corpus, 'placed'),
    '+ messages masked': gate(corpus, 'masked'),
    '+ fixes made and read back: dplint': gate(corpus, undefined),
  });
  const devNull = openSync('/dev/null', 'w');
  const run = ({ command, floor }) => {
    const env = { ...process.env };
    if (floor) env.DPLINT_FLOOR = floor;
    else delete env.DPLINT_FLOOR;
    const start = process.hrtime.bigint();
    const done = spawnSync(command[0], command.slice(1), { env, stdio: ['ignore', devNull, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 });
    if (done.status !== 0 && done.status !== 1) throw new Error(`${command.join(' ')} exited ${done.status}: ${done.stderr.slice(0, 500)}`);
    return Number(process.hrtime.bigint() - start) / 1e9;
  };

  // The measurement build unstopped is dplint: the same output as the build of this checkout.
  // (Exit 1: the corpus has errors.)
  const output = (bundle) => spawnSync(process.execPath, [bundle, findings, '--operation', 'edit-cluster', '--no-config', '--format', 'json'], { maxBuffer: 1 << 30, encoding: 'utf8', env: { ...process.env, DPLINT_FLOOR: '' } }).stdout;
  if (output(dplint) !== output(join(root, 'dist', 'dplint.cjs'))) {
    // A build of uncommitted changes (dist/ is the work tree's, the measurement build HEAD's), or a patch that changes more than where a lint stops.
    console.error('bench/floor.mjs: the measurement build, not stopped, does not write what dist/dplint.cjs writes: commit and build, or make bench/floor.patch again');
    process.exitCode = 2;
    return;
  }
  console.log(`\nbench/floor.mjs: ${files.toLocaleString('en')} files a corpus, ${runs} rounds, load ${loadavg()[0].toFixed(1)}; the measurement build, not stopped, writes what dist/dplint.cjs writes\n`);
  console.log('| the gate, each file stopped after | clean corpus ÷ ajv-cli | findings-heavy corpus ÷ ajv-cli |');
  console.log('|---|---:|---:|');
  const rows = new Map();
  for (const [name, corpus] of [['clean', clean], ['findings-heavy', findings]]) {
    const commands = { ...stages(corpus), ...(name === 'clean' ? { 'dplint, the schema alone (every other rule off)': gate(corpus, undefined, '--config', schemaOnly) } : {}), 'ajv-cli': { command: [ajv, 'validate', '-s', schema, '-d', `${corpus}/*.yaml`, '--all-errors', '--strict=false'] } };
    const walls = inTurn(commands, runs, run);
    for (const key of Object.keys(commands)) rows.set(key, { ...rows.get(key), [name]: `${ratio(walls[key], walls['ajv-cli']).toFixed(2)}× (${median(walls[key]).toFixed(2)} s)` });
  }
  for (const [key, row] of rows) console.log(`| ${key} | ${row.clean ?? ''} | ${row['findings-heavy'] ?? ''} |`);
}
