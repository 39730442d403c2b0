import { lintTextDetailed } from '../engine/lint.js';
import { ALL_RULES, findRule } from '../../rules/index.js';
import { RULES } from '../../rules/index.js';
import { isOperationId } from '../operations.js';
import { maskSecrets } from '../schema/secrets.js';
import { closest } from '../schema/values.js';
import type { CompiledPolicy } from '../config/policies.js';
import type { Rule, RuleCase } from '../types.js';

/** Thrown for an id that is not a rule; the CLI prints it on one line and exits 2. */
export class UnknownRuleError extends Error {}

/**
 * `dplint explain <rule-id>`: the rule's docs offline — what it catches, why (the spec's words),
 * how to fix it, its documented examples with the findings they produce, its options, and how to
 * silence it. Example text goes through the secret mask like any other output.
 */
export function explainRule(id: string, policies: readonly CompiledPolicy[] = []): string {
  const policy = policies.find((p) => p.ruleId === id);
  if (policy) return explainPolicy(policy);
  const info = findRule(id);
  if (!info) {
    const guess = closest(id, [...ALL_RULES.map((r) => r.id), ...policies.map((p) => p.ruleId)]);
    throw new UnknownRuleError(`no rule "${id}"${guess ? `; did you mean "${guess}"?` : ''} (\`dplint rules\` lists them)`);
  }
  const rule = RULES.find((r) => r.id === id);
  const lines: string[] = [];
  const applies = rule ? (rule.appliesTo === '*' ? 'every operation' : rule.appliesTo.join(', ')) : 'every operation';
  lines.push(`${info.id}  (default: ${info.severity}; applies to ${applies})`, '', info.docs.summary, '');
  lines.push('Why', ...indent(info.docs.rationale), '');
  lines.push('How to fix', ...indent(info.docs.fix), '');
  if (rule) {
    const invalid = documented(rule.cases.invalid);
    const valid = documented(rule.cases.valid);
    for (const example of invalid) lines.push(...renderExample(rule, example, 'Reported'));
    for (const example of valid) lines.push(...renderExample(rule, example, 'Not reported'));
    const options = Object.entries(rule.defaultOptions);
    if (options.length) {
      lines.push('Options (defaults)');
      for (const [name, value] of options) lines.push(`  ${name}: ${JSON.stringify(value)}`);
      lines.push(`  set them in dplint.config.yaml:  rules: { ${id}: [${info.severity}, { ${options[0][0]}: ... }] }`, '');
    }
  }
  lines.push(
    'Silence it',
    `  on one line:      # dplint-disable-next-line ${id} -- why this is fine here`,
    `  in a config file: rules: { ${id}: off }   (or under overrides, for some paths only)`,
    `  for one run:      dplint --rule "${id}: off" …`,
    '',
  );
  return lines.join('\n');
}

/** A policy of the config file: its message, where it applies, its level and its schema (masked as any output is). */
function explainPolicy(policy: CompiledPolicy): string {
  const schema = JSON.stringify(policy.validate.schema, null, 2);
  return [
    `${policy.ruleId}  (a policy of the project's config file; ${policy.severity}; applies to ${policy.operations.join(', ')})`,
    '',
    policy.message,
    '',
    'The schema a body must meet',
    ...maskSecrets(schema).split('\n').map((line) => `  ${line}`),
    '',
    'Silence it',
    `  on one line:      # dplint-disable-next-line ${policy.ruleId} -- why this is fine here`,
    `  in a config file: rules: { ${policy.ruleId}: off }   (or under overrides, for some paths only)`,
    '',
  ].join('\n');
}

function documented<C extends RuleCase>(cases: readonly C[]): C[] {
  const flagged = cases.filter((c) => c.example);
  return flagged.length ? flagged : cases.slice(0, 1);
}

function renderExample(rule: Rule, example: RuleCase, heading: string): string[] {
  const operation = example.operation ?? (rule.appliesTo === '*' ? 'edit-cluster' : rule.appliesTo[0]);
  const lines = [`${heading}: ${example.name} (${operation})`, ...maskSecrets(example.yaml).trimEnd().split('\n').map((line) => `    ${line}`)];
  if (heading === 'Reported') {
    const envelope = /^method:/m.test(example.yaml);
    const on = { rules: { [rule.id]: rule.severity } };
    const findings = lintTextDetailed(example.yaml, envelope || !isOperationId(operation) ? on : { ...on, operation }).findings.filter((f) => f.ruleId === rule.id);
    for (const finding of findings) lines.push(`  → ${finding.line}:${finding.column}  ${finding.message}`);
  }
  return [...lines, ''];
}

function indent(text: string): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [];
  let line = ' ';
  for (const word of words) {
    if (line.length + word.length + 1 > 98 && line.trim()) {
      out.push(line);
      line = ' ';
    }
    line += ' ' + word;
  }
  if (line.trim()) out.push(line);
  return out;
}
