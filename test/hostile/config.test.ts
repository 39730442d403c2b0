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

describe('a config file in a folder below is layered over the one above, and cannot take the gate away (30.10)', () => {
  const ROOT = [
    'extends: strict',
    'policies:',
    '  - id: cost-center',
    '    message: every cluster names its cost center',
    '    operations: [edit-cluster]',
    '    schema: { required: [node_configuration], properties: { node_configuration: { required: [custom_vm_tags] } } }',
    '',
  ].join('\n');
  const CLUSTER = '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  max_nodes: 5\n  compute_secret_key: hunter2hunter2\nnot_a_member: 1\n';
  const lint = async (files: Record<string, string>, args: string[] = ['-f', 'compact', '.']) => {
    const run = await runCli(args, { cwd: repo(files) });
    return { code: run.code, lines: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
  };
  const NESTED_LINE = 'dplint: nested config file applied, each layered over the config above it: "clusters/prod/.dplint.yml" (1 file)\n';

  const ERRORS = [
    'clusters/prod/etl.yaml:3:1: error every cluster names its cost center (node_configuration must have member "custom_vm_tags"; it is missing) [policy/cost-center]',
    'clusters/prod/etl.yaml:5:3: error unknown member "compute_secret_key" in node_configuration: the spec does not list it; see `dplint schema` for the 19 members it takes [schema/unknown-member]',
    'clusters/prod/etl.yaml:5:23: error node_configuration.compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY} and inject it at deploy time [security/plaintext-secret]',
    'clusters/prod/etl.yaml:6:1: error unknown member "not_a_member" in the body: the spec does not list it; see `dplint schema` for the 15 members it takes [schema/unknown-member]',
  ];
  const EDIT_EFFECT = 'clusters/prod/etl.yaml:2:8: error label changes take effect immediately, so new commands on "etl" run on this cluster at once, while the other changes in this body (node_configuration, not_a_member) wait for the next cluster restart [cluster/edit-effect]';
  const withNested = (nested: string, root = ROOT) => lint({ 'dplint.config.yaml': root, 'clusters/prod/etl.yaml': CLUSTER, 'clusters/prod/.dplint.yml': nested });
  const refused = (message: string) => ({ code: 2, lines: [], stderr: `dplint: clusters/prod/.dplint.yml:${message}\n` });
  const UNLESS = 'unless the top config (dplint.config.yaml) says nested: override';

  test('clusters/prod/.dplint.yml holding {} keeps extends: strict and every policy of the root for that folder, and the run names it', async () => {
    expect(await lint({ 'dplint.config.yaml': ROOT, 'clusters/prod/etl.yaml': CLUSTER })).toEqual({ code: 1, lines: ERRORS, stderr: '' });
    expect(await withNested('{}\n')).toEqual({ code: 1, lines: ERRORS, stderr: NESTED_LINE });
  });

  test('what would take the gate away is a config error at its place: lowering an error, the preset, a policy; ignoring files; choosing its own mode', async () => {
    const away = `; a nested config adds to the config above it and takes nothing away, ${UNLESS}`;
    expect(await withNested('rules:\n  security/plaintext-secret: off\n')).toEqual(refused(`2:30: security/plaintext-secret is an error in dplint.config.yaml; off would lower it${away}`));
    expect(await withNested('overrides:\n  - match: ["*.yaml"]\n    rules: { schema/unknown-member: warning }\n')).toEqual(
      refused(`3:37: schema/unknown-member is an error in dplint.config.yaml; warning would lower it${away}`),
    );
    expect(await withNested('extends: recommended\n')).toEqual(refused(`1:10: extends: recommended would lower the strict preset of dplint.config.yaml${away}`));
    expect(await withNested("ignore: ['**']\n")).toEqual(refused(`1:1: ignore in a nested config would hide files from the gate${away}`));
    expect(await withNested('rules:\n  policy/cost-center: warning\n')).toEqual(refused(`2:23: policy/cost-center is an error in dplint.config.yaml; warning would lower it${away}`));
    expect(await withNested('policies:\n  - id: cost-center\n    message: m\n    operations: [edit-cluster]\n    schema: {}\n')).toEqual(
      refused(`2:9: policy "cost-center" is defined in dplint.config.yaml already; a nested config may add policies, not redefine them, ${UNLESS}`),
    );
    expect(await withNested('reportUnusedDisableDirectives: off\n')).toEqual(refused(`1:32: reportUnusedDisableDirectives is error in dplint.config.yaml; off would lower it${away}`));
    expect(await withNested('nested: override\n')).toEqual(refused('1:1: nested is a setting of the top config (dplint.config.yaml) only: a config in a folder below cannot choose how it applies'));
  });

  test('a nested config adds: a rule raised, a policy of its own; a level an override of the root makes an error for the folder is held', async () => {
    expect(await withNested('rules:\n  cluster/edit-effect: error\n')).toEqual({ code: 1, lines: [EDIT_EFFECT, ...ERRORS], stderr: NESTED_LINE });
    const policy = 'policies:\n  - id: prod-label\n    message: prod clusters are labelled prod\n    operations: [edit-cluster]\n    schema: { properties: { label: { contains: { const: prod } } } }\n';
    expect(await withNested(policy)).toEqual({
      code: 1,
      lines: ['clusters/prod/etl.yaml:2:9: error prod clusters are labelled prod (label[0] must be "prod"; got "etl") [policy/prod-label]', ...ERRORS],
      stderr: NESTED_LINE,
    });
    const rootOverride = `${ROOT}overrides:\n  - match: ["clusters/prod/**"]\n    rules: { cluster/edit-effect: error }\n`;
    expect(await withNested('rules:\n  cluster/edit-effect: off\n', rootOverride)).toEqual({ code: 1, lines: [EDIT_EFFECT, ...ERRORS], stderr: NESTED_LINE });
  });

  test('under nested: override at the top, a folder\'s config may lower and ignore (and the run still names it)', async () => {
    const root = `nested: override\n${ROOT}`;
    expect(await withNested('rules:\n  security/plaintext-secret: off\n  policy/cost-center: off\n', root)).toEqual({ code: 1, lines: [ERRORS[1], ERRORS[3]], stderr: NESTED_LINE });
    expect(await withNested('ignore: ["*.yaml"]\n', root)).toEqual({ code: 2, lines: [], stderr: 'dplint: no YAML or JSON files found in "."\n' });
  });
});
