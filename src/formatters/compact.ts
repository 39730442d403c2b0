import { documentSuffix, printable } from './source.js';
import type { Formatter } from './types.js';

/**
 * `file:line:col: severity message [rule-id]`, one line per finding and nothing else: the
 * compiler-style shape that editors' problem matchers and `grep` read (tflint `compact`,
 * actionlint's default). A message never spans lines here, whatever it holds.
 */
export const compact: Formatter = (results) => {
  const lines: string[] = [];
  for (const result of results) {
    for (const finding of result.findings) {
      const message = printable(`${finding.message}${documentSuffix(finding)}`.replace(/\r?\n|\r/g, ' '));
      lines.push(`${printable(result.file)}:${finding.line}:${finding.column}: ${finding.severity} ${message} [${printable(finding.ruleId)}]`);
    }
  }
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
};
