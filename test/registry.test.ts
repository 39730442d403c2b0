import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { RULES, STAGE_RULES } from '../rules/index.js';
import { BUILTIN_RULES } from '../src/engine/builtin-rules.js';
import { rulesTable } from '../src/commands/rules-table.js';
import { ALL_RULES } from '../src/engine/registry.js';
import { VERSION } from '../src/version.js';

const ROOT = join(__dirname, '..');

function ruleFiles(): string[] {
  const files: string[] = [];
  for (const namespace of readdirSync(join(ROOT, 'rules'), { withFileTypes: true })) {
    if (!namespace.isDirectory()) continue;
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

test('every rule id is a rule file, but the built-in ids still waiting for theirs', () => {
  const files = ruleFiles();
  expect(ALL_RULES.map((rule) => rule.id).filter((id) => !files.includes(id))).toEqual(BUILTIN_RULES.map((rule) => rule.id).sort());
  // Shrinks to nothing as each stage's ids move to rules/<namespace>/<name>.ts.
  expect(BUILTIN_RULES.map((rule) => rule.id).sort()).toEqual([
    'parse/encoding',
    'schema/format',
    'schema/length',
    'schema/range',
  ]);
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

test('the README rules table is the registry (regenerate: node dist/src/bin.js rules --markdown)', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(readme)?.[1];
  expect(section, 'README has a rules table between <!-- rules:start --> and <!-- rules:end -->').toBeDefined();
  expect(section).toBe(rulesTable(ALL_RULES));
});

test('the version in src/version.ts is package.json\'s', () => {
  expect(VERSION).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
});
