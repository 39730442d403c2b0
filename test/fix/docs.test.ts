import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ALL_RULES } from '../../rules/index.js';
import { fixNamespaces } from '../../src/node/cli-fix.js';

const DOC = readFileSync(join(__dirname, '..', '..', 'docs', 'fixing.md'), 'utf8');

test('docs/fixing.md lists exactly the rules that fix or suggest, each in the right column', () => {
  const rows = DOC.split('\n')
    .filter((line) => /^\| `[\w/-]+` \|/.test(line))
    .map((line) => {
      const [, id, fix, suggestions] = line.split('|').map((cell) => cell.trim());
      return { id: id.replace(/`/g, ''), fixable: fix !== '', hasSuggestions: suggestions !== '' };
    });
  const expected = ALL_RULES.filter((rule) => rule.fixable || rule.hasSuggestions).map((rule) => ({
    id: rule.id,
    fixable: rule.fixable === true,
    hasSuggestions: rule.hasSuggestions === true,
  }));
  expect(rows).toEqual(expected);
});

test('docs/fixing.md names every namespace --fix-type takes', () => {
  const listed = /`--fix-type` takes rule namespaces separated by commas: ([^.]+)\./s.exec(DOC)?.[1] ?? '';
  expect([...listed.matchAll(/`(\w+)`/g)].map((m) => m[1])).toEqual(fixNamespaces());
});
