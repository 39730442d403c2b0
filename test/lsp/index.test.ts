import { symlinkSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { repo } from '../helpers/repo.js';
import { brief, Client } from './client.js';

/**
 * The first index of a workspace folder, read a slice at a time: a document's own diagnostics come
 * at once, its findings across files once the index is complete (the end of its progress); and the
 * index reads what a `dplint` run in the folder reads, no more: not the files the config or a
 * .gitignore ignores, not a link that leads out of the folder, not a file over the size limit.
 */
const FILES = 300;
const files: Record<string, string> = {
  'dplint.config.yaml': ['files:', '  - match: ["clusters/**", "legacy/**", "generated/**"]', '    operation: edit-cluster', 'ignore: ["legacy/**"]', 'limits:', '  maxFileSize: 2000', ''].join('\n'),
  '.gitignore': 'generated/\n',
  'clusters/twin.yaml': 'label: [shared]\n',
  'legacy/old.yaml': 'label: [shared]\n',
  'generated/copy.yaml': 'label: [shared]\n',
  'clusters/huge.yaml': `label: [shared]\n${'# padding\n'.repeat(250)}`,
};
for (let i = 0; i < FILES; i++) files[`clusters/c-${String(i).padStart(4, '0')}.yaml`] = `label: [c-${i}]\nnode_configuration:\n  max_nodes: ${i + 1}\n`;
const root = repo(files);
const outside = mkdtempSync(join(tmpdir(), 'dplint-outside-'));
writeFileSync(join(outside, 'elsewhere.yaml'), 'label: [shared]\n');
symlinkSync(join(outside, 'elsewhere.yaml'), join(root, 'clusters', 'linked.yaml'));

const client = new Client(root);

afterAll(async () => {
  if (client.process.exitCode === null) client.process.kill();
});

test('an opened file gets its diagnostics at once, and the duplicate label once the index of the folder is complete; ignored files, links out of the folder and files over the size limit are not read', async () => {
  await client.initialize({ window: { workDoneProgress: true } });
  const indexed = client.indexed();
  // Its own findings: the checks across files wait for the index.
  expect(await client.open('clusters/new.yaml', 'label: [shared]\nnode_configuration:\n  max_nodes: -1\n')).toEqual([
    expect.objectContaining({ code: 'schema/range', range: { start: { line: 2, character: 13 }, end: { line: 2, character: 15 } } }),
  ]);
  await client.synced(indexed);
  // The CLI's walk: the 300 files, twin.yaml and huge.yaml; not legacy/ (the config), generated/ (.gitignore) nor the link.
  expect(client.progress[0]).toEqual({ kind: 'begin', title: 'dplint', percentage: 0, message: `reading ${FILES + 2} files for the checks across files` });
  expect(client.progress[client.progress.length - 1]).toEqual({ kind: 'end' });
  const diagnostics = client.published.get(client.uri('clusters/new.yaml'))!;
  expect(diagnostics.map(brief)).toEqual([
    '1:9-1:15 1 repository/duplicate-label label "shared" is also claimed by clusters/twin.yaml; commands on "shared" would run on whichever cluster was edited last. Give each cluster its own labels',
    '3:14-3:16 1 schema/range node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -1',
  ]);
  expect(diagnostics[0].relatedInformation).toEqual([
    { location: { uri: client.uri('clusters/twin.yaml'), range: { start: { line: 0, character: 8 }, end: { line: 0, character: 14 } } }, message: 'also claimed in clusters/twin.yaml' },
  ]);
  // Answering still, and the index is used as the file is typed.
  expect((await client.replaceAll('clusters/new.yaml', 'label: [c-7]\n')).map(brief)).toEqual([
    '1:9-1:12 1 repository/duplicate-label label "c-7" is also claimed by clusters/c-0007.yaml; commands on "c-7" would run on whichever cluster was edited last. Give each cluster its own labels',
  ]);
  expect(await client.shutdown()).toBe(0);
  expect(client.stderr).toBe('');
});
