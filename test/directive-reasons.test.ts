import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { lintText } from '../src/engine/lint.js';
import { VERSION } from '../src/version.js';
import { runCli } from './helpers/cli.js';
import { configError } from './helpers/config.js';
import { repo } from './helpers/repo.js';
import { SARIF_SCHEMA, present } from './formatters/external-schemas.js';

// A directive's reason is kept with what it silenced: JSON under --include-suppressed, SARIF always.

const BODY = [
  '# dplint: operation=edit-cluster',
  'label: [etl]',
  'node_configuration:',
  '  # dplint-disable-next-line cluster/idle-timeout-zero -- the sandbox must stop fast',
  '  idle_cluster_timeout: 0',
  '  max_nodes: -1  # dplint-disable-line schema/range',
  '',
].join('\n');

const IDLE = {
  ruleId: 'cluster/idle-timeout-zero',
  severity: 'info',
  message:
    'node_configuration.idle_cluster_timeout 0 terminates the cluster when any node is idle 50-60 minutes into its hour; set 1 to 6 hours (default 2) to keep an idle cluster longer',
  path: '/node_configuration/idle_cluster_timeout',
  line: 5,
  column: 25,
  endLine: 5,
  endColumn: 26,
};
const RANGE = {
  ruleId: 'schema/range',
  severity: 'error',
  message: 'node_configuration.max_nodes must be a whole number of nodes, 0 or more; got -1',
  path: '/node_configuration/max_nodes',
  line: 6,
  column: 14,
  endLine: 6,
  endColumn: 16,
};

const TOOL = { name: 'dplint', version: VERSION };

describe('JSON: suppressed findings and their reasons under --include-suppressed', () => {
  test('without the flag the output is as before: no "suppressed" anywhere', async () => {
    const run = await runCli(['c.yaml', '-f', 'json'], { cwd: repo({ 'c.yaml': BODY }) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      tool: TOOL,
      results: [{ file: 'c.yaml', operation: 'edit-cluster', operationSource: 'modeline', findings: [] }],
      summary: { files: 1, errors: 0, warnings: 0, infos: 0, fixable: 0 },
    });
  });

  test('with it, each result lists what its directives silenced, with kind "directive" and the reason as justification (none when the directive gives none); the summary counts them; the exit code ignores them', async () => {
    const run = await runCli(['c.yaml', 'd.yaml', '-f', 'json', '--include-suppressed'], { cwd: repo({ 'c.yaml': BODY, 'd.yaml': '# dplint: operation=set-cluster-state\nstate: start\n' }) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      tool: TOOL,
      results: [
        {
          file: 'c.yaml',
          operation: 'edit-cluster',
          operationSource: 'modeline',
          findings: [],
          suppressed: [
            { ...IDLE, suppressions: [{ kind: 'directive', justification: 'the sandbox must stop fast' }] },
            { ...RANGE, suppressions: [{ kind: 'directive' }] },
          ],
        },
        { file: 'd.yaml', operation: 'set-cluster-state', operationSource: 'modeline', findings: [], suppressed: [] },
      ],
      summary: { files: 2, errors: 0, warnings: 0, infos: 0, fixable: 0, suppressed: 2 },
    });
  });

  test('the lint cache keeps them: a second run with --cache prints the same', async () => {
    const dir = repo({ 'c.yaml': BODY });
    const env = { XDG_CACHE_HOME: repo({}) };
    const first = await runCli(['c.yaml', '-f', 'json', '--include-suppressed', '--cache'], { cwd: dir, env });
    const second = await runCli(['c.yaml', '-f', 'json', '--include-suppressed', '--cache'], { cwd: dir, env });
    expect(JSON.parse(first.stdout).summary.suppressed).toBe(2);
    expect(second).toEqual(first);
    // A run without the flag has its own entries: nothing suppressed shows.
    expect(JSON.parse((await runCli(['c.yaml', '-f', 'json', '--cache'], { cwd: dir, env })).stdout).results[0]).toEqual({ file: 'c.yaml', operation: 'edit-cluster', operationSource: 'modeline', findings: [] });
  });

  test('a finding across files that a directive silences is listed with its reason', async () => {
    const cluster = (label: string, directive = '') => `# dplint: operation=edit-cluster\n${directive}label: [${label}]\n`;
    const dir = repo({ 'a.yaml': cluster('etl', '# dplint-disable-next-line repository/duplicate-label -- moving etl in this change\n'), 'b.yaml': cluster('etl, adhoc') });
    const { results } = JSON.parse((await runCli(['.', '-f', 'json', '--include-suppressed'], { cwd: dir })).stdout);
    expect(results[0].suppressed.map((f: { ruleId: string; line: number; suppressions: unknown }) => [f.ruleId, f.line, f.suppressions])).toEqual([
      ['repository/duplicate-label', 3, [{ kind: 'directive', justification: 'moving etl in this change' }]],
    ]);
    expect(results[1].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['repository/duplicate-label']);
  });
});

