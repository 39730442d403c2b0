import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * The real pre-commit tool with this repository's .pre-commit-hooks.yaml: a throw-away git
 * repository refuses a commit of a bad cluster YAML and accepts a good one. `npm test` installs
 * Debian's pre-commit package first (scripts/test-prerequisites.mjs); a machine without it fails here.
 */
const ROOT = join(__dirname, '..');
const available = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=dplint test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });

/** A git repository holding the working tree as it is (tracked and untracked files, not ignored ones), committed. */
function hookRepository(): { path: string; rev: string } {
  const path = mkdtempSync(join(tmpdir(), 'dplint-hook-repo-'));
  const files = git(ROOT, 'ls-files', '--cached', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean);
  for (const file of files) {
    try {
      mkdirSync(dirname(join(path, file)), { recursive: true });
      cpSync(join(ROOT, file), join(path, file));
    } catch {
      // A file deleted in the working tree but still in the index: nothing to copy.
    }
  }
  git(path, 'init', '-q');
  git(path, 'add', '-A');
  git(path, 'commit', '-q', '-m', 'dplint under test');
  return { path, rev: git(path, 'rev-parse', 'HEAD').trim() };
}

test(
  'pre-commit refuses a bad cluster YAML and accepts a good one',
  () => {
    expect(available, 'pre-commit is missing: npm test installs it (scripts/test-prerequisites.mjs)').toBe(true);
    const hooks = hookRepository();
    const work = mkdtempSync(join(tmpdir(), 'dplint-precommit-'));
    const env = { ...process.env, PRE_COMMIT_HOME: join(work, '.cache'), PRE_COMMIT_COLOR: 'never' };
    const project = join(work, 'project');
    mkdirSync(join(project, 'clusters'), { recursive: true });
    git(project, 'init', '-q');
    writeFileSync(join(project, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hooks.path}\n    rev: ${hooks.rev}\n    hooks:\n      - id: dplint\n`);
    writeFileSync(join(project, 'dplint.config.yaml'), 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\nrules:\n  cluster/edit-effect: off\n');
    execFileSync('pre-commit', ['install'], { cwd: project, env, encoding: 'utf8' });

    writeFileSync(join(project, 'clusters', 'etl.yaml'), 'label: [etl]\nnode_configuration:\n  spot_block_settings:\n    duration: 90\n');
    git(project, 'add', '-A');
    const refused = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-m', 'bad cluster'], { cwd: project, env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stdout + refused.stderr).toContain(
      'clusters/etl.yaml:4:15  error    node_configuration.spot_block_settings.duration must be a multiple of 60 between 60 and 360 minutes; got 90  schema/range',
    );
    expect(git(project, 'log', '--oneline', '--all').trim(), 'nothing was committed').toBe('');

    writeFileSync(join(project, 'clusters', 'etl.yaml'), 'label: [etl]\nnode_configuration:\n  spot_block_settings:\n    duration: 120\n');
    git(project, 'add', '-A');
    const accepted = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-m', 'good cluster'], { cwd: project, env, encoding: 'utf8' });
    expect(accepted.status, accepted.stdout + accepted.stderr).toBe(0);
    expect(accepted.stdout + accepted.stderr).toMatch(/dplint\.+Passed/);

    // The hook sees the repository: a new file claiming the label clusters/etl.yaml holds is refused.
    refuseDuplicateLabel(project, env, 'dplint');
  },
  600_000,
);

/** Stages clusters/dup.yaml with the label clusters/etl.yaml (committed) holds: the commit is refused, and only dup.yaml is reported. */
function refuseDuplicateLabel(project: string, env: NodeJS.ProcessEnv, hookName: string): void {
  writeFileSync(join(project, 'clusters', 'dup.yaml'), 'label: [etl]\n');
  git(project, 'add', '-A');
  const refused = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-m', 'duplicate label'], { cwd: project, env, encoding: 'utf8' });
  const said = refused.stdout + refused.stderr;
  expect(refused.status, said).toBe(1);
  expect(said).toMatch(new RegExp(`^${hookName.replace(/[()]/g, '\\$&')}\\.+Failed$`, 'm'));
  expect(said).toContain(
    'clusters/dup.yaml:1:9  error    label "etl" is also claimed by clusters/etl.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels  repository/duplicate-label',
  );
  expect(said, 'the committed file is not reported').not.toContain('clusters/etl.yaml:1:9');
  expect(git(project, 'log', '--oneline').trim().split('\n')).toHaveLength(1);
  // The cache is in the git directory: the hook leaves no untracked file in the work tree.
  expect(git(project, 'status', '--porcelain', '--untracked-files=all')).toBe('A  clusters/dup.yaml\n');
}

test(
  'dplint-system: the dplint on the PATH, nothing installed; refuses a duplicate label and accepts a good cluster',
  () => {
    expect(available, 'pre-commit is missing: npm test installs it (scripts/test-prerequisites.mjs)').toBe(true);
    const hooks = hookRepository();
    const work = mkdtempSync(join(tmpdir(), 'dplint-precommit-system-'));
    // A team's installed dplint: this build's CLI, on the PATH under its name.
    const bin = join(work, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'dplint'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist', 'dplint.cjs')}" "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, PRE_COMMIT_HOME: join(work, '.cache'), PRE_COMMIT_COLOR: 'never' };
    const project = join(work, 'project');
    mkdirSync(join(project, 'clusters'), { recursive: true });
    git(project, 'init', '-q');
    writeFileSync(join(project, '.pre-commit-config.yaml'), `repos:\n  - repo: ${hooks.path}\n    rev: ${hooks.rev}\n    hooks:\n      - id: dplint-system\n`);
    writeFileSync(join(project, 'dplint.config.yaml'), 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\nrules:\n  cluster/edit-effect: off\n');
    execFileSync('pre-commit', ['install'], { cwd: project, env, encoding: 'utf8' });

    writeFileSync(join(project, 'clusters', 'etl.yaml'), 'label: [etl]\nnode_configuration:\n  spot_block_settings:\n    duration: 120\n');
    git(project, 'add', '-A');
    const accepted = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-m', 'good cluster'], { cwd: project, env, encoding: 'utf8' });
    expect(accepted.status, accepted.stdout + accepted.stderr).toBe(0);
    expect(accepted.stdout + accepted.stderr).toMatch(/^dplint \(installed\)\.+Passed$/m);

    refuseDuplicateLabel(project, env, 'dplint (installed)');
  },
  600_000,
);
