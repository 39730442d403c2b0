import { describe, expect, test } from 'vitest';
import { RULES, STAGE_RULES } from '../rules/index.js';
import type { FileResult } from '../src/formatters/types.js';
import type { StageRule, StageRuleCase } from '../src/define-rule.js';
import { lintTextDetailed, type DetailedFinding } from '../src/engine/lint.js';
import { collectFacts, lintRepository } from '../src/engine/repository.js';
import { applyFixes } from '../src/fix/apply.js';
import { decodeText } from '../src/node/files.js';
import { isOperationId, type OperationId } from '../src/operations.js';
import type { RepositoryFacts, Rule, RuleCase } from '../src/types.js';

function operationOf(rule: Rule | StageRule, testCase: RuleCase): OperationId {
  const operation = testCase.operation ?? ('stage' in rule || rule.appliesTo === '*' ? 'edit-cluster' : rule.appliesTo[0]);
  if (!isOperationId(operation)) throw new Error(`${rule.id} case "${testCase.name}": unknown operation ${operation}`);
  return operation;
}

/** A case written as a request envelope (method, path, body) is linted as the envelope says, so rules see its path parameters. */
function isEnvelopeCase(testCase: RuleCase): boolean {
  return /^method:/m.test(testCase.yaml) && /^path:/m.test(testCase.yaml);
}

/**
 * A case of a rule a stage reports: the file linted as the CLI lints it, its operation from the
 * file itself unless the case names one; for `repository/*`, with the case's other files, the
 * findings across files in the case's own file.
 */
function lintStageCase(rule: StageRule, testCase: StageRuleCase): DetailedFinding[] {
  const filename = testCase.filename ?? 'case.yaml';
  const lintOne = (file: string, text: string) => {
    const operation = file === filename && testCase.operation !== undefined ? { operation: operationOf(rule, testCase) } : {};
    return lintTextDetailed(text, { filename: file, rules: { [rule.id]: rule.severity }, ...operation, ...testCase.lint });
  };
  if (testCase.bytes !== undefined) {
    // As the CLI reads a file: bytes that are not text are one finding at 1:1, the rest is linted.
    const decoded = decodeText(Buffer.from(testCase.bytes, 'base64'));
    if ('error' in decoded) return [{ ruleId: 'parse/encoding', severity: 'error', message: decoded.error, path: '', line: 1, column: 1, endLine: 1, endColumn: 1 }];
    return lintOne(filename, decoded.text).findings;
  }
  if (rule.stage !== 'repository') return lintOne(filename, testCase.yaml).findings;
  const results: FileResult[] = [];
  const facts = new Map<string, RepositoryFacts>();
  for (const [file, text] of [...Object.entries(testCase.otherFiles ?? {}), [filename, testCase.yaml] as const]) {
    const { operation, operationSource, findings, bodies } = lintOne(file, text);
    results.push({ file, operation, operationSource, findings, source: text });
    const found = collectFacts(bodies);
    if (found) facts.set(file, found);
  }
  return lintRepository(results, facts, undefined, undefined, { detailed: true }).find((result) => result.file === filename)!.findings as DetailedFinding[];
}

/**
 * The parser's findings carry no messageId (they are plain findings of `parseText`); the message
 * is matched to the rule's table instead, so a message that is not rendered from it fails.
 */
