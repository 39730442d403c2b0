import type { Diagnostic, DiagnosticSeverity, Range as LspRange, TextEdit } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, Fix, Range, Severity } from '../types.js';
import { ruleDocsUrl } from '../version.js';

/** LSP severities: 1 error, 2 warning, 3 information. */
const SEVERITY: Record<Severity, DiagnosticSeverity> = { error: 1, warning: 2, info: 3 };

/**
 * A finding's range in LSP terms: 0-based lines, and columns in UTF-16 code units, which is what
 * dplint's 1-based columns count already (src/parse/lines.ts), so only the base changes.
 */
export function lspRange(range: Range): LspRange {
  return {
    start: { line: Math.max(0, range.line - 1), character: Math.max(0, range.column - 1) },
    end: { line: Math.max(0, range.endLine - 1), character: Math.max(0, range.endColumn - 1) },
  };
}

export function diagnosticOf(finding: Finding): Diagnostic {
  const href = ruleDocsUrl(finding.ruleId);
  return {
    range: lspRange(finding),
    severity: SEVERITY[finding.severity],
    code: finding.ruleId,
    // The rule's page at this version's tag (src/version.ts); hovering shows the whole `dplint explain` text offline.
    ...(href ? { codeDescription: { href } } : {}),
    source: 'dplint',
    message: finding.message,
  };
}

/**
 * A fix's edit. Fix offsets count from after a byte-order mark (as `lintText` reports them); an
 * editor's text keeps the mark when it has one, so it is skipped here.
 */
export function textEditOf(document: TextDocument, fix: Fix): TextEdit {
  const bom = document.getText().startsWith('\uFEFF') ? 1 : 0;
  return { range: { start: document.positionAt(fix.range[0] + bom), end: document.positionAt(fix.range[1] + bom) }, newText: fix.text };
}

export function contains(range: LspRange, position: { line: number; character: number }): boolean {
  const after = position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const before = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return after && before;
}

export function overlaps(a: LspRange, b: LspRange): boolean {
  const startsBeforeEnd = a.start.line < b.end.line || (a.start.line === b.end.line && a.start.character <= b.end.character);
  const endsAfterStart = a.end.line > b.start.line || (a.end.line === b.start.line && a.end.character >= b.start.character);
  return startsBeforeEnd && endsAfterStart;
}
