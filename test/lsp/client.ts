import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';

export const DPLINT = join(import.meta.dirname, '..', '..', 'dist', 'dplint.cjs');

export interface Position {
  line: number;
  character: number;
}
export interface LspRange {
  start: Position;
  end: Position;
}
export interface Diagnostic {
  range: LspRange;
  severity: number;
  code: string;
  codeDescription?: { href: string };
  source: string;
  message: string;
  relatedInformation?: Array<{ location: { uri: string; range: LspRange }; message: string }>;
}
export interface TextEdit {
  range: LspRange;
  newText: string;
}
export interface CodeAction {
  title: string;
  kind: string;
  isPreferred?: boolean;
  diagnostics?: Diagnostic[];
  edit: { changes: Record<string, TextEdit[]> };
}

/**
 * A real LSP client over stdio, driving the built `dplint lsp --stdio` as an editor would: every
 * wait is for a message of the server (a response or a publishDiagnostics), never for time.
 */
export class Client {
  readonly process: ChildProcess;
  readonly connection: MessageConnection;
  readonly exited: Promise<number | null>;
  private readonly waiting = new Map<string, Array<{ version?: number; resolve(diagnostics: Diagnostic[]): void }>>();
  /** The last diagnostics published for each uri. */
  readonly published = new Map<string, Diagnostic[]>();
  private readonly documents = new Map<string, TextDocument>();
  stderr = '';
  /** The work-done progress the server reported (the index of the folder), in order. */
  readonly progress: Array<{ kind: string; title?: string; message?: string; percentage?: number }> = [];
  private indexWaiters: Array<() => void> = [];

  /** `argv`: Node's arguments that start the server (by default the built `dplint lsp --stdio`). */
  constructor(
    readonly root: string,
    argv: readonly string[] = [DPLINT, 'lsp', '--stdio'],
  ) {
    this.process = spawn(process.execPath, argv, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => this.process.on('exit', (code) => resolve(code)));
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout!), new StreamMessageWriter(this.process.stdin!));
    this.connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
      this.published.set(params.uri, params.diagnostics);
      const waiters = this.waiting.get(params.uri) ?? [];
      const ready = waiters.filter((w) => w.version === undefined || w.version === params.version);
      this.waiting.set(params.uri, waiters.filter((w) => !ready.includes(w)));
      for (const waiter of ready) waiter.resolve(params.diagnostics);
    });
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.onNotification('$/progress', (params: { value: { kind: string; message?: string } }) => {
      this.progress.push(params.value);
      if (params.value.kind !== 'end') return;
      const waiting = this.indexWaiters;
      this.indexWaiters = [];
      for (const resolve of waiting) resolve();
    });
    this.connection.listen();
  }

  async initialize(capabilities: object = {}): Promise<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }> {
    const result = await this.connection.sendRequest<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }>('initialize', {
      processId: process.pid,
      rootUri: this.uri(''),
      workspaceFolders: [{ uri: this.uri(''), name: 'repo' }],
      capabilities,
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /**
   * Resolves at the end of the next progress the server reports: its index of the folder is
   * complete, and the diagnostics it changed come next (wait for them with `synced`). The client
   * must have said it supports work-done progress (`window.workDoneProgress`).
   */
  indexed(): Promise<void> {
    return new Promise((resolve) => this.indexWaiters.push(resolve));
  }

  uri(file: string): string {
    return pathToFileURL(join(this.root, file)).href;
  }

  /** Resolves with the next diagnostics published for the file (of this document version, when given). */
  nextDiagnostics(file: string, version?: number): Promise<Diagnostic[]> {
    const uri = file.startsWith('file:') ? file : this.uri(file);
    return new Promise((resolve) => this.waiting.set(uri, [...(this.waiting.get(uri) ?? []), { version, resolve }]));
  }

  async open(file: string, text: string, languageId = file.endsWith('.json') ? 'json' : 'yaml'): Promise<Diagnostic[]> {
    const uri = this.uri(file);
    this.documents.set(uri, TextDocument.create(uri, languageId, 1, text));
    const published = this.nextDiagnostics(file, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return this.synced(published);
  }

  /**
   * The diagnostics, once everything the server sent with them has arrived too: the server answers
   * requests in order, so the answer to one asked afterwards comes after every publication of that
   * change (other open files relinted with it), and none of them is taken for the next change's.
   */
  async synced<T = Diagnostic[]>(published: Promise<T>): Promise<T> {
    const diagnostics = await published;
    await this.connection.sendRequest('textDocument/hover', { textDocument: { uri: this.uri('(none).yaml') }, position: { line: 0, character: 0 } });
    return diagnostics;
  }

  text(file: string): string {
    return this.documents.get(this.uri(file))!.getText();
  }

  /** Applies edits to the document as an editor would (incremental changes), and waits for its new diagnostics. */
  async edit(file: string, edits: TextEdit[]): Promise<Diagnostic[]> {
    const uri = this.uri(file);
    const before = this.documents.get(uri)!;
    const version = before.version + 1;
    const after = TextDocument.create(uri, before.languageId, version, TextDocument.applyEdits(before, edits));
    this.documents.set(uri, after);
    const published = this.nextDiagnostics(file, version);
    // Sent from the last edit to the first, so each range still means what it meant in the text before.
    const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: sorted.map((e) => ({ range: e.range, text: e.newText })) });
    return this.synced(published);
  }

  async replaceAll(file: string, text: string): Promise<Diagnostic[]> {
    const document = this.documents.get(this.uri(file))!;
    return this.edit(file, [{ range: { start: { line: 0, character: 0 }, end: document.positionAt(document.getText().length) }, newText: text }]);
  }

  async close(file: string): Promise<Diagnostic[]> {
    const published = this.nextDiagnostics(file);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri: this.uri(file) } });
    this.documents.delete(this.uri(file));
    return this.synced(published);
  }

  codeActions(file: string, range: LspRange, only?: string[]): Promise<CodeAction[]> {
    return this.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: this.uri(file) }, range, context: { diagnostics: [], ...(only ? { only } : {}) } });
  }

  hover(file: string, position: Position): Promise<{ contents: { kind: string; value: string } } | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri: this.uri(file) }, position });
  }

  completion(file: string, position: Position): Promise<Array<{ label: string; kind: number; detail?: string; documentation?: unknown; textEdit?: TextEdit }>> {
    return this.connection.sendRequest('textDocument/completion', { textDocument: { uri: this.uri(file) }, position });
  }

  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }
}

/** A diagnostic as one line: `line:column-endLine:endColumn severity code message` (1-based, for reading). */
export function brief(diagnostic: Diagnostic): string {
  const { start, end } = diagnostic.range;
  return `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
}
