import { PRESETS } from '../config/presets.js';
import type { RuleInfo } from '../../rules/index.js';

/** A rule's level in the recommended preset: its severity, or `off (info)` for a rule one opts into. */
export function defaultLevel(rule: RuleInfo): string {
  return PRESETS.recommended.rules[rule.id] === 'off' ? `off (${rule.severity})` : rule.severity;
}

/**
 * The rules table of docs/rules.md: every rule id, linked to its page (docs/rules/<id>.md, relative
 * to docs/), its default level and summary, as Markdown.
 */
export function rulesTable(rules: readonly RuleInfo[]): string {
  const rows = rules.map((rule) => `| [\`${rule.id}\`](rules/${rule.id}.md) | ${defaultLevel(rule)} | ${rule.docs.summary.replace(/\|/g, '\\|')} |`);
  return ['| rule | default | what it catches |', '|---|---|---|', ...rows].join('\n') + '\n';
}
