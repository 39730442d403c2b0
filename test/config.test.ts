import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseConfig } from '../src/config/config.js';
import { layered, withRecommended } from '../src/config/presets.js';
import { lintText } from '../src/engine/lint.js';
import type { RuleLevel } from '../src/types.js';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

const CONFIG = `extends: recommended
files:
  - match: ["clusters/**/*.yaml"]
    operation: edit-cluster
  - match: ["allow-list/*.json"]
    operation: add-whitelist-ip
ignore: ["legacy/**"]
rules:
  cluster/edit-effect: off
overrides:
  - match: ["clusters/sandbox-*.yaml"]
    rules:
      cluster/idle-timeout-zero: off
policies:
  - id: max-nodes-50
    message: no cluster autoscales beyond 50 nodes
    operations: [edit-cluster]
    schema:
      properties:
        node_configuration:
          properties:
            max_nodes: { maximum: 50 }
`;

async function lint(dir: string, args: string[] = ['.']) {
  const run = await runCli([...args, '-f', 'json'], { cwd: dir });
  return { ...run, output: run.stdout ? JSON.parse(run.stdout) : undefined };
}

const findingsOf = (output: { results: Array<{ file: string; findings: Array<{ ruleId: string; line: number; column: number }> }> }) =>
  output.results.flatMap((r) => r.findings.map((f) => `${r.file}:${f.line}:${f.column} ${f.ruleId}`));