describe('SARIF: every suppressed finding is a result with suppressions [{kind: inSource, justification}]', () => {
  test('exact results, the suppressed ones in position order with the others, and valid against the OASIS schema', async () => {
    const text = BODY.replace('label: [etl]\n', 'label: [etl]\ncluster_name: x\n');
    const run = await runCli(['c.yaml', '-f', 'sarif'], { cwd: repo({ 'c.yaml': text }) });
    expect(run.code).toBe(0);
    const log = JSON.parse(run.stdout);
    const results = log.runs[0].results.map((r: { ruleId: string; level: string; locations: Array<{ physicalLocation: { region: object } }>; suppressions?: unknown }) => ({
      ruleId: r.ruleId,
      level: r.level,
      region: r.locations[0].physicalLocation.region,
      suppressions: r.suppressions,
    }));
    expect(results).toEqual([
      { ruleId: 'schema/unknown-member', level: 'warning', region: { startLine: 3, startColumn: 1, endLine: 3, endColumn: 13 }, suppressions: undefined },
      { ruleId: 'cluster/idle-timeout-zero', level: 'note', region: { startLine: 6, startColumn: 25, endLine: 6, endColumn: 26 }, suppressions: [{ kind: 'inSource', justification: 'the sandbox must stop fast' }] },
      { ruleId: 'schema/range', level: 'error', region: { startLine: 7, startColumn: 14, endLine: 7, endColumn: 16 }, suppressions: [{ kind: 'inSource' }] },
    ]);
    if (present(SARIF_SCHEMA)) {
      const ajv = new Ajv.default({ allErrors: true, strict: false });
      addFormats.default(ajv);
      const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')));
      validate(log);
      expect(validate.errors ?? null).toBe(null);
      // The schema does check suppressions: a kind SARIF does not have fails.
      log.runs[0].results[1].suppressions[0].kind = 'directive';
      expect(validate(log)).toBe(false);
    }
  });

  test('a finding a new directive silences keeps its fingerprint, so code scanning sees the same alert, now suppressed', async () => {
    const before = '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  max_nodes: -1\n';
    const after = before.replace('  max_nodes: -1\n', '  # dplint-disable-next-line schema/range -- capacity review pending\n  max_nodes: -1\n');
    const first = async (text: string) => JSON.parse((await runCli(['c.yaml', '-f', 'sarif'], { cwd: repo({ 'c.yaml': text }) })).stdout).runs[0].results[0];
    const [unsilenced, silenced] = [await first(before), await first(after)];
    expect(unsilenced.suppressions).toBe(undefined);
    expect(silenced.suppressions).toEqual([{ kind: 'inSource', justification: 'capacity review pending' }]);
    expect(silenced.partialFingerprints).toEqual(unsilenced.partialFingerprints);
    expect(silenced.partialFingerprints.primaryLocationLineHash).toMatch(/^[0-9a-f]{16}:1$/);
  });
});

describe("a reason written without ' -- '", () => {
  test('is one directive/reason error that says how to write it, not an unknown-rule warning per word; the directive still silences the rule it names', async () => {
    const text = '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  # dplint-disable-next-line schema/range because the vendor said so\n  max_nodes: -1\n';
    const run = await runCli(['c.yaml', '-f', 'compact'], { cwd: repo({ 'c.yaml': text }) });
    expect(run).toEqual({
      code: 1,
      stdout:
        "c.yaml:4:3: error dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line schema/range -- because the vendor said so [directive/reason]\n",
      stderr: '',
    });
  });

  test('with no rule ids, or one word; a misspelt rule id is still an unknown rule with "did you mean"', () => {
    const messages = (comment: string) =>
      lintText(`# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  ${comment}\n  idle_cluster_timeout: 0\n`).findings.map((f) => `${f.ruleId}: ${f.message}`);
    expect(messages('# dplint-disable-next-line because sandboxes stop fast')).toEqual([
      "directive/reason: dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line -- because sandboxes stop fast",
    ]);
    expect(messages('# dplint-disable-next-line cluster/idle-timeout-zero, temporary')).toEqual([
      "directive/reason: dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line cluster/idle-timeout-zero -- temporary",
    ]);
    expect(messages('# dplint-disable-next-line cluster/idle-timeout-zer0')).toEqual([
      'directive/unknown-rule: dplint-disable-next-line names "cluster/idle-timeout-zer0", which is not a rule; did you mean "cluster/idle-timeout-zero"?',
      'cluster/idle-timeout-zero: node_configuration.idle_cluster_timeout 0 terminates the cluster when any node is idle 50-60 minutes into its hour; set 1 to 6 hours (default 2) to keep an idle cluster longer',
    ]);
  });
});

