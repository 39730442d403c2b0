import { VERSION } from '../version.js';
import type { Finding, SuppressedFinding } from '../types.js';
import { summarize, type FileResult, type FormatOptions, type Formatter } from './types.js';

/**
 * `--format json`: the public contract of DESIGN.md, key order included. With `includeSuppressed`
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
  const summary = withSuppressed ? { ...summarize(results), suppressed: suppressedCount(results) } : summarize(results);
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
    const clean = result.findings.length === 0 && !(withSuppressed && result.suppressed?.length);
    yield separator + (clean ? cleanEntry(result, withSuppressed) : JSON.stringify(entryOf(result, withSuppressed), null, 2).replaceAll('\n', '\n    '));
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

function entryOf(result: FileResult, withSuppressed: boolean): object {
  return {
    file: result.file,
    operation: result.operation ?? null,
    operationSource: result.operationSource,
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
