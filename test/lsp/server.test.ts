import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repo } from '../helpers/repo.js';
import { brief, Client, DPLINT, type Diagnostic } from './client.js';

/**
 * `dplint lsp --stdio` driven by a real LSP client over stdio (the protocol library editors use),
 * against a temporary config repository: what an editor shows is what `dplint` reports there.
 */
const CONFIG = ['files:', '  - match: ["clusters/*.yaml"]', '    operation: edit-cluster', ''].join('\n');
const CLUSTER = [
  'label: [etl]',
  'node_configuration:',
  '  max_nodes: "5"',
  '  slave_request_type: spot block',
  '  spot_block_settings:',
  '    duration: 90',
  'vm_settings:',
  '  cloud_region: us-east-9',
  '',
].join('\n');
// Each rule's page at this version's tag, wherever the server runs from (never a file: URL into node_modules).
const PAGE = 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules';
const REGIONS = '"us-east-1", "us-east-2", "us-west-1", "us-west-2", "eu-west-1", "eu-west-2", "sa-east-1", "ap-south-1", "ap-southeast-1", "ap-northeast-1", "ap-northeast-2", "ca-central-1"';

let root: string;
let client: Client;

beforeAll(async () => {
  root = repo({ 'dplint.config.yaml': CONFIG, 'clusters/etl.yaml': CLUSTER });
  client = new Client(root);
  await client.initialize({ workspace: { didChangeWatchedFiles: { dynamicRegistration: true } }, window: { workDoneProgress: true } });
});

afterAll(async () => {
  if (client.process.exitCode === null) client.process.kill();
});

