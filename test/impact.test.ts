import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { git, writeFiles } from './helpers/repo.js';
import { parse } from 'yaml';
import { runCli } from './helpers/cli.js';

const ROOT = join(import.meta.dirname, '..');

const CONFIG = `files:
  - match: ["clusters/*.yaml"]
    operation: edit-cluster
  - match: ["account/*.yaml"]
    operation: edit-account
  - match: ["allow-list/*.json"]
    operation: add-whitelist-ip
  - match: ["bootstrap/*.yaml"]
    operation: set-bootstrap
`;

/** A cluster file long enough for git to see a rename when one line of it changes. */
const REPORTS = 'label: [reports]\ndisallow_cluster_termination: {protected}\nnode_configuration:\n  master_instance_type: m4.large\n  slave_instance_type: m4.xlarge\n  initial_nodes: 1\n  max_nodes: 3\n';

/** A repository with one commit on main: three clusters, an account, one allow-list entry, a user-level bootstrap. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-impact-'));
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, {
    'dplint.config.yaml': CONFIG,
    'clusters/etl.yaml': 'label: [etl, nightly]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n',
    'clusters/adhoc.yaml': 'label: [adhoc]\nnode_configuration:\n  max_nodes: 4\n  idle_cluster_timeout: 1\n',
    'clusters/old-name.yaml': REPORTS.replace('{protected}', 'false'),
    'clusters/gone.yaml': 'label: [scratch]\n',
    'account/account.yaml': 'account:\n  idle_cluster_timeout: 2\n  compute_secret_key: old-secret-value-1234\n',
    'allow-list/office.json': '{"ip_cidr": "203.0.113.0/24"}\n',
    'bootstrap/user.yaml': 'is_user_bootstrap: true\nscript: "set hive.exec.parallel=true;"\n',
    'README.md': 'not a body\n',
  });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}

/** The change a reviewer is shown: a label moved, node counts and a secret changed, a rename, a delete, the account default, the last allow-list entry, the bootstrap. */
function change(dir: string): void {
  writeFiles(dir, {
    'clusters/etl.yaml': 'label: [etl]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 20\n',
    'clusters/adhoc.yaml': 'label: [adhoc, nightly]\nnode_configuration:\n  max_nodes: 4\n  idle_cluster_timeout: 1\n',
    'account/account.yaml': 'account:\n  idle_cluster_timeout: 4\n  compute_secret_key: new-secret-value-5678\n',
    'bootstrap/user.yaml': 'is_user_bootstrap: true\nscript: "set hive.exec.parallel=false;"\n',
  });
  renameSync(join(dir, 'clusters/old-name.yaml'), join(dir, 'clusters/reports.yaml'));
  writeFiles(dir, { 'clusters/reports.yaml': REPORTS.replace('{protected}', 'true') });
  rmSync(join(dir, 'clusters/gone.yaml'));
  rmSync(join(dir, 'allow-list/office.json'));
}

