import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/config.js';
import { lintText } from '../../src/engine/lint.js';
import { runCli } from '../helpers/cli.js';
import { bodyValue, modeline, mutatedClusterFile, problems, runs, TIMEOUT, tokenSoup } from './invariants.js';

/**
 * Property tests of the command line and the config file, fewer runs than the core's (each run
 * writes files and runs the whole CLI in-process): the exit code is 0 or 1 for any input file — 2
 * only for a bad config file or arguments, with one line saying why — the JSON output parses and
 * agrees with the exit code, and a config file either loads or is refused with a ConfigError.
 */

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-props-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const anyText = fc.oneof(
  mutatedClusterFile.map((f) => f.text),
  fc.tuple(modeline, bodyValue).map(([head, value]) => head + stringify(value, { lineWidth: 0 })),
  tokenSoup,
  fc.string({ unit: 'binary', maxLength: 120 }),
);

describe('dplint <file>', () => {
  test(
    'any file: exit 0 or 1, JSON that parses, findings inside the text, exit 1 exactly when there is an error',
    async () => {
      await fc.assert(
        fc.asyncProperty(anyText, fc.constantFrom('body.yaml', 'body.json', 'body.yml'), fc.constantFrom([], ['--operation', 'edit-cluster'], ['--rule', 'schema/unknown-member: error']), async (text, name, extra) => {
          const dir = freshDir();
          writeFileSync(join(dir, name), text);
          const run = await runCli(['--no-config', '-f', 'json', ...extra, name], { cwd: dir });
          expect(run.stderr).toBe('');
          expect([0, 1]).toContain(run.code);
          const output = JSON.parse(run.stdout);
          expect(run.code).toBe(output.summary.errors > 0 ? 1 : 0);
          // A file that is no API body (no operation, no finding) is left out of the report.
          expect(output.results.length).toBeLessThanOrEqual(1);
          const findings = output.results[0]?.findings ?? [];
          // A file that decodes is linted as lintText does it; one that does not gets one finding at 1:1.
          if (findings[0]?.ruleId !== 'parse/encoding') expect(problems(text, findings)).toEqual([]);
        }),
        runs(40, 0.1),
      );
    },
    TIMEOUT,
  );

  test(
    'every format, any file: exit 0 or 1 and nothing on standard error',
    async () => {
      await fc.assert(
        fc.asyncProperty(anyText, fc.constantFrom('stylish', 'compact', 'sarif', 'junit', 'github'), async (text, format) => {
          const dir = freshDir();
          writeFileSync(join(dir, 'a.yaml'), text);
          const run = await runCli(['--no-config', '-f', format, 'a.yaml'], { cwd: dir });
          expect(run.stderr).toBe('');
          expect([0, 1]).toContain(run.code);
        }),
        runs(40, 0.1),
      );
    },
    TIMEOUT,
  );
});

/** Config files: mostly the shape the schema wants, with hostile parts. */
const ruleLevel = fc.constantFrom('off', 'info', 'warning', 'error', 'fatal', 2, null);
const ruleId = fc.constantFrom('schema/unknown-member', 'security/plaintext-secret', 'cluster/idle-timeout-zero', 'cluster/max-node-below-initial', 'policy/p', 'nope');
const globs = fc.array(fc.constantFrom('**/*.yaml', 'clusters/**', '', '[', '{a,b}', '!x', '../**', '**/*'), { maxLength: 3 });
const schemaFragment = fc.oneof(
  bodyValue,
  fc.constantFrom<unknown>({ required: ['label'] }, { properties: { label: { minItems: 2 } } }, { $ref: 'https://example.com/x.json' }, { $ref: '#/definitions/none' }, { pattern: '(a+)+$' }, { type: 'nope' }, { properties: { label: { items: { pattern: '^[a-z]+$' } } } }),
);
const config = fc.record(
  {
    extends: fc.constantFrom('recommended', 'strict', 'lax', 3),
    files: fc.array(fc.record({ match: globs, operation: fc.constantFrom('edit-cluster', 'set-cluster-state', 'nope') }), { maxLength: 2 }),
    ignore: globs,
    rules: fc.dictionary(ruleId, fc.oneof(ruleLevel, fc.tuple(ruleLevel, fc.dictionary(fc.string({ maxLength: 6 }), bodyValue, { maxKeys: 2 })))),
    overrides: fc.array(fc.record({ match: globs, rules: fc.dictionary(ruleId, ruleLevel) }), { maxLength: 2 }),
    policies: fc.array(fc.record({ id: fc.constantFrom('p', 'P q', 'ok-id'), message: fc.constantFrom('m', ''), operations: fc.constant(['edit-cluster']), severity: fc.constantFrom('error', 'warning'), schema: schemaFragment }), { maxLength: 2 }),
    limits: fc.record({ maxFileSize: fc.constantFrom(1, 100, 10_000_000, -1, 0.5), maxAliasCount: fc.constantFrom(0, 10, 1000), maxDepth: fc.constantFrom(1, 3, 200, 0) }, { requiredKeys: [] }),
    reportUnusedDisableDirectives: fc.constantFrom('off', 'warning', 'loud'),
  },
  { requiredKeys: [] },
);

describe('the config file', () => {
  test(
    'any config text: it loads, or it is refused with a ConfigError naming file:line:column — never another exception',
    () => {
      fc.assert(
        fc.property(fc.oneof(config.map((c) => stringify(c)), tokenSoup, bodyValue.map((v) => stringify(v))), (text) => {
          try {
            const loaded = parseConfig(text, 'dplint.config.yaml');
            // A config that loads drives a lint that keeps every invariant.
            const settings = loaded.settingsFor('clusters/a.yaml');
            const body = '# dplint: operation=edit-cluster\nlabel: [a]\nnode_configuration: {max_nodes: 2, initial_nodes: 4}\n';
            const result = lintText(body, { rules: settings.rules, policies: settings.policies, maxDepth: settings.limits.maxDepth, maxAliasCount: settings.limits.maxAliasCount });
            expect(problems(body, result.findings)).toEqual([]);
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            expect(error.message).toMatch(/^dplint\.config\.yaml:\d+:\d+: \S/);
          }
        }),
        runs(300),
      );
    },
    TIMEOUT,
  );

  test(
    'through the CLI: exit 2 with one line for a bad config, otherwise 0 or 1',
    async () => {
      await fc.assert(
        fc.asyncProperty(config, async (value) => {
          const text = stringify(value);
          const dir = freshDir();
          writeFileSync(join(dir, 'dplint.config.yaml'), text);
          writeFileSync(join(dir, 'a.yaml'), '# dplint: operation=edit-cluster\nlabel: [a]\nnode_configuration:\n  max_nodes: 2\n  initial_nodes: 4\n');
          const run = await runCli(['-f', 'json', 'a.yaml'], { cwd: dir });
          let bad = false;
          try {
            parseConfig(text, 'dplint.config.yaml');
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            bad = true;
          }
          if (bad) {
            expect(run.code).toBe(2);
            expect(run.stdout).toBe('');
            expect(run.stderr).toMatch(/^dplint: dplint\.config\.yaml:\d+:\d+: [^\n]+\n$/);
          } else {
            expect(run.stderr).toBe('');
            expect([0, 1]).toContain(run.code);
            JSON.parse(run.stdout);
          }
        }),
        runs(40, 0.1),
      );
    },
    TIMEOUT,
  );
});
