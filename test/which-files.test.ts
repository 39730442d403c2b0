import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { inferOperation } from '../src/engine/infer-operation.js';
import { lintText } from '../src/engine/lint.js';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

/**
 * Which files the gate reads (issue 29, "Which files"): a file dplint cannot place is never
 * dropped in silence.
 */
const UNRESOLVED = 'cannot tell which API operation this file is a body for, so only its syntax was checked; add "# dplint: operation=<id>" (ids: `dplint operations`), a request envelope with method and path, or a files entry in dplint.config.yaml [operation/unresolved]';

describe('a file named on the command line that resolves to no operation', () => {
  const files = {
    // A folder typo: the config maps cluster/, not clusters/.
    'dplint.config.yaml': 'files:\n  - match: ["clusters/**"]\n    operation: edit-cluster\n',
    'cluster/typo.yaml': 'owner: data-platform\n',
    'account.json': '{"ip": "10.0.0.1"}\n',
    'v12.yaml': 'cluster:\n  label: [etl]\n',
  };
  const named = ['cluster/typo.yaml', 'account.json', 'v12.yaml'];

  test('is a warning, in the default preset and under --no-config', async () => {
    for (const extra of [[], ['--no-config']]) {
      const run = await runCli([...extra, '-f', 'compact', ...named], { cwd: repo(files) });
      expect(run).toEqual({ code: 0, stderr: '', stdout: named.map((file) => `${file}:1:1: warning ${UNRESOLVED}\n`).join('') });
    }
  });

  test('is an error under strict', async () => {
    const run = await runCli(['-f', 'compact', ...named], { cwd: repo({ ...files, 'dplint.config.yaml': 'extends: strict\n' }) });
    expect(run).toEqual({ code: 1, stderr: '', stdout: named.map((file) => `${file}:1:1: error ${UNRESOLVED}\n`).join('') });
  });

  test('stylish says it; the file is checked, not skipped', async () => {
    const run = await runCli(['--no-code-frame', 'account.json'], { cwd: repo(files) });
    expect(run.stdout).toBe(`account.json\n  account.json:1:1  warning  ${UNRESOLVED.replace(' [operation/unresolved]', '  operation/unresolved')}\n\n✖ 1 problem (0 errors, 1 warning, 0 info) in 1 file\n`);
  });
});

