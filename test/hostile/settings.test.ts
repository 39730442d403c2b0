import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readSettingsFile } from '../../src/node/read-settings.js';
import { runCli } from '../helpers/cli.js';
import { repo } from '../helpers/repo.js';
import { tempDir } from './helpers.js';

/**
 * dplint's own settings files — config files, `.gitignore`, the baseline, the cache — come with
 * the pull request. Each is read through one guarded function (src/node/read-settings.ts): never
 * through a link, a regular file only, opened without blocking, at most a size cap. Nothing of a
 * link's target reaches standard error; a device or a pipe neither fills the memory nor blocks.
 */

const CLI = join(process.cwd(), 'dist', 'dplint.cjs');
const TOKEN = 'https://x-access-token:ghs_0123456789abcdefghijklmnopqrstuvwxyz@github.com';
const BODY = '# dplint: operation=set-cluster-state\nstate: start\n';
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

/** The built program, in a process of its own: the timeout only bounds a broken run (a device read for ever); a passing one ends at once. */
function dplint(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 30_000, stdio: ['pipe', 'pipe', 'pipe'] });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** A repository holding c.yaml, and a credential file beside it, outside the repository. */
function repoBesideCredentials(): { dir: string; credentials: string } {
  const dir = repo({ 'c.yaml': BODY });
  const credentials = join(tempDir({ '.git-credentials': `${TOKEN}\n` }), '.git-credentials');
  return { dir, credentials };
}

const LINKED = (file: string) => `dplint: the config file ${JSON.stringify(file)} is a symbolic link; dplint reads a config only from a file of its own (a link could lead anywhere: a credential, a device)\n`;