describe('directives: {requireReason: true}', () => {
  const config = 'directives:\n  requireReason: true\n';

  test('a disable directive without a reason is a directive/reason error naming it and saying how to write one; enable needs none; one with a reason passes', async () => {
    const text = [
      '# dplint: operation=edit-cluster',
      'label: [etl]',
      '# dplint-disable cluster/idle-timeout-zero',
      'node_configuration:',
      '  idle_cluster_timeout: 0',
      '  max_nodes: -1  # dplint-disable-line schema/range -- capacity review pending',
      '# dplint-enable cluster/idle-timeout-zero',
      '',
    ].join('\n');
    const run = await runCli(['c.yaml', '-f', 'compact'], { cwd: repo({ 'dplint.config.yaml': config, 'c.yaml': text }) });
    expect(run).toEqual({
      code: 1,
      stdout:
        "c.yaml:3:1: error dplint-disable gives no reason, which this repository's config requires (directives.requireReason); write the reason after ' -- ': # dplint-disable cluster/idle-timeout-zero -- <why the finding does not apply here> [directive/reason]\n",
      stderr: '',
    });
    // Without the key, the same file passes.
    expect(await runCli(['c.yaml', '-f', 'compact'], { cwd: repo({ 'c.yaml': text }) })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  test('the library takes the same setting; --print-config shows it', async () => {
    const text = '# dplint: operation=edit-cluster\nlabel: [etl]  # dplint-disable-line cluster/edit-effect\n';
    expect(lintText(text, { directives: { requireReason: true } }).findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['directive/reason', 2, 15]]);
    expect(lintText(text).findings).toEqual([]);
    const dir = repo({ 'dplint.config.yaml': config, 'c.yaml': text });
    expect(JSON.parse((await runCli(['--print-config', 'c.yaml'], { cwd: dir })).stdout).directives).toEqual({ requireReason: true });
  });

  test('a bad value or an unknown key is a config error at its place, exit 2', async () => {
    expect(configError('directives:\n  requireReason: yes\n')).toBe('dplint.config.yaml:2:18: directives.requireReason must be a boolean (true or false); got string "yes"');
    expect(configError('directives:\n  requireReasons: true\n')).toBe(
      'dplint.config.yaml:2:3: unknown member "requireReasons" in directives: the config file takes no such member; did you mean "requireReason"?',
    );
    const run = await runCli(['c.yaml'], { cwd: repo({ 'dplint.config.yaml': 'directives:\n  requireReason: "yes"\n', 'c.yaml': BODY }) });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'dplint: dplint.config.yaml:2:18: directives.requireReason must be a boolean (true or false); got string "yes"\n' });
  });
});

describe('a credential in a reason is masked, wherever the reason is shown', () => {
  const text = [
    '# dplint: operation=edit-cluster',
    'label: [etl]',
    'vm_settings:',
    '  # dplint-disable-next-line security/plaintext-secret -- ZqSANDBOXkey0123456 is the sandbox key; db password=hunter2hunter2',
    '  compute_secret_key: ZqSANDBOXkey0123456',
    '',
  ].join('\n');
  const REASON = '**** is the sandbox key; db password=****';

  test('JSON, SARIF and the library', async () => {
    const dir = repo({ 'c.yaml': text });
    const json = await runCli(['c.yaml', '-f', 'json', '--include-suppressed'], { cwd: dir });
    const sarifRun = await runCli(['c.yaml', '-f', 'sarif'], { cwd: dir });
    for (const output of [json.stdout, sarifRun.stdout]) {
      expect(output).not.toContain('ZqSANDBOX');
      expect(output).not.toContain('hunter2');
    }
    expect(JSON.parse(json.stdout).results[0].suppressed[0].suppressions).toEqual([{ kind: 'directive', justification: REASON }]);
    expect(JSON.parse(sarifRun.stdout).runs[0].results[0].suppressions).toEqual([{ kind: 'inSource', justification: REASON }]);
    const { suppressed } = lintText(text, { includeSuppressed: true });
    expect(suppressed?.map((f) => [f.ruleId, f.suppressions])).toEqual([['security/plaintext-secret', [{ kind: 'directive', justification: REASON }]]]);
  });

  test("and in directive/reason's message, which quotes the reason", () => {
    const unseparated = text.replace(' -- ZqSANDBOX', ' ZqSANDBOX');
    expect(lintText(unseparated).findings.map((f) => f.message)).toEqual([
      `dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line security/plaintext-secret -- ${REASON}`,
    ]);
  });
});

