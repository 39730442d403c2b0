// Writes one page per rule, docs/rules/<namespace>/<name>.md, from the rule file's own docs, options
// and example cases (src/commands/rule-page.ts), and the rules table of docs/rules.md between its
// markers, each id linked to its page. Pages of ids no longer in the registry are removed.
// Runs on the built code (dist/): `npm run generate:rule-docs` builds first. The build itself does
// not run it, so test/rule-docs.test.ts fails (in `npm test`, in CI) when a page or the table is
// not what this writes, rather than the build rewriting a page unseen.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { rulePage } = await import(new URL('../dist/src/commands/rule-page.js', import.meta.url).href);
const { rulesTable } = await import(new URL('../dist/src/commands/rules-table.js', import.meta.url).href);
const { ALL_RULES } = await import(new URL('../dist/rules/index.js', import.meta.url).href);

const folder = join(root, 'docs', 'rules');
const wanted = new Set(ALL_RULES.map((rule) => `${rule.id}.md`));
for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.md'))) {
  if (!wanted.has(name.replace(/\\/g, '/'))) rmSync(join(folder, name));
}
let written = 0;
for (const rule of ALL_RULES) {
  const file = join(folder, `${rule.id}.md`);
  const page = rulePage(rule.id);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {}
  if (old === page) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page);
  written++;
}
const index = join(root, 'docs', 'rules.md');
const text = readFileSync(index, 'utf8');
const table = text.replace(/(<!-- rules:start -->\n)[\s\S]*?(<!-- rules:end -->)/, (_, start, end) => `${start}${rulesTable(ALL_RULES)}${end}`);
if (table !== text) writeFileSync(index, table);
console.log(`docs/rules: ${ALL_RULES.length} pages, ${written} written${table !== text ? '; docs/rules.md table rewritten' : ''}`);
