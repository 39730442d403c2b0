#!/usr/bin/env node
// The pre-commit hook with the repository in view (issue 32.4; not part of `npm test`, which never
// times anything): a commit of one changed file in a git repository of 2,000 cluster files.
//
//   one file, today      `dplint clusters/cluster-000001.yaml` (the hook before --repository-context)
//   repository context   `dplint --repository-context --cache clusters/cluster-000001.yaml`, the cache
//                        warm: the other 1,999 files' results and facts come from the cache
//
// Before every run the file gets a new value (a commit changes it), so the hook's cache misses it
// as a real commit's would. Runs are taken in turn; medians and the per-round ratio.
//
//   node bench/hook-context.mjs [--files 2000] [--runs 9]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';
import { inTurn, median, ratio } from './in-turn.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const files = option('--files', 2000);
const runs = option('--runs', 9);
const dplint = join(root, 'dist', 'dplint.cjs');
if (!existsSync(dplint)) throw new Error('run `npm run build` first');

const repo = mkdtempSync(join(tmpdir(), 'dplint-hook-bench-'));
writeCorpus(join(repo, 'clusters'), files, 1);
writeFileSync(join(repo, 'dplint.config.yaml'), 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n');
const git = (...rest) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', '-c', 'commit.gpgsign=false', ...rest], { cwd: repo });
git('init', '-q');
writeFileSync(join(repo, '.gitignore'), '.xdg-cache/\n');
git('add', '-A');
git('commit', '-q', '-m', 'corpus');

const file = 'clusters/cluster-000001.yaml';
const original = readFileSync(join(repo, file), 'utf8');
let edits = 0;
/** A new value in the staged file, as a commit brings. */
function edit() {
  edits++;
  writeFileSync(join(repo, file), `${original}# edit ${edits}\n`);
  git('add', file);
}

const commands = {
  'one file, today': [dplint, file],
  'repository context, cache warm': [dplint, '--repository-context', '--cache', file],
};
// A user cache folder of its own (the lint cache's key, V8's code cache of the program): the code
// cache is written by the first run, with the functions that run compiled; the hook's run goes first.
const env = { ...process.env, XDG_CACHE_HOME: join(repo, '.xdg-cache') };
function once(command) {
  edit();
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, command, { cwd: repo, encoding: 'utf8', env });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command.join(' ')} exited ${run.status}: ${run.stderr.slice(0, 500)}`);
  return wall;
}
// Warm-up: the first --cache run fills the cache (in .git/dplintcache) and V8's code cache.
for (const command of Object.values(commands).reverse()) once(command);
const walls = inTurn(commands, runs, once, { warm: false });
const [first, second] = Object.keys(commands);
console.log(`pre-commit hook, one changed file in a git repository of ${files} cluster files; ${runs} rounds`);
for (const name of Object.keys(commands)) console.log(`  ${name.padEnd(32)} ${median(walls[name]).toFixed(3)} s`);
console.log(`  ratio (repository context ÷ one file, per round, median): ×${ratio(walls[second], walls[first]).toFixed(2)}`);
