import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** The README's pipeline block ("How it works"): one line per stage, `stage  file  what it does`. */
function pipelineLines(): Array<{ stage: string; file: string }> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## How it works\n'));
  const block = /\n```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  return block.split('\n').map((line) => {
    const [stage, file] = line.split(/\s+/);
    return { stage, file };
  });
}

test("the README draws the pipeline one line per stage, in the order a file goes through them", () => {
  expect(pipelineLines().map((line) => line.stage)).toEqual(['read', 'parse', 'resolve', 'check', 'levels', 'locate', 'direct', 'mask', 'across', 'output']);
});

test("each stage of the README's pipeline names a module that exists (a folder's modules by *.ts)", () => {
  const missing = pipelineLines()
    .map(({ file }) => file)
    .filter((file) => !(file.endsWith('/*.ts') ? existsSync(dirname(join(ROOT, file))) : existsSync(join(ROOT, file))));
  expect(missing).toEqual([]);
});