describe('the library: lintText({includeSuppressed: true}) returns them in `suppressed`', () => {
  test('sorted as findings, without messageId or data; absent without the option; an empty list for a clean file', () => {
    expect(lintText(BODY, { includeSuppressed: true }).suppressed).toEqual([
      { ...IDLE, suppressions: [{ kind: 'directive', justification: 'the sandbox must stop fast' }] },
      // The library's findings are whole: a suppressed one keeps its suggestion (the JSON output leaves edits out).
      { ...RANGE, suggestions: [{ desc: 'Change to 0', fix: { range: [BODY.indexOf('-1'), BODY.indexOf('-1') + 2], text: '0' } }], suppressions: [{ kind: 'directive' }] },
    ]);
    expect('suppressed' in lintText(BODY)).toBe(false);
    expect(lintText('# dplint: operation=set-cluster-state\nstate: start\n', { includeSuppressed: true }).suppressed).toEqual([]);
    expect(lintText('state: start\n', { operation: 'set-cluster-state', includeSuppressed: true }).suppressed).toEqual([]);
  });
});

describe('a directive that names only rules across files', () => {
  const cluster = (label: string, directive = '') => `# dplint: operation=edit-cluster\n${directive}label: [${label}]\n`;

  test('its reason is checked by its file\'s lint, once, and it still silences the finding across files', async () => {
    const dir = repo({
      'dplint.config.yaml': 'directives:\n  requireReason: true\n',
      'a.yaml': cluster('etl', '# dplint-disable-next-line repository/duplicate-label because etl moves in this change\n'),
      'b.yaml': cluster('etl', '# dplint-disable-next-line repository/duplicate-label\n'),
    });
    const run = await runCli(['.', '-f', 'compact'], { cwd: dir });
    expect(run).toEqual({
      code: 1,
      stdout: [
        "a.yaml:2:1: error dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line repository/duplicate-label -- because etl moves in this change [directive/reason]",
        "b.yaml:2:1: error dplint-disable-next-line gives no reason, which this repository's config requires (directives.requireReason); write the reason after ' -- ': # dplint-disable-next-line repository/duplicate-label -- <why the finding does not apply here> [directive/reason]",
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  test('one naming a rule of the file and a rule across files shows both in the way to write it', () => {
    const text = cluster('etl', '# dplint-disable-next-line cluster/edit-effect, repository/duplicate-label for the move\n');
    expect(lintText(text).findings.map((f) => f.message)).toEqual([
      "dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line cluster/edit-effect, repository/duplicate-label -- for the move",
    ]);
  });
});

test("the reason starts at the first word that is no rule id, even one a rule id ends with; a one-word reason that looks like a misspelt id is an unknown rule, and with requireReason also a missing reason", () => {
  const messages = (comment: string, options = {}) =>
    lintText(`# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  ${comment}\n  idle_cluster_timeout: 0\n`, options).findings.map((f) => `${f.ruleId}: ${f.message}`);
  expect(messages('# dplint-disable-next-line cluster/idle-timeout-zero zero is on purpose')).toEqual([
    "directive/reason: dplint-disable-next-line gives a reason without ' -- ' before it, so its words would be read as rule ids; write the reason after ' -- ': # dplint-disable-next-line cluster/idle-timeout-zero -- zero is on purpose",
  ]);
  expect(messages('# dplint-disable-next-line idle-timeout-zero', { directives: { requireReason: true } })).toEqual([
    "directive/reason: dplint-disable-next-line gives no reason, which this repository's config requires (directives.requireReason); write the reason after ' -- ': # dplint-disable-next-line idle-timeout-zero -- <why the finding does not apply here>",
    'directive/unknown-rule: dplint-disable-next-line names "idle-timeout-zero", which is not a rule; did you mean "cluster/idle-timeout-zero"?',
    'cluster/idle-timeout-zero: node_configuration.idle_cluster_timeout 0 terminates the cluster when any node is idle 50-60 minutes into its hour; set 1 to 6 hours (default 2) to keep an idle cluster longer',
  ]);
});
