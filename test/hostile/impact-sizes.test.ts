import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, test, vi } from 'vitest';
import { git, writeFiles } from '../helpers/repo.js';
import { impactCommand } from '../../src/commands/impact.js';
import { runCli } from '../helpers/cli.js';

/**
 * `dplint impact` asks git for each blob's size before it reads any, and reads none larger than
 * its limits.maxFileSize (issue 30.15: a 300 MB blob of one byte, a 1.5 MB push, held 935 MB).
 * What git is asked to read is recorded: the blob over the limit is never among it.
 */
const asked = vi.hoisted(() => ({ ids: [] as string[] }));
vi.mock('../../src/node/git.js', async (importOriginal) => {
  const git = await importOriginal<typeof import('../../src/node/git.js')>();
  return {
    ...git,
    readBlobs: (root: string, ids: readonly string[]) => {
      asked.ids.push(...ids);
      return git.readBlobs(root, ids);
    },
  };
});

beforeEach(() => {
  asked.ids = [];
});


/** 101 bytes: one past the config's limit of 100. */
const BIG = `label: [big]\n# ${'x'.repeat(101 - 'label: [big]\n# \n'.length)}\n`;

function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-impact-sizes-'));
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, {
    'dplint.config.yaml': 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\nlimits:\n  maxFileSize: 100\n',
    'clusters/small.yaml': 'label: [small]\nnode_configuration:\n  max_nodes: 2\n',
  });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}

test('a blob one byte over maxFileSize is not read, at a ref or in the work tree, and the report says so', () => {
  expect(BIG.length).toBe(101);
  const dir = repository();
  git(dir, 'checkout', '-q', '-b', 'change');
  writeFiles(dir, { 'clusters/big.yaml': BIG, 'clusters/small.yaml': 'label: [small]\nnode_configuration:\n  max_nodes: 3\n' });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'change');
  const bigBlob = git(dir, 'rev-parse', 'change:clusters/big.yaml').trim();
  const smallBlob = git(dir, 'rev-parse', 'change:clusters/small.yaml').trim();

  const report = JSON.parse(impactCommand('main', 'change', 'json', dir));
  expect(asked.ids).not.toContain(bigBlob);
  expect(asked.ids).toContain(smallBlob);
  expect(report.notRead).toEqual([{ file: 'clusters/big.yaml', at: 'change', bytes: 101, maxFileSize: 100 }]);
  // Not read, it is no cluster body the report can show: the note stands for it.
  expect(report.clusters.map((c: { file: string; change: string }) => [c.file, c.change])).toEqual([['clusters/small.yaml', 'modified']]);
  const markdown = impactCommand('main', 'change', 'markdown', dir);
  expect(markdown).toContain('> **Note:** `clusters/big.yaml` at `change` was not read: 101 bytes, more than limits.maxFileSize (100); what it changes is not in this report.\n');

  // The work tree: the file's size is read from the file system, and the file is not.
  git(dir, 'checkout', '-q', 'main');
  writeFiles(dir, { 'clusters/big.yaml': BIG });
  expect(JSON.parse(impactCommand('main', undefined, 'json', dir)).notRead).toEqual([{ file: 'clusters/big.yaml', at: 'the work tree', bytes: 101, maxFileSize: 100 }]);
});

test('a config blob larger than a config file may be is refused (exit 2) before it is read', async () => {
  const dir = repository();
  git(dir, 'checkout', '-q', '-b', 'change');
  // 10 MiB and one byte of comment: written by the test, 10 MB of one byte packs small.
  writeFiles(dir, { 'dplint.config.yaml': `# ${'x'.repeat(10 * 1024 * 1024 - 2)}\n` });
  git(dir, 'commit', '-q', '-am', 'config');
  const configBlob = git(dir, 'rev-parse', 'change:dplint.config.yaml').trim();
  expect(await runCli(['impact', 'main', 'change'], { cwd: dir })).toEqual({
    code: 2,
    stdout: '',
    stderr: 'dplint: config file "change:dplint.config.yaml" is 10485761 bytes, more than the 10485760 bytes dplint reads of one\n',
  });
  expect(asked.ids).not.toContain(configBlob);
});
