import { VERSION } from '../version.js';
import type { Finding } from '../types.js';
import { secretsOf } from './source.js';
import { summarize, type Formatter } from './types.js';

/** `--format json`: the public contract of DESIGN.md, key order included. */
export const json: Formatter = (results) => {
  const output = {
    tool: { name: 'dplint', version: VERSION },
    results: results.map((result) => {
      const revealsSecret = result.screened || result.source === undefined ? () => false : secretsOf(result.source);
      return {
        file: result.file,
        operation: result.operation ?? null,
        operationSource: result.operationSource,
        findings: result.findings.map((finding) => orderedFinding(finding, revealsSecret)),
      };
    }),
    summary: summarize(results),
  };
  return JSON.stringify(output, null, 2) + '\n';
};

/** A fix or suggestion whose text would show a credential is left out (`--fix` still makes it). */
function orderedFinding(finding: Finding, revealsSecret: (text: string) => boolean): Finding {
  const { ruleId, severity, message, path, document, line, column, endLine, endColumn } = finding;
  const fix = finding.fix && !revealsSecret(finding.fix.text) ? finding.fix : undefined;
  const shown = finding.suggestions?.filter((suggestion) => !revealsSecret(suggestion.fix.text));
  const suggestions = shown?.length ? shown : undefined;
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
