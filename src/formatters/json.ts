import { VERSION } from '../version.js';
import type { Finding } from '../types.js';
import { summarize, type FileResult, type Formatter } from './types.js';

/** `--format json`: the public contract of DESIGN.md, key order included. */
export const json: Formatter = (results) => [...jsonParts(results)].join('');

/**
 * `--format json` a file at a time: joined, the parts are exactly `json`'s text (one
 * `JSON.stringify(output, null, 2)`), but a run over a large repository never holds its whole
 * output, or an object for every file's entry, at once.
 */
export function* jsonParts(results: readonly FileResult[]): Generator<string> {
  const shell = JSON.stringify({ tool: { name: 'dplint', version: VERSION }, results: [], summary: summarize(results) }, null, 2) + '\n';
  if (results.length === 0) {
    yield shell;
    return;
  }
  // The entries go where the empty array stands, indented two levels as JSON.stringify would.
  const open = shell.indexOf(EMPTY_RESULTS) + EMPTY_RESULTS.length - 1;
  yield shell.slice(0, open);
  let separator = '\n    ';
  for (const result of results) {
    yield separator + (result.findings.length === 0 ? cleanEntry(result) : JSON.stringify(entryOf(result), null, 2).replaceAll('\n', '\n    '));
    separator = ',\n    ';
  }
  yield '\n  ' + shell.slice(open);
}

const EMPTY_RESULTS = '"results": []';

/** A clean file's entry, as JSON.stringify would indent it there: most entries of a large run. */
function cleanEntry(result: FileResult): string {
  const text = (value: string | null): string => JSON.stringify(value);
  return `{\n      "file": ${text(result.file)},\n      "operation": ${text(result.operation ?? null)},\n      "operationSource": ${text(result.operationSource)},\n      "findings": []\n    }`;
}

function entryOf(result: FileResult): object {
  return {
    file: result.file,
    operation: result.operation ?? null,
    operationSource: result.operationSource,
    findings: result.findings.map(orderedFinding),
  };
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
