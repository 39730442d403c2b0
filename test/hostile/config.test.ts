import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { validate } from '../../src/api/validate.js';
import { runCli } from '../helpers/cli.js';
import { configError } from '../helpers/config.js';
import { parseConfig } from '../../src/config/config.js';
import { repo } from '../helpers/repo.js';

// The config file comes with the pull request dplint gates: it must not stall the gate either.


describe('globs that would backtrack are refused when the config loads', () => {
  test('ignore: ["*a*a*a*a*a*a*a*a*b"] is a config error (it took 11–36 s against a 40-character name), exit 2 with one line', async () => {
    const dir = repo({ 'dplint.config.yaml': 'ignore: ["*a*a*a*a*a*a*a*a*b"]\n', [`${'a'.repeat(40)}.yaml`]: 'label: [a]\n' });
    expect(await runCli(['.'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: `dplint: dplint.config.yaml:1:10: ignore[0] "*a*a*a*a*a*a*a*a*b" has 9 \`*\` wildcards in one path segment; at most 2 are allowed (more can take minutes to match a crafted file name)\n`,
    });
  });

  test('the same in files[].match and overrides[].match, located at the glob', () => {
    expect(configError('files:\n  - match: ["x/*.json", "*a*a*b"]\n    operation: edit-cluster\n')).toBe(
      'dplint.config.yaml:2:25: files[0].match[1] "*a*a*b" has 3 `*` wildcards in one path segment; at most 2 are allowed (more can take minutes to match a crafted file name)',
    );
    expect(configError('overrides:\n  - match: ["**/legacy/**"]\n    rules: {}\n')).toBe(
      'dplint.config.yaml:2:13: overrides[0].match[0] "**/legacy/**" has 2 `**` segments; at most 1 is allowed (more can take minutes to match a crafted path; a folder\'s glob covers what is in it: **/legacy, not **/legacy/**)',
    );
    expect(configError('ignore: ["*a/*b/*c/*d"]\n')).toBe(
      'dplint.config.yaml:1:10: ignore[0] "*a/*b/*c/*d" has 4 `*` wildcards; at most 3 are allowed (more can take minutes to match a crafted path)',
    );
    expect(configError('ignore: ["+(a|aa)b"]\n')).toBe(
      'dplint.config.yaml:1:10: ignore[0] "+(a|aa)b" holds an extglob (@(…), *(…), +(…), ?(…), !(…)), which dplint does not allow: write a literal parenthesis as [(]',
    );
  });

  test('the usual globs load, and the worst allowed shapes match the longest paths a pull request can make without stalling', () => {
    const globs = ['**/*.yaml', '**/legacy', 'clusters/**/*-prod-*.yaml', '**/*a*b', '*a*/*b', '{x,y}/**/*.json', '[(]draft[)]*.yaml'];
    const config = parseConfig(`ignore: ${JSON.stringify(globs)}\n`, 'dplint.config.yaml');
    // A path of 2,000 segments (4,000 characters, as deep as Linux's PATH_MAX allows) and a 255-character name:
    // cubic backtracking would take minutes on either (two `**`: seconds); these take well under a second.
    expect(config.isIgnored(`${'a/'.repeat(2000)}c`)).toBe(false);
    expect(config.isIgnored(`${'a/'.repeat(15)}${'a'.repeat(254)}c`)).toBe(false);
    expect(config.isIgnored('clusters/x/y-prod-z.yaml')).toBe(true);
    expect(config.isIgnored('x/legacy/y/z.json')).toBe(true);
    expect(config.isIgnored('(draft)1.yaml')).toBe(true);
  });
});

describe("a policy's pattern gets the static analysis dplint's own regular expressions get", () => {
  const policy = (schema: string) =>
    `policies:\n  - id: cost-center\n    message: every cluster names its cost center\n    operations: [edit-cluster]\n    schema:\n${schema}`;

  test('a catastrophic pattern is a config error naming the policy and the pattern, located at it, exit 2', async () => {
    const text = policy('      properties:\n        label:\n          items: { pattern: "^(a+)+$" }\n');
    expect(configError(text)).toBe(
      'dplint.config.yaml:8:29: policy "cost-center": pattern "^(a+)+$" can backtrack super-linearly (exponentially) on a run of "a": a crafted value would stall the run; rewrite it so that no two parts can match the same characters',
    );
    // Through the CLI: before the check, this body took the run into exponential backtracking.
    const dir = repo({ 'dplint.config.yaml': text, 'c.yaml': `# dplint: operation=edit-cluster\nlabel: ["${'a'.repeat(40)}!"]\n` });
    const run = await runCli(['.'], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: '', stderr: `dplint: ${configError(text)}\n` });
  });

  test('polynomial ones too, in patternProperties keys and propertyNames; data that looks like a pattern is left alone', () => {
    expect(configError(policy('      patternProperties:\n        "^a*a*b$": {}\n'))).toBe(
      'dplint.config.yaml:7:9: policy "cost-center": pattern "^a*a*b$" can backtrack super-linearly on a run of "a": a crafted value would stall the run; rewrite it so that no two parts can match the same characters',
    );
    expect(configError(policy('      propertyNames: { pattern: "\\\\s*x\\\\s*$" }\n'))).toBe(
      'dplint.config.yaml:6:33: policy "cost-center": pattern "\\\\s*x\\\\s*$" can backtrack super-linearly on a run of " ": a crafted value would stall the run; rewrite it so that no two parts can match the same characters',
    );
    const fine = policy('      properties:\n        label: { items: { pattern: "^[a-z][a-z0-9-]*$" } }\n        node_configuration: { enum: [{ pattern: "(a+)+" }] }\n');
    expect(parseConfig(fine, 'dplint.config.yaml').policies.map((p) => p.ruleId)).toEqual(['policy/cost-center']);
  });
});