const EXPECTED = {
  base: 'main',
  labels: [
    { label: 'nightly', change: 'moved', before: ['clusters/etl.yaml'], after: ['clusters/adhoc.yaml'], when: 'immediate' },
    { label: 'scratch', change: 'removed', before: ['clusters/gone.yaml'], after: [], when: 'immediate' },
  ],
  callouts: [
    { file: 'account/account.yaml', member: 'account.idle_cluster_timeout', before: 2, after: 4, when: 'after all queries complete', callout: 'idle timeout' },
    { file: 'clusters/etl.yaml', member: 'node_configuration.max_nodes', before: 10, after: 20, when: 'next restart', callout: 'node counts' },
    { file: 'clusters/reports.yaml', member: 'disallow_cluster_termination', before: false, after: true, when: 'next restart', callout: 'termination protection' },
  ],
  clusters: [
    { file: 'clusters/etl.yaml', change: 'modified', members: [{ member: 'node_configuration.max_nodes', before: 10, after: 20, when: 'next restart', callout: 'node counts' }] },
    { file: 'clusters/gone.yaml', change: 'deleted', members: [] },
    {
      file: 'clusters/reports.yaml',
      oldFile: 'clusters/old-name.yaml',
      change: 'renamed',
      members: [{ member: 'disallow_cluster_termination', before: false, after: true, when: 'next restart', callout: 'termination protection' }],
    },
  ],
  account: [
    {
      file: 'account/account.yaml',
      change: 'modified',
      members: [
        { member: 'account.idle_cluster_timeout', before: 2, after: 4, when: 'after all queries complete', callout: 'idle timeout' },
        { member: 'account.compute_secret_key', before: '****', after: '****' },
      ],
    },
  ],
  inheritedIdleTimeouts: [{ file: 'account/account.yaml', before: 2, after: 4, clusters: ['clusters/etl.yaml', 'clusters/reports.yaml'] }],
  allowList: { added: [], removed: ['203.0.113.0/24'], countBefore: 1, countAfter: 0 },
  bootstrap: [{ level: 'user', file: 'bootstrap/user.yaml', change: 'modified', note: 'user-level bootstrap: it loads after the account-level one and wins on duplicate entries (spec 1)' }],
  notRead: [],
  warnings: [
    'the change removes every allow-list entry (203.0.113.0/24): the repository then lists no address, while an enabled allow-list lets users log in only from listed addresses (spec 1)',
  ],
};

