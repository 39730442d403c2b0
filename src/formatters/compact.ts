import { documentSuffix, printable } from './source.js';
import { joined, type FileResult, type FormatStream } from './types.js';

/**
 * `file:line:col: severity message [rule-id]`, one line per finding and nothing else: the
 * compiler-style shape that editors' problem matchers and `grep` read (tflint `compact`,
 * actionlint's default). A message never spans lines here, whatever it holds.
 */
export const compactParts: FormatStream = function* (results: Iterable<FileResult>) {
  for (const result of results) {
    let part = '';
    for (const finding of result.findings) {
      const message = printable(`${finding.message}${documentSuffix(finding)}`.replace(/\r?\n|\r/g, ' '));
      part += `${printable(result.file)}:${finding.line}:${finding.column}: ${finding.severity} ${message} [${printable(finding.ruleId)}]\n`;
    }
    if (part) yield part;
  }
};

export const compact = joined(compactParts);