describe("a policy's members are looked up as own properties", () => {
  test("Object.prototype's names are no member of any body: a policy naming them is a config error at the name, not a policy met by what every object inherits", () => {
    const policy = (schema: string) => `policies:\n  - id: p\n    message: m\n    operations: [edit-cluster]\n    schema:\n${schema}`;
    expect(configError(policy('      required: [constructor]\n'))).toBe(
      'dplint.config.yaml:6:18: policies[0].schema: unknown member "constructor" in the edit-cluster body: the policy would check nothing there; see `dplint schema` for the 15 members it takes',
    );
    expect(configError(policy('      properties:\n        node_configuration:\n          properties:\n            toString: { type: string }\n'))).toBe(
      'dplint.config.yaml:9:13: policies[0].schema: unknown member "toString" in node_configuration of the edit-cluster body: the policy would check nothing there; see `dplint schema` for the 19 members it takes',
    );
  });

  test('a member a body only inherits (a `__proto__` key in YAML or JSON, an object with a prototype in the library) does not meet `required`', () => {
    const config = parseConfig(
      'policies:\n  - id: p\n    message: m\n    operations: [edit-cluster]\n    schema:\n      required: [label]\n      properties:\n        node_configuration: { required: [max_nodes] }\n',
      'dplint.config.yaml',
    );
    const findings = (text: string, filename: string) =>
      lintText(text, { operation: 'edit-cluster', filename, policies: config.policies }).findings.filter((f) => f.ruleId === 'policy/p').map((f) => f.message);
    const missing = ['m (the body must have member "label"; it is missing)', 'm (node_configuration must have member "max_nodes"; it is missing)'];
    expect(findings('__proto__: {label: [a]}\nnode_configuration:\n  __proto__: {max_nodes: 3}\n', 'c.yaml')).toEqual(missing);
    expect(findings('{"__proto__": {"label": ["a"]}, "node_configuration": {"__proto__": {"max_nodes": 3}}}', 'c.json')).toEqual(missing);
    expect(findings('label: [a]\nnode_configuration: {max_nodes: 3}\n', 'c.yaml')).toEqual([]);
    const policies = [{ id: 'p', message: 'm', operations: ['edit-cluster'], schema: { required: ['label'] } }];
    expect(validate('edit-cluster', Object.create({ label: ['a'] }), { policies }).findings.map((f) => f.message)).toEqual([missing[0]]);
  });
});

describe('what the recursive code cannot take is a located config error, never an internal error', () => {
  test('limits.maxDepth is at most 1000 (2000, with a 2000-deep document, overflowed the stack)', async () => {
    const deep = `label:\n${Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;
    const dir = repo({ 'dplint.config.yaml': 'limits:\n  maxDepth: 2000\n', 'c.yaml': `# dplint: operation=edit-cluster\n${deep}` });
    expect(await runCli(['.'], { cwd: dir })).toEqual({ code: 2, stdout: '', stderr: 'dplint: dplint.config.yaml:2:13: limits.maxDepth must be at most 1000; got 2000\n' });
  });

  test('at the cap, a document as deep as it allows is linted in every format', async () => {
    const deep = `label:\n${Array.from({ length: 999 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;
    const dir = repo({ 'dplint.config.yaml': 'limits:\n  maxDepth: 1000\n', 'c.yaml': `# dplint: operation=edit-cluster\n${deep}` });
    for (const format of ['compact', 'stylish', 'json', 'sarif', 'github']) {
      const run = await runCli(['.', '-f', format], { cwd: dir });
      expect({ format, code: run.code, stderr: run.stderr }).toEqual({ format, code: 1, stderr: '' });
    }
  });

  test('a policy whose $ref leads back into itself is a config error at that $ref', () => {
    const policy = (schema: string) => `policies:\n  - id: p\n    message: m\n    operations: [edit-cluster]\n    schema:\n${schema}`;
    const recursion = 'starts a recursion (a schema that refers back into itself), which dplint does not allow in a policy';
    expect(configError(policy('      $ref: "#"\n'))).toBe(`dplint.config.yaml:6:7: policies[0].schema: $ref "#" ${recursion}`);
    expect(configError(policy('      properties:\n        label: { $ref: "#" }\n'))).toBe(`dplint.config.yaml:7:18: policies[0].schema: $ref "#" ${recursion}`);
    expect(configError(policy('      definitions:\n        a: { $ref: "#/definitions/b" }\n        b: { allOf: [{ $ref: "#/definitions/a" }] }\n      $ref: "#/definitions/a"\n'))).toBe(
      `dplint.config.yaml:7:14: policies[0].schema: $ref "#/definitions/b" ${recursion}`,
    );
    // A reference to a sibling is no recursion.
    const fine = policy('      definitions:\n        name: { type: string, minLength: 2 }\n      properties:\n        label: { items: { $ref: "#/definitions/name" } }\n');
    expect(parseConfig(fine, 'dplint.config.yaml').policies.map((p) => p.ruleId)).toEqual(['policy/p']);
  });
});
