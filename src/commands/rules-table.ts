import type { RuleInfo } from '../engine/registry.js';

/** The README's rules table: every rule id, its default severity and summary, as Markdown. */
export function rulesTable(rules: readonly RuleInfo[]): string {
  const rows = rules.map((rule) => `| \`${rule.id}\` | ${rule.severity} | ${rule.docs.summary.replace(/\|/g, '\\|')} |`);
  return ['| rule | default | what it catches |', '|---|---|---|', ...rows].join('\n') + '\n';
}
