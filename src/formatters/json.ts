import { VERSION } from '../version.js';
import type { Finding, SuppressedFinding } from '../types.js';
import { summarize, type FileResult, type FormatOptions, type Formatter } from './types.js';

/**
 * `--format json`: the public contract of DESIGN.md, key order included. A stream whose documents
 * resolve to different operations has `documents` after `operationSource`: each document's
 * `{document, operation, operationSource}` (`operation`, `operationSource` stay the first
 * document's that resolved, so a reader that knows only them reads what it did before). With `includeSuppressed`
 * (`--include-suppressed`) each result also lists, after `findings`, the findings inline directives
 * silenced (`suppressed`, each with `suppressions: [{kind: "directive", justification}]`, as
 * ESLint's `suppressedMessages`), and the summary counts them; without it the output is unchanged.
 */
export const json: Formatter = (results, options = {}) => [...jsonParts(results, options)].join('');

/**
 * `--format json` a file at a time: joined, the parts are exactly `json`'s text (one
 * `JSON.stringify(output, null, 2)`), but a run over a large repository never holds its whole
 * output, or an object for every file's entry, at once. The results may be made a file at a time
 * as they are iterated (the CLI's, src/node/compact.ts): they are iterated twice, for the summary
 * and for the entries.
 */
export function* jsonParts(results: Iterable<FileResult>, options: FormatOptions = {}): Generator<string> {
  const withSuppressed = options.includeSuppressed === true;
  const counted = options.summary ?? summarize(results);
  const summary = withSuppressed ? { ...counted, suppressed: suppressedCount(results) } : counted;
  const shell = JSON.stringify({ tool: { name: 'dplint', version: VERSION }, results: [], summary }, null, 2) + '\n';
  if (summary.files === 0) {
    yield shell;
    return;
  }
  // The entries go where the empty array stands, indented two levels as JSON.stringify would.
  const open = shell.indexOf(EMPTY_RESULTS) + EMPTY_RESULTS.length - 1;
  yield shell.slice(0, open);
  let separator = '\n    ';
  for (const result of results) {
    // (A stream of several operations, rare, lists them in `documents`: written by JSON.stringify.)
    const clean = result.findings.length === 0 && !(withSuppressed && result.suppressed?.length) && !result.documents;
    yield separator + (clean ? cleanEntry(result, withSuppressed) : (!withSuppressed && !result.documents && findingsEntry(result)) || JSON.stringify(entryOf(result, withSuppressed), null, 2).replaceAll('\n', '\n    '));
    separator = ',\n    ';
  }
  yield '\n  ' + shell.slice(open);
}

const EMPTY_RESULTS = '"results": []';

function suppressedCount(results: Iterable<FileResult>): number {
  let count = 0;
  for (const result of results) count += result.suppressed?.length ?? 0;
  return count;
}

/** A clean file's entry, as JSON.stringify would indent it there: most entries of a large run. */
function cleanEntry(result: FileResult, withSuppressed: boolean): string {
  const text = (value: string | null): string => JSON.stringify(value);
  return `{\n      "file": ${text(result.file)},\n      "operation": ${text(result.operation ?? null)},\n      "operationSource": ${text(result.operationSource)},\n      "findings": []${withSuppressed ? ',\n      "suppressed": []' : ''}\n    }`;
}

/**
 * A file's entry with findings, written out as `JSON.stringify(entryOf(result), null, 2)` indents it
 * there, for results of the shapes dplint makes (the CLI's, a cache's): some half the time of
 * building the ordered objects and stringifying them, on the output of a findings-heavy run. A
 * member of another shape (a fix with members of its own, a number that is not finite, …) gives
 * undefined, and the entry is stringified as before: the text is the same either way.
 */
