import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from './helpers.js';

/**
 * Nothing is executed or fetched: a policy's `$ref` resolves only inside dplint, the config file is
 * data, and a dplint process opens no connection — checked by running the built CLI with every
 * network entry point of Node replaced by a stub that records the attempt (test/hostile/no-network.cjs;
 * Node 20's permission model does not cover the network, so a preload does it).
 */

const PRELOAD = resolve('test/hostile/no-network.cjs');
const BIN = resolve('dist/dplint.cjs');

function policyConfig(ref: string): string {
  return ['policies:', '  - id: remote', '    message: uses a remote schema', '    operations: [edit-cluster]', '    schema:', `      $ref: "${ref}"`, ''].join('\n');
}

describe('a policy $ref never leaves dplint', () => {
  test.each(['https://example.com/schema.json', 'http://127.0.0.1:9/x.json#/definitions/a', 'file:///etc/passwd', 'other.schema.json', '//example.com/x.json'])(
    '$ref %s: a bad config (exit 2, one line), nothing fetched or read',
    async (ref) => {
      const dir = tempDir({ 'dplint.config.yaml': policyConfig(ref), 'a.yaml': '# dplint: operation=edit-cluster\nlabel: [a]\n' });
      const run = await runCli(['a.yaml'], { cwd: dir });
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `dplint: dplint.config.yaml:5:5: policies[0].schema: $ref "${ref}" is not allowed: a policy may refer only inside itself (#/…) or to definitions.schema.json\n`,
      });
    },
  );

  test('a $ref into the policy itself or into dplint’s definitions works', async () => {
    const config = [
      'policies:',
      '  - id: few-nodes',
      '    message: at most 3 nodes',
      '    operations: [edit-cluster]',
      '    schema:',
      '      properties:',
      '        node_configuration:',
      '          properties:',
      '            max_nodes: { $ref: "#/definitions/few" }',
      '            initial_nodes: { $ref: "definitions.schema.json#/definitions/nodeCount" }',
      '      definitions:',
      '        few: { maximum: 3 }',
      '',
    ].join('\n');
    const dir = tempDir({ 'dplint.config.yaml': config, 'a.yaml': '# dplint: operation=edit-cluster\nlabel: [a]\nnode_configuration:\n  max_nodes: 9\n' });
    const run = await runCli(['-f', 'compact', 'a.yaml'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^a\.yaml:4:14: error .*\[policy\/few-nodes\]\n$/);
    expect(run.code).toBe(1);
  });
});

describe('the config file is data', () => {
  test('a tag that would construct code in other YAML loaders is a string, and the config is refused as bad (exit 2)', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'rules: !!js/function "function () { process.exit(99) }"\n', 'a.yaml': 'state: start\n' });
    const run = await runCli(['a.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'dplint: dplint.config.yaml:1:22: rules must be an object; got string "function () { process.exit(99) }"\n' });
  });

  test('__proto__ in the config pollutes nothing and is an unknown key', async () => {
    const dir = tempDir({ 'dplint.config.yaml': '__proto__:\n  polluted: yes\n', 'a.yaml': 'state: start\n' });
    const run = await runCli(['a.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^dplint: dplint\.config\.yaml:1:1: unknown member "__proto__" .*; expected one of extends, nested, files, ignore, rules, overrides, policies, limits, reportUnusedDisableDirectives, directives\n$/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe.skipIf(!existsSync(BIN))('no network connection (the built CLI, as a child process)', () => {
  function runBin(args: string[], cwd = process.cwd()): { status: number | null; stdout: string; stderr: string; attempts: string[] } {
    const log = join(tempDir(), 'network.log');
    const result = spawnSync(process.execPath, [BIN, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--require ${PRELOAD}`, DPLINT_NETWORK_LOG: log, DPLINT_CODE_CACHE: '0', NO_COLOR: '1', GITHUB_ACTIONS: '' },
    });
    const attempts = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, attempts };
  }

  test('the stub works: a child that fetches is caught and recorded', () => {
    const log = join(tempDir(), 'network.log');
    const result = spawnSync(process.execPath, ['-e', 'try { fetch("https://example.com") } catch {} try { require("node:http").get("http://example.com") } catch {} require("node:net").connect(80, "example.com")'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--require ${PRELOAD}`, DPLINT_NETWORK_LOG: log },
    });
    expect(result.status).not.toBe(0);
    expect(readFileSync(log, 'utf8')).toBe('fetch\nnode:http.get\nnet.connect\n');
  });

  test('linting the sample repository in every format attempts no connection', () => {
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'compact']) {
      const run = runBin(['fixtures/config-repo', '-f', format]);
      expect(run.attempts, format).toEqual([]);
      expect(run.stderr, format).toBe('');
      expect(run.status, format).toBe(1);
    }
  });

  test('a config whose policy has a remote $ref: exit 2, and no connection attempted', () => {
    const dir = tempDir({ 'dplint.config.yaml': policyConfig('https://example.com/schema.json'), 'a.yaml': 'label: [a]\n' });
    const run = runBin(['a.yaml'], dir);
    expect(run.attempts).toEqual([]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('$ref "https://example.com/schema.json" is not allowed');
  });

  test('explain, rules, operations, schema and --print-config attempt no connection either', () => {
    for (const args of [['explain', 'security/plaintext-secret'], ['rules'], ['operations'], ['schema', 'edit-cluster'], ['--print-config', 'fixtures/config-repo/clusters/etl-hadoop2.yaml']]) {
      const run = runBin(args);
      expect(run.attempts, args.join(' ')).toEqual([]);
      expect(run.status, args.join(' ')).toBe(0);
    }
  });
});
