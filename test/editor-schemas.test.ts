import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node.js';
import { hasBodySchema } from '../src/schema/body-schemas.js';
import { editorSchema } from '../src/schema/editor-schema.js';
import { OPERATION_IDS } from '../src/operations.js';

/**
 * The schemas editors get judge a body as dplint does: the real yaml-language-server (the YAML
 * extension's server) reads the committed `schemas/editor/` files over LSP, as VS Code would.
 */
const EDITOR_SCHEMAS = join(import.meta.dirname, '..', 'schemas', 'editor');

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity: number;
}

let server: ReturnType<typeof spawn>;
let connection: MessageConnection;
const published = new Map<string, (diagnostics: Diagnostic[]) => void>();

beforeAll(async () => {
  server = spawn(process.execPath, [join(import.meta.dirname, '..', 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  connection = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({ validate: true })));
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: Diagnostic[] }) => published.get(params.uri)?.(params.diagnostics));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
  connection.sendNotification('initialized', {});
  connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: { validate: true } } });
});

afterAll(() => {
  connection?.dispose();
  server?.kill();
});

const folder = mkdtempSync(join(tmpdir(), 'dplint-editor-'));
let opened = 0;

/** Opens a file that names its editor schema in a modeline, and returns what the server reports on it. */
function diagnosticsOf(operation: string, body: string): Promise<string[]> {
  const uri = pathToFileURL(join(folder, `file-${++opened}.yaml`)).href;
  const schema = pathToFileURL(join(EDITOR_SCHEMAS, `${operation}.schema.json`)).href;
  const text = `# yaml-language-server: $schema=${schema}\n${body}`;
  return new Promise((resolve) => {
    published.set(uri, (diagnostics) => resolve(diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.message}`)));
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  });
}

describe('the editor schemas judge as dplint does (yaml-language-server)', () => {
  test('null for an optional member, a placeholder for a number and an unlisted member are no errors; a value out of range is', async () => {
    const body = ['label: [etl]', 'lable: etl', 'node_configuration:', '  idle_cluster_timeout: null', '  blk_volume_count: ${COUNT}', '  max_nodes: -3', ''].join('\n');
    expect(await diagnosticsOf('edit-cluster', body)).toEqual(['7:14 1 Value is below the minimum of 0.']);
  });

  test('a required member left empty is an error, as it is for dplint', async () => {
    expect(await diagnosticsOf('set-cluster-state', 'state: null\n')).toEqual(['2:8 1 Incorrect type. Expected "string".', '2:8 1 Value is not accepted. Valid values: "start", "terminate".']);
    expect(await diagnosticsOf('set-cluster-state', 'state: ${STATE}\n')).toEqual([]);
  });
});

test('the committed editor schemas are what `dplint schema --out` writes (npm run generate:editor-schemas)', () => {
  const written = OPERATION_IDS.filter(hasBodySchema).map((id) => [id, JSON.parse(readFileSync(join(EDITOR_SCHEMAS, `${id}.schema.json`), 'utf8'))]);
  expect(Object.fromEntries(written)).toEqual(Object.fromEntries(OPERATION_IDS.filter(hasBodySchema).map((id) => [id, editorSchema(id)])));
});
