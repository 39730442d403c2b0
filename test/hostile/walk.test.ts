import { spawnSync } from 'node:child_process';
import { chmodSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from './helpers.js';

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
