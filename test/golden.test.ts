// Golden files (fixtures/cases/README.md): the built command's whole output for each scenario,
// compared byte for byte with the .out beside it; `npm run bless` rewrites them after a change
// of output, and the diff is reviewed in git. Everything under fixtures/ok must produce nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CASES, ROOT, goldenCases, runGolden } from '../scripts/bless.mjs';
import { OPERATION_IDS } from '../src/operations.js';

const cases = goldenCases();

/** Error findings in an output: compact lines (after a fix case's diff), or stylish's summary line. */
function errorCount(name: string, stdout: string): number {
  if (name === 'config-repo') return Number(/\((\d+) errors?,/.exec(stdout)?.[1] ?? 0);
  return stdout.split('\n').filter((line) => line.startsWith(`${CASES}/`) && /^[^ ]+:\d+:\d+: error /.test(line)).length;
}
const scenarios = cases.filter((c) => c.name !== 'config-repo');

test('the built command is there to run (`npm run build`; `npm test` builds first)', () => {
  expect(existsSync(join(ROOT, 'dist', 'dplint.cjs'))).toBe(true);
});

describe.concurrent('each golden case prints exactly its .out file', () => {
  test.each(cases.map((c) => [c.name, c] as const))('%s', async (name, golden) => {
    const expected = readFileSync(join(ROOT, golden.out), 'utf8');
    const { code, stdout, stderr } = await runGolden(golden.args);
    expect(stderr, `${name}: nothing on standard error`).toBe('');
    expect(stdout, `${name}: output differs from ${golden.out} (re-bless with \`npm run bless\` if the change is meant, and review the diff)`).toBe(expected);
    // The exit code follows the findings: 1 when one of them is an error.
    expect(code, `${name}: exit code`).toBe(errorCount(name, stdout) > 0 ? 1 : 0);
  });
});

test('every scenario has its .out, and no .out is left without a scenario', () => {
  const files = readdirSync(join(ROOT, CASES));
  const outs = files.filter((name) => name.endsWith('.out')).map((name) => `${CASES}/${name}`).sort();
  expect(outs).toEqual(scenarios.map((c) => c.out).sort());
  expect(existsSync(join(ROOT, 'fixtures', 'config-repo.out'))).toBe(true);
});

test('the scenarios cover every rule namespace, JSON files, streams, envelopes, directives with reasons and fixes', () => {
  const output = scenarios.map((c) => readFileSync(join(ROOT, c.out), 'utf8')).join('');
  const namespaces = new Set([...output.matchAll(/ \[([a-z]+)\/[a-z0-9-]+\]$/gm)].map((match) => match[1]));
  expect([...namespaces].sort()).toEqual(['account', 'allowlist', 'body', 'bootstrap', 'clone', 'cluster', 'directive', 'operation', 'parse', 'repository', 'schema', 'security', 'yaml']);
  expect(scenarios.length).toBeGreaterThanOrEqual(40);
  expect(scenarios.filter((c) => c.name.endsWith('.json')).length).toBeGreaterThanOrEqual(5);
  expect(output).toMatch(/\(document 2\) \[/);
  expect(output).toMatch(/^\+\+\+ b\/fixtures\/cases\/fix-/m);
  const inputs = scenarios.map((c) => readFileSync(join(ROOT, CASES, c.name), 'utf8')).join('');
  expect(inputs).toMatch(/^method: POST\npath: \/api\/v2\/clusters\//m);
  expect(inputs).toMatch(/# dplint-disable-next-line [a-z/-]+ -- \w/);
});

test('fixtures/ok: at least 20 files, every operation of the table declared by modeline or envelope, and not one finding', async () => {
  const files = readdirSync(join(ROOT, 'fixtures', 'ok'));
  expect(files.length).toBeGreaterThanOrEqual(20);
  // One run over the folder, as a CI gate runs: checks across files see the files together too.
  const { code, stdout, stderr } = await runGolden(['--no-config', '--format', 'json', '--report-unused-disable-directives', 'warning', 'fixtures/ok']);
  expect(stderr).toBe('');
  const report = JSON.parse(stdout) as { results: Array<{ file: string; operation: string; operationSource: string; findings: Array<{ ruleId: string; message: string }> }>; summary: object };
  const noisy = report.results.filter((r) => r.findings.length > 0).map((r) => `${r.file}: ${r.findings.map((f) => `${f.ruleId} ${f.message}`).join('; ')}`);
  expect(noisy).toEqual([]);
  expect(report.summary).toEqual({ files: files.length, errors: 0, warnings: 0, infos: 0, fixable: 0 });
  expect(code).toBe(0);
  const undeclared = report.results.filter((r) => r.operationSource !== 'modeline' && r.operationSource !== 'envelope').map((r) => r.file);
  expect(undeclared).toEqual([]);
  // Every operation of the table (src/operations.ts) has a clean body here: a new operation needs one.
  const covered = new Set(report.results.map((r) => r.operation));
  expect(OPERATION_IDS.filter((id) => !covered.has(id)), 'operations with no file in fixtures/ok').toEqual([]);
  expect([...covered].filter((id) => !(OPERATION_IDS as readonly string[]).includes(id))).toEqual([]);
});
