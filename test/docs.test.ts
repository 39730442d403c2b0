import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, test } from 'vitest';

// The README is the way in; the user's guide lives in docs/, one page a topic, and docs/rules/,
// one page a rule. The README links each topic page and carries none of it, no page copies
// another (so no two can drift), and every relative link — file and #anchor — resolves.
const ROOT = join(__dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const TOPICS = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));

function markdownUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`.replace(/\\/g, '/'))
    .sort();
}

/** Every page a reader meets: the README, CONTRIBUTING.md and docs/**. */
const PAGES = ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs')];
const TEXT = new Map(PAGES.map((page) => [page, readFileSync(join(ROOT, page), 'utf8')]));

/** Prose paragraphs: code blocks, tables and short lines are left out (a table row or a fence may repeat). */
function paragraphs(text: string): string[] {
  return text
    .replace(/```[\s\S]*?```/g, '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 200 && !paragraph.startsWith('|'));
}

/** GitHub's heading anchors: lower case, punctuation dropped (hyphens and underscores kept), spaces to hyphens; repeats get -1, -2. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count ? `${base}-${count}` : base);
  }
  return out;
}

test.each(TOPICS)('the README links docs/%s', (name) => {
  expect(README).toContain(`(docs/${name})`);
});

test('the README stays a way in: at most 300 lines', () => {
  expect(README.split('\n').length).toBeLessThanOrEqual(300);
});

test('no page copies a paragraph of another', () => {
  const copied: string[] = [];
  const owner = new Map<string, string>();
  for (const page of PAGES) {
    for (const paragraph of paragraphs(TEXT.get(page)!)) {
      const first = owner.get(paragraph);
      if (first) copied.push(`${page} copies ${first}: ${paragraph.slice(0, 60)}…`);
      else owner.set(paragraph, page);
    }
  }
  expect(copied).toEqual([]);
});

test('every relative link of the README, CONTRIBUTING.md and docs/** resolves, anchors included', () => {
  const broken: string[] = [];
  for (const page of PAGES) {
    const text = TEXT.get(page)!.replace(/```[\s\S]*?```/g, '');
    for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const file = target === '' ? page : relative(ROOT, join(ROOT, dirname(page), target)).replace(/\\/g, '/');
      if (!existsSync(join(ROOT, file))) {
        broken.push(`${page} -> ${target}`);
        continue;
      }
      if (anchor === undefined || !file.endsWith('.md') || statSync(join(ROOT, file)).isDirectory()) continue;
      const targetText = TEXT.get(file) ?? readFileSync(join(ROOT, file), 'utf8');
      if (!anchors(targetText).has(anchor)) broken.push(`${page} -> ${target}#${anchor}`);
    }
  }
  expect(broken).toEqual([]);
});
