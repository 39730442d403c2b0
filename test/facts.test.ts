// One source per fact (issue 31): the operation table of src/operations.ts and the rule registry
// are the only places the operations and rules are counted. Prose that says "the 14 operations"
// or "62 rules" is a copy that goes stale silently when an operation or a rule is added, so none
// may stand in docs/, the rules (their docs: summary, rationale, fix, messages), src/ or schemas/.
// (The README is checked by its own owner; `dplint operations` and `dplint rules` print the lists.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { parseConfig } from '../src/config/config.js';
import { OPERATION_IDS, OPERATIONS } from '../src/operations.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * A number, in digits or words, before "operations", "rules", "operation ids", "body schemas" or
 * "schemas" (one word may come between: "14 API operations"), or right before "ids" ("the 14
 * ids"; "two rule ids" in a directive is no count of the table). A version before it ("the v1.2
 * create-account operation") is no count: the number must not follow a digit, a letter or a dot.
 */
export const COUNT =
  /(?<![\w.])(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\s+(?:(?:[\w-]+\s+)?(?:operations|rules|operation ids|body schemas|schemas)|ids)\b/gi;

/** The files whose prose must not count operations or rules: generated files are left out (their sources are read). */
function proseFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const rel = relative(ROOT, path);
      if (rel === 'src/generated' || rel === 'schemas/editor') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(md|ts|json)$/.test(name)) files.push(rel);
    }
  };
  for (const folder of ['docs', 'rules', 'src', 'schemas']) walk(join(ROOT, folder));
  return files.sort();
}

test('no prose count of operations or rules in docs/, rules/, src/ or schemas/', () => {
  const files = proseFiles();
  expect(files).toContain('rules/operation/unknown.ts');
  expect(files).toContain('schemas/config/dplint.config.schema.json');
  const counts: string[] = [];
  for (const file of files) {
    // A transcript (a fenced block opening with `$ command`) is what a command printed for that
    // repository, which test/docs-examples.test.ts compares: its counts are the run's, not the table's.
    let fenced = false;
    let transcript = false;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i, lines) => {
        if (line.startsWith('```')) {
          fenced = !fenced;
          transcript = fenced && (lines[i + 1] ?? '').startsWith('$ ');
        }
        else if (!transcript) for (const match of line.matchAll(COUNT)) counts.push(`${file}:${i + 1}: "${match[0]}"`);
      });
  }
  expect(counts, 'say "the operations" (or render the number from OPERATIONS / RULES) instead').toEqual([]);
});

test('the count pattern finds what it should and passes versions by', () => {
  const find = (text: string) => [...text.matchAll(COUNT)].map((m) => m[0]);
  expect(find('The 14 operations of the API')).toEqual(['14 operations']);
  expect(find('run `dplint operations` for the 14 ids, all fourteen API operations')).toEqual(['14 ids', 'fourteen API operations']);
  expect(find('62 rules, and the eight body schemas')).toEqual(['62 rules', 'eight body schemas']);
  expect(find('The v1.2 create-account operation; one of the operations; 4.14 operations; one of two rule ids')).toEqual([]);
});

test('a config file may name every operation of the table (the config schema\'s enum is generated from it)', () => {
  const refused = OPERATION_IDS.filter((id) => {
    try {
      parseConfig(`files:\n  - match: ["${id}/*.yaml"]\n    operation: ${id}\n`, 'dplint.config.yaml');
      return false;
    } catch {
      return true;
    }
  });
  expect(refused, 'run `npm run generate`: schemas/config/dplint.config.schema.json and src/generated/validators.ts follow src/operations.ts').toEqual([]);
  expect(() => parseConfig('files:\n  - match: ["a/*.yaml"]\n    operation: edit-clusters\n', 'dplint.config.yaml')).toThrow(/edit-clusters/);
});

// The user docs list the operations in a table (`| id | method and path |`): wherever the README
// or a docs/ page has one, it is the operation table's rows, so a new operation cannot be left out.
test('the docs\' table of operations is the operation table', () => {
  const row = (o: (typeof OPERATIONS)[number]) =>
    `| \`${o.id}\` | ${o.method} ${o.path.replace(/</g, '&lt;').replace(/>/g, '&gt;')}${o.deprecation ? ' (deprecated)' : ''}${o.alternateEnvironment ? ' (alternate environment)' : ''} |`;
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).map((n) => `docs/${n}`)];
  const tables = pages.flatMap((page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    return [...text.matchAll(/^\| id \| method and path \|\n\|---\|---\|\n((?:\|.*\|\n)*)/gm)].map((m) => ({ page, rows: m[1].trimEnd().split('\n') }));
  });
  expect(tables.length, 'a table "| id | method and path |" in the README or docs/').toBeGreaterThanOrEqual(1);
  for (const { page, rows } of tables) expect(rows, page).toEqual(OPERATIONS.map(row));
});
