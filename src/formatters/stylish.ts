import type { Finding } from '../types.js';
import { documentSuffix, maskedLines, printable } from './source.js';
import { summarize, type Formatter } from './types.js';

const COLORS = { error: '\u001b[31m', warning: '\u001b[33m', info: '\u001b[36m', dim: '\u001b[2m', bold: '\u001b[1m', reset: '\u001b[0m' };

type Paint = (color: keyof typeof COLORS, text: string) => string;

/**
 * The default output: findings grouped by file, each as `file:line:column  severity  message  rule-id`
 * (clickable in terminals and editors) followed, when the file's text is at hand, by a code frame,
 * then a summary line.
 *
 * The code frame is hand-written rather than @babel/code-frame: that package highlights JavaScript
 * (wrong for YAML), loads a tokenizer and a colour library on every start of a pre-commit hook, and
 * the frame we need — three lines, a gutter and a `^` marker — is thirty lines of code.
 */
export const stylish: Formatter = (results, options = {}) => {
  const paint: Paint = (color, text) => (options.color ? `${COLORS[color]}${text}${COLORS.reset}` : text);
  const frames = options.codeFrames ?? true;
  const lines: string[] = [];
  for (const result of results) {
    if (result.findings.length === 0) continue;
    // Masked as a whole: a block scalar under a credential key spans several lines.
    const source = frames && result.source !== undefined ? maskedLines(result.source) : undefined;
    // A file name or message (which quotes keys and values) never reaches the terminal with its control characters.
    const file = printable(result.file);
    lines.push(paint('bold', file));
    for (const finding of result.findings) {
      const where = `${file}:${finding.line}:${finding.column}`;
      lines.push(`  ${where}  ${paint(finding.severity, finding.severity.padEnd(7))}  ${printable(finding.message)}${documentSuffix(finding)}  ${paint('dim', finding.ruleId)}`);
      const frame = source ? codeFrame(source, finding, paint) : [];
      if (frame.length > 0) lines.push(...frame, '');
    }
    if (lines[lines.length - 1] !== '') lines.push('');
  }
  const summary = summarize(results);
  const total = summary.errors + summary.warnings + summary.infos;
  const files = `${summary.files} file${summary.files === 1 ? '' : 's'}`;
  if (total === 0) {
    lines.push(`✔ ${files} checked, no problems`);
  } else {
    const counts = [plural(summary.errors, 'error'), plural(summary.warnings, 'warning'), plural(summary.infos, 'info')].join(', ');
    const color = summary.errors > 0 ? 'error' : summary.warnings > 0 ? 'warning' : 'info';
    lines.push(paint(color, `✖ ${total} problem${total === 1 ? '' : 's'} (${counts}) in ${files}`));
  }
  return lines.join('\n') + '\n';
};

/**
 * The finding's line with one line of context on each side, in Babel's code-frame layout:
 *
 * ```
 *     2 | node_configuration:
 *   > 3 |   max_nodes: 0
 *       |              ^
 * ```
 *
 * The marker covers `column`..`endColumn`; a span running onto later lines is marked to the end of
 * its first line. `lines` are already masked.
 */
function codeFrame(lines: readonly string[], finding: Finding, paint: Paint): string[] {
  const at = finding.line;
  if (at < 1 || at > lines.length) return [];
  // The empty "line" after a final newline is context nobody wrote; show it only when the finding is on it.
  const written = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  const first = Math.max(1, at - 1);
  const last = Math.max(at, Math.min(written, at + 1));
  const width = String(last).length;
  const severity = finding.severity;
  const frame: string[] = [];
  for (let number = first; number <= last; number++) {
    const text = printable(lines[number - 1]);
    const gutter = paint('dim', `${String(number).padStart(width)} |`);
    frame.push(`  ${number === at ? paint(severity, '>') : ' '} ${gutter}${text === '' ? '' : ` ${text}`}`);
    if (number !== at) continue;
    const start = Math.max(1, finding.column);
    const end = Math.min(finding.endLine > at ? text.length + 1 : finding.endColumn, text.length + 1);
    const indent = text.slice(0, start - 1).replace(/[^\t]/g, ' ') + ' '.repeat(Math.max(0, start - 1 - text.length));
    frame.push(`    ${paint('dim', `${' '.repeat(width)} |`)} ${indent}${paint(severity, '^'.repeat(Math.max(1, end - start)))}`);
  }
  return frame;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 || word === 'info' ? '' : 's'}`;
}
