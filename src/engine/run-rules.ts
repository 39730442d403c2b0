import { RULES } from '../../rules/index.js';
import type { ClusterKind, PathFinding, Rule, RuleContext, RuleLevel } from '../types.js';
import { renderMessage } from './define-rule.js';

/** A rule's configured level, or level and options: `'warning'`, `['error', { maxNodes: 50 }]`. */
export type RuleSetting = RuleLevel | [RuleLevel, Record<string, unknown>?];
/** Rule settings by rule id, as the config file's `rules` holds them. */
export type RuleSettings = Readonly<Record<string, RuleSetting>>;

export interface RunRulesInput {
  operation: string;
  body: unknown;
  clusterKind: ClusterKind;
  pathParameters: Record<string, string>;
  headers: Record<string, unknown>;
  settings: RuleSettings;
  rules?: readonly Rule[];
}

/** The rules of the registry that apply to each operation, worked out once. */
const APPLICABLE = new Map<string, readonly Rule[]>();

function applicableRules(operation: string, rules: readonly Rule[] | undefined): readonly Rule[] {
  const applies = (rule: Rule): boolean => rule.appliesTo === '*' || rule.appliesTo.includes(operation);
  if (rules) return rules.filter(applies);
  let known = APPLICABLE.get(operation);
  if (!known) {
    known = RULES.filter(applies);
    APPLICABLE.set(operation, known);
  }
  return known;
}

/** Runs every rule that applies to the operation and is not switched off; reports carry data paths. */
export function runRules(input: RunRulesInput): PathFinding[] {
  const findings: PathFinding[] = [];
  // One context for the run, its rule and options swapped in turn: rules run one at a time and
  // keep nothing, and a CI gate runs some sixty rules on each of thousands of bodies.
  let rule: Rule;
  const context: RuleContext = {
    body: input.body,
    operation: input.operation,
    clusterKind: input.clusterKind,
    pathParameters: input.pathParameters,
    headers: input.headers,
    options: {},
    report(report) {
      // As ESLint: a rule states in its definition what it may edit, so docs and `--fix` can rely on it.
      if (report.fix && !rule.fixable) throw new Error(`rule '${rule.id}' reported a fix but does not declare fixable: true`);
      if (report.suggestions?.length && !rule.hasSuggestions) throw new Error(`rule '${rule.id}' reported suggestions but does not declare hasSuggestions: true`);
      findings.push({
        ruleId: rule.id,
        severity: rule.severity,
        message: renderMessage(rule.messages[report.messageId], report.data),
        path: report.path,
        target: report.target,
        fromDocumentRoot: report.fromDocumentRoot,
        fix: report.fix,
        suggestions: report.suggestions,
        messageId: report.messageId,
        data: report.data,
      });
    },
  };
  for (rule of applicableRules(input.operation, input.rules)) {
    const setting = input.settings[rule.id];
    const level = Array.isArray(setting) ? setting[0] : setting;
    if (level === 'off') continue;
    context.options = Array.isArray(setting) && setting[1] ? { ...rule.defaultOptions, ...setting[1] } : rule.defaultOptions;
    try {
      rule.check(context);
    } catch (error) {
      throw new Error(`rule '${rule.id}' crashed on a ${input.operation} body: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return findings;
}
