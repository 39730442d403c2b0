import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { collectFiles } from '../../src/node/files.js';
import { runCli } from '../helpers/cli.js';
import { lines, tempDir } from './helpers.js';

/**
 * The file system as a hostile input: link loops, dangling links, pipes, devices, unreadable and
 * missing paths. Each run ends, with a finding or one line on standard error.
 *
 * Tests run as root in CI containers, where `chmod 000` does not stop a read: the permission test
 * runs only for an ordinary user, and the root case is stated for what it is.
 */

const CLUSTER = '# dplint: operation=set-cluster-state\nstate: stop\n';
const FINDING = 'error state must be one of "start", "terminate"; got "stop" [schema/enum]';
const isRoot = process.getuid?.() === 0;

describe('a folder walk', () => {
  test('a symbolic link back up the tree is walked once, not forever', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER });
    symlinkSync('..', join(dir, 'repo', 'up'));
    symlinkSync('.', join(dir, 'repo', 'self'));
    const run = await runCli(['--no-config', '-f', 'compact', 'repo'], { cwd: dir });
    expect(run.stdout).toBe(`repo/a.yaml:2:8: ${FINDING}\n`);
    expect(run.code).toBe(1);
  });

  test('a link to itself (ELOOP) is a failed run with one line naming it', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER });
    symlinkSync('self.yaml', join(dir, 'repo', 'self.yaml'));
    const run = await runCli(['--no-config', 'repo'], { cwd: dir });
    expect(run.stderr).toBe(`dplint: cannot read ${JSON.stringify(join(dir, 'repo', 'self.yaml'))}: a loop of symbolic links\n`);
    expect(run.code).toBe(2);
  });

  test('a dangling link is a failed run with one line naming it: a CI gate must not skip a file silently', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER });
    symlinkSync('gone.yaml', join(dir, 'repo', 'b.yaml'));
    const run = await runCli(['--no-config', 'repo'], { cwd: dir });
    expect(run.stderr).toBe(`dplint: cannot read ${JSON.stringify(join(dir, 'repo', 'b.yaml'))}: no such file or directory\n`);
    expect(run.code).toBe(2);
  });

  test.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('a named pipe called *.yaml is skipped, not read (reading it would block for ever)', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER });
    expect(spawnSync('mkfifo', [join(dir, 'repo', 'pipe.yaml')]).status).toBe(0);
    symlinkSync('pipe.yaml', join(dir, 'repo', 'link-to-pipe.yaml'));
    const run = await runCli(['--no-config', '-f', 'compact', 'repo'], { cwd: dir });
    expect(run.stdout).toBe(`repo/a.yaml:2:8: ${FINDING}\n`);
    expect(run.code).toBe(1);
  });
});