function withMessageIds(rule: StageRule, findings: DetailedFinding[]): DetailedFinding[] {
  const patterns = Object.entries(rule.messages).map(([id, template]) => {
    const pattern = template.split(/\{\{\s*\w+\s*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?');
    return [id, new RegExp(`^${pattern}$`, 's'), template.replace(/\{\{\s*\w+\s*\}\}/g, '').length] as const;
  });
  // A placeholder matches any text, so the template with the most fixed text that matches is the one rendered.
  patterns.sort((a, b) => b[2] - a[2]);
  return findings.map((finding) => (finding.messageId || finding.ruleId !== rule.id ? finding : { ...finding, messageId: patterns.find(([, re]) => re.test(finding.message))?.[0] }));
}

function lintCase(rule: Rule | StageRule, testCase: RuleCase): DetailedFinding[] {
  if ('stage' in rule) return withMessageIds(rule, lintStageCase(rule, testCase));
  // The rule under test is on at its own severity, even where the recommended preset leaves it off.
  const settings = { [rule.id]: testCase.options ? ([rule.severity, testCase.options] as [typeof rule.severity, Record<string, unknown>]) : rule.severity };
  if (!isEnvelopeCase(testCase)) return lintTextDetailed(testCase.yaml, { operation: operationOf(rule, testCase), rules: settings }).findings;
  const result = lintTextDetailed(testCase.yaml, { rules: settings });
  expect(result.operationSource, `"${testCase.name}" is read as a request envelope`).toBe('envelope');
  expect(rule.appliesTo === '*' || rule.appliesTo.includes(String(result.operation)), `"${testCase.name}" addresses an operation the rule applies to`).toBe(true);
  return result.findings;
}

describe.each([...RULES, ...STAGE_RULES].map((rule) => [rule.id, rule as Rule | StageRule] as const))('%s', (_, rule) => {
  test('its cases are well formed', () => {
    const names = [...rule.cases.valid, ...rule.cases.invalid].map((c) => c.name);
    expect(new Set(names).size, 'case names are unique').toBe(names.length);
    expect(rule.cases.valid.length, 'at least one valid case').toBeGreaterThan(0);
    expect(rule.cases.invalid.length, 'at least one invalid case').toBeGreaterThan(0);
    for (const invalid of rule.cases.invalid) {
      expect(invalid.findings.length, `"${invalid.name}" expects findings`).toBeGreaterThan(0);
      for (const finding of invalid.findings) {
        expect(finding.line, `"${invalid.name}" finding has a line`).toBeGreaterThan(0);
        expect(finding.column, `"${invalid.name}" finding has a column`).toBeGreaterThan(0);
      }
    }
    const hit = new Set(rule.cases.invalid.flatMap((c) => c.findings.map((f) => f.messageId)));
    expect([...hit].sort(), 'every messageId is hit by an invalid case').toEqual(Object.keys(rule.messages).sort());
    expect(rule.docs.summary.length).toBeGreaterThan(10);
    expect(rule.docs.rationale, 'the rationale quotes the spec').toMatch(/spec|"/i);
    expect(rule.docs.fix.length).toBeGreaterThan(10);
    // As ESLint's RuleTester: a rule that fixes shows what it fixes to, and one that does not, does not claim to.
    const withOutput = rule.cases.invalid.filter((c) => c.output !== undefined).map((c) => c.name);
    if (rule.fixable) expect(withOutput.length, 'a fixable rule has an invalid case with output').toBeGreaterThan(0);
    else expect(withOutput, 'cases with output belong to a rule that declares fixable').toEqual([]);
    const withSuggestions = rule.cases.invalid.filter((c) => c.findings.some((f) => f.suggestions)).map((c) => c.name);
    if (rule.hasSuggestions) expect(withSuggestions.length, 'a rule with suggestions has a case showing them').toBeGreaterThan(0);
    else expect(withSuggestions, 'cases with suggestions belong to a rule that declares hasSuggestions').toEqual([]);
  });

  test.each(rule.cases.valid.map((c) => [c.name, c] as const))('valid: %s', (_, testCase) => {
    const findings = lintCase(rule, testCase);
    expect(findings.filter((f) => f.ruleId === rule.id)).toEqual([]);
    expect(findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId}: ${f.message}`), 'a valid case raises no error at all').toEqual([]);
  });

  test.each(rule.cases.invalid.map((c) => [c.name, c] as const))('invalid: %s', (_, testCase) => {
    const findings = lintCase(rule, testCase).filter((f) => f.ruleId === rule.id);
    const actual = findings.map((f) => ({
      messageId: f.messageId,
      line: f.line,
      column: f.column,
      ...(testCase.findings.some((e) => e.data) ? { data: f.data } : {}),
    }));
    const expected = testCase.findings.map((e) => ({ messageId: e.messageId, line: e.line, column: e.column, ...(testCase.findings.some((x) => x.data) ? { data: e.data } : {}) }));
    expect(actual).toEqual(expected);
    for (const finding of findings) expect(finding.severity).toBe(rule.severity);

    // The rule's own fixes, made once (RuleTester's `output`); no output means the rule must not fix this case.
    const fixed = applyFixes(testCase.yaml, findings);
    if (testCase.output === undefined) {
      expect(findings.filter((f) => f.fix).map((f) => f.message), `"${testCase.name}" is fixed: add its output`).toEqual([]);
    } else {
      expect(testCase.output, 'output differs from the input (leave it out when nothing is fixed)').not.toBe(testCase.yaml);
      expect(fixed.text).toBe(testCase.output);
      expect(fixed.skipped.map((f) => f.message), 'no fix of one case overlaps another').toEqual([]);
    }
    testCase.findings.forEach((expectedFinding, index) => {
      const suggestions = (findings[index]?.suggestions ?? []).map((s) => ({ desc: s.desc, output: applyFixes(testCase.yaml, [{ fix: s.fix }]).text }));
      expect(suggestions, `"${testCase.name}" finding ${index + 1}: its suggestions`).toEqual(expectedFinding.suggestions ?? []);
    });
  });
});
