import type { Severity } from '../types.js';
import { documentSuffix, printable, relativePath } from './source.js';
import { joined, skippedNote, summarize, type FormatStream, type Summary } from './types.js';

const COMMANDS: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub shows at most this many annotations of each kind per step (actions/toolkit#734). */
const STEP_LIMIT = 10;

/**
 * GitHub Actions workflow commands, one annotation per finding:
 * `::error file=…,line=…,endLine=…,col=…,endColumn=…,title=<rule-id>::<message>`.
 *
 * All errors come first (of every file), then warnings, then notices: GitHub keeps only the first
 * ten of each kind per step, so the ones that fail the build must not be crowded out. A plain
 * summary line ends the output and says when annotations were dropped.
 */
export const githubParts: FormatStream = function* (results, options = {}) {
  for (const severity of ['error', 'warning', 'info'] as const) {
    for (const result of results) {
      let part = '';
      let file: string | undefined;
      for (const finding of result.findings) {
        if (finding.severity !== severity) continue;
        file ??= relativePath(result.file, options.cwd);
        const properties = [
          ['file', file],
          ['line', finding.line],
          ['endLine', finding.endLine],
          ['col', finding.column],
          ['endColumn', finding.endColumn],
          ['title', finding.ruleId],
        ]
          .map(([name, value]) => `${name}=${escapeProperty(String(value))}`)
          .join(',');
        part += `::${COMMANDS[severity]} ${properties}::${escapeData(finding.message + documentSuffix(finding))}\n`;
      }
      if (part) yield part;
    }
  }
  yield summaryLine(options.summary ?? summarize(results)) + '\n';
};

/** {@link githubParts} as one text. */
export const github = joined(githubParts);

/**
 * Escaping of a command's message, as actions/toolkit `escapeData` does it (`%`, CR, LF); the
 * other control characters (ESC, BEL of a terminal sequence) are replaced first, as in every
 * output, since the runner's log shows them to a terminal.
 */
export function escapeData(text: string): string {
  return withoutControls(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping of a command's property values, as actions/toolkit `escapeProperty` does it: `escapeData`, and `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Control characters but CR and LF (which `escapeData` encodes) made printable. */
function withoutControls(text: string): string {
  return text.replace(/[^\r\n]+/g, printable);
}

function summaryLine(summary: Summary): string {
  const total = summary.errors + summary.warnings + summary.infos;
  const files = `${summary.files} file${summary.files === 1 ? '' : 's'}`;
  const skipped = summary.skipped ? `; ${skippedNote(summary.skipped)}` : '';
  if (total === 0) return `dplint: ${files} checked, no problems${skipped}`;
  const counts = `${summary.errors} error${summary.errors === 1 ? '' : 's'}, ${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}, ${summary.infos} info`;
  const line = `dplint: ${total} problem${total === 1 ? '' : 's'} (${counts}) in ${files}${skipped}`;
  const over = Math.max(summary.errors, summary.warnings, summary.infos) > STEP_LIMIT;
  return over ? `${line}; GitHub annotates only the first ${STEP_LIMIT} of each kind per step: the step log lists all, or upload --format sarif` : line;
}