describe('paths named on the command line', () => {
  test('a path that does not exist: exit 2, one line', async () => {
    const dir = tempDir();
    const run = await runCli(['--no-config', 'nope.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'dplint: cannot read "nope.yaml": no such file or directory\n' });
  });

  test('a folder with nothing to lint: exit 2, one line', async () => {
    const dir = tempDir({ 'empty/readme.txt': 'nothing here\n' });
    const run = await runCli(['--no-config', 'empty'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'dplint: no YAML or JSON files found in "empty"\n' });
  });

  test.skipIf(process.platform === 'win32')('an endless device (/dev/zero) is read no further than maxFileSize, then refused', async () => {
    const run = await runCli(['--no-config', '-f', 'compact', '/dev/zero']);
    expect(run.stdout).toBe('/dev/zero:1:1: error the file is more than 10485760 bytes, over the limit maxFileSize = 10485760; raise limits.maxFileSize in the config file to lint it [parse/limit]\n');
    expect(run.code).toBe(1);
  });

  test.skipIf(isRoot)('an unreadable file (chmod 000): exit 2, one line saying permission denied', async () => {
    const dir = tempDir({ 'secret.yaml': CLUSTER });
    chmodSync(join(dir, 'secret.yaml'), 0o000);
    const run = await runCli(['--no-config', 'secret.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: cannot read ${JSON.stringify(join(dir, 'secret.yaml'))}: permission denied\n` });
  });

  test.runIf(isRoot)('as root, chmod 000 does not stop a read: the file is linted (the permission case runs for ordinary users only)', async () => {
    const dir = tempDir({ 'secret.yaml': CLUSTER });
    chmodSync(join(dir, 'secret.yaml'), 0o000);
    const run = await runCli(['--no-config', '-f', 'compact', 'secret.yaml'], { cwd: dir });
    expect(run).toEqual({ code: 1, stdout: `secret.yaml:2:8: ${FINDING}\n`, stderr: '' });
  });
});

describe('a folder walk and symbolic links', () => {
  test('a link to a file outside the folder walked is not read: its text reaches no output, and one line on standard error says so', async () => {
    const dir = tempDir({ 'home/.aws/credentials': '[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n', 'repo/clusters/a.yaml': CLUSTER });
    symlinkSync(join(dir, 'home', '.aws', 'credentials'), join(dir, 'repo', 'clusters', 'x.yaml'));
    for (const format of ['stylish', 'compact', 'json']) {
      const run = await runCli(['--no-config', '-f', format, 'clusters'], { cwd: join(dir, 'repo') });
      expect(run.stdout).not.toContain('wJalrXUtnFEMI');
      expect(run.stdout).not.toContain('x.yaml');
      expect(run.stderr).toBe('dplint: skipped 1 symbolic link ("clusters/x.yaml") leading out of the repository; --verbose lists them\n');
      expect(run.code).toBe(1);
    }
    const compact = await runCli(['--no-config', '-f', 'compact', 'clusters'], { cwd: join(dir, 'repo') });
    expect(compact.stdout).toBe(`clusters/a.yaml:2:8: ${FINDING}\n`);
  });

  test('--verbose lists each link not followed, and links to folders outside count too', async () => {
    const dir = tempDir({ 'outside/b.yaml': CLUSTER, 'outside/c.yaml': CLUSTER, 'repo/a.yaml': CLUSTER });
    symlinkSync(join(dir, 'outside', 'b.yaml'), join(dir, 'repo', 'b.yaml'));
    symlinkSync(join(dir, 'outside'), join(dir, 'repo', 'more'));
    const run = await runCli(['--no-config', '-f', 'compact', 'repo'], { cwd: dir });
    expect(run.stderr).toBe('dplint: skipped 2 symbolic links leading out of the repository; --verbose lists them\n');
    expect(run.stdout).toBe(`repo/a.yaml:2:8: ${FINDING}\n`);
    const verbose = await runCli(['--no-config', '--verbose', '-f', 'compact', 'repo'], { cwd: dir });
    expect(verbose.stderr).toBe(
      'dplint: no config file applies to 1 file: the recommended defaults\n' +
        'dplint: skipped "repo/b.yaml": a symbolic link out of the repository\n' +
        'dplint: skipped "repo/more": a symbolic link out of the repository\n',
    );
  });

  test('a link to a linted body is not linted twice, but counts as a second file for the checks across files (two files, one label)', async () => {
    const body = '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration: {max_nodes: -1}\n';
    const dir = tempDir({ 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/clusters/etl.yaml': body });
    symlinkSync('etl.yaml', join(dir, 'repo', 'clusters', 'etl-copy.yaml'));
    symlinkSync('clusters', join(dir, 'repo', 'alias'));
    const run = await runCli(['--no-config', '-f', 'compact', '.'], { cwd: join(dir, 'repo') });
    expect(lines(run.stdout)).toEqual([
      'clusters/etl-copy.yaml:2:9: error label "etl" is also claimed by clusters/etl.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels [repository/duplicate-label]',
      'clusters/etl.yaml:2:9: error label "etl" is also claimed by clusters/etl-copy.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels [repository/duplicate-label]',
      'clusters/etl.yaml:3:33: error node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -1 [schema/range]',
    ]);
    expect(run.stderr).toBe('');
  });

  describe('a link inside the repository to a file the walk never lints is linted under its own path (a tool that globs clusters/*.yaml sends it)', () => {
    const BAD = '# dplint: operation=set-cluster-state\nstate: stop\n';
    test.each([
      ['another extension', 'data/x.txt', {}],
      ['a target under node_modules/', 'node_modules/pkg/x.yaml', {}],
      ['a target in a folder .gitignore excludes', 'vendor/x.yaml', { 'repo/.gitignore': 'vendor/\n' }],
      ['a target in a folder the config ignores', 'legacy/x.yaml', { 'repo/dplint.config.yaml': 'ignore: ["legacy/**"]\n' }],
    ])('%s', async (_name, target, extra) => {
      const dir = tempDir({ 'repo/.git/HEAD': 'ref: refs/heads/main\n', [`repo/${target}`]: BAD, 'repo/clusters/a.yaml': CLUSTER, ...extra });
      symlinkSync(join('..', target), join(dir, 'repo', 'clusters', 'b.yaml'));
      // Walked from the root, and from the folder of the link (its target is outside that folder, inside the repository).
      for (const [cwd, path, shown] of [['repo', '.', 'clusters/'], ['repo', 'clusters', 'clusters/'], ['repo/clusters', '.', '']]) {
        const run = await runCli(['-f', 'compact', path], { cwd: join(dir, cwd) });
        expect(lines(run.stdout)).toEqual([`${shown}a.yaml:2:8: ${FINDING}`, `${shown}b.yaml:2:8: ${FINDING}`]);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(1);
      }
    });
  });
  test('a link out of the folder to a pipe or a device is skipped, not read', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER });
    symlinkSync('/dev/zero', join(dir, 'repo', 'zero.yaml'));
    const run = await runCli(['--no-config', '-f', 'compact', 'repo'], { cwd: dir });
    expect(run.stdout).toBe(`repo/a.yaml:2:8: ${FINDING}\n`);
    expect(run.code).toBe(1);
  });

  test('130,000 files in a walk: every one collected, no call stack overflow', () => {
    const dir = tempDir();
    const count = 130_000;
    for (let folder = 0; folder < 130; folder++) {
      mkdirSync(join(dir, `f${folder}`));
      for (let file = 0; file < 1000; file++) writeFileSync(join(dir, `f${folder}`, `${file}.yaml`), '');
    }
    try {
      const { files } = collectFiles(['.'], { cwd: dir });
      expect(files.length).toBe(count);
      expect(files[0]).toBe('f0/0.yaml');
    } finally {
      // 130,000 files are not left in a shared temporary folder.
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  test.skipIf(process.platform !== 'linux')('a file name that is not valid UTF-8: exit 2, one line saying so (not "no such file")', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER });
    writeFileSync(Buffer.concat([Buffer.from(join(dir, 'repo') + '/bad-'), Buffer.from([0xff, 0xfe]), Buffer.from('.yaml')]), CLUSTER);
    const run = await runCli(['--no-config', 'repo'], { cwd: dir });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `dplint: cannot read ${JSON.stringify(join(dir, 'repo', 'bad-\uFFFD\uFFFD.yaml'))}: its name is not valid UTF-8 (shown with U+FFFD in place of the bad bytes); rename the file\n`,
    });
  });
});

describe('the git a walk runs executes nothing', () => {
  test('a file-system monitor the repository\'s config names is not started by the walk\'s git ls-files', async () => {
    const dir = tempDir({ 'repo/a.yaml': CLUSTER, 'hook.sh': `#!/bin/sh\ntouch "${'$'}(dirname "$0")/RAN"\n` });
    chmodSync(join(dir, 'hook.sh'), 0o755);
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: join(dir, 'repo') }).status).toBe(0);
    git('init', '-q');
    git('config', 'core.fsmonitor', join(dir, 'hook.sh'));
    git('add', 'a.yaml');
    // The test's own git ran it.
    expect(existsSync(join(dir, 'RAN'))).toBe(true);
    rmSync(join(dir, 'RAN'));
    const run = await runCli(['--no-config', '-f', 'compact', '.'], { cwd: join(dir, 'repo') });
    expect(run.stdout).toBe(`a.yaml:2:8: ${FINDING}\n`);
    expect(existsSync(join(dir, 'RAN'))).toBe(false);
  });
});

