import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rulesTable } from '../src/commands/rules-table.js';
import { ALL_RULES, RULES, STAGE_RULES } from '../rules/index.js';
import { VERSION } from '../src/version.js';
import { renderMessage } from '../src/define-rule.js';

const ROOT = join(__dirname, '..');

function ruleFiles(): string[] {
  const files: string[] = [];
  for (const namespace of readdirSync(join(ROOT, 'rules'), { withFileTypes: true })) {
    // rules/support/ holds what rules share (helpers, cluster kinds), not rules.
    if (!namespace.isDirectory() || namespace.name === 'support') continue;
    for (const file of readdirSync(join(ROOT, 'rules', namespace.name))) if (file.endsWith('.ts')) files.push(`${namespace.name}/${file.replace(/\.ts$/, '')}`);
  }
  return files.sort();
}

test('every rule file is registered, under the id its path gives, and nothing else is', () => {
  const registered = [...RULES, ...STAGE_RULES].map((rule) => rule.id);
  const files = ruleFiles();
  expect(files.filter((f) => !registered.includes(f)), 'rule files missing from rules/index.ts').toEqual([]);
  expect(registered.filter((id) => !files.includes(id)), 'registered ids without a file of that path').toEqual([]);
});

test('every rule id dplint reports is a rule file', () => {
  expect(ALL_RULES.map((rule) => rule.id).filter((id) => !ruleFiles().includes(id))).toEqual([]);
  expect(ALL_RULES.length).toBe(ruleFiles().length);
});

test('the registry is alphabetical by id and ids are unique across all rules', () => {
  const ids = RULES.map((rule) => rule.id);
  expect(ids).toEqual([...ids].sort());
  const stageIds = STAGE_RULES.map((rule) => rule.id);
  expect(stageIds).toEqual([...stageIds].sort());
  const all = ALL_RULES.map((rule) => rule.id);
  expect(all.length).toBe(new Set(all).size);
});

test('rule ids are namespaced kebab-case', () => {
  for (const rule of ALL_RULES) expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
});

test('the rules table of docs/rules.md is the registry (regenerate: npm run generate:rule-docs)', () => {
  const page = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
  const section = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(page)?.[1];
  expect(section, 'docs/rules.md has a rules table between <!-- rules:start --> and <!-- rules:end -->').toBeDefined();
  expect(section).toBe(rulesTable(ALL_RULES));
});

test('the version in src/version.ts is package.json\'s', () => {
  expect(VERSION).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
});

test('a message template renders its placeholders from the data, keeping those the data does not name, and the same again from its cut parts', () => {
  const template = 'found {{ field }} = {{value}}; {{missing}} and {{field}}{{value}}';
  const data = { field: 'max_nodes', value: '{{field}} $& 4' };
  const expected = 'found max_nodes = {{field}} $& 4; {{missing}} and max_nodes{{field}} $& 4';
  expect(renderMessage(template, data)).toBe(expected);
  expect(renderMessage(template, data)).toBe(expected);
  expect(renderMessage('{{a}}', { a: 0 })).toBe('0');
  expect(renderMessage('no placeholder', { a: 1 })).toBe('no placeholder');
  expect(renderMessage('{{toString}} {{a}}', {})).toBe('{{toString}} {{a}}');
});

test('a rule of a request envelope carries its check of the envelope in its own file', () => {
  const checks = STAGE_RULES.filter((rule) => typeof rule.checkEnvelope === 'function').map((rule) => rule.id);
  expect(checks).toEqual(['operation/content-type', 'operation/envelope-member']);
});

test('a repository/* rule carries its check over the facts in its own file, as every other rule its check; the other stages\' rules carry none', () => {
  const checks = STAGE_RULES.filter((rule) => typeof rule.checkFacts === 'function').map((rule) => rule.id);
  expect(checks).toEqual(['repository/bootstrap-override', 'repository/duplicate-allow-list-entry', 'repository/duplicate-label', 'repository/idle-timeout-override']);
});
