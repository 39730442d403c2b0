import { VERSION } from '../version.js';
import type { Finding } from '../types.js';
import { summarize, type Formatter } from './types.js';

/** `--format json`: the public contract of DESIGN.md, key order included. */
export const json: Formatter = (results) => {
  const output = {
    tool: { name: 'dplint', version: VERSION },
    results: results.map((result) => ({
      file: result.file,
      operation: result.operation ?? null,
      operationSource: result.operationSource,
      findings: result.findings.map(orderedFinding),
    })),
    summary: summarize(results),
  };
  return JSON.stringify(output, null, 2) + '\n';
};

function orderedFinding(finding: Finding): Finding {
  const { ruleId, severity, message, path, document, line, column, endLine, endColumn, fix, suggestions } = finding;
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