describe('a config file is read only from a regular file of its own (30.1)', () => {
  test('dplint.config.yaml -> ~/.git-credentials is refused, and nothing of the target is printed: lint and --print-config, exit 2', async () => {
    const { dir, credentials } = repoBesideCredentials();
    symlinkSync(credentials, join(dir, 'dplint.config.yaml'));
    expect(await runCli(['.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: LINKED('dplint.config.yaml') });
    expect(await runCli(['--print-config', 'c.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: LINKED('dplint.config.yaml') });
  });

  test('.dplint.yaml in a subfolder linking out is refused the same way, by its path', async () => {
    const { dir, credentials } = repoBesideCredentials();
    mkdirSync(join(dir, 'clusters'));
    writeFileSync(join(dir, 'clusters', 'etl.yaml'), BODY);
    symlinkSync(credentials, join(dir, 'clusters', '.dplint.yaml'));
    expect(await runCli(['.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: LINKED('clusters/.dplint.yaml') });
  });

  test('a link inside the repository, and a dangling one, are refused too: never passed over for the config above', async () => {
    const dir = repo({ 'c.yaml': BODY, 'shared/base.yaml': 'extends: strict\n' });
    symlinkSync('shared/base.yaml', join(dir, 'dplint.config.yaml'));
    expect(await runCli(['c.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: LINKED('dplint.config.yaml') });
    const nested = repo({ 'dplint.config.yaml': 'extends: strict\n', 'sub/c.yaml': BODY });
    symlinkSync('/nonexistent/dplint.yaml', join(nested, 'sub', '.dplint.yml'));
    expect(await runCli(['sub/c.yaml'], { cwd: nested })).toEqual({ code: 2, stdout: '', stderr: LINKED('sub/.dplint.yml') });
  });

  test('--config naming a link is refused as well', async () => {
    const { dir, credentials } = repoBesideCredentials();
    symlinkSync(credentials, join(dir, 'team.yaml'));
    expect(await runCli(['--config', 'team.yaml', 'c.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: LINKED('team.yaml') });
  });

  test('a config that is one scalar is named by its type, never quoted', async () => {
    const dir = repo({ 'c.yaml': BODY, 'dplint.config.yaml': `${TOKEN}\n` });
    const expected = { code: 2, stdout: '', stderr: 'dplint: dplint.config.yaml:1:1: the config must be an object; got a string\n' };
    expect(await runCli(['.'], { cwd: dir })).toEqual(expected);
    expect(await runCli(['--print-config', 'c.yaml'], { cwd: dir })).toEqual(expected);
    writeFileSync(join(dir, 'dplint.config.yaml'), '4111111111111111\n');
    expect((await runCli(['.'], { cwd: dir })).stderr).toBe('dplint: dplint.config.yaml:1:1: the config must be an object; got a whole number\n');
  });

  test('a config over 1 MiB is refused before it is parsed; one of 1 MiB is read', async () => {
    const dir = repo({ 'c.yaml': BODY, 'dplint.config.yaml': `# ${'x'.repeat(1024 * 1024 - 3)}\n` });
    expect((await runCli(['c.yaml'], { cwd: dir })).code).toBe(0);
    writeFileSync(join(dir, 'dplint.config.yaml'), `# ${'x'.repeat(1024 * 1024 - 2)}\n`);
    expect(await runCli(['c.yaml'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: the config file "dplint.config.yaml" is 1048577 bytes, over the 1 MiB it may have\n' });
  });
});

test('dplint impact reads the work tree\'s config through the same guarded read: a link is exit 2, one line, not the defaults', async () => {
  const { dir, credentials } = repoBesideCredentials();
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
  rmSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'dplint.config.yaml'), 'extends: strict\n');
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'base']]) expect(spawnSync('git', args, { cwd: dir, env }).status).toBe(0);
  rmSync(join(dir, 'dplint.config.yaml'));
  symlinkSync(credentials, join(dir, 'dplint.config.yaml'));
  expect(await runCli(['impact', 'main'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: LINKED('dplint.config.yaml') });
});

describe.skipIf(process.platform === 'win32')('a config file that is, or links to, a device or a pipe ends the run at once (30.2)', () => {
  test('-> /dev/zero and -> /dev/stdin (whose job keeps standard input open) are refused without a byte read: exit 2, one line', () => {
    for (const device of ['/dev/zero', '/dev/stdin']) {
      const dir = repo({ 'c.yaml': BODY });
      symlinkSync(device, join(dir, 'dplint.config.yaml'));
      expect(dplint(['.'], dir), device).toEqual({ status: 2, stdout: '', stderr: LINKED('dplint.config.yaml') });
    }
  });

  test.skipIf(!hasMkfifo)('a config that is a named pipe is not waited on: exit 2, one line', () => {
    const dir = repo({ 'c.yaml': BODY });
    expect(spawnSync('mkfifo', [join(dir, '.dplint.yaml')]).status).toBe(0);
    expect(dplint(['.'], dir)).toEqual({ status: 2, stdout: '', stderr: 'dplint: the config file ".dplint.yaml" is not a regular file\n' });
  });
});

describe.skipIf(process.platform === 'win32')('a .gitignore that is a link, a device or a pipe is not read, as git does not read it (30.3)', () => {
  const unread = (file: string, why: string) => `dplint: warning: not read ${JSON.stringify(file)}: it ${why}; its patterns do not apply\n`;
  const LINK = 'is a symbolic link, which git does not follow either';

  test('.gitignore -> /dev/zero at the root and in a subfolder: the run ends, says so once each, and lints what they would have hidden', () => {
    const dir = repo({ 'c.yaml': BODY, 'sub/d.yaml': 'state: stop\n' });
    symlinkSync('/dev/zero', join(dir, '.gitignore'));
    symlinkSync('/dev/zero', join(dir, 'sub', '.gitignore'));
    expect(dplint(['-f', 'compact', '.'], dir)).toEqual({
      status: 1,
      stdout: 'sub/d.yaml:1:1: info no operation declared; checked as set-cluster-state from the body\'s shape. Declare it with "# dplint: operation=set-cluster-state" or in the config file\'s files [operation/inferred]\nsub/d.yaml:1:8: error state must be one of "start", "terminate"; got "stop" [schema/enum]\n',
      stderr: unread('.gitignore', LINK) + unread('sub/.gitignore', LINK),
    });
  });

  test('a .gitignore linked to a file inside the repository is not read either (git reads none through a link)', async () => {
    const dir = repo({ 'c.yaml': BODY, 'skipped.yaml': 'state: stop\n', 'patterns.txt': 'skipped.yaml\n' });
    symlinkSync('patterns.txt', join(dir, '.gitignore'));
    const run = await runCli(['-f', 'compact', '.'], { cwd: dir });
    expect(run.stderr).toBe(unread('.gitignore', LINK));
    expect(run.stdout.split('\n').filter(Boolean).map((line) => line.split(':')[0])).toEqual(['skipped.yaml', 'skipped.yaml']);
  });

  test.skipIf(!hasMkfifo)('a .gitignore that is a named pipe (above the folder walked) is not waited on', () => {
    const dir = repo({ 'sub/c.yaml': BODY });
    expect(spawnSync('mkfifo', [join(dir, '.gitignore')]).status).toBe(0);
    expect(dplint(['-f', 'compact', 'sub'], dir)).toEqual({ status: 0, stdout: '', stderr: unread('.gitignore', 'is not a regular file') });
  });

  test('a regular .gitignore still applies', async () => {
    const dir = repo({ 'c.yaml': BODY, 'skipped.yaml': 'state: stop\n', '.gitignore': 'skipped.yaml\n' });
    expect(await runCli(['-f', 'compact', '.'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('readSettingsFile, the one guarded read', () => {
  test('reads a regular file; says missing, link, not a file, too large; reads no byte of what it refuses', () => {
    const dir = tempDir({ 'a.yaml': 'abc\n', 'folder/x': '' });
    symlinkSync('a.yaml', join(dir, 'link.yaml'));
    const read = readSettingsFile(join(dir, 'a.yaml'), 4);
    expect(read.kind === 'read' && read.bytes.toString('utf8')).toBe('abc\n');
    expect(readSettingsFile(join(dir, 'a.yaml'), 3)).toEqual({ kind: 'refused', why: 'too-large', size: 4 });
    expect(readSettingsFile(join(dir, 'missing.yaml'), 4)).toEqual({ kind: 'missing' });
    expect(readSettingsFile(join(dir, 'a.yaml', 'below'), 4)).toEqual({ kind: 'missing' });
    expect(readSettingsFile(join(dir, 'link.yaml'), 4)).toEqual({ kind: 'refused', why: 'link' });
    expect(readSettingsFile(join(dir, 'folder'), 4)).toEqual({ kind: 'refused', why: 'not-file' });
  });
});