describe('dplint impact', () => {
  test('against the work tree: labels moved and removed, called-out members, a rename, a delete, the account default, the allow-list, the bootstrap', async () => {
    const dir = repository();
    change(dir);
    const run = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const { tool, ...report } = JSON.parse(run.stdout);
    expect(tool.name).toBe('dplint');
    expect(report).toEqual({ ...EXPECTED, head: 'the work tree' });
    expect(run.stdout).not.toContain('secret-value');
  });

  test('between two commits, as Markdown for a step summary', async () => {
    const dir = repository();
    change(dir);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'change');
    const json = await runCli(['impact', 'main~1', 'main', '-f', 'json'], { cwd: dir });
    const { tool: _tool, ...report } = JSON.parse(json.stdout);
    expect(report).toEqual({ ...EXPECTED, base: 'main~1', head: 'main' });
    const markdown = await runCli(['impact', 'main~1', 'main'], { cwd: dir });
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toBe(
      [
        '## dplint impact: `main~1` → `main`',
        '',
        '> **Warning:** the change removes every allow-list entry (203.0.113.0/24): the repository then lists no address, while an enabled allow-list lets users log in only from listed addresses (spec 1)',
        '',
        '### Immediately: labels',
        '',
        'Label changes take effect when the change is applied; new commands on a label run on the cluster that now holds it (spec 3).',
        '',
        '| label | change | held by before | runs its commands after |',
        '|---|---|---|---|',
        '| `nightly` | moved | `clusters/etl.yaml` | `clusters/adhoc.yaml` |',
        '| `scratch` | removed | `clusters/gone.yaml` | (none) |',
        '',
        '### Look at these first',
        '',
        '- `account/account.yaml`: idle timeout: `account.idle_cluster_timeout` `2` → `4` (after all queries complete, spec 4.4)',
        '- `clusters/etl.yaml`: node counts: `node_configuration.max_nodes` `10` → `20` (at next restart)',
        '- `clusters/reports.yaml`: termination protection: `disallow_cluster_termination` `false` → `true` (at next restart)',
        "- `account/account.yaml`: the account's default idle timeout `2` → `4`; clusters that take it: `clusters/etl.yaml`, `clusters/reports.yaml`",
        '',
        '### At the next restart: clusters',
        '',
        'Other attribute changes take effect at the next cluster restart (spec 3).',
        '',
        '#### `clusters/etl.yaml` (modified)',
        '',
        '| member | before | after |',
        '|---|---|---|',
        '| `node_configuration.max_nodes` | `10` | `20` |',
        '',
        '#### `clusters/gone.yaml` (deleted)',
        '',
        'The cluster file is gone: dplint no longer checks this cluster, and the API is not told to change it.',
        '',
        '#### `clusters/reports.yaml` (renamed, was `clusters/old-name.yaml`)',
        '',
        '| member | before | after |',
        '|---|---|---|',
        '| `disallow_cluster_termination` | `false` | `true` |',
        '',
        '### Account: `account/account.yaml` (modified)',
        '',
        '| member | before | after |',
        '|---|---|---|',
        '| `account.idle_cluster_timeout` | `2` | `4` |',
        '| `account.compute_secret_key` | `"****"` | `"****"` |',
        '',
        '### Allow-list',
        '',
        '- removed `203.0.113.0/24`',
        '- entries: 1 → 0',
        '',
        '### Hive bootstrap',
        '',
        '- `bootstrap/user.yaml` (modified): user-level bootstrap: it loads after the account-level one and wins on duplicate entries (spec 1)',
        '',
      ].join('\n'),
    );
  });

  test('a value cannot forge the report: pipes, backticks and newlines stay inside their cell', async () => {
    const dir = repository();
    writeFiles(dir, { 'clusters/etl.yaml': 'label: [etl, nightly]\ncluster_name: "a | b ` c\\n## Forged"\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n' });
    const run = await runCli(['impact', 'main'], { cwd: dir });
    expect(run.stdout).toBe(
      [
        '## dplint impact: `main` → `the work tree`',
        '',
        '### At the next restart: clusters',
        '',
        'Other attribute changes take effect at the next cluster restart (spec 3).',
        '',
        '#### `clusters/etl.yaml` (modified)',
        '',
        '| member | before | after |',
        '|---|---|---|',
        '| `cluster_name` | (unset) | ``"a \\| b ` c\\n## Forged"`` |',
        '',
      ].join('\n'),
    );
  });

  test('no change to bodies says so; a ref git does not know is exit 2 with one line', async () => {
    const dir = repository();
    expect(await runCli(['impact', 'main'], { cwd: dir })).toEqual({ code: 0, stdout: '## dplint impact: `main` → `the work tree`\n\nNo change to cluster, account, allow-list or bootstrap bodies.\n', stderr: '' });
    expect(await runCli(['impact', 'no-such-branch'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: git knows no commit "no-such-branch"\n' });
  });

  test('in a shallow clone the missing base ref names the fix', async () => {
    const origin = repository();
    writeFiles(origin, { 'clusters/etl.yaml': 'label: [etl]\n' });
    git(origin, 'commit', '-qam', 'second');
    const clone = mkdtempSync(join(tmpdir(), 'dplint-shallow-'));
    git(clone, 'clone', '-q', '--depth=1', `file://${origin}`, '.');
    const run = await runCli(['impact', 'main~1'], { cwd: clone });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: git knows no commit "main~1": this clone is shallow; fetch the ref first (actions/checkout with fetch-depth: 0, or git fetch --depth=1 origin <ref>)\n',
    });
  });
});

test('the GitHub Actions recipe writes the report to the step summary (the built bin, a clone with origin)', () => {
  const recipe = parse(readFileSync(join(ROOT, 'examples', 'ci', 'github-impact.yml'), 'utf8'));
  const step = recipe.jobs.impact.steps.find((s: { run?: string }) => s.run?.includes('dplint impact'));
  expect(step.env).toEqual({ BASE_REF: '${{ github.base_ref }}' });
  const origin = repository();
  const clone = mkdtempSync(join(tmpdir(), 'dplint-pr-'));
  git(clone, 'clone', '-q', `file://${origin}`, '.');
  change(clone);
  const summary = join(clone, 'summary.md');
  const command = step.run.replace('npx dplint', `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'dist', 'dplint.cjs'))}`);
  const run = spawnSync('bash', ['-c', command], { cwd: clone, env: { ...process.env, BASE_REF: 'main', GITHUB_STEP_SUMMARY: summary }, encoding: 'utf8' });
  expect([run.status, run.stderr]).toEqual([0, '']);
  const written = readFileSync(summary, 'utf8');
  expect(written.split('\n').slice(0, 2)).toEqual(['## dplint impact: `origin/main` → `the work tree`', '']);
  expect(written).toContain('| `nightly` | moved | `clusters/etl.yaml` | `clusters/adhoc.yaml` |');
});

