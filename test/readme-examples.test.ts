// README's "Use it from code" examples are type-checked and run, and print what the README says.
// Each ```ts block is a module importing from 'dplint'; the lines after `// prints:` are its output.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, test, vi } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SECTION = '## Use it from code';
const ENTRIES: Record<string, string> = { dplint: 'src/index.js', 'dplint/node': 'src/node.js' };

interface Example {
  code: string;
  prints: string[];
}

function examples(): Example[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, block]) => {
    const [code, output = ''] = block.split('// prints:\n');
    return { code, prints: output.trimEnd().split('\n').map((line) => line.replace(/^\/\/ ?/, '')) };
  });
}

const blocks = examples();
const work = mkdtempSync(join(tmpdir(), 'dplint-readme-'));
const files = blocks.map((example, i) => {
  const file = join(work, `example-${i + 1}.mts`);
  const code = example.code.replace(/from '(dplint(?:\/node)?)'/g, (_, entry: string) => `from ${JSON.stringify(join(ROOT, ENTRIES[entry]))}`);
  writeFileSync(file, `${code}\nexport {};\n`);
  return file;
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('README "Use it from code"', () => {
  test('has examples, each showing what it prints', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    for (const example of blocks) expect(example.prints.filter(Boolean).length).toBeGreaterThan(0);
  });

  test('the examples compile', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file && files.includes(d.file.fileName));
    expect(diagnostics.map((d) => `${d.file!.fileName.slice(work.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)).toEqual([]);
  });

  test.each(blocks.map((example, i) => ({ i: i + 1, example, file: files[i] })))('example $i prints what the README shows', async ({ example, file }) => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(...format(...args).split('\n'));
    });
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
    }
    expect(printed).toEqual(example.prints);
  });
});
