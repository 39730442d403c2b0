import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from './helpers/cli.js';

// What the built `dplint` runs when it starts (scripts/build-cli.mjs): modules a lint of one file
// does not use are bundled but loaded the first time they are used. A builtin module is seen
// loading through Module._load, which a preload records; the bundled packages (ajv, picomatch,
// ignore) cannot be seen from outside, so the run that needs them shows that they still work.

const BIN = resolve('dist/dplint.cjs');

/** A preload that appends each module request of the process to `log`, one a line. */
function recordingPreload(folder: string, log: string): string {
  const preload = join(folder, 'record-requires.cjs');
  writeFileSync(
    preload,
    `const Module = require('node:module');
const { appendFileSync } = require('node:fs');
const load = Module._load;
Module._load = function (request, ...rest) {
  appendFileSync(${JSON.stringify(log)}, request + '\\n');
  return load.call(this, request, ...rest);
};
`,
  );
  return preload;
}

function runBin(args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: join(cwd, '.xdg'), NO_COLOR: '1', GITHUB_ACTIONS: '', ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('a lint of one file loads none of node:tty, node:child_process and node:module', () => {
  const folder = mkdtempSync(join(tmpdir(), 'dplint-start-'));
  writeFileSync(join(folder, 'a.yaml'), 'label: [a]\n');
  const log = join(folder, 'requires.log');
  writeFileSync(log, '');
  const run = runBin(['--operation', 'edit-cluster', '--no-config', 'a.yaml'], folder, { NODE_OPTIONS: `--require ${recordingPreload(folder, log)}` });
  expect(run).toEqual({ status: 0, stdout: '✔ 1 file checked, no problems\n', stderr: '' });
  const requested = new Set(readFileSync(log, 'utf8').split('\n'));
  // The log is the program's own: the launcher's and the bundle's builtins are there.
  expect(requested.has('node:vm')).toBe(true);
  expect(requested.has('node:fs')).toBe(true);
  expect(requested.has('node:tty')).toBe(false);
  expect(requested.has('node:child_process')).toBe(false);
  expect(requested.has('node:module')).toBe(false);
});

test('the modules loaded on first use work when a run needs them: policies (ajv), globs (picomatch), .gitignore (ignore)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'dplint-start-'));
  const files: Record<string, string> = {
    'dplint.config.yaml': [
      'ignore: ["legacy/**"]',
      'policies:',
      '  - id: few-nodes',
      '    message: at most 3 nodes',
      '    operations: [edit-cluster]',
      '    schema:',
      '      properties:',
      '        node_configuration:',
      '          properties:',
      '            max_nodes: { maximum: 3 }',
      '',
    ].join('\n'),
    '.gitignore': 'generated/\n',
    'clusters/a.yaml': '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 9\n',
    'legacy/b.yaml': '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 9\n',
    'generated/c.yaml': '# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: 9\n',
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(folder, name, '..'), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  const run = runBin(['-f', 'compact', '.'], folder);
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/^clusters\/a\.yaml:3:14: error .*\[policy\/few-nodes\]\n$/);
  expect(run.status).toBe(1);
});

test('the program file is the function the launcher calls: V8 compiles its text as read, with no wrapper added at start-up', () => {
  const text = readFileSync('dist/cli.cjs', 'latin1');
  expect(text.slice(0, 62)).toBe('(function (exports, require, module, __filename, __dirname) { ');
  expect(text.slice(-4)).toBe('\n});');
  // esbuild writes ASCII only (non-ASCII characters escaped): the bytes are the characters V8 is given.
  expect(text.match(/[^\x00-\x7f]/g)).toBe(null);
});

test('dplint explain and dplint rules print the same through the bundle as in-process (docs, and examples from the cases)', async () => {
  for (const id of ['cluster/v12-envelope', 'allowlist/ip-cidr-special-range', 'parse/encoding', 'schema/unknown-member']) {
    const bundled = spawnSync(process.execPath, [BIN, 'explain', id], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const inProcess = await runCli(['explain', id]);
    expect({ status: bundled.status, stdout: bundled.stdout, stderr: bundled.stderr }).toEqual({ status: inProcess.code, stdout: inProcess.stdout, stderr: inProcess.stderr });
    // The examples come from the rule's cases.
    if (id === 'cluster/v12-envelope') expect(bundled.stdout).toContain('\nReported: v1.2 envelope (edit-cluster)\n');
  }
  const bundledTable = spawnSync(process.execPath, [BIN, 'rules'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const inProcessTable = await runCli(['rules']);
  expect({ status: bundledTable.status, stdout: bundledTable.stdout }).toEqual({ status: inProcessTable.code, stdout: inProcessTable.stdout });
});
