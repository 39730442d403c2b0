import { summarize, type Formatter } from './types.js';

const COLORS = { error: '\u001b[31m', warning: '\u001b[33m', info: '\u001b[36m', dim: '\u001b[2m', bold: '\u001b[1m', reset: '\u001b[0m' };

/**
 * The default output: findings grouped by file, each as `file:line:column  severity  message  rule-id`
 * (clickable in terminals and editors), then a summary line.
 */
export const stylish: Formatter = (results, options = {}) => {
  const paint = (color: keyof typeof COLORS, text: string): string => (options.color ? `${COLORS[color]}${text}${COLORS.reset}` : text);
  const lines: string[] = [];
  for (const result of results) {
    if (result.findings.length === 0) continue;
    lines.push(paint('bold', result.file));
    for (const finding of result.findings) {
      const where = `${result.file}:${finding.line}:${finding.column}`;
      const doc = finding.document === undefined ? '' : ` (document ${finding.document + 1})`;
      lines.push(`  ${where}  ${paint(finding.severity, finding.severity.padEnd(7))}  ${finding.message}${doc}  ${paint('dim', finding.ruleId)}`);
    }
    lines.push('');
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

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 || word === 'info' ? '' : 's'}`;
}
