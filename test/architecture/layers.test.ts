import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * The layers of dplint, top to bottom: a module imports only from its own layer or a lower one
 * (CONTRIBUTING.md, "Architecture"; the pipeline itself: README.md, "How it works", test/architecture/pipeline.test.ts). Each folder's README.md says what the folder may import, in the words
 * `mayImport` builds from this table, so the rule is written once and checked on every run.
 */
const LAYERS: ReadonlyArray<{ name: string; parts: readonly string[] }> = [
  { name: 'cli', parts: ['src/bin.ts', 'src/cli.ts', 'src/code-cache-point.ts'] },
  { name: 'commands', parts: ['src/commands', 'src/lsp'] },
  { name: 'node', parts: ['src/node', 'src/node.ts'] },
  { name: 'api', parts: ['src/api', 'src/index.ts', 'src/impact', 'src/baseline'] },
  { name: 'formatters', parts: ['src/formatters'] },
  { name: 'engine', parts: ['src/engine'] },
  { name: 'config', parts: ['src/config'] },
  { name: 'fix', parts: ['src/fix'] },
  { name: 'rules', parts: ['rules'] },
  { name: 'schema', parts: ['src/schema', 'src/generated', 'schemas'] },
  { name: 'parse', parts: ['src/parse'] },
  { name: 'types', parts: ['src/types.ts', 'src/define-rule.ts', 'src/operations.ts', 'src/version.ts'] },
];

/**
 * The imports that run back up, each with why. A stage of the engine that reports a built-in
 * rule id (the parser, the schema stage) takes the rule's severity and message table from its
 * file under rules/, so that every rule id is documented, worded and tested in one place; those
 * rule files are data and import nothing but src/define-rule.ts (checked below).
 */
const UPWARD: ReadonlyArray<{ from: string; to: RegExp; why: string }> = [
  { from: 'src/parse', to: /^rules\/(parse\/[a-z-]+|yaml\/duplicate-key)\.ts$/, why: "the parser renders its rules' messages (parse/*, yaml/duplicate-key)" },
  { from: 'src/schema', to: /^rules\/schema\/[a-z-]+\.ts$/, why: "the schema stage renders its rules' messages (schema/*)" },
];

const ROOT = join(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const FILES = [...sourceFiles('src'), ...sourceFiles('rules')];

/** The layer a repository path belongs to: the longest part that holds it. */
function layerOf(path: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, index) => {
    for (const part of layer.parts) if ((path === part || path.startsWith(`${part}/`)) && part.length > bestLength) [best, bestLength] = [index, part.length];
  });
  if (best === -1) throw new Error(`${path} is in no layer: add its folder to LAYERS and the README`);
  return best;
}

/** What a file imports from the repository's own code, at run time or as types, as repository paths. */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)(\s+type)?[^'";]*?from\s+'(\.[^']+)'/gm)].map((match) => {
    const target = relative(ROOT, resolve(dirname(join(ROOT, file)), match[2])).replace(/\.js$/, '.ts');
    return { target, typeOnly: match[1] !== undefined };
  });
}

function partOf(path: string): string {
  for (const layer of LAYERS) for (const part of layer.parts) if (path === part || path.startsWith(`${part}/`)) return part;
  return path;
}

function mayImport(folder: string): string {
  const index = layerOf(folder);
  const own = LAYERS[index].parts.filter((part) => part !== folder);
  const below = LAYERS.slice(index + 1).flatMap((layer) => layer.parts);
  const upward = UPWARD.filter((u) => u.from === folder).map((u) => ` It also reads, as the only import up the layers: ${u.why}.`);
  return `May import: ${[...own, ...below].join(', ')}.${upward.join('')}`;
}

describe('layers', () => {
  test('every import points to the same layer or a lower one, but the listed upward ones', () => {
    const upward: string[] = [];
    for (const file of FILES) {
      for (const { target } of importsOf(file)) {
        if (target.startsWith('node_modules') || layerOf(target) >= layerOf(file)) continue;
        if (UPWARD.some((u) => partOf(file) === u.from && u.to.test(target))) continue;
        upward.push(`${file} → ${target}`);
      }
    }
    expect(upward).toEqual([]);
    expect(UPWARD.length, 'at most 3 imports run back up').toBeLessThanOrEqual(3);
  });

  test('the rule files a stage reads upward are data: they import nothing but src/define-rule.ts', () => {
    const read = new Set(FILES.flatMap((file) => importsOf(file).filter(({ target }) => UPWARD.some((u) => partOf(file) === u.from && u.to.test(target))).map(({ target }) => target)));
    expect(read.size).toBe(12);
    for (const file of read) expect(importsOf(file).map(({ target }) => target), file).toEqual(['src/define-rule.ts']);
  });

  test('no import circle between modules (run-time imports)', () => {
    const graph = new Map(FILES.map((file) => [file, importsOf(file).filter((i) => !i.typeOnly && FILES.includes(i.target)).map((i) => i.target)]));
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]): void => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), file, next].join(' → '));
        else if (!state.has(next)) visit(next, [...trail, file]);
      }
      state.set(file, 'done');
    };
    for (const file of FILES) if (!state.has(file)) visit(file, []);
    expect(circles).toEqual([]);
  });

  test.each(LAYERS.flatMap((layer) => layer.parts.filter((part) => !part.endsWith('.ts'))))('%s/README.md says what the folder may import', (folder) => {
    const readme = readFileSync(join(ROOT, folder, 'README.md'), 'utf8');
    expect(readme.split('\n').find((line) => line.startsWith('May import:'))).toBe(mayImport(folder));
  });
});
