import { describe, expect, test } from 'vitest';
import { lintText } from '../src/engine/lint.js';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

/** What a new user met in the first hour (issue "Right answers, and out of the user's way"). */
describe('a JSON file is spoken of in JSON\'s words', () => {
  test('a number where a string is required is a type error that says how JSON writes a string, with the fix', () => {
    const text = '{"node_configuration": {"custom_vm_tags": {"replicas": 3}}}\n';
    const [finding] = lintText(text, { filename: 'c.json', operation: 'edit-cluster' }).findings;
    expect(finding).toEqual({
      ruleId: 'schema/type',
      severity: 'error',
      message: 'node_configuration.custom_vm_tags.replicas must be a string; got integer 3; a JSON string is written in double quotes: "3"',
      path: '/node_configuration/custom_vm_tags/replicas',
      line: 1,
      column: 56,
      endLine: 1,
      endColumn: 57,
      fix: { range: [55, 56], text: '"3"' },
    });
  });

  test('the same value in YAML is the unquoted-string pitfall', () => {
    const [finding] = lintText('node_configuration:\n  custom_vm_tags:\n    replicas: 3\n', { filename: 'c.yaml', operation: 'edit-cluster' }).findings;
    expect(finding.ruleId).toBe('yaml/unquoted-string');
  });
});

describe('the hook and the gate lint API bodies, not every YAML file', () => {
  const WORKFLOW = 'name: dplint\non: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n';
  test('a walk counts a CI workflow and a package.json as skipped (--verbose names them); named, they are reported; the config file named by a hook is never a body', async () => {
    for (const [preset, level, code] of [['recommended', 'warning', 0], ['strict', 'error', 1]] as const) {
      const dir = repo({
        'dplint.config.yaml': `extends: ${preset}\nfiles:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n`,
        '.github/workflows/dplint.yml': WORKFLOW,
        'package.json': '{"name": "configs", "private": true}\n',
        'clusters/etl.yaml': 'label: [etl]\n',
      });
      const named = await runCli(['dplint.config.yaml', '.github/workflows/dplint.yml', 'package.json', 'clusters/etl.yaml', '-f', 'json'], { cwd: dir });
      const files = (run: { stdout: string }) => JSON.parse(run.stdout).results.map((r: { file: string; findings: Array<{ ruleId: string; severity: string }> }) => [r.file, r.findings.map((f) => `${f.severity} ${f.ruleId}`)]);
      expect([named.code, named.stderr, files(named)]).toEqual([
        code,
        '',
        [['.github/workflows/dplint.yml', [`${level} operation/unresolved`]], ['package.json', [`${level} operation/unresolved`]], ['clusters/etl.yaml', []]],
      ]);
      const walked = await runCli(['.', '--verbose', '-f', 'json'], { cwd: dir });
      if (preset === 'strict') {
        // A gate under strict lists its other YAML under `ignore`.
        expect([walked.code, files(walked)]).toEqual([1, [['.github/workflows/dplint.yml', ['error operation/unresolved']], ['clusters/etl.yaml', []], ['package.json', ['error operation/unresolved']]]]);
        continue;
      }
      expect(walked.code).toBe(0);
      expect(JSON.parse(walked.stdout).summary).toEqual({ files: 1, errors: 0, warnings: 0, infos: 0, fixable: 0, skipped: 2 });
      expect(walked.stderr.split('\n').filter((line) => line.includes('no API body'))).toEqual([
        'dplint: skipped ".github/workflows/dplint.yml": no API body (nothing declares an operation for it, and its shape matches none)',
        'dplint: skipped "package.json": no API body (nothing declares an operation for it, and its shape matches none)',
        'dplint: 2 files skipped: no API body; --verbose lists them',
      ]);
    }
  });

  test('a config can still require every file to resolve', async () => {
    const dir = repo({ 'dplint.config.yaml': 'rules:\n  operation/unresolved: error\n', 'ci.yml': WORKFLOW });
    const run = await runCli(['.', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).results.map((r: { file: string; findings: Array<{ ruleId: string }> }) => [r.file, r.findings.map((f) => f.ruleId)])).toEqual([['ci.yml', ['operation/unresolved']]]);
  });
});

describe('the config file is spoken of as a config file', () => {
  test('an unknown member of the config is no "member of the body" the spec lists', async () => {
    const dir = repo({ 'dplint.config.yaml': 'extends: recommended\nrulez: {}\n', 'a.yaml': 'label: [a]\n' });
    expect(await runCli(['.'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: dplint.config.yaml:2:1: unknown member "rulez" at the top of the config file: the config file takes no such member; did you mean "rules"?\n',
    });
  });

  test('explain shows a policy of the config file', async () => {
    const config = 'policies:\n  - id: max-nodes-50\n    message: no cluster autoscales beyond 50 nodes\n    operations: [edit-cluster]\n    schema:\n      properties:\n        node_configuration:\n          properties:\n            max_nodes: { maximum: 50 }\n';
    const dir = repo({ 'dplint.config.yaml': config });
    const run = await runCli(['explain', 'policy/max-nodes-50'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "policy/max-nodes-50  (a policy of the project's config file; error; applies to edit-cluster)",
        '',
        'no cluster autoscales beyond 50 nodes',
        '',
        'The schema a body must meet',
        '  {',
        '    "properties": {',
        '      "node_configuration": {',
        '        "properties": {',
        '          "max_nodes": {',
        '            "maximum": 50',
        '          }',
        '        }',
        '      }',
        '    }',
        '  }',
        '',
        'Silence it',
        '  on one line:      # dplint-disable-next-line policy/max-nodes-50 -- why this is fine here',
        '  in a config file: rules: { policy/max-nodes-50: off }   (or under overrides, for some paths only)',
        '',
      ].join('\n'),
    );
    expect(await runCli(['explain', 'policy/max-nodes-5'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: no rule "policy/max-nodes-5"; did you mean "policy/max-nodes-50"? (`dplint rules` lists them)\n' });
  });
});