describe('dplint lsp --stdio', () => {
  test('initialize: the capabilities an editor needs', async () => {
    const other = new Client(root);
    const { capabilities, serverInfo } = await other.initialize();
    expect(serverInfo.name).toBe('dplint');
    expect(capabilities).toEqual({
      textDocumentSync: { openClose: true, change: 2, save: { includeText: false } },
      codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.dplint'] },
      hoverProvider: true,
      completionProvider: { triggerCharacters: [' ', ':', '"', '-', '/'] },
    });
    expect(await other.shutdown()).toBe(0);
  });

  test('open: every finding of the file as a diagnostic, with exact ranges, rule id, severity, source and docs link', async () => {
    const indexed = client.indexed();
    const diagnostics = await client.open('clusters/etl.yaml', CLUSTER);
    expect(diagnostics).toEqual([
      {
        range: { start: { line: 2, character: 13 }, end: { line: 2, character: 16 } },
        severity: 1,
        code: 'body/number-as-string',
        codeDescription: { href: `${PAGE}/body/number-as-string.md` },
        source: 'dplint',
        message: 'node_configuration.max_nodes must be a whole number; got the string "5": write 5 without quotes',
      },
      {
        range: { start: { line: 5, character: 14 }, end: { line: 5, character: 16 } },
        severity: 1,
        code: 'schema/range',
        codeDescription: { href: `${PAGE}/schema/range.md` },
        source: 'dplint',
        message: 'node_configuration.spot_block_settings.duration must be a multiple of 60 between 60 and 360 minutes; got 90',
      },
      {
        range: { start: { line: 7, character: 16 }, end: { line: 7, character: 25 } },
        severity: 1,
        code: 'schema/enum',
        codeDescription: { href: `${PAGE}/schema/enum.md` },
        source: 'dplint',
        message: `vm_settings.cloud_region must be one of ${REGIONS}; got "us-east-9" (did you mean "us-east-1"?)`,
      },
    ]);
    // The first lint started the index of the folder: its progress, and the file linted again with the folder's facts (nothing across files here).
    await client.synced(indexed);
    expect(client.progress[0]).toEqual({ kind: 'begin', title: 'dplint', percentage: 0, message: 'reading 1 file for the checks across files' });
    expect(client.progress[client.progress.length - 1]).toEqual({ kind: 'end' });
    expect(client.published.get(client.uri('clusters/etl.yaml'))).toEqual(diagnostics);
  });

  test('the diagnostics are what `dplint --format json` reports for the file in the repository', () => {
    const run = spawnSync(process.execPath, [DPLINT, '--format', 'json', 'clusters/etl.yaml'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const cli = JSON.parse(run.stdout) as {
      results: Array<{ findings: Array<{ ruleId: string; message: string; line: number; column: number; endLine: number; endColumn: number }> }>;
    };
    const asCli = cli.results[0].findings.map((f) => `${f.line}:${f.column}-${f.endLine}:${f.endColumn} 1 ${f.ruleId} ${f.message}`);
    expect(client.published.get(client.uri('clusters/etl.yaml'))!.map(brief)).toEqual(asCli);
  });

  test('change: the diagnostics of the new text; hover on a finding explains the rule', async () => {
    const diagnostics = await client.edit('clusters/etl.yaml', [{ range: { start: { line: 5, character: 14 }, end: { line: 5, character: 16 } }, newText: '120' }]);
    expect(diagnostics.map((d) => d.code)).toEqual(['body/number-as-string', 'schema/enum']);
    const hover = await client.hover('clusters/etl.yaml', { line: 7, character: 18 });
    const value = hover!.contents.value;
    expect(value.split('\n\n---\n\n').map((part) => part.split('\n')[0])).toEqual([
      '**cloud_region** `string`',
      `**dplint schema/enum** (error): vm_settings.cloud_region must be one of ${REGIONS}; got "us-east-9" (did you mean "us-east-1"?)`,
    ]);
    expect(value).toContain('```text\nschema/enum  (default: error; applies to every operation)\n');
  });

  test('code actions: the fix (preferred), each suggestion, disable with a reason; applied, the file lints clean', async () => {
    const whole = { start: { line: 0, character: 0 }, end: { line: 8, character: 0 } };
    const actions = await client.codeActions('clusters/etl.yaml', whole);
    expect(actions.map((a) => [a.title, a.kind, a.isPreferred ?? false])).toEqual([
      ['Fix this body/number-as-string problem', 'quickfix', true],
      ['Disable body/number-as-string for this line', 'quickfix', false],
      ['Change to "us-east-1"', 'quickfix', false],
      ['Disable schema/enum for this line', 'quickfix', false],
      ['Fix all dplint problems that can be fixed', 'source.fixAll.dplint', false],
    ]);
    const uri = client.uri('clusters/etl.yaml');
    expect(actions[1].edit.changes[uri]).toEqual([{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, newText: '  # dplint-disable-next-line body/number-as-string -- \n' }]);
    expect(actions[0].edit.changes[uri]).toEqual([{ range: { start: { line: 2, character: 13 }, end: { line: 2, character: 16 } }, newText: '5' }]);
    expect((await client.edit('clusters/etl.yaml', actions[0].edit.changes[uri])).map((d) => d.code)).toEqual(['schema/enum']);
    const [suggestion] = (await client.codeActions('clusters/etl.yaml', { start: { line: 7, character: 20 }, end: { line: 7, character: 20 } })).filter((a) => a.title.startsWith('Change'));
    expect(await client.edit('clusters/etl.yaml', suggestion.edit.changes[uri])).toEqual([]);
    expect(client.text('clusters/etl.yaml')).toBe(CLUSTER.replace('"5"', '5').replace('duration: 90', 'duration: 120').replace('us-east-9', 'us-east-1'));
  });

  test('source.fixAll.dplint makes every safe fix, as `dplint --fix` would, as the fixes\' own edits (not the whole text)', async () => {
    const text = 'label: [adhoc]\nnode_configuration:\n  initial_nodes: "2"\n  max_nodes: "10"\n';
    expect((await client.open('clusters/adhoc.yaml', text)).map((d) => d.code)).toEqual(['body/number-as-string', 'body/number-as-string']);
    const actions = await client.codeActions('clusters/adhoc.yaml', { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, ['source.fixAll']);
    expect(actions.map((a) => a.title)).toEqual(['Fix all dplint problems that can be fixed']);
    const edits = actions[0].edit.changes[client.uri('clusters/adhoc.yaml')];
    expect(edits).toEqual([
      { range: { start: { line: 2, character: 17 }, end: { line: 2, character: 20 } }, newText: '2' },
      { range: { start: { line: 3, character: 13 }, end: { line: 3, character: 17 } }, newText: '10' },
    ]);
    expect(await client.edit('clusters/adhoc.yaml', edits)).toEqual([]);
    expect(client.text('clusters/adhoc.yaml')).toBe('label: [adhoc]\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n');
    expect(await client.close('clusters/adhoc.yaml')).toEqual([]);
  });

  test('hover on a member: its spec description, type, allowed values and default', async () => {
    await client.replaceAll('clusters/etl.yaml', 'label: [etl]\npresto_version: "0.180"\n');
    const hover = await client.hover('clusters/etl.yaml', { line: 1, character: 3 });
    expect(hover!.contents).toEqual({
      kind: 'markdown',
      value: [
        '**presto_version** `string`',
        '',
        'Allowed: `"0.157"`, `"0.180"`, `"0.193"`',
        '',
        'Default: `"0.180"`',
        '',
        'Presto version: "mandatory, Presto clusters only; values 0.157, 0.180 (default), 0.193" (the Presto-only requirement is a dplint rule) (spec 4.11).',
      ].join('\n'),
    });
    expect(await client.hover('clusters/etl.yaml', { line: 5, character: 0 })).toBe(null);
  });

  test('completion: member names with their docs, enum values, rule ids in a directive', async () => {
    await client.replaceAll('clusters/etl.yaml', 'label: [etl]\nnode_configuration:\n  max_nodes: 4\n  \nvm_settings:\n  cloud_region: \n# dplint-disable-next-line schema/en\n');
    const members = await client.completion('clusters/etl.yaml', { line: 3, character: 2 });
    const labels = members.map((m) => m.label);
    expect(labels).toContain('initial_nodes');
    expect(labels).toContain('spot_block_settings');
    expect(labels).not.toContain('max_nodes');
    expect(labels).not.toContain('label');
    const initialNodes = members.find((m) => m.label === 'initial_nodes')!;
    expect(initialNodes.kind).toBe(10);
    expect(initialNodes.textEdit).toEqual({ range: { start: { line: 3, character: 2 }, end: { line: 3, character: 2 } }, newText: 'initial_nodes' });
    const regions = await client.completion('clusters/etl.yaml', { line: 5, character: 16 });
    expect(regions.map((r) => r.label)).toEqual(JSON.parse(`[${REGIONS}]`));
    const ids = await client.completion('clusters/etl.yaml', { line: 6, character: 36 });
    expect(ids.map((i) => i.label)).toContain('schema/enum');
    expect(ids.find((i) => i.label === 'schema/enum')!.textEdit).toEqual({ range: { start: { line: 6, character: 27 }, end: { line: 6, character: 36 } }, newText: 'schema/enum' });
    await client.replaceAll('clusters/etl.yaml', CLUSTER);
  });

  // Issue 29.4: each document of a stream has its own operation, in the editor too.
  test('completion and hover in a later document of a stream follow that document\'s own operation', async () => {
    await client.replaceAll('clusters/etl.yaml', 'method: PUT\npath: /api/v1.3/clusters/etl\nbody:\n  label: [etl]\n---\nmethod: PUT\npath: /api/v2.0/clusters/etl/state\nbody:\n  state: \n');
    try {
      const states = await client.completion('clusters/etl.yaml', { line: 8, character: 9 });
      expect(states.map((s) => s.label)).toEqual(['start', 'terminate']);
      const hover = await client.hover('clusters/etl.yaml', { line: 8, character: 3 });
      expect(hover!.contents.value).toMatch(/^\*\*state\*\* `string`/);
    } finally {
      // The later tests start from the cluster file, whatever happened here.
      await client.replaceAll('clusters/etl.yaml', CLUSTER);
    }
  });

  test('a second file claiming the same label shows as it is typed, linking the other file', async () => {
    const diagnostics = await client.open('clusters/ml.yaml', 'label: [ml]\n');
    expect(diagnostics).toEqual([]);
    const etl = client.nextDiagnostics('clusters/etl.yaml');
    const typed = await client.replaceAll('clusters/ml.yaml', 'label: [ml, etl]\n');
    expect(typed.map(brief)).toEqual([
      '1:13-1:16 1 repository/duplicate-label label "etl" is also claimed by clusters/etl.yaml; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels',
    ]);
    expect(typed[0].relatedInformation).toEqual([
      { location: { uri: client.uri('clusters/etl.yaml'), range: { start: { line: 0, character: 8 }, end: { line: 0, character: 11 } } }, message: 'also claimed in clusters/etl.yaml' },
    ]);
    // The other open file learns of it too.
    expect((await etl).map((d) => d.code)).toContain('repository/duplicate-label');
    expect(await client.replaceAll('clusters/ml.yaml', 'label: [ml]\n')).toEqual([]);
    expect(await client.close('clusters/ml.yaml')).toEqual([]);
  });

  test('an account default typed in one file reaches the open cluster files that override it', async () => {
    expect(await client.open('clusters/idle.yaml', 'label: [idle]\nnode_configuration:\n  idle_cluster_timeout: 3\n')).toEqual([]);
    const cluster = client.nextDiagnostics('clusters/idle.yaml');
    await client.open('account.yaml', '# dplint: operation=edit-account\naccount:\n  idle_cluster_timeout: 2\n');
    expect((await cluster).map(brief)).toEqual(['3:25-3:26 3 repository/idle-timeout-override node_configuration.idle_cluster_timeout 3 overrides the account default of 2 hours set in account.yaml']);
    const cleared = client.nextDiagnostics('clusters/idle.yaml');
    await client.close('account.yaml');
    expect(await cleared).toEqual([]);
    await client.close('clusters/idle.yaml');
  });

  test('files changed on disk take part in the checks across files: changed, created, deleted', async () => {
    const etl = 'clusters/etl.yaml';
    // A file the index knew is read again at once; a new one makes the folder be read again: its diagnostics come at the end of that index.
    const notify = async (file: string, type: 1 | 2 | 3) => {
      const relinted = client.nextDiagnostics(etl);
      const indexed = type === 1 ? client.indexed() : undefined;
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri(file), type }] });
      await client.synced(relinted);
      if (indexed) await client.synced(indexed);
      return client.published.get(client.uri(etl))!;
    };
    const duplicate = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.code === 'repository/duplicate-label').map((d) => [d.message, d.relatedInformation?.map((r) => r.location.uri)]);
    const claimed = (by: string) => [[`label "etl" is also claimed by ${by}; commands on "etl" would run on whichever cluster was edited last. Give each cluster its own labels`, [client.uri(by)]]];

    writeFileSync(join(root, 'clusters/new.yaml'), 'label: [etl]\n');
    expect(duplicate(await notify('clusters/new.yaml', 1))).toEqual(claimed('clusters/new.yaml'));
    writeFileSync(join(root, 'clusters/new.yaml'), 'label: [other]\n');
    expect(duplicate(await notify('clusters/new.yaml', 2))).toEqual([]);
    writeFileSync(join(root, 'clusters/new.yaml'), 'label: [x, etl]\n');
    expect(duplicate(await notify('clusters/new.yaml', 2))).toEqual(claimed('clusters/new.yaml'));
    rmSync(join(root, 'clusters/new.yaml'));
    expect(duplicate(await notify('clusters/new.yaml', 3))).toEqual([]);
  });

  test('the config applies and is reloaded when it changes; a broken config is one diagnostic on it', async () => {
    const etl = 'clusters/etl.yaml';
    const before = client.published.get(client.uri(etl))!.map((d) => d.code);
    expect(before).toContain('schema/range');
    const config = client.uri('dplint.config.yaml');
    // A config that reads: the open files linted at once, and again once the folder is read again under it.
    const configChanged = async () => {
      const indexed = client.indexed();
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: config, type: 2 }] });
      await client.synced(indexed);
      return client.published.get(client.uri(etl))!;
    };
    writeFileSync(join(root, 'dplint.config.yaml'), `${CONFIG}rules:\n  schema/range: off\n`);
    expect((await configChanged()).map((d) => d.code)).toEqual(before.filter((code) => code !== 'schema/range'));

    writeFileSync(join(root, 'dplint.config.yaml'), `${CONFIG}rules:\n  schema/rnage: off\n`);
    const onConfig = client.nextDiagnostics('dplint.config.yaml');
    const relinted = client.nextDiagnostics(etl);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: config, type: 2 }] });
    expect((await onConfig).map(brief)).toEqual(['5:3-5:15 1 config unknown rule "schema/rnage"; did you mean "schema/range"?']);
    expect(await relinted).toEqual([]);
    // Still answering (with nothing to say of a file it cannot lint as the CLI would).
    expect(await client.hover(etl, { line: 0, character: 1 })).toBe(null);
    expect(client.process.exitCode).toBe(null);

    writeFileSync(join(root, 'dplint.config.yaml'), CONFIG);
    const cleared = client.nextDiagnostics('dplint.config.yaml');
    expect((await configChanged()).map((d) => d.code)).toEqual(before);
    expect(await cleared).toEqual([]);
  });

  test('a config changed without a notification (an editor that watches no files) applies at the next change', async () => {
    const etl = 'clusters/etl.yaml';
    const before = client.published.get(client.uri(etl))!.map((d) => d.code);
    expect(before).toContain('schema/enum');
    writeFileSync(join(root, 'dplint.config.yaml'), `${CONFIG}rules:\n  schema/enum: off\n`);
    // The new config makes the folder be read again: its end is waited for, not to take its diagnostics for the next change's.
    let indexed = client.indexed();
    expect((await client.replaceAll(etl, `${CLUSTER}\n`)).map((d) => d.code)).toEqual(before.filter((code) => code !== 'schema/enum'));
    await client.synced(indexed);
    writeFileSync(join(root, 'dplint.config.yaml'), CONFIG);
    indexed = client.indexed();
    expect((await client.replaceAll(etl, CLUSTER)).map((d) => d.code)).toEqual(before);
    await client.synced(indexed);
  });

  test('a file the config ignores, and a YAML file that is no request body, get no diagnostics', async () => {
    writeFileSync(join(root, 'dplint.config.yaml'), `${CONFIG}ignore: ["legacy/**"]\n`);
    const indexed = client.indexed();
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri('dplint.config.yaml'), type: 2 }] });
    await client.synced(indexed);
    expect(await client.open('legacy/old.yaml', '# dplint: operation=set-cluster-state\nstate: stopp\n')).toEqual([]);
    expect(await client.open('docker-compose.yaml', 'services:\n  web:\n    image: nginx\n')).toEqual([]);
    expect((await client.open('state.yaml', '# dplint: operation=set-cluster-state\nstate: stopp\n')).map((d) => d.code)).toEqual(['schema/enum']);
    writeFileSync(join(root, 'dplint.config.yaml'), CONFIG);
  });
});

