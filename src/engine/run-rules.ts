import { RULES } from '../../rules/index.js';
import type { ClusterKind, PathFinding, Rule, RuleLevel } from '../types.js';
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

/** Runs every rule that applies to the operation and is not switched off; reports carry data paths. */
export function runRules(input: RunRulesInput): PathFinding[] {
  const findings: PathFinding[] = [];
  for (const rule of input.rules ?? RULES) {
    if (rule.appliesTo !== '*' && !rule.appliesTo.includes(input.operation)) continue;
    const setting = input.settings[rule.id];
    const level = Array.isArray(setting) ? setting[0] : setting;
    if (level === 'off') continue;
    const options = { ...rule.defaultOptions, ...(Array.isArray(setting) ? setting[1] : undefined) };
    try {
      rule.check({
        body: input.body,
        operation: input.operation,
        clusterKind: input.clusterKind,
        pathParameters: input.pathParameters,
        headers: input.headers,
        options,
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
      });
    } catch (error) {
      throw new Error(`rule '${rule.id}' crashed on a ${input.operation} body: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return findings;
}