describe('a file named on the command line that links out of the repository', () => {
  const CREDENTIALS = '{"auths": {"registry.example.com": {"auth": "dXNlcjpQTEFOVEVEc2VjcmV0"}}}\n';
  test.each([
    ['inside a repository', { 'repo/.git/HEAD': 'ref: refs/heads/main\n' }],
    ['outside one (the working folder bounds it)', {}],
  ])('%s: refused, one line on standard error, never read or printed; --verbose lists it', async (_name, marker) => {
    const dir = tempDir({ 'home/.docker/config.json': CREDENTIALS, 'repo/clusters/a.yaml': CLUSTER, ...marker });
    symlinkSync(join(dir, 'home', '.docker', 'config.json'), join(dir, 'repo', 'clusters', 'x.yaml'));
    symlinkSync(join(dir, 'home', '.docker'), join(dir, 'repo', 'docker'));
    for (const format of ['stylish', 'compact', 'json']) {
      const run = await runCli(['--no-config', '-f', format, 'clusters/x.yaml', 'docker/config.json', 'clusters/a.yaml'], { cwd: join(dir, 'repo') });
      expect(run.stdout).not.toContain('dXNlcjpQTEFOVEVEc2VjcmV0');
      expect(run.stdout).not.toContain('x.yaml');
      expect(run.stdout).not.toContain('config.json');
      expect(run.stderr).toBe('dplint: skipped 2 symbolic links leading out of the repository; --verbose lists them\n');
      expect(run.code).toBe(1);
    }
    const verbose = await runCli(['--no-config', '--verbose', '-f', 'compact', 'clusters/x.yaml'], { cwd: join(dir, 'repo') });
    expect(verbose).toEqual({ code: 0, stdout: '', stderr: 'dplint: skipped "clusters/x.yaml": a symbolic link out of the repository\n' });
  });

  test('a link into the .git folder is a link out (actions/checkout keeps its token in .git/config), walked or named', async () => {
    const dir = tempDir({ 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/.git/config': '[http]\n\textraheader = AUTHORIZATION: basic PLANTEDxTOKEN\n', 'repo/clusters/a.yaml': CLUSTER });
    symlinkSync('../.git/config', join(dir, 'repo', 'clusters', 'b.yaml'));
    const walked = await runCli(['--no-config', '-f', 'compact', 'clusters'], { cwd: join(dir, 'repo') });
    expect(walked).toEqual({ code: 1, stdout: `clusters/a.yaml:2:8: ${FINDING}\n`, stderr: 'dplint: skipped 1 symbolic link ("clusters/b.yaml") leading out of the repository; --verbose lists them\n' });
    const named = await runCli(['--no-config', '-f', 'compact', 'clusters/b.yaml'], { cwd: join(dir, 'repo') });
    expect(named.stdout + named.stderr).not.toContain('PLANTEDxTOKEN');
    expect(named.stderr).toBe('dplint: skipped 1 symbolic link ("clusters/b.yaml") leading out of the repository; --verbose lists them\n');
  });

  test('a named link inside the repository is read through, under its own path', async () => {
    const dir = tempDir({ 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/data/x.txt': CLUSTER });
    symlinkSync('data/x.txt', join(dir, 'repo', 'clusters.yaml'));
    const run = await runCli(['--no-config', '-f', 'compact', 'clusters.yaml'], { cwd: join(dir, 'repo') });
    expect(run).toEqual({ code: 1, stdout: `clusters.yaml:2:8: ${FINDING}\n`, stderr: '' });
  });
});

describe('which config file applies', () => {
  test('outside a repository, a config file above the working directory does not apply (its ignore: ["**"] would pass every file)', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'ignore: ["**"]\n', 'work/a.yaml': CLUSTER });
    const run = await runCli(['-f', 'compact', '.'], { cwd: join(dir, 'work') });
    expect(run).toEqual({ code: 1, stdout: `a.yaml:2:8: ${FINDING}\n`, stderr: '' });
    const named = await runCli(['-f', 'compact', join(dir, 'work', 'a.yaml')], { cwd: join(dir, 'work') });
    expect(named.code).toBe(1);
  });

  test('inside a repository, the search still goes up to its root, and --verbose names the file used', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'ignore: ["**"]\n', 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/dplint.config.yaml': 'rules:\n  schema/enum: warning\n', 'repo/clusters/a.yaml': CLUSTER });
    const run = await runCli(['--verbose', '-f', 'compact', '.'], { cwd: join(dir, 'repo', 'clusters') });
    expect(run.stdout).toBe(`a.yaml:2:8: ${FINDING.replace('error', 'warning')}\n`);
    expect(run.stderr).toBe('dplint: config file "../dplint.config.yaml" applies to 1 file\n');
    expect(run.code).toBe(0);
  });

  test('a file outside the working directory and any repository gets the config of its own folder only', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'ignore: ["**"]\n', 'elsewhere/sub/a.yaml': CLUSTER, 'cwd/keep.txt': '' });
    const run = await runCli(['--verbose', '-f', 'compact', join(dir, 'elsewhere', 'sub')], { cwd: join(dir, 'cwd') });
    expect(run.stdout).toBe(`${join(dir, 'elsewhere', 'sub', 'a.yaml')}:2:8: ${FINDING}\n`);
    expect(run.stderr).toBe('dplint: no config file applies to 1 file: the recommended defaults\n');
  });
});