function findingsEntry(result: FileResult): string | undefined {
  const { file, operation, operationSource, findings } = result;
  if (typeof file !== 'string' || typeof operationSource !== 'string' || !(operation === undefined || operation === null || typeof operation === 'string')) return undefined;
  let text = `{\n      "file": ${JSON.stringify(file)},\n      "operation": ${JSON.stringify(operation ?? null)},\n      "operationSource": ${JSON.stringify(operationSource)},\n      "findings": [`;
  for (let i = 0; i < findings.length; i++) {
    const finding = findings[i];
    const { ruleId, severity, message, path, document, line, column, endLine, endColumn, fix } = finding;
    const suggestions = finding.suggestions?.length ? finding.suggestions : undefined;
    if (typeof ruleId !== 'string' || typeof severity !== 'string' || typeof message !== 'string' || typeof path !== 'string') return undefined;
    if (!isFiniteNumber(line) || !isFiniteNumber(column) || !isFiniteNumber(endLine) || !isFiniteNumber(endColumn) || !(document === undefined || isFiniteNumber(document))) return undefined;
    text += `${i === 0 ? '' : ','}\n        {\n          "ruleId": ${JSON.stringify(ruleId)},\n          "severity": ${JSON.stringify(severity)},\n          "message": ${JSON.stringify(message)},\n          "path": ${JSON.stringify(path)},`;
    if (document !== undefined) text += `\n          "document": ${document},`;
    text += `\n          "line": ${line},\n          "column": ${column},\n          "endLine": ${endLine},\n          "endColumn": ${endColumn}`;
    if (fix) {
      const written = fixText(fix, '          ');
      if (written === undefined) return undefined;
      text += `,\n          "fix": ${written}`;
    }
    if (suggestions) {
      if (!Array.isArray(suggestions)) return undefined;
      text += ',\n          "suggestions": [';
      for (let j = 0; j < suggestions.length; j++) {
        const suggestion = suggestions[j];
        if (!hasKeys(suggestion, SUGGESTION_KEYS) || typeof suggestion.desc !== 'string') return undefined;
        const written = fixText(suggestion.fix, '              ');
        if (written === undefined) return undefined;
        text += `${j === 0 ? '' : ','}\n            {\n              "desc": ${JSON.stringify(suggestion.desc)},\n              "fix": ${written}\n            }`;
      }
      text += '\n          ]';
    }
    text += '\n        }';
  }
  return `${text}\n      ]\n    }`;
}

const FIX_KEYS = ['range', 'text'];
const SUGGESTION_KEYS = ['desc', 'fix'];

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Whether `value` is an object whose enumerable members are `keys`, in that order (what JSON.stringify would print of it). */
function hasKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  let i = 0;
  for (const key in value) if (key !== keys[i++]) return false;
  return i === keys.length;
}

/** A fix `{range: [start, end], text}` as JSON.stringify indents it at `indent`; undefined for another shape. */
function fixText(fix: unknown, indent: string): string | undefined {
  if (!hasKeys(fix, FIX_KEYS) || typeof fix.text !== 'string') return undefined;
  const range = fix.range;
  if (!Array.isArray(range) || range.length !== 2 || !isFiniteNumber(range[0]) || !isFiniteNumber(range[1])) return undefined;
  return `{\n${indent}  "range": [\n${indent}    ${range[0]},\n${indent}    ${range[1]}\n${indent}  ],\n${indent}  "text": ${JSON.stringify(fix.text)}\n${indent}}`;
}

function entryOf(result: FileResult, withSuppressed: boolean): object {
  return {
    file: result.file,
    operation: result.operation ?? null,
    operationSource: result.operationSource,
    // Each document's operation, for a stream whose documents do not all share the file's: an addition to the contract, after the two it refines.
    ...(result.documents ? { documents: result.documents.map((d) => ({ document: d.document, operation: d.operation ?? null, operationSource: d.operationSource })) } : {}),
    findings: result.findings.map(orderedFinding),
    ...(withSuppressed ? { suppressed: (result.suppressed ?? []).map(orderedSuppressed) } : {}),
  };
}

/** A suppressed finding: the finding's members in order, then why it is not reported. Its fix is left out: nothing will apply it. */
function orderedSuppressed(finding: SuppressedFinding): object {
  const { fix: _fix, suggestions: _suggestions, ...shown } = orderedFinding(finding);
  return { ...shown, suppressions: finding.suppressions.map(({ kind, justification }) => ({ kind, ...(justification === undefined ? {} : { justification }) })) };
}

/** The finding's members in the contract's order (its fixes as the result holds them: screened where results are made). */
function orderedFinding(finding: Finding): Finding {
  const { ruleId, severity, message, path, document, line, column, endLine, endColumn, fix } = finding;
  const suggestions = finding.suggestions?.length ? finding.suggestions : undefined;
  return {
    ruleId,
    severity,
    message,
    path,
    ...(document === undefined ? {} : { document }),
    line,
    column,
    endLine,
    endColumn,
    ...(fix ? { fix } : {}),
    ...(suggestions ? { suggestions } : {}),
  };
}
