import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// The README's long sections live in docs/, one page a topic: the README links each page and
// carries none of it, so the two cannot drift and no page is a copy of another.
const ROOT = join(__dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PAGES = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));

test.each(PAGES)('the README links docs/%s and copies none of its paragraphs', (name) => {
  const page = readFileSync(join(ROOT, 'docs', name), 'utf8');
  expect(README).toContain(`(docs/${name})`);
  const copied = page
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 200 && README.includes(paragraph));
  expect(copied).toEqual([]);
});

test('every relative link of the README and docs/ resolves', () => {
  const broken: string[] = [];
  for (const [file, text] of [['README.md', README], ...PAGES.map((name) => [`docs/${name}`, readFileSync(join(ROOT, 'docs', name), 'utf8')])]) {
    const folder = file.startsWith('docs/') ? join(ROOT, 'docs') : ROOT;
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      if (!existsSync(join(folder, target))) broken.push(`${file} -> ${target}`);
    }
  }
  expect(broken).toEqual([]);
});
