import type { Finding } from '../types.js';
import { documentSuffix, printable, shownLines } from './source.js';
import { joined, skippedNote, summarize, type FormatStream } from './types.js';

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
export const stylishParts: FormatStream = function* (results, options = {}) {
  const paint: Paint = (color, text) => (options.color ? `${COLORS[color]}${text}${COLORS.reset}` : text);
  const frames = options.codeFrames ?? true;
  for (const result of results) {
    if (result.findings.length === 0) continue;
    const lines: string[] = [];
    // The text the engine masked: formatters show no other.
    const source = frames ? shownLines(result) : undefined;
    // A file name or message (which quotes keys and values) never reaches the terminal with its
    // control characters, nor breaks a line: a finding is one line, whatever its message holds.
    const file = printable(result.file);
    lines.push(paint('bold', file));
    for (const finding of result.findings) {
      const where = `${file}:${finding.line}:${finding.column}`;
      const message = printable(finding.message.replace(/\r?\n|\r/g, ' '));
      lines.push(`  ${where}  ${paint(finding.severity, finding.severity.padEnd(7))}  ${message}${documentSuffix(finding)}  ${paint('dim', printable(finding.ruleId))}`);
      const frame = source ? codeFrame(source, finding, paint) : [];
      if (frame.length > 0) lines.push(...frame, '');
    }
    if (lines[lines.length - 1] !== '') lines.push('');
    yield lines.join('\n') + '\n';
  }
  const summary = options.summary ?? summarize(results);
  const lines: string[] = [];
  // What --fix changed, above the verdict on what remains: a clean run after seven rewrites must not read as "nothing happened".
  if (summary.fixed) lines.push(fixedLine(summary.fixed, summary.fixedFiles ?? 0));
  const total = summary.errors + summary.warnings + summary.infos;
  const files = `${summary.files} file${summary.files === 1 ? '' : 's'}`;
  // A run that skipped files says so on its last line: a gate is never green about files it did not check.
  const skipped = summary.skipped ? `; ${skippedNote(summary.skipped)}` : '';
  if (total === 0) {
    lines.push(`✔ ${files} checked, no problems${skipped}`);
  } else {
    const counts = [plural(summary.errors, 'error'), plural(summary.warnings, 'warning'), plural(summary.infos, 'info')].join(', ');
    const color = summary.errors > 0 ? 'error' : summary.warnings > 0 ? 'warning' : 'info';
    lines.push(paint(color, `✖ ${total} problem${total === 1 ? '' : 's'} (${counts}) in ${files}`) + skipped);
  }
  yield lines.join('\n') + '\n';
};

/** {@link stylishParts} as one text. */
export const stylish = joined(stylishParts);

/** "fixed 7 problems in 3 files": the stylish line and, for the other formats, the CLI's line on standard error. */
export function fixedLine(problems: number, files: number): string {
  return `fixed ${problems} problem${problems === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
}

/** Columns of a line a code frame shows at most; a longer line is cut around the finding, with `…` where text was left out. */
const FRAME_WIDTH = 100;
/** Columns shown before the finding's column on a cut line. */
const FRAME_LEAD = 30;

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
 * its first line. `lines` are already masked. Lines longer than {@link FRAME_WIDTH} are cut to a
 * window around the finding's column, the same for every line of the frame (as ESLint's and
 * actionlint's frames do), so a one-line 300 KB JSON file prints a frame, not the file.
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
  const line = lines[at - 1];
  const start = Math.max(1, finding.column);
  // The window's first column (0-based): the line's start, unless the finding lies beyond the width.
  const from = line.length <= FRAME_WIDTH || start - 1 < FRAME_WIDTH - FRAME_LEAD ? 0 : Math.min(start - 1 - FRAME_LEAD, Math.max(0, line.length - FRAME_WIDTH));
  const to = from + FRAME_WIDTH;
  const cut = (text: string): string => (from > 0 ? '…' : '') + text.slice(from, to) + (text.length > to ? '…' : '');
  const frame: string[] = [];
  for (let number = first; number <= last; number++) {
    const text = printable(cut(lines[number - 1]));
    const gutter = paint('dim', `${String(number).padStart(width)} |`);
    frame.push(`  ${number === at ? paint(severity, '>') : ' '} ${gutter}${text === '' ? '' : ` ${text}`}`);
    if (number !== at) continue;
    // Columns of the shown text: the window's, after its `…`.
    const lead = from > 0 ? 1 : 0;
    const shownEnd = Math.min(text.length, lead + to - from) + 1;
    const markStart = start - from + lead;
    const markEnd = Math.min(finding.endLine > at ? shownEnd : finding.endColumn - from + lead, shownEnd);
    const indent = text.slice(0, markStart - 1).replace(/[^\t]/g, ' ') + ' '.repeat(Math.max(0, markStart - 1 - text.length));
    frame.push(`    ${paint('dim', `${' '.repeat(width)} |`)} ${indent}${paint(severity, '^'.repeat(Math.max(1, markEnd - markStart)))}`);
  }
  return frame;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 || word === 'info' ? '' : 's'}`;
}
