import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  MarkupKind,
  TextDocuments,
  TextDocumentSyncKind,
  type CodeAction,
  type CompletionItem,
  type Connection,
  type Diagnostic,
  type InitializeResult,
  type TextEdit,
  type WorkDoneProgressServerReporter,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { explainRule } from '../api/explain.js';
import { rules } from '../index.js';
import { CONFIG_FILE_NAMES } from '../node/files.js';
import { MAX_CONFIG_SIZE } from '../node/config-file.js';
import { readSettingsFile } from '../node/read-settings.js';
import type { DocumentOperation, Finding, OperationSource } from '../types.js';
import type { OperationId } from '../operations.js';
import { contains, diagnosticOf, lspRange, overlaps, textEditOf } from './convert.js';
import { fixAllEdits } from './fix-all.js';
import { docsOf, memberMarkdown, membersOf, schemaAtPath } from './schema-docs.js';
import { completionPlaceAt, isRuleIdCharacter, placeAt, trailingWord } from './structure.js';
import { Workspace, type DocumentLint } from './workspace.js';
import { isRepositoryRule } from '../engine/repository.js';
import { asWalked } from '../commands/lint.js';

/** The code action kind of "fix everything dplint can in this file" (as ESLint's `source.fixAll.eslint`). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.dplint`;

/** The least time between two lints of a document being typed; `initializationOptions.debounceMs` sets it. */
const DEFAULT_DEBOUNCE_MS = 200;

interface Linted {
  version: number;
  lint: DocumentLint;
  findings: Finding[];
}

export interface ServerStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * `dplint lsp --stdio`: a Language Server Protocol 3.17 server over the given streams. Every open
 * YAML or JSON document that resolves to an operation is linted as `dplint` run in the workspace
 * folder would lint the file (its config, the checks across files); findings are diagnostics, fixes
 * and suggestions are code actions, and hover and completion read the request-body schemas.
 * Resolves when the connection closes.
 */
export function startServer(streams: ServerStreams = { input: process.stdin, output: process.stdout }): Promise<void> {
  // Standard output is the protocol's: anything else printed there would corrupt it.
  console.log = console.info = console.warn = console.error;
  const connection = createConnection(streams.input, streams.output);
  const server = new DplintServer(connection);
  server.listen();
  return new Promise((resolve) => connection.onExit(() => resolve()));
}

class DplintServer {
  private readonly documents = new TextDocuments(TextDocument);
  private workspace = new Workspace(process.cwd(), false);
  private readonly linted = new Map<string, Linted>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lintedAt = new Map<string, number>();
  private debounceMs = DEFAULT_DEBOUNCE_MS;
  /** Config files that got a diagnostic, so it is cleared once the file is fixed. */
  private readonly brokenConfigs = new Set<string>();

  constructor(private readonly connection: Connection) {}

