import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { decodeText } from '../../src/node/files.js';
import { Client, DPLINT, type Diagnostic } from './client.js';

/**
 * The README promises the editor and the gate cannot disagree (32.6): the built language server and
 * the built CLI, over the same workspace — every file of fixtures/ (the sample repository, the golden
 * cases, fixtures/ok, the hostile corpus) — report the same findings, file by file: rule id,
 * severity, start and end, message. One server session opens every file, as an editor with the
 * whole folder open would, and the findings are compared once its index of the folder is complete.
 */

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const SEVERITY: Record<string, number> = { error: 1, warning: 2, info: 3 };

let client: Client | undefined;
afterAll(() => {
  if (client && client.process.exitCode === null) client.process.kill();
});

function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.git' ? [] : filesUnder(root, path);
    return entry.isFile() ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** A finding as one line, 1-based: `line:column-endLine:endColumn severity ruleId message`. */
const line = (l: number, c: number, el: number, ec: number, severity: number, ruleId: string, message: string) => `${l}:${c}-${el}:${ec} ${severity} ${ruleId} ${message}`;
const fromLsp = (d: Diagnostic) => line(d.range.start.line + 1, d.range.start.character + 1, d.range.end.line + 1, d.range.end.character + 1, d.severity, d.code, d.message);

test('dplint lsp and dplint report the same findings over every file of fixtures/', { timeout: 90_000 }, async () => {
  // A copy, with a `.git` of its own: neither run sees the checkout's git file set or a config above it.
  const root = mkdtempSync(join(tmpdir(), 'dplint-agree-'));
  cpSync(FIXTURES, root, { recursive: true });
  mkdirSync(join(root, '.git'));

  const cli = spawnSync(process.execPath, [DPLINT, '--format', 'json', '.'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, maxBuffer: 64 << 20 });
  // Exit 1 (the fixtures have errors), never 2: the run completed.
  expect(cli.status, cli.stderr).toBe(1);
  const report = JSON.parse(cli.stdout) as { results: Array<{ file: string; findings: Array<{ ruleId: string; severity: string; message: string; line: number; column: number; endLine: number; endColumn: number }> }> };
  const byCli = new Map(report.results.map((r) => [r.file, r.findings.map((f) => line(f.line, f.column, f.endLine, f.endColumn, SEVERITY[f.severity], f.ruleId, f.message))]));

  // Every YAML or JSON file an editor would open as text (a file that is not text has no document).
  const files = filesUnder(root).filter((file) => /\.(ya?ml|json)$/i.test(file) && !/(^|\/)dplint\.config\.(ya?ml|json)$/.test(file));
  const texts = files.flatMap((file) => {
    const decoded = decodeText(readFileSync(join(root, file)));
    return 'text' in decoded ? [[file, decoded.text] as const] : [];
  });
  expect(texts.length).toBeGreaterThan(140);

  client = new Client(root);
  await client.initialize({ window: { workDoneProgress: true } });
  const indexed = client.indexed();
  // Opened all at once, as an editor restoring a session does; each document's first diagnostics awaited together.
  const lsp = client;
  const first = texts.map(([file]) => lsp.nextDiagnostics(file, 1));
  for (const [file, text] of texts) {
    const languageId = file.endsWith('.json') ? 'json' : 'yaml';
    void lsp.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: lsp.uri(file), languageId, version: 1, text } });
  }
  await Promise.all(first);
  await lsp.synced(indexed);

  const disagree: string[] = [];
  for (const [file] of texts) {
    const lsp = (client.published.get(pathToFileURL(join(root, file)).href) ?? []).map(fromLsp);
    const cliLines = byCli.get(file) ?? [];
    if (JSON.stringify(lsp) !== JSON.stringify(cliLines)) disagree.push(`${file}\n  cli: ${JSON.stringify(cliLines)}\n  lsp: ${JSON.stringify(lsp)}`);
  }
  expect(disagree).toEqual([]);
  // The case the issue names: a broken JSON file the config does not map is a parse/syntax error in both.
  expect(byCli.get('cases/parse-syntax-json.json')?.[0]).toMatch(/^\d+:\d+-\d+:\d+ 1 parse\/syntax /);
  expect(await client.shutdown()).toBe(0);
});
