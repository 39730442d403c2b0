import type { Rule, RuleCase } from '../types.js';
import type { StageRule, StageRuleCase } from '../define-rule.js';
import { renderMessage } from '../define-rule.js';
import { lintTextDetailed } from '../engine/lint.js';
import { isOperationId } from '../operations.js';
import { maskSecrets } from '../schema/secrets.js';
import { ALL_RULES, RULES, STAGE_RULES, type RuleInfo } from '../../rules/index.js';
import { defaultLevel } from './rules-table.js';
import { ruleDocsPath } from '../version.js';

/**
 * One rule's page, docs/rules/<namespace>/<name>.md: what `dplint explain` prints, as Markdown,
 * built from the rule file alone (its docs, messages, options and the cases marked `example`), so
 * the page cannot say other than the code. SARIF's `helpUri` and the language server's
 * `codeDescription` link here (src/version.ts, `ruleDocsUrl`); scripts/generate-rule-docs.mjs
 * writes the pages and test/rule-docs.test.ts fails when one is stale.
 */
export function rulePage(id: string): string {
  const info = ALL_RULES.find((rule) => rule.id === id);
  if (!info) throw new Error(`no rule "${id}"`);
  const rule: Rule | StageRule | undefined = RULES.find((r) => r.id === id) ?? STAGE_RULES.find((r) => r.id === id);
  // From docs/rules/<namespace>/ up to the repository's root.
  const root = '../'.repeat(ruleDocsPath(id).split('/').length - 1);
  const lines: string[] = [`# \`${id}\``, '', info.docs.summary, ''];
  lines.push('| default | applies to | `--fix` |', '|---|---|---|', `| ${defaultLevel(info)} | ${appliesTo(rule)} | ${fixes(info)} |`, '');
  lines.push('## Why', '', info.docs.rationale, '', '## How to fix', '', info.docs.fix, '');
  if (rule) {
    const reported = documented(rule.cases.invalid);
    const clean = documented(rule.cases.valid);
    if (reported.length || clean.length) lines.push('## Examples', '');
    for (const example of reported) lines.push(...renderExample(rule, example, true));
    for (const example of clean) lines.push(...renderExample(rule, example, false));
    const options = 'defaultOptions' in rule ? Object.entries(rule.defaultOptions) : [];
    if (options.length) {
      lines.push('## Options', '', 'With their defaults; set them in `dplint.config.yaml`:', '', '```yaml', 'rules:', `  ${id}:`, `    - ${info.severity}`);
      lines.push(...options.map(([name, value], i) => `    ${i === 0 ? '- ' : '  '}${name}: ${JSON.stringify(value)}`), '```', '');
    }
  }
  lines.push(
    '## Silence it',
    '',
    '```yaml',
    `# dplint-disable-next-line ${id} -- why this is fine here`,
    '```',
    '',
    `In \`dplint.config.yaml\`, \`rules: { ${id}: off }\` (or under \`overrides\`, for some paths only); for one run, \`dplint --rule "${id}: off"\`.`,
    '',
    '---',
    '',
    `Generated from [\`rules/${id}.ts\`](${root}rules/${id}.ts) by \`npm run generate:rule-docs\`. [All rules](${root}docs/rules.md)`,
    '',
  );
  return lines.join('\n');
}

function appliesTo(rule: Rule | StageRule | undefined): string {
  if (!rule || !('appliesTo' in rule) || rule.appliesTo === '*') return 'every operation';
  return rule.appliesTo.map((operation) => `\`${operation}\``).join(', ');
}

function fixes(info: RuleInfo): string {
  if (info.fixable) return info.hasSuggestions ? 'fixes; suggests' : 'fixes';
  return info.hasSuggestions ? 'suggests' : 'no';
}

/** The cases marked `example`, else the first; a case given as bytes (parse/encoding) has no text to show. */
function documented<C extends StageRuleCase>(cases: readonly C[]): C[] {
  const shown = cases.filter((c) => c.bytes === undefined);
  const flagged = shown.filter((c) => c.example);
  return flagged.length ? flagged : shown.slice(0, 1);
}

function operationOf(rule: Rule | StageRule, example: RuleCase): string | undefined {
  if (example.operation) return example.operation;
  return 'appliesTo' in rule && rule.appliesTo !== '*' ? rule.appliesTo[0] : undefined;
}

/**
 * The example's findings as `dplint` reports them: the file linted with the rule on at its own
 * level (the operation from the case, else the rule's first, unless the text is a request
 * envelope). A `repository/*` finding needs the other files, so its page shows the positions and
 * messages the case declares.
 */
function findingsOf(rule: Rule | StageRule, example: StageRuleCase & { findings?: Array<{ messageId: string; line: number; column: number; data?: Record<string, string | number> }> }): string[] {
  if ('stage' in rule && rule.stage === 'repository') {
    const messages = rule.messages as Record<string, string>;
    return (example.findings ?? []).map((f) => `${f.line}:${f.column}  ${renderMessage(messages[f.messageId], f.data)}`);
  }
  const envelope = /^method:/m.test(example.yaml) && /^path:/m.test(example.yaml);
  const operation = envelope ? undefined : operationOf(rule, example);
  const settings = { [rule.id]: example.options ? ([rule.severity, example.options] as [typeof rule.severity, Record<string, unknown>]) : rule.severity };
  const result = lintTextDetailed(example.yaml, {
    filename: example.filename ?? 'case.yaml',
    rules: settings,
    ...(operation !== undefined && isOperationId(operation) && ('appliesTo' in rule || example.operation !== undefined) ? { operation } : {}),
    ...example.lint,
  });
  return result.findings.filter((f) => f.ruleId === rule.id).map((f) => `${f.line}:${f.column}  ${f.message}`);
}

function renderExample(rule: Rule | StageRule, example: StageRuleCase, reported: boolean): string[] {
  const operation = operationOf(rule, example);
  const language = (example.filename ?? '').endsWith('.json') ? 'json' : 'yaml';
  const lines = [`${reported ? 'Reported' : 'Not reported'}: ${example.name}${operation ? ` (\`${operation}\`)` : ''}`, '', `\`\`\`${language}`, maskSecrets(example.yaml).trimEnd(), '```', ''];
  if (reported) {
    const found = findingsOf(rule, example);
    // Messages are masked already, as in every output.
    if (found.length) lines.push('```', ...found, '```', '');
  }
  return lines;
}
