import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { repo } from '../helpers/repo.js';
import { brief, Client } from './client.js';

/**
 * A downloaded folder opened in an editor is as hostile as a pull request: a config or a
 * `.gitignore` linked to a device, or a config that is a named pipe, must neither stall the
 * language server nor be read. The server answers, and says what is wrong on the config (30.6).
 */

const BODY = '# dplint: operation=set-cluster-state\nstate: stopp\n';
const ENUM = '2:8-2:13 1 schema/enum state must be one of "start", "terminate"; got "stopp"';
const LINKED = 'the config file "dplint.config.yaml" is a symbolic link; dplint reads a config only from a file of its own (a link could lead anywhere: a credential, a device)';

let client: Client | undefined;

afterEach(() => {
  if (client && client.process.exitCode === null) client.process.kill();
  client = undefined;
});

async function started(root: string): Promise<Client> {
  client = new Client(root);
  await client.initialize({ workspace: { didChangeWatchedFiles: { dynamicRegistration: true } }, window: { workDoneProgress: true } });
  return client;
}

describe.skipIf(process.platform === 'win32')('the language server on a hostile workspace', () => {
  test('dplint.config.yaml -> /dev/zero: one diagnostic on the config, none on the file, and requests are answered', async () => {
    const root = repo({ 'c.yaml': BODY });
    symlinkSync('/dev/zero', join(root, 'dplint.config.yaml'));
    const lsp = await started(root);
    const onConfig = lsp.nextDiagnostics('dplint.config.yaml');
    expect(await lsp.open('c.yaml', BODY)).toEqual([]);
    expect((await onConfig).map(brief)).toEqual([`1:1-1:2 1 config ${LINKED}`]);
    expect(await lsp.hover('c.yaml', { line: 1, character: 1 })).toBe(null);
    expect(await lsp.shutdown()).toBe(0);
  });

  test.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('a config that is a named pipe: one diagnostic on it, and the server answers', async () => {
    const root = repo({ 'c.yaml': BODY });
    expect(spawnSync('mkfifo', [join(root, 'dplint.config.yaml')]).status).toBe(0);
    const lsp = await started(root);
    const onConfig = lsp.nextDiagnostics('dplint.config.yaml');
    expect(await lsp.open('c.yaml', BODY)).toEqual([]);
    expect((await onConfig).map(brief)).toEqual(['1:1-1:2 1 config the config file "dplint.config.yaml" is not a regular file']);
    expect(await lsp.shutdown()).toBe(0);
  });

  test('.gitignore -> /dev/zero (at the root and in a folder): the file is linted, the folder indexed, and the server answers', async () => {
    const root = repo({ 'c.yaml': BODY, 'sub/d.yaml': BODY });
    symlinkSync('/dev/zero', join(root, '.gitignore'));
    symlinkSync('/dev/zero', join(root, 'sub', '.gitignore'));
    const lsp = await started(root);
    const indexed = lsp.indexed();
    expect((await lsp.open('c.yaml', BODY)).map(brief)).toEqual([ENUM]);
    await lsp.synced(indexed);
    expect((await lsp.open('sub/d.yaml', BODY)).map(brief)).toEqual([ENUM]);
    expect(await lsp.shutdown()).toBe(0);
  });
});