  listen(): void {
    const { connection, documents } = this;
    connection.onInitialize((params): InitializeResult => {
      const root = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? (params.rootPath ? pathToFileURL(params.rootPath).href : undefined);
      if (root?.startsWith('file:')) this.workspace = new Workspace(fileURLToPath(root));
      const options = (params.initializationOptions ?? {}) as { debounceMs?: unknown };
      if (typeof options.debounceMs === 'number' && options.debounceMs >= 0) this.debounceMs = options.debounceMs;
      this.workspace.onIndexing = (files) => this.indexProgress(files);
      this.workspace.onIndexProgress = (read, files) => void this.progress?.then((reporter) => reporter?.report(Math.floor((100 * read) / files), `${read} of ${files} files read`));
      // Once the folder's files are read, the open documents get their findings across files.
      this.workspace.onIndexed = () => {
        const progress = this.progress;
        this.progress = undefined;
        // The end of the progress first, then the diagnostics it made: a client that waits for the one gets the other next.
        void (progress ?? Promise.resolve(undefined)).then((reporter) => {
          reporter?.done();
          this.lintAll();
        });
      };
      this.workspace.openText = (file) => {
        for (const document of documents.all()) if (this.fileOf(document.uri) && this.workspace.relativePath(this.fileOf(document.uri)!) === file) return document.getText();
        return undefined;
      };
      this.watchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
          codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
          hoverProvider: true,
          completionProvider: { triggerCharacters: [' ', ':', '"', '-', '/'] },
        },
        serverInfo: { name: 'dplint' },
      };
    });
    connection.onInitialized(() => {
      if (!this.watchFiles) return;
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: `**/{${CONFIG_FILE_NAMES.join(',')}}` }, { globPattern: '**/*.{yaml,yml,json}' }],
      });
    });

    documents.onDidOpen(({ document }) => this.lintNow(document));
    documents.onDidChangeContent(({ document }) => {
      // didOpen also fires a content change: that one is linted already.
      if (this.linted.get(document.uri)?.version === document.version) return;
      this.schedule(document);
    });
    documents.onDidClose(({ document }) => {
      clearTimeout(this.timers.get(document.uri));
      this.timers.delete(document.uri);
      const last = this.linted.get(document.uri);
      this.linted.delete(document.uri);
      this.lintedAt.delete(document.uri);
      const file = this.fileOf(document.uri);
      if (file) this.workspace.close(file);
      void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
      // The file's facts are those on disk again: other files' findings across files change only if it had some, or differed from disk.
      if (file && (crossed(last) || readOrNothing(file) !== document.getText())) this.lintOthers(document.uri);
    });
    documents.onDidSave(({ document }) => {
      if (this.isConfig(document.uri)) this.configChanged();
    });
    connection.onDidChangeWatchedFiles(({ changes }) => {
      if (changes.some((change) => this.isConfig(change.uri))) this.configChanged();
      else if (changes.length > 0) {
        const files = changes.flatMap((change) => {
          const file = this.fileOf(change.uri);
          return file ? [{ absolute: file, deleted: change.type === FileChangeType.Deleted }] : [];
        });
        this.workspace.filesChanged(files);
        this.lintAll();
      }
    });

    connection.onCodeAction((params) => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return [];
      return this.codeActions(document, params.range, params.context.only);
    });
    connection.onHover((params) => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return null;
      const text = this.hoverText(document, params.position);
      return text ? { contents: { kind: MarkupKind.Markdown, value: text } } : null;
    });
    connection.onCompletion((params) => {
      const document = documents.get(params.textDocument.uri);
      return document ? this.completions(document, params.position) : [];
    });

    documents.listen(connection);
    connection.listen();
  }

  private watchFiles = false;

  /** The progress of the index of the folder, shown by an editor that supports it (a null reporter otherwise). */
  private progress?: Promise<WorkDoneProgressServerReporter | undefined>;

  private indexProgress(files: number): void {
    this.progress ??= this.connection.window.createWorkDoneProgress().then(
      (reporter) => {
        reporter.begin('dplint', 0, `reading ${files} file${files === 1 ? '' : 's'} for the checks across files`);
        return reporter;
      },
      () => undefined,
    );
  }

  private fileOf(uri: string): string | undefined {
    if (!uri.startsWith('file:')) return undefined;
    try {
      return fileURLToPath(uri);
    } catch {
      return undefined;
    }
  }

  private isConfig(uri: string): boolean {
    const file = this.fileOf(uri);
    return file !== undefined && CONFIG_FILE_NAMES.includes(basename(file));
  }

  private isLinted(document: TextDocument): boolean {
    const file = this.fileOf(document.uri);
    if (!file || this.isConfig(document.uri)) return false;
    return /\.(ya?ml|json)$/i.test(extname(file)) || ['yaml', 'json', 'jsonc'].includes(document.languageId);
  }

  /**
   * Lints a changed document at most once per `debounceMs`: at once when it has not been linted for
   * that long (a single edit shows its result within milliseconds), else when the time is up, with
   * whatever the text is then (typing does not queue a lint per keystroke).
   */
  private schedule(document: TextDocument): void {
    const uri = document.uri;
    if (this.timers.has(uri)) return;
    const since = Date.now() - (this.lintedAt.get(uri) ?? 0);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        const current = this.documents.get(uri);
        if (current) this.lintNow(current);
      }, Math.max(0, this.debounceMs - since)),
    );
  }

  private configChanged(): void {
    this.workspace.reloadConfig();
    this.lintAll();
  }

  private lintAll(): void {
    for (const document of this.documents.all()) this.lintNow(document, false);
  }

  /** Other open documents may gain or lose a finding across files when one changes. */
  private lintOthers(uri: string): void {
    for (const document of this.documents.all()) if (document.uri !== uri) this.lintNow(document, false);
  }

  private lintNow(document: TextDocument, others = true): Linted | undefined {
    if (!this.isLinted(document)) return undefined;
    const file = this.fileOf(document.uri)!;
    let lint: DocumentLint;
    try {
      lint = this.workspace.lint(file, document.getText());
    } catch (error) {
      // A crash on one document must not take the server down; the editor shows why.
      this.connection.console.error(`dplint: could not lint ${document.uri}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    this.lintedAt.set(document.uri, Date.now());
    // Exactly the findings of `dplint` run in the folder, a file without an operation included (its
    // parse/syntax error, operation/unknown; no operation/unresolved notice, as the walk drops it).
    const findings = lint.result ? asWalked(lint.result).findings : [];
    const linted = { version: document.version, lint, findings };
    this.linted.set(document.uri, linted);
    this.publishConfigProblem(lint);
    void this.connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: findings.map((f) => this.diagnostic(f, lint)) });
    // Other open files' findings across files depend only on what each file tells those checks.
    if (others && lint.factsChanged) this.lintOthers(document.uri);
    return linted;
  }

  private publishConfigProblem(lint: DocumentLint): void {
    const problem = lint.configError;
    if (problem) {
      const uri = pathToFileURL(problem.path).href;
      this.brokenConfigs.add(uri);
      // The message gives where the problem starts; the range runs to the end of the word there (a key, a value).
      const word = /^[^\s:,#\]}]+/.exec(configText(problem.path)?.split('\n')[problem.line - 1]?.slice(problem.column - 1) ?? '')?.[0] ?? ' ';
      const range = lspRange({ line: problem.line, column: problem.column, endLine: problem.line, endColumn: problem.column + word.length });
      void this.connection.sendDiagnostics({ uri, diagnostics: [{ range, severity: 1, source: 'dplint', code: 'config', message: problem.message }] });
      return;
    }
    for (const uri of this.brokenConfigs) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    this.brokenConfigs.clear();
  }

  private diagnostic(finding: Finding, lint: DocumentLint): Diagnostic {
    const diagnostic = diagnosticOf(finding);
    const related = lint.related.get(finding);
    if (related?.length) {
      diagnostic.relatedInformation = related.map(({ file, finding: other }) => ({
        location: { uri: pathToFileURL(`${this.workspace.root}/${file}`).href, range: lspRange(other) },
        message: `also claimed in ${file}`,
      }));
    }
    return diagnostic;
  }

  /** The document's lint for its current version: the last one, or a new one when typing got ahead of it. */
  private current(document: TextDocument): Linted | undefined {
    const last = this.linted.get(document.uri);
    if (last?.version === document.version) return last;
    clearTimeout(this.timers.get(document.uri));
    this.timers.delete(document.uri);
    return this.lintNow(document);
  }

  private codeActions(document: TextDocument, range: Diagnostic['range'], only: string[] | undefined): CodeAction[] {
    const linted = this.current(document);
    if (!linted?.lint.result) return [];
    const wants = (kind: string) => !only || only.some((asked) => kind === asked || kind.startsWith(`${asked}.`));
    const actions: CodeAction[] = [];
    const uri = document.uri;
    const json = /\.json$/i.test(document.uri) || document.languageId === 'json';
    if (wants(CodeActionKind.QuickFix)) {
      for (const finding of linted.findings) {
        const diagnostic = this.diagnostic(finding, linted.lint);
        if (!overlaps(diagnostic.range, range)) continue;
        if (finding.fix) {
          actions.push({
            title: `Fix this ${finding.ruleId} problem`,
            kind: CodeActionKind.QuickFix,
            isPreferred: true,
            diagnostics: [diagnostic],
            edit: { changes: { [uri]: [textEditOf(document, finding.fix)] } },
          });
        }
        for (const suggestion of finding.suggestions ?? []) {
          actions.push({ title: suggestion.desc, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [uri]: [textEditOf(document, suggestion.fix)] } } });
        }
        // JSON has no comments, so no directive; a parse failure cannot be silenced (src/config/directives.ts).
        if (!json && !finding.ruleId.startsWith('parse/')) {
          const line = document.getText({ start: { line: diagnostic.range.start.line, character: 0 }, end: { line: diagnostic.range.start.line + 1, character: 0 } });
          const indent = /^[ \t]*/.exec(line)![0];
          actions.push({
            title: `Disable ${finding.ruleId} for this line`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            edit: { changes: { [uri]: [{ range: { start: { line: diagnostic.range.start.line, character: 0 }, end: { line: diagnostic.range.start.line, character: 0 } }, newText: `${indent}# dplint-disable-next-line ${finding.ruleId} -- \n` }] } },
          });
        }
      }
    }
    if (wants(FIX_ALL_KIND) && linted.findings.some((f) => f.fix)) {
      const edits = this.fixAllEdits(document, linted.findings);
      if (edits) actions.push({ title: 'Fix all dplint problems that can be fixed', kind: FIX_ALL_KIND, edit: { changes: { [uri]: edits } } });
    }
    return actions;
  }

  /**
   * The edits that fix the text as `dplint --fix` would fix the file (the config's settings, every
   * pass): the fixes' own edits, so that the editor keeps the cursor, folds and undo history. Should
   * they ever make another text than the CLI's fix (a fix held back for showing a credential), the
   * CLI's fixed text replaces the whole document instead: the editor and the gate must agree.
   */
  private fixAllEdits(document: TextDocument, findings: readonly Finding[]): TextEdit[] | undefined {
    const file = this.fileOf(document.uri)!;
    const text = document.getText();
    const [cli] = this.workspace.fixAll(file, text);
    if (!cli?.originalSource || cli.source === undefined || cli.source === text) return undefined;
    const { edits, output } = fixAllEdits(text, findings, (next) => this.workspace.findingsOf(file, next));
    if (output !== cli.source) return [{ range: { start: { line: 0, character: 0 }, end: document.positionAt(text.length) }, newText: cli.source }];
    return edits.map((edit) => textEditOf(document, { range: [edit.start, edit.end], text: edit.text }));
  }

  private hoverText(document: TextDocument, position: { line: number; character: number }): string | undefined {
    const linted = this.current(document);
    const result = linted?.lint.result;
    if (!linted || !result?.operation) return undefined;
    const parts: string[] = [];
    for (const finding of linted.findings) {
      if (!contains(lspRange(finding), position)) continue;
      let explained = '';
      try {
        explained = `\n\n\`\`\`text\n${explainRule(finding.ruleId).trimEnd()}\n\`\`\``;
      } catch {
        // A policy of the config has no docs beyond its message.
      }
      parts.push(`**dplint ${finding.ruleId}** (${finding.severity}): ${finding.message}${explained}`);
    }
    const place = placeAt(document.getText(), document.offsetAt(position));
    const own = place && documentOperation(result, place.document);
    if (place && own?.operation) {
      const path = own.operationSource === 'envelope' && place.path[0] === 'body' ? place.path.slice(1) : place.path;
      const schema = path.length > 0 && !(own.operationSource === 'envelope' && place.path[0] !== 'body') ? schemaAtPath(own.operation, path) : undefined;
      if (schema) parts.unshift(memberMarkdown(String(path[path.length - 1]), docsOf(schema)));
    }
    return parts.length ? parts.join('\n\n---\n\n') : undefined;
  }

  private completions(document: TextDocument, position: { line: number; character: number }): CompletionItem[] {
    const text = document.getText();
    const offset = document.offsetAt(position);
    const lineText = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
    const json = /\.json$/i.test(document.uri) || document.languageId === 'json';
    const word = trailingWord(lineText, isRuleIdCharacter);
    const wordRange = { start: { line: position.line, character: position.character - word.length }, end: position };
    const directive = /#\s*dplint-(disable-next-line|disable-line|disable|enable)\s(?:(?!\s--(\s|$)).)*$/.exec(lineText);
    if (!json && directive) {
      return rules.map((rule) => ({ label: rule.id, kind: CompletionItemKind.Value, detail: `${rule.severity}: ${rule.docs.summary}`, textEdit: { range: wordRange, newText: rule.id } }));
    }
    if (!json && /(^|\s)#/.test(lineText)) return [];
    const linted = this.current(document);
    const result = linted?.lint.result;
    if (!result?.operation) return [];
    const place = completionPlaceAt(text, offset, json);
    if (!place) return [];
    // Each document of a stream has its own operation.
    const { operation, operationSource } = documentOperation(result, place.document);
    if (!operation) return [];
    const bodyPath = (path: Array<string | number>) => (operationSource === 'envelope' ? (path[0] === 'body' ? path.slice(1) : undefined) : path);
    const keyWord = trailingWord(lineText);
    const keyRange = { start: { line: position.line, character: position.character - keyWord.length }, end: position };
    const memberItems = (parentPath: Array<string | number>, siblings: string[]): CompletionItem[] => {
      const path = bodyPath(parentPath);
      const schema = path && schemaAtPath(operation, path);
      if (!schema) return [];
      return membersOf(schema)
        .filter(([name]) => !siblings.includes(name))
        .map(([name, member]) => {
          const docs = docsOf(member);
          return { label: name, kind: CompletionItemKind.Property, detail: docs.type, documentation: { kind: MarkupKind.Markdown, value: memberMarkdown(name, docs) }, textEdit: { range: keyRange, newText: name } };
        });
    };
    if (place.kind === 'member') return memberItems(place.parent, place.siblings);
    const path = bodyPath(place.path);
    const schema = path && schemaAtPath(operation, path);
    if (!schema) return [];
    const docs = docsOf(schema);
    if (!docs.enum) return membersOf(schema).length ? memberItems(place.path, []) : [];
    const quoted = json && /"$/.test(lineText.slice(0, lineText.length - keyWord.length));
    return docs.enum.map((value, i) => ({
      label: String(value),
      kind: CompletionItemKind.EnumMember,
      ...(docs.enumDescriptions?.[i] ? { documentation: docs.enumDescriptions[i] } : {}),
      ...(value === docs.default ? { detail: 'default' } : {}),
      textEdit: { range: keyRange, newText: json ? (quoted ? String(value) : JSON.stringify(value)) : yamlScalar(value) },
    }));
  }
}

function crossed(linted: Linted | undefined): boolean {
  return linted?.findings.some((f) => isRepositoryRule(f.ruleId)) ?? false;
}

/** A config file's text, through the guarded read: one linked to a device or a pipe is not read here either (its diagnostic then marks one character). */
function configText(file: string): string | undefined {
  const read = readSettingsFile(file, MAX_CONFIG_SIZE);
  return read.kind === 'read' ? read.bytes.toString('utf8') : undefined;
}

function readOrNothing(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A value as YAML reads it back: a string that YAML would take for a number, a boolean or null is quoted. */
function yamlScalar(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  const plain = /^[A-Za-z_][\w./-]*$|^\d+(\.\d+)*-[\w.-]+$/.test(value) && !/^(true|false|yes|no|on|off|y|n|null)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

/** The operation of document `index` of a linted file: its own where the stream's documents differ (FileResult.documents), else the file's. */
function documentOperation(result: { operation: OperationId | undefined; operationSource: OperationSource; documents?: DocumentOperation[] }, index: number): { operation: OperationId | undefined; operationSource: OperationSource } {
  const own = result.documents?.find((d) => d.document === index);
  return own ? { operation: own.operation, operationSource: own.operationSource } : { operation: result.operation, operationSource: result.operationSource };
}