describe('multi-document files and several account files', () => {
  test('every document of a file is compared with its counterpart; each changed account default is reported, of every account file', async () => {
    const dir = repository();
    writeFiles(dir, {
      'clusters/pair.yaml': 'label: [blue]\nnode_configuration:\n  max_nodes: 3\n---\nlabel: [green]\nnode_configuration:\n  max_nodes: 5\n  idle_cluster_timeout: 2\n',
      'account/second.yaml': 'account:\n  idle_cluster_timeout: 6\n---\naccount:\n  idle_cluster_timeout: 8\n',
    });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'two more files');
    writeFiles(dir, {
      'clusters/pair.yaml': 'label: [blue]\nnode_configuration:\n  max_nodes: 3\n---\nlabel: [green]\nnode_configuration:\n  max_nodes: 9\n  idle_cluster_timeout: 2\n',
      'account/account.yaml': 'account:\n  idle_cluster_timeout: 3\n  compute_secret_key: old-secret-value-1234\n',
      'account/second.yaml': 'account:\n  idle_cluster_timeout: 6\n---\naccount:\n  idle_cluster_timeout: 1\n',
    });
    const run = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    expect([run.code, run.stderr]).toEqual([0, '']);
    const report = JSON.parse(run.stdout);
    const inheriting = ['clusters/etl.yaml', 'clusters/gone.yaml', 'clusters/old-name.yaml', 'clusters/pair.yaml'];
    expect(report.clusters).toEqual([
      { file: 'clusters/pair.yaml', change: 'modified', members: [{ member: 'node_configuration.max_nodes', document: 1, before: 5, after: 9, when: 'next restart', callout: 'node counts' }] },
    ]);
    expect(report.account).toEqual([
      { file: 'account/account.yaml', change: 'modified', members: [{ member: 'account.idle_cluster_timeout', before: 2, after: 3, when: 'after all queries complete', callout: 'idle timeout' }] },
      { file: 'account/second.yaml', change: 'modified', members: [{ member: 'account.idle_cluster_timeout', document: 1, before: 8, after: 1, when: 'after all queries complete', callout: 'idle timeout' }] },
    ]);
    expect(report.inheritedIdleTimeouts).toEqual([
      { file: 'account/account.yaml', before: 2, after: 3, clusters: inheriting },
      { file: 'account/second.yaml', document: 1, before: 8, after: 1, clusters: inheriting },
    ]);
    const markdown = (await runCli(['impact', 'main'], { cwd: dir })).stdout;
    expect(markdown).toContain('- `clusters/pair.yaml` (document 1): node counts: `node_configuration.max_nodes` `5` → `9` (at next restart)\n');
    expect(markdown).toContain("- `account/second.yaml` (document 1): the account's default idle timeout `8` → `1`; clusters that take it: ");
    expect(markdown).toContain('| `account.idle_cluster_timeout` (document 1) | `8` | `1` |\n');
  });

  test('a document that no longer parses is compared as gone, and the others keep their counterparts', async () => {
    const dir = repository();
    writeFiles(dir, { 'clusters/pair.yaml': 'label: [blue]\nnode_configuration:\n  max_nodes: 3\n---\nlabel: [green]\nnode_configuration:\n  max_nodes: 5\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'pair');
    writeFiles(dir, { 'clusters/pair.yaml': 'label: [blue\n---\nlabel: [green]\nnode_configuration:\n  max_nodes: 6\n' });
    const report = JSON.parse((await runCli(['impact', 'main', '-f', 'json'], { cwd: dir })).stdout);
    expect(report.clusters).toEqual([
      {
        file: 'clusters/pair.yaml',
        change: 'modified',
        members: [
          { member: 'node_configuration.max_nodes', document: 0, before: 3, when: 'next restart', callout: 'node counts' },
          { member: 'node_configuration.max_nodes', document: 1, before: 5, after: 6, when: 'next restart', callout: 'node counts' },
        ],
      },
    ]);
  });
});

describe('--changed-since', () => {
  test('reports only the changed files, and a changed file that now clashes with an unchanged one is caught', async () => {
    const dir = repository();
    // etl.yaml changes and now claims "adhoc", which the unchanged adhoc.yaml holds; adhoc.yaml is not reported.
    writeFiles(dir, { 'clusters/etl.yaml': 'label: [etl, nightly, adhoc]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n', 'clusters/new.yaml': 'label: [fresh]\n' });
    const run = await runCli(['.', '--changed-since', 'main', '-f', 'json'], { cwd: dir });
    const results = JSON.parse(run.stdout).results as Array<{ file: string; findings: Array<{ ruleId: string; line: number }> }>;
    expect(results.map((r) => [r.file, r.findings.map((f) => `${f.line} ${f.ruleId}`)])).toEqual([
      ['clusters/etl.yaml', ['1 repository/duplicate-label']],
      ['clusters/new.yaml', []],
    ]);
    expect(run.code).toBe(1);
  });

  test('a ref git does not know is exit 2 with one line', async () => {
    const dir = repository();
    expect(await runCli(['.', '--changed-since', 'nope'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: git knows no commit "nope"\n' });
  });
});

describe('impact on hostile repositories', () => {
  test('a credential inside a list of objects, and a credential member holding an object, are masked at any depth and in paths', async () => {
    const dir = repository();
    writeFiles(dir, {
      'clusters/etl.yaml':
        'label: [etl, nightly]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\nextra: [{password: hunter2-secret}]\ncompute_secret_key: {AKIAEXAMPLEKEY123: 1}\n',
    });
    const run = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    expect(run.stdout).not.toMatch(/hunter2|AKIAEXAMPLE/);
    const members = JSON.parse(run.stdout).clusters[0].members.map((m: { member: string; after: unknown }) => [m.member, m.after]);
    expect(members).toEqual([
      ['extra', [{ password: '****' }]],
      ['compute_secret_key', '****'],
    ]);
  });

  test('a committed file name with a line break does not shift what is read for the files after it', async () => {
    const dir = repository();
    writeFiles(dir, { 'clusters/a\nb.yaml': 'label: [odd]\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'odd name');
    writeFiles(dir, { 'clusters/etl.yaml': 'label: [etl, nightly]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 12\n' });
    const run = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    const report = JSON.parse(run.stdout);
    expect(report.labels).toEqual([]);
    expect(report.clusters).toEqual([
      { file: 'clusters/etl.yaml', change: 'modified', members: [{ member: 'node_configuration.max_nodes', before: 10, after: 12, when: 'next restart', callout: 'node counts' }] },
    ]);
  });
});

describe('files that are no body on either side', () => {
  /** A workflow and a notes file of each kind (YAML, JSON): one added, one changed, one deleted, next to a real change. */
  const NOT_BODIES = {
    '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: [{run: npm test}]\n',
    '.github/workflows/old.yml': 'name: old\non: [push]\njobs: {}\n',
    'notes/data.json': '{"title": "notes", "items": [1, 2]}\n',
    'notes/old.json': '{"title": "gone"}\n',
  };
  const REAL_CHANGE = [
    { file: 'clusters/etl.yaml', change: 'modified', members: [{ member: 'node_configuration.max_nodes', before: 10, after: 11, when: 'next restart', callout: 'node counts' }] },
  ];

  function changeAround(dir: string): void {
    writeFiles(dir, {
      '.github/workflows/dplint-impact.yml': 'name: dplint impact\non: [pull_request]\njobs:\n  impact:\n    runs-on: ubuntu-latest\n    steps: [{run: npx dplint impact main}]\n',
      '.github/workflows/ci.yml': 'name: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: [{run: npm test}]\n',
      'notes/new.json': '{"title": "new"}\n',
      'notes/data.json': '{"title": "notes", "items": [1, 2, 3]}\n',
      'clusters/etl.yaml': 'label: [etl, nightly]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 11\n',
    });
    rmSync(join(dir, '.github/workflows/old.yml'));
    rmSync(join(dir, 'notes/old.json'));
  }

  test('added, changed and deleted (committed, and untracked in the work tree) are left out, exit 0, and the real change is reported', async () => {
    const dir = repository();
    writeFiles(dir, NOT_BODIES);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'workflows and notes');
    changeAround(dir);
    // Against the work tree: the added files are untracked.
    const workTree = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    expect([workTree.code, workTree.stderr]).toEqual([0, '']);
    const report = JSON.parse(workTree.stdout);
    expect([report.labels, report.callouts.map((c: { file: string }) => c.file), report.clusters, report.account, report.bootstrap]).toEqual([[], ['clusters/etl.yaml'], REAL_CHANGE, [], []]);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'change');
    const commits = await runCli(['impact', 'main~1', 'main', '-f', 'json'], { cwd: dir });
    expect([commits.code, commits.stderr]).toEqual([0, '']);
    expect(JSON.parse(commits.stdout).clusters).toEqual(REAL_CHANGE);
    const markdown = await runCli(['impact', 'main~1', 'main'], { cwd: dir });
    expect([markdown.code, markdown.stderr]).toEqual([0, '']);
    expect(markdown.stdout).not.toMatch(/workflows|notes/);
  });
});

describe('a label two files claim, and when account changes take effect', () => {
  test('a label that ends up claimed by two cluster files is duplicated, and the first thing to look at', async () => {
    const dir = repository();
    // etl.yaml now also claims "adhoc", which adhoc.yaml holds and keeps.
    writeFiles(dir, { 'clusters/etl.yaml': 'label: [etl, nightly, adhoc]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 12\n' });
    const report = JSON.parse((await runCli(['impact', 'main', '-f', 'json'], { cwd: dir })).stdout);
    expect(report.labels).toEqual([{ label: 'adhoc', change: 'duplicated', before: ['clusters/adhoc.yaml'], after: ['clusters/adhoc.yaml', 'clusters/etl.yaml'], when: 'immediate' }]);
    const markdown = (await runCli(['impact', 'main'], { cwd: dir })).stdout;
    expect(markdown).toContain('| `adhoc` | duplicated | `clusters/adhoc.yaml` | `clusters/adhoc.yaml`, `clusters/etl.yaml` |\n');
    expect(markdown.slice(markdown.indexOf('### Look at these first')).split('\n').slice(0, 4)).toEqual([
      '### Look at these first',
      '',
      '- label `adhoc`: duplicated: claimed by `clusters/adhoc.yaml`, `clusters/etl.yaml`; commands on it would run on whichever cluster was edited last (dplint reports repository/duplicate-label, an error)',
      '- `clusters/etl.yaml`: node counts: `node_configuration.max_nodes` `10` → `12` (at next restart)',
    ]);
  });

  test('an account member says when it takes effect only where the spec does: the idle timeout after all queries complete', async () => {
    const dir = repository();
    writeFiles(dir, { 'account/account.yaml': 'account:\n  idle_cluster_timeout: 3\n  idle_session_timeout: 60\n  compute_secret_key: old-secret-value-1234\n' });
    const report = JSON.parse((await runCli(['impact', 'main', '-f', 'json'], { cwd: dir })).stdout);
    expect(report.account).toEqual([
      {
        file: 'account/account.yaml',
        change: 'modified',
        members: [
          { member: 'account.idle_cluster_timeout', before: 2, after: 3, when: 'after all queries complete', callout: 'idle timeout' },
          { member: 'account.idle_session_timeout', after: 60 },
        ],
      },
    ]);
    const markdown = (await runCli(['impact', 'main'], { cwd: dir })).stdout;
    expect(markdown).toContain('- `account/account.yaml`: idle timeout: `account.idle_cluster_timeout` `2` → `3` (after all queries complete, spec 4.4)\n');
  });
});
