import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { rulePage } from '../src/commands/rule-page.js';
import { diagnosticOf } from '../src/lsp/convert.js';
import { REPOSITORY_URL, ruleDocsPath, ruleDocsUrl, VERSION } from '../src/version.js';

// One page per rule, docs/rules/<namespace>/<name>.md, written by scripts/generate-rule-docs.mjs
// (npm run generate:rule-docs) from the rule file; SARIF's helpUri and the language server's codeDescription
// link the page at this version's tag in the repository package.json names.
const ROOT = join(__dirname, '..');

test('every rule has its page, as the rule file makes it today, and there is no other (regenerate: npm run generate:rule-docs)', () => {
  const stale = ALL_RULES.filter((rule) => !existsSync(join(ROOT, ruleDocsPath(rule.id))) || readFileSync(join(ROOT, ruleDocsPath(rule.id)), 'utf8') !== rulePage(rule.id)).map((rule) => rule.id);
  expect(stale).toEqual([]);
  const pages = readdirSync(join(ROOT, 'docs', 'rules'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.replace(/\\/g, '/').replace(/\.md$/, ''))
    .sort();
  expect(pages).toEqual(ALL_RULES.map((rule) => rule.id).sort());
});

test("a rule's page: its summary, level, the spec's words, the fix, its example with the finding dplint reports, and how to silence it", () => {
  const page = readFileSync(join(ROOT, 'docs/rules/cluster/max-nodes-below-initial.md'), 'utf8');
  expect(page.split('\n').slice(0, 7)).toEqual([
    '# `cluster/max-nodes-below-initial`',
    '',
    'node_configuration.max_nodes is lower than initial_nodes.',
    '',
    '| default | applies to | `--fix` |',
    '|---|---|---|',
    '| error | `edit-cluster` | no |',
  ]);
  expect(page).toContain('## Why\n\nSpec 4.11.2: `initial_nodes` "default 2"');
  expect(page).toContain('## How to fix\n\nRaise max_nodes to at least initial_nodes, or lower initial_nodes.\n');
  expect(page).toContain('Reported: max below initial (`edit-cluster`)\n\n```yaml\nnode_configuration:\n  initial_nodes: 5\n  max_nodes: 3\n```\n\n```\n3:14  node_configuration.max_nodes must be at least initial_nodes (5); got 3\n```\n');
  expect(page).toContain('# dplint-disable-next-line cluster/max-nodes-below-initial -- why this is fine here');
  // An opt-in rule says so, and a rule with options shows them as the config file takes them.
  expect(readFileSync(join(ROOT, 'docs/rules/cluster/edit-effect.md'), 'utf8')).toContain('| off (info) | `edit-cluster` |');
});

test('the pages show no credential the examples hold', () => {
  const page = readFileSync(join(ROOT, 'docs/rules/security/plaintext-secret.md'), 'utf8');
  expect(page).toContain('****');
  expect(page).not.toMatch(/AKIA[0-9A-Z]{16}/);
});

test('the link: the repository package.json names, the tag of this version, the page; none for a policy', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; repository: { url: string }; homepage: string; bugs: { url: string } };
  expect(manifest.repository.url).toBe(`git+${REPOSITORY_URL}.git`);
  expect(manifest.homepage).toBe(`${REPOSITORY_URL}#readme`);
  expect(manifest.bugs.url).toBe(`${REPOSITORY_URL}/issues`);
  expect(VERSION).toBe(manifest.version);
  expect(ruleDocsUrl('cluster/max-nodes-below-initial')).toBe('https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/cluster/max-nodes-below-initial.md');
  expect(ruleDocsUrl('policy/cost-center-tag')).toBeUndefined();
  const diagnostic = diagnosticOf({ ruleId: 'schema/enum', severity: 'error', message: 'm', path: '', line: 1, column: 1, endLine: 1, endColumn: 2 });
  expect(diagnostic.codeDescription).toEqual({ href: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/schema/enum.md' });
  expect(diagnosticOf({ ruleId: 'policy/cost-center-tag', severity: 'error', message: 'm', path: '', line: 1, column: 1, endLine: 1, endColumn: 2 }).codeDescription).toBeUndefined();
});
