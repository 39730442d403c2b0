import { RULES } from '../../rules/index.js';
import type { PathFinding, Rule, RuleContext, RuleSettings } from '../types.js';
import { renderMessage } from '../define-rule.js';
import { levelOf } from '../config/presets.js';

/** What a rule sees of the body, and the settings that say which rules run with which options. */
export type RunRulesInput = Omit<RuleContext, 'options' | 'report'> & { settings: RuleSettings };

/** A rule to run, with its options worked out. */
interface Step {
  rule: Rule;
  options: Record<string, unknown>;
}

/**
 * What runs for each operation under frozen settings, worked out once (src/config/presets.ts
 * `layered`): the CLI's settings are frozen and shared by every file they apply to; others may change between calls.
 */
const PLANS = new WeakMap<RuleSettings, Map<string, readonly Step[]>>();

function planOf(operation: string, settings: RuleSettings): readonly Step[] {
  let byOperation = PLANS.get(settings);
  if (!byOperation && Object.isFrozen(settings)) PLANS.set(settings, (byOperation = new Map()));
  const known = byOperation?.get(operation);
  if (known) return known;
  const steps: Step[] = [];
  for (const rule of RULES) {
    if (rule.appliesTo !== '*' && !rule.appliesTo.includes(operation)) continue;
    const setting = settings[rule.id];
    if (levelOf(setting) === 'off') continue;
    steps.push({ rule, options: Array.isArray(setting) && setting[1] ? { ...rule.defaultOptions, ...setting[1] } : rule.defaultOptions });
  }
  byOperation?.set(operation, steps);
  return steps;
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
        // Every field written, set or not: a spread in the middle of a literal is a copy field by field.
        within: report.within,
        fromDocumentRoot: report.fromDocumentRoot,
        fix: report.fix,
        suggestions: report.suggestions,
        messageId: report.messageId,
        data: report.data,
      });
    },
  };
  for (const step of planOf(input.operation, input.settings)) {
    rule = step.rule;
    context.options = step.options;
    try {
      rule.check(context);
    } catch (error) {
      throw new Error(`rule '${rule.id}' crashed on a ${input.operation} body: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return findings;
}
