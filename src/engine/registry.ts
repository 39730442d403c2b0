import { RULES, STAGE_RULES } from '../../rules/index.js';
import type { Severity } from '../types.js';
import { BUILTIN_RULES } from './builtin-rules.js';

/** What every rule id has, built-in or cross-field: for listings, `explain`, SARIF and config checks. */
export interface RuleInfo {
  id: string;
  severity: Severity;
  docs: { summary: string; rationale: string; fix: string };
  /** Its findings may carry a fix `--fix` makes. */
  fixable?: boolean;
  /** Its findings may carry suggestions. */
  hasSuggestions?: boolean;
}

/** Every rule id dplint can report, sorted by id. */
export const ALL_RULES: readonly RuleInfo[] = [...BUILTIN_RULES, ...STAGE_RULES, ...RULES].sort((a, b) => (a.id < b.id ? -1 : 1));

const BY_ID = new Map(ALL_RULES.map((rule) => [rule.id, rule]));

export function findRule(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}
