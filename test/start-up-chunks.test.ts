// What a pre-commit run of dplint loads (issue 31: one file in <= 1.5x `node -e 0`). What a lint
// never needs is in files of their own beside the program (dist/chunks), required the first time
// it is used: a run reads, decodes and hashes only the program it runs. What a repository's own
// config and files use stays in the program, where V8's code cache holds it compiled. Times are
// never asserted (BENCHMARKS.md has them); what is loaded is.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CREDENTIAL_KEYS } from '../src/schema/secrets.js';

const ROOT = join(import.meta.dirname, '..');
const CHUNKS = ['rule-docs.cjs', 'saxes.cjs'];
/** A string each chunk holds (a rule's docs, a package's own code), to tell whether the program holds it too. */
const MARKS: Record<string, string> = {
  // A rule's rationale (rules/account/compute-settings-together.ts, docs).
  'rule-docs.cjs': 'is updating the compute settings, so the other two must come with it',
  'saxes.cjs': 'xmlDecl',
};

let work: string;
let hook: string;

beforeAll(() => {
  expect(existsSync(join(ROOT, 'dist', 'dplint.cjs')), 'run `npm run build` first').toBe(true);
  work = mkdtempSync(join(tmpdir(), 'dplint-startup-'));
  // Preloaded with -r: records every module the run requires that is no builtin.
  hook = join(work, 'hook.cjs');
  writeFileSync(
    hook,
    `const Module = require('node:module');
const builtins = new Set(${JSON.stringify(builtinModules)});
const seen = [];
const original = Module.prototype.require;
Module.prototype.require = function (id) {
  if (!id.startsWith('node:') && !builtins.has(id) && !seen.includes(id)) seen.push(id);
  return original.apply(this, arguments);
};
process.on('exit', () => require('node:fs').writeFileSync(process.env.DPLINT_REQUIRED, JSON.stringify(seen)));
`,
  );
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The non-builtin modules `node dist/dplint.cjs ...args` requires, with its exit code. */
function required(args: string[], cwd: string): { status: number | null; required: string[] } {
  const out = join(work, 'required.json');
  rmSync(out, { force: true });
  const run = spawnSync(process.execPath, ['-r', hook, join(ROOT, 'dist', 'dplint.cjs'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, DPLINT_REQUIRED: out } });
  expect(run.stderr).toBe('');
  // Sorted: the walk and the config are read side by side, so the order of first uses varies.
  return { status: run.status, required: (JSON.parse(readFileSync(out, 'utf8')) as string[]).sort() };
}

test("the program holds neither the rules' docs and cases nor saxes (fair-scheduler XML only): each is a file of its own in dist/chunks", () => {
  // Beside them, the sample the program lints before it makes V8's code cache (test/code-cache.test.ts).
  expect(readdirSync(join(ROOT, 'dist', 'chunks')).sort()).toEqual(['code-cache-sample.yaml', ...CHUNKS]);
  const program = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8');
  for (const chunk of CHUNKS) {
    expect({ chunk, inProgram: program.includes(MARKS[chunk]) }).toEqual({ chunk, inProgram: false });
    expect({ chunk, inChunk: readFileSync(join(ROOT, 'dist', 'chunks', chunk), 'utf8').includes(MARKS[chunk]) }).toEqual({ chunk, inChunk: true });
  }
});

test('a pre-commit lint of one cluster file requires no chunk and nothing else beside the program', () => {
  const file = join(ROOT, 'fixtures', 'config-repo', 'clusters', 'etl-hadoop2.yaml');
  expect(required(['--operation', 'edit-cluster', '--no-config', file], ROOT)).toEqual({ status: 0, required: [] });
});

test('the sample repository (globs, policies, a .gitignore, allow-list addresses) requires nothing beside the program: what it uses is compiled in the code cache', () => {
  const repo = join(work, 'config-repo');
  cpSync(join(ROOT, 'fixtures', 'config-repo'), repo, { recursive: true });
  writeFileSync(join(repo, '.gitignore'), 'legacy/\n');
  expect(required(['.', '-f', 'compact'], repo)).toEqual({ status: 1, required: [] });
});

test('a fair-scheduler XML body requires the saxes chunk; SARIF output, the rules\' docs', () => {
  const file = join(work, 'fair.yaml');
  writeFileSync(file, 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: "<allocations><pool name=\\"etl\\"></pool>"\n');
  expect(required(['--operation', 'edit-cluster', '--no-config', '-f', 'compact', file], work)).toEqual({ status: 1, required: ['./chunks/saxes.cjs'] });
  const clean = join(ROOT, 'fixtures', 'config-repo', 'clusters', 'etl-hadoop2.yaml');
  expect(required(['--operation', 'edit-cluster', '--no-config', '-f', 'sarif', clean], ROOT)).toEqual({ status: 0, required: ['./chunks/rule-docs.cjs'] });
});

test("the schemas' credential names are found when the program is built, not by walking every schema at each start", () => {
  const program = readFileSync(join(ROOT, 'dist', 'cli.cjs'), 'utf8');
  // The same set, in the same order (did-you-mean reads it in order), as the module makes it.
  expect(program).toContain(`new Set(${JSON.stringify([...CREDENTIAL_KEYS])})`);
  expect(readFileSync(join(ROOT, 'dist', 'worker.cjs'), 'utf8')).toContain(`new Set(${JSON.stringify([...CREDENTIAL_KEYS])})`);
});

test("the rules' docs and cases are read from their chunk by `dplint explain`: the same text as the rule file's", () => {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'dplint.cjs'), 'explain', 'account/compute-settings-together'], { cwd: work, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout.split('\n').slice(0, 3)).toEqual(['account/compute-settings-together  (default: error; applies to edit-account)', '', 'An account edit sets some of compute_type, compute_access_key and compute_secret_key but not all three.']);
});
