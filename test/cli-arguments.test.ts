import { describe, expect, test } from 'vitest';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

const UNUSED = '# dplint: operation=set-cluster-state\n# dplint-disable-next-line schema/enum -- start is fine\nstate: start\n';
const reported = (stdout: string) =>
  (JSON.parse(stdout).results as Array<{ file: string; findings: Array<{ ruleId: string; severity: string; line: number }> }>).flatMap((r) =>
    r.findings.map((f) => `${r.file}:${f.line} ${f.ruleId} ${f.severity}`),
  );

describe('--report-unused-disable-directives takes a level only when it is one', () => {
  test('a path after the flag stays a path, and the level is the default warning', async () => {
    const dir = repo({ 'a.yaml': UNUSED, 'b.yaml': UNUSED });
    const run = await runCli(['--report-unused-disable-directives', 'a.yaml', '-f', 'json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(reported(run.stdout)).toEqual(['a.yaml:2 directive/unused warning']);
  });

  test('a level after the flag, or in the --opt=level form, is the level', async () => {
    const dir = repo({ 'a.yaml': UNUSED });
    const spaced = await runCli(['--report-unused-disable-directives', 'error', 'a.yaml', '-f', 'json'], { cwd: dir });
    expect([spaced.code, reported(spaced.stdout)]).toEqual([1, ['a.yaml:2 directive/unused error']]);
    const joined = await runCli(['a.yaml', '--report-unused-disable-directives=info', '-f', 'json'], { cwd: dir });
    expect([joined.code, reported(joined.stdout)]).toEqual([0, ['a.yaml:2 directive/unused info']]);
  });

  test('a word that is no level in the --opt=level form is a usage error naming the levels', async () => {
    const dir = repo({ 'a.yaml': UNUSED });
    const run = await runCli(['a.yaml', '--report-unused-disable-directives=loud'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('dplint: --report-unused-disable-directives takes error, warning, info or off; got "loud"\n');
  });
});

describe('--shard', () => {
  test('shards differ in size by at most one file: 4 files in 3 shards are 1, 1 and 2', async () => {
    const config = 'files:\n  - match: ["*.yaml"]\n    operation: edit-cluster\n';
    const dir = repo({ 'dplint.config.yaml': config, 'a.yaml': 'label: [a]\n', 'b.yaml': 'label: [b]\n', 'c.yaml': 'label: [c]\n', 'd.yaml': 'label: [d]\n' });
    const files = async (shard: string) =>
      (JSON.parse((await runCli(['.', '--shard', shard, '-f', 'json'], { cwd: dir })).stdout).results as Array<{ file: string }>).map((r) => r.file);
    expect([await files('1/3'), await files('2/3'), await files('3/3')]).toEqual([['a.yaml'], ['b.yaml'], ['c.yaml', 'd.yaml']]);
  });
});