describe('a file a walk finds that resolves to no operation', () => {
  const files = {
    'dplint.config.yaml': 'files:\n  - match: ["clusters/**"]\n    operation: edit-cluster\n',
    'clusters/etl.yaml': 'label: [etl]\n',
    'notes/owners.yaml': 'owner: data-platform\n',
    'notes/more.yaml': 'reviewed: 2026-11-01\n',
    'docker-compose.yml': 'services:\n  db:\n    image: postgres\n',
  };

  test('is counted in the summary line, and --verbose lists it', async () => {
    const run = await runCli(['.'], { cwd: repo(files) });
    expect(run).toEqual({ code: 0, stderr: '', stdout: '✔ 1 file checked, no problems; 3 files skipped: no API body; --verbose lists them\n' });
    const github = await runCli(['-f', 'github', '.'], { cwd: repo(files) });
    expect(github.stdout).toBe('dplint: 1 file checked, no problems; 3 files skipped: no API body; --verbose lists them\n');
  });

  test('formats without a summary line count it on standard error; JSON carries summary.skipped', async () => {
    const compact = await runCli(['-f', 'compact', '.'], { cwd: repo(files) });
    expect(compact).toEqual({ code: 0, stdout: '', stderr: 'dplint: 3 files skipped: no API body; --verbose lists them\n' });
    const json = await runCli(['-f', 'json', '.'], { cwd: repo(files) });
    expect(JSON.parse(json.stdout).summary).toEqual({ files: 1, errors: 0, warnings: 0, infos: 0, fixable: 0, skipped: 3 });
  });

  test('is an error under strict, unless the config ignores it', async () => {
    const strict = await runCli(['-f', 'compact', '.'], { cwd: repo({ ...files, 'dplint.config.yaml': `extends: strict\n${files['dplint.config.yaml']}` }) });
    expect(strict).toEqual({
      code: 1,
      stderr: '',
      stdout: ['docker-compose.yml', 'notes/more.yaml', 'notes/owners.yaml'].map((file) => `${file}:1:1: error ${UNRESOLVED}\n`).join(''),
    });
    const ignored = await runCli(['-f', 'compact', '.'], { cwd: repo({ ...files, 'dplint.config.yaml': `extends: strict\nignore: ["notes/**", "docker-compose.yml"]\n${files['dplint.config.yaml']}` }) });
    expect(ignored).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('a body whose members are near misses of one operation\'s is that operation, with did-you-mean', () => {
  test('node_configuraton and lable: checked as edit-cluster, each misspelling named', () => {
    const result = lintText('lable: [etl]\nnode_configuraton:\n  max_nodes: -5\n', { filename: 'cluster/typo.yaml' });
    expect(result.operation).toBe('edit-cluster');
    expect(result.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.message} [${f.ruleId}]`)).toEqual([
      '1:1 info no operation declared; checked as edit-cluster from the body\'s shape. Declare it with "# dplint: operation=edit-cluster" or in the config file\'s files [operation/inferred]',
      '1:1 warning unknown member "lable" in the body: the spec does not list it; did you mean "label"? [schema/unknown-member]',
      '2:1 warning unknown member "node_configuraton" in the body: the spec does not list it; did you mean "node_configuration"? [schema/unknown-member]',
    ]);
  });

  test.each([
    [{ ip_cdir: '10.0.0.1/32' }, 'add-whitelist-ip'],
    [{ scirpt: 'echo hi', is_user_bootstrap: true }, 'set-bootstrap'],
    [{ cluster_inf: { label: ['a'] } }, 'clone-cluster'],
    [{ acount: { name: 'a' } }, 'create-account'],
    [{ acount: { capacity: 1 } }, 'edit-account'],
  ])('%j is %s', (body, operation) => {
    expect(inferOperation(body)).toBe(operation);
  });

  test.each([
    // A CI workflow, a package.json, a compose file: not every member is near one operation's.
    [{ name: 'ci', on: ['push'], jobs: {} }],
    [{ name: 'x', scripts: {}, dependencies: {} }],
    [{ services: {}, version: '3' }],
    // Near two operations' (set-bootstrap's and view-bootstrap's): no one operation.
    [{ is_user_bootstap: true }],
    [{ ip: '10.0.0.1' }],
  ])('%j is none', (body) => {
    expect(inferOperation(body)).toBe(undefined);
  });
});

describe('inside a git repository, a walk sees exactly the files git sees', () => {
  const CLUSTER = '# dplint: operation=set-cluster-state\nstate: stop\n';
  const ENVELOPE = '{"method": "PUT", "path": "/api/v2.0/clusters/etl/state", "body": {"state": "stop"}}\n';
  const git = (cwd: string, ...args: string[]): void => {
    const run = spawnSync('git', args, { cwd, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: cwd } });
    expect(run.status, `git ${args.join(' ')}: ${run.stderr}`).toBe(0);
  };

  test('nested .gitignore negations, .git/info/exclude, core.excludesFile, files tracked though ignored; workflows and notes counted as skipped; a link linted under its own path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dplint-git-'));
    const files: Record<string, string> = {
      '.gitignore': '*.json\nbuild/\n',
      'sub/.gitignore': '!keep.json\n',
      'sub/keep.json': ENVELOPE,
      'sub/other.txt': 'not linted\n',
      'dropped.json': ENVELOPE,
      'local/x.yaml': CLUSTER,
      'private.yaml': CLUSTER,
      'build/out.yaml': CLUSTER,
      'build/tracked.yaml': CLUSTER,
      'clusters/etl.yaml': CLUSTER,
      'data/x.txt': CLUSTER,
      '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs: {}\n',
      'notes/todo.yaml': 'owner: data-platform\n',
      'README.md': '# configs\n',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    symlinkSync('../data/x.txt', join(dir, 'clusters', 'b.yaml'));
    git(dir, 'init', '-q');
    writeFileSync(join(dir, '.git', 'info', 'exclude'), 'local/\n');
    writeFileSync(join(dir, 'global-ignore'), 'private.yaml\n');
    git(dir, 'config', 'core.excludesFile', join(dir, 'global-ignore'));
    git(dir, 'add', 'clusters', '.gitignore');
    git(dir, 'add', '-f', 'build/tracked.yaml');
    const run = await runCli(['--no-config', '-f', 'compact', '.'], { cwd: dir });
    const finding = 'error state must be one of "start", "terminate"; got "stop" [schema/enum]';
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      `build/tracked.yaml:2:8: ${finding}`,
      `clusters/b.yaml:2:8: ${finding}`,
      `clusters/etl.yaml:2:8: ${finding}`,
      `sub/keep.json:1:77: ${finding}`,
    ]);
    expect(run.stderr).toBe('dplint: 2 files skipped: no API body; --verbose lists them\n');
    expect(run.code).toBe(1);
    // From a subfolder, git's view of it.
    const sub = await runCli(['--no-config', '-f', 'compact', 'sub'], { cwd: dir });
    expect(sub.stdout).toBe(`sub/keep.json:1:77: ${finding}\n`);
  });

  test('where git does not know the folder (a .git marker alone), the .gitignore files decide deepest first, as git would', async () => {
    const dir = repo({ '.gitignore': '*.json\n', 'sub/.gitignore': '!keep.json\n', 'sub/keep.json': ENVELOPE, 'a.json': ENVELOPE, 'a.yaml': CLUSTER });
    const run = await runCli(['--no-config', '-f', 'compact', '.'], { cwd: dir });
    expect(run.stdout.split('\n').filter(Boolean).map((line) => line.split(':')[0])).toEqual(['a.yaml', 'sub/keep.json']);
  });
});