describe('credentials never leave the server', () => {
  // fixtures/hostile/secrets plants credentials containing PLANTEDxSECRETx (credential.json also 12345).
  const SECRETS = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile', 'secrets');
  const LEAK = /PLANTEDxSECRETx|12345/;

  test.each(readdirSync(SECRETS).sort())('%s: no credential in diagnostics, hovers or quick fixes', async (name) => {
    const text = readFileSync(join(SECRETS, name), 'utf8');
    const file = `secrets/${name}`;
    const diagnostics = await client.open(file, text);
    expect(diagnostics.length).toBeGreaterThan(0);
    const lines = text.split('\n');
    const sent: unknown[] = [diagnostics];
    for (let line = 0; line < lines.length; line++) {
      for (let character = 0; character <= lines[line].length; character += 3) sent.push(await client.hover(file, { line, character }));
    }
    const actions = await client.codeActions(file, { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } });
    sent.push(actions);
    const leaked = JSON.stringify(sent).match(LEAK);
    expect(leaked?.[0]).toBe(undefined);
    await client.close(file);
  });
});

describe('the server survives what it is given', () => {
  const HOSTILE = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile');

  test.each(['billion-laughs.yaml', 'alias-cycle.yaml', 'deep-flow.json', 'deep-block.yaml', 'proto-keys.yaml', 'control-chars.yaml', 'nul-byte.yaml'])(
    '%s: diagnostics are published and the next request is answered',
    async (name) => {
      const text = readFileSync(join(HOSTILE, name), 'latin1');
      const diagnostics: Diagnostic[] = await client.open(`hostile/${name}`, `# dplint: operation=edit-cluster\n${text}`);
      expect(diagnostics.every((d) => d.source === 'dplint')).toBe(true);
      await client.hover(`hostile/${name}`, { line: 1, character: 1 });
      await client.completion(`hostile/${name}`, { line: 1, character: 0 });
      await client.codeActions(`hostile/${name}`, { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } });
      expect(await client.close(`hostile/${name}`)).toEqual([]);
      expect(client.process.exitCode).toBe(null);
    },
  );

  test('a file of 10,000 lines: its one mistake, at its last line', async () => {
    const tags = Array.from({ length: 9_996 }, (_, i) => `    tag${i}: value${i}`);
    const text = ['label: [big]', 'node_configuration:', '  custom_vm_tags:', ...tags, '  max_nodes: -1', ''].join('\n');
    expect(text.split('\n').length).toBe(10_001);
    const diagnostics = await client.open('clusters/big.yaml', text);
    expect(diagnostics.map(brief)).toEqual(['10000:14-10000:16 1 schema/range node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -1']);
    await client.close('clusters/big.yaml');
  });
});

test('shutdown and exit: the server ends with code 0', async () => {
  rmSync(join(root, 'dplint.config.yaml'), { force: true });
  expect(await client.shutdown()).toBe(0);
  expect(client.stderr).toBe('');
});