describe('the config file', () => {
  test('files gives each file its operation; ignore skips; rules and overrides set levels; policies report', async () => {
    const dir = repo({
      'dplint.config.yaml': CONFIG,
      'clusters/etl.yaml': 'label: [etl]\nnode_configuration:\n  max_nodes: 80\n',
      'clusters/sandbox-dev.yaml': 'node_configuration:\n  idle_cluster_timeout: 0\n',
      'clusters/prod.yaml': 'node_configuration:\n  idle_cluster_timeout: 0\n',
      'allow-list/office.json': '{"ip_cidr": "81.2.69.160/28"}',
      'legacy/old.yaml': 'a: [',
    });
    const { code, output } = await lint(dir);
    expect(code).toBe(1);
    expect(output.results.map((r: { file: string; operation: string; operationSource: string }) => [r.file, r.operation, r.operationSource])).toEqual([
      ['allow-list/office.json', 'add-whitelist-ip', 'config'],
      ['clusters/etl.yaml', 'edit-cluster', 'config'],
      ['clusters/prod.yaml', 'edit-cluster', 'config'],
      ['clusters/sandbox-dev.yaml', 'edit-cluster', 'config'],
    ]);
    expect(findingsOf(output)).toEqual(['clusters/etl.yaml:3:14 policy/max-nodes-50', 'clusters/prod.yaml:2:25 cluster/idle-timeout-zero']);
    const policy = output.results[1].findings[0];
    expect(policy).toMatchObject({ severity: 'error', path: '/node_configuration/max_nodes', message: 'no cluster autoscales beyond 50 nodes (node_configuration.max_nodes must be at most 50; got 80)' });
  });

  test('a modeline beats the config; the config beats inference', async () => {
    const dir = repo({
      'dplint.config.yaml': CONFIG,
      'clusters/state.yaml': '# dplint: operation=set-cluster-state\nstate: start\n',
      'other/ip.yaml': 'ip_cidr: 81.2.69.160\n',
    });
    const { output } = await lint(dir);
    expect(output.results.map((r: { operation: string; operationSource: string }) => [r.operation, r.operationSource])).toEqual([
      ['set-cluster-state', 'modeline'],
      ['add-whitelist-ip', 'inferred'],
    ]);
  });

  test('the nearest config applies when a repository is linted from outside it; --no-config ignores it', async () => {
    const dir = repo({ 'repo/dplint.config.yaml': CONFIG, 'repo/clusters/etl.yaml': 'label: [etl]\n' });
    const configured = await lint(dir, ['repo']);
    expect(configured.output.results[0]).toMatchObject({ file: 'repo/clusters/etl.yaml', operationSource: 'config', findings: [] });
    const bare = await lint(dir, ['repo', '--no-config']);
    expect(bare.output.results[0].operationSource).toBe('inferred');
    expect(bare.output.results[0].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['operation/inferred']);
  });

  test('extends: strict turns unknown members and literal secrets into errors', async () => {
    const dir = repo({
      'dplint.config.yaml': 'extends: strict\n',
      'c.yaml': '# dplint: operation=edit-cluster\nnode_configuraton: {}\nvm_settings:\n  compute_secret_key: wJalrXUtnFEMI\n',
    });
    const { output } = await lint(dir);
    expect(output.results[0].findings.map((f: { ruleId: string; severity: string }) => `${f.ruleId} ${f.severity}`)).toEqual([
      'schema/unknown-member error',
      'security/plaintext-secret error',
    ]);
  });

  test.each([
    ['an unknown key', 'extend: strict\n', 'dplint: dplint.config.yaml:1:1: unknown member "extend" at the top of the config file: the config file takes no such member; did you mean "extends"?\n'],
    ['a bad preset', 'extends: lenient\n', 'dplint: dplint.config.yaml:1:10: extends must be one of "recommended", "strict"; got "lenient"\n'],
    ['an unknown rule', 'rules:\n  cluster/max-node-below-initial: off\n', 'dplint: dplint.config.yaml:2:3: unknown rule "cluster/max-node-below-initial"; did you mean "cluster/max-nodes-below-initial"?\n'],
    ['a bad level', 'rules:\n  cluster/edit-effect: silent\n', 'dplint: dplint.config.yaml:2:24: rules.cluster/edit-effect must be one of "off", "info", "warning", "error"; got "silent"\n'],
    [
      'an unknown rule option',
      'rules:\n  cluster/custom-vm-tag-reserved: [error, {reservedKey: [x]}]\n',
      'dplint: dplint.config.yaml:2:44: cluster/custom-vm-tag-reserved has no option "reservedKey"; its options are reservedKeys, reservedPrefixes\n',
    ],
    ['a policy with a remote $ref', 'policies:\n  - id: remote\n    message: m\n    operations: [edit-cluster]\n    schema: {$ref: "https://example.com/s.json"}\n', 'dplint: dplint.config.yaml:5:5: policies[0].schema: $ref "https://example.com/s.json" is not allowed: a policy may refer only inside itself (#/…) or to definitions.schema.json\n'],
    ['a YAML syntax error', 'rules: [\n', 'dplint: dplint.config.yaml:2:1: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]\n'],
  ])('a bad config is exit 2 with the key and line: %s', async (_, config, stderr) => {
    const dir = repo({ 'dplint.config.yaml': config, 'c.yaml': '# dplint: operation=edit-cluster\nlabel: [a]\n' });
    const run = await runCli(['.'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(stderr);
  });

  test('--print-config shows the settings for one file', async () => {
    const dir = repo({ 'dplint.config.yaml': CONFIG });
    const run = await runCli(['--print-config', 'clusters/sandbox-dev.yaml'], { cwd: dir });
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed).toMatchObject({
      file: 'clusters/sandbox-dev.yaml',
      configFile: 'dplint.config.yaml',
      ignored: false,
      extends: 'recommended',
      operation: 'edit-cluster',
      policies: [{ id: 'policy/max-nodes-50', severity: 'error', operations: ['edit-cluster'], message: 'no cluster autoscales beyond 50 nodes' }],
      reportUnusedDisableDirectives: 'off',
      limits: { maxFileSize: 10485760, maxAliasCount: 1000, maxDepth: 200 },
    });
    expect(printed.rules['cluster/edit-effect']).toBe('off');
    expect(printed.rules['cluster/idle-timeout-zero']).toBe('off');
    expect(printed.rules['schema/enum']).toBe('error');
    const legacy = JSON.parse((await runCli(['--print-config', 'legacy/a.yaml'], { cwd: dir })).stdout);
    expect(legacy.ignored).toBe(true);
  });

  test('--print-config resolves the operation as the lint does: modeline, envelope, each document of a stream (32.11)', async () => {
    const dir = repo({
      'dplint.config.yaml': CONFIG,
      'state.yaml': '# dplint: operation=set-cluster-state\nstate: start\n',
      'request.json': '{"method": "PUT", "path": "/api/v2.0/clusters/etl/state", "body": {"state": "start"}}\n',
      'clusters/named.yaml': '# dplint: operation=set-cluster-state\nstate: start\n',
      'stream.yaml': '# dplint: operation=set-cluster-state\nstate: start\n---\n# dplint: operation=add-whitelist-ip\nsource: 10.0.0.0/8\n',
    });
    const printed = async (file: string) => {
      const { operation, operationSource, documents } = JSON.parse((await runCli(['--print-config', file], { cwd: dir })).stdout);
      return { operation, operationSource, documents };
    };
    expect(await printed('state.yaml')).toEqual({ operation: 'set-cluster-state', operationSource: 'modeline', documents: undefined });
    expect(await printed('request.json')).toEqual({ operation: 'set-cluster-state', operationSource: 'envelope', documents: undefined });
    // The modeline wins over the config's `files`, as in the lint.
    expect(await printed('clusters/named.yaml')).toEqual({ operation: 'set-cluster-state', operationSource: 'modeline', documents: undefined });
    // A file not there yet: what the config's `files` gives it.
    expect(await printed('clusters/new.yaml')).toEqual({ operation: 'edit-cluster', operationSource: 'config', documents: undefined });
    expect(await printed('notes.yaml')).toEqual({ operation: null, operationSource: 'none', documents: undefined });
    const lint = JSON.parse((await runCli(['--format', 'json', 'stream.yaml'], { cwd: dir })).stdout).results[0];
    expect(await printed('stream.yaml')).toEqual({ operation: lint.operation, operationSource: lint.operationSource, documents: lint.documents });
    expect(lint.documents).toEqual([
      { document: 0, operation: 'set-cluster-state', operationSource: 'modeline' },
      { document: 1, operation: 'add-whitelist-ip', operationSource: 'modeline' },
    ]);
  });

  test('.gitignore is honoured when walking folders', async () => {
    const dir = repo({ '.gitignore': 'generated/\n', 'generated/x.yaml': 'a: [', 'c.yaml': '# dplint: operation=set-cluster-state\nstate: start\n' });
    const { output } = await lint(dir);
    expect(output.results.map((r: { file: string }) => r.file)).toEqual(['c.yaml']);
  });
});

describe('inline directives', () => {
  const CLUSTER = [
    '# dplint: operation=edit-cluster',
    'node_configuration:',
    '  # dplint-disable-next-line schema/unknown-member -- the API returns it; kept to match the live cluster',
    '  use_stable_spot_nodes: true',
    '  cluster_name: etl  # dplint-disable-line schema/unknown-member',
    '  parent_cluster_id: 7',
    '',
  ].join('\n');

  test('a directive silences exactly the finding it names', async () => {
    const dir = repo({ 'c.yaml': CLUSTER });
    const { output } = await lint(dir);
    expect(findingsOf(output)).toEqual(['c.yaml:6:3 schema/unknown-member']);
  });

  test('--no-inline-config ignores directives', async () => {
    const dir = repo({ 'c.yaml': CLUSTER });
    const { output } = await lint(dir, ['.', '--no-inline-config']);
    expect(findingsOf(output)).toEqual(['c.yaml:4:3 schema/unknown-member', 'c.yaml:5:3 schema/unknown-member', 'c.yaml:6:3 schema/unknown-member']);
  });

  test('an unused directive is reported with --report-unused-disable-directives, and in strict', async () => {
    const text = '# dplint: operation=set-cluster-state\n# dplint-disable-next-line schema/enum -- start is fine\nstate: start\n';
    const dir = repo({ 'c.yaml': text });
    expect(findingsOf((await lint(dir)).output)).toEqual([]);
    const reported = await lint(dir, ['.', '--report-unused-disable-directives']);
    expect(reported.output.results[0].findings).toEqual([
      {
        ruleId: 'directive/unused',
        severity: 'warning',
        message: 'unused dplint-disable-next-line directive: schema/enum reported nothing on line 3; remove the directive',
        path: '',
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 56,
        fix: { range: [38, 94], text: '' },
      },
    ]);
    writeFileSync(join(dir, 'dplint.config.yaml'), 'extends: strict\n');
    expect((await lint(dir)).output.results[0].findings.map((f: { ruleId: string; severity: string }) => `${f.ruleId} ${f.severity}`)).toEqual(['directive/unused error']);
  });

  test('disable / enable ranges, and a misspelt rule id is reported', async () => {
    const text = [
      '# dplint: operation=edit-cluster',
      '# dplint-disable schema/unknown-member',
      'a: 1',
      'b: 2',
      '# dplint-enable schema/unknown-member',
      'c: 3',
      'd: 4  # dplint-disable-line schema/unknown-membr',
      '',
    ].join('\n');
    const dir = repo({ 'c.yaml': text });
    const { output } = await lint(dir);
    expect(findingsOf(output)).toEqual(['c.yaml:6:1 schema/unknown-member', 'c.yaml:7:1 schema/unknown-member', 'c.yaml:7:7 directive/unknown-rule']);
  });
});

describe('YAML as written', () => {
  test('a merge key: the finding points at the line where the merged value was written', async () => {
    const text = [
      '# dplint: operation=edit-cluster',
      'x-defaults: &defaults',
      '  slave_request_type: ondemand',
      '  blk_volume_type: gp3',
      'node_configuration:',
      '  <<: *defaults',
      '  max_nodes: 8',
      '',
    ].join('\n');
    const dir = repo({ 'c.yaml': text });
    const { output } = await lint(dir);
    expect(output.results[0].findings.map((f: { ruleId: string; path: string; line: number; column: number }) => `${f.line}:${f.column} ${f.ruleId} ${f.path}`)).toEqual([
      '2:1 schema/unknown-member /x-defaults',
      '4:20 schema/enum /node_configuration/blk_volume_type',
      // js-yaml has no merge keys: it sends a member "<<" (test/properties/readers.test.ts).
      '6:3 yaml/yaml11-ambiguous /node_configuration/<<',
    ]);
  });
});


describe('settings laid out once, never stale', () => {
  test('files with the same overrides and operation share one frozen settings object', () => {
    const config = parseConfig(CONFIG, 'dplint.config.yaml');
    const prod = config.settingsFor('clusters/prod-a.yaml');
    expect(config.settingsFor('clusters/prod-b.yaml')).toBe(prod);
    expect(Object.isFrozen(prod.rules)).toBe(true);
    expect(prod.rules['cluster/idle-timeout-zero']).toBeUndefined();
    const sandbox = config.settingsFor('clusters/sandbox-1.yaml');
    expect(sandbox).not.toBe(prod);
    expect(sandbox.rules['cluster/idle-timeout-zero']).toBe('off');
    expect(config.settingsFor('allow-list/office.json').operation).toBe('add-whitelist-ip');
  });

  test('frozen settings are laid over each other once; the result is frozen', () => {
    const base = Object.freeze({ 'cluster/edit-effect': 'info' as const });
    const top = Object.freeze({ 'schema/unknown-member': 'error' as const });
    const both = layered(base, top);
    expect(layered(base, top)).toBe(both);
    expect(both).toEqual({ 'cluster/edit-effect': 'info', 'schema/unknown-member': 'error' });
    expect(Object.isFrozen(both)).toBe(true);
    expect(withRecommended(both)).toBe(withRecommended(both));
  });

  test('settings that are not frozen are read anew on every call', () => {
    const text = '# dplint: operation=edit-cluster\nvm_settings:\n  bastion_node_public_dns: bastion.example.com\n';
    const rules: Record<string, RuleLevel> = { 'cluster/bastion-without-subnet': 'off' };
    const bastion = () => lintText(text, { rules }).findings.filter((f) => f.ruleId === 'cluster/bastion-without-subnet').map((f) => [f.severity, f.line, f.column]);
    expect(bastion()).toEqual([]);
    rules['cluster/bastion-without-subnet'] = 'error';
    expect(bastion()).toEqual([['error', 3, 28]]);
    expect(layered(rules, {})).not.toBe(layered(rules, {}));
  });
});
