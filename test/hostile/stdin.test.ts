import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from './helpers.js';

/**
 * Standard input as a hostile input, through the built program (standard input is the process's
 * own): bounded by maxFileSize, and only a file, a pipe or a terminal.
 */

const CLI = join(process.cwd(), 'dist', 'dplint.cjs');

function dplint(args: string[], stdin: number | Buffer, cwd: string): { status: number | null; stdout: string; stderr: string } {
  const options: SpawnSyncOptions = typeof stdin === 'number' ? { stdio: [stdin, 'pipe', 'pipe'] } : { input: stdin };
  // The timeout only bounds a broken run (input read for ever); a passing one ends at once.
  const child = spawnSync(process.execPath, [CLI, ...args], { ...options, cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('--stdin', () => {
  test.skipIf(process.platform === 'win32')('/dev/zero is refused before a byte is read: exit 2, one line', () => {
    const dir = tempDir();
    const zero = openSync('/dev/zero', 'r');
    try {
      expect(dplint(['--no-config', '--stdin'], zero, dir)).toEqual({ status: 2, stdout: '', stderr: 'dplint: --stdin reads a file or a pipe; standard input is a device\n' });
    } finally {
      closeSync(zero);
    }
  });

  test('a folder on standard input is refused, not "no problems": exit 2, one line', () => {
    const dir = tempDir({ 'a.yaml': 'label: [etl]\n' });
    const folder = openSync(dir, 'r');
    try {
      expect(dplint(['--no-config', '--stdin'], folder, dir)).toEqual({ status: 2, stdout: '', stderr: 'dplint: --stdin reads a file or a pipe; standard input is a folder\n' });
    } finally {
      closeSync(folder);
    }
  });

  test('a pipe past maxFileSize is refused as soon as it passes it: exit 2, one line', () => {
    const dir = tempDir({ 'dplint.config.yaml': 'limits:\n  maxFileSize: 100\n' });
    const run = dplint(['--stdin', '--stdin-filename', 'body.yaml', '-f', 'compact'], Buffer.alloc(1_000_000, 0x23), dir);
    expect(run).toEqual({ status: 2, stdout: '', stderr: 'dplint: standard input is more than 100 bytes, over the limit maxFileSize = 100; raise limits.maxFileSize in the config file to lint it\n' });
  });

  test('a regular file and a pipe within the limit are linted', () => {
    const dir = tempDir({ 'body.yaml': '# dplint: operation=set-cluster-state\nstate: stop\n' });
    const file = openSync(join(dir, 'body.yaml'), 'r');
    const expected = { status: 1, stdout: 'body.yaml:2:8: error state must be one of "start", "terminate"; got "stop" [schema/enum]\n', stderr: '' };
    try {
      expect(dplint(['--no-config', '--stdin', '--stdin-filename', 'body.yaml', '-f', 'compact'], file, dir)).toEqual(expected);
    } finally {
      closeSync(file);
    }
    expect(dplint(['--no-config', '--stdin', '--stdin-filename', 'body.yaml', '-f', 'compact'], Buffer.from('# dplint: operation=set-cluster-state\nstate: stop\n'), dir)).toEqual(expected);
  });
});
