// Every code sample of the docs runs. Each ```ts block of a page is a module importing from
// 'dplint' or 'dplint/node', type-checked and run against the built package (dist/, which
// `npm test` builds first); the lines after `// prints:` are its output. The README's sample run
// over fixtures/config-repo is run with the built bin and its shown output compared, `…` standing
// for lines left out.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { gitRepo } from './helpers/repo.js';

const ROOT = join(import.meta.dirname, '..');
const ENTRIES: Record<string, string> = { dplint: 'dist/src/index.js', 'dplint/node': 'dist/src/node.js' };
const PAGES = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)].sort();

interface Example {
  page: string;
  code: string;
  prints: string[];
}

function examples(): Example[] {
  return PAGES.flatMap((page) =>
    [...readFileSync(join(ROOT, page), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map(([, block]) => {
      const [code, output = ''] = block.split('// prints:\n');
      return { page, code, prints: output.trimEnd().split('\n').map((line) => line.replace(/^\/\/ ?/, '')) };
    }),
  );
}

const blocks = examples();
const work = mkdtempSync(join(tmpdir(), 'dplint-docs-'));
const files = blocks.map((example, i) => {
  const file = join(work, `example-${i + 1}.mts`);
  const code = example.code.replace(/from '(dplint(?:\/node)?)'/g, (_, entry: string) => `from ${JSON.stringify(join(ROOT, ENTRIES[entry]))}`);
  writeFileSync(file, `${code}\nexport {};\n`);
  return file;
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the TypeScript samples of the docs', () => {
  test('docs/library.md has samples, and every sample shows what it prints', () => {
    expect(blocks.filter((example) => example.page === 'docs/library.md').length).toBeGreaterThanOrEqual(4);
    for (const example of blocks) expect(example.prints.filter(Boolean).length, `${example.page}: a sample without "// prints:"`).toBeGreaterThan(0);
  });

  test('compile against the built declarations', () => {
    const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((d) => d.file && files.includes(d.file.fileName));
    expect(diagnostics.map((d) => `${d.file!.fileName.slice(work.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)).toEqual([]);
  });

  test.each(blocks.map((example, i) => ({ i: i + 1, page: example.page, example, file: files[i] })))('$page, sample $i, prints what the page shows', async ({ example, file }) => {
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

test("the README's sample run over fixtures/config-repo prints what the README shows", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const command = /```sh\n(npm ci && node dist\/dplint\.cjs fixtures\/config-repo)\n```/.exec(readme)?.[1];
  expect(command).toBe('npm ci && node dist/dplint.cjs fixtures/config-repo');
  const shown = /```\n(fixtures\/config-repo\/[\s\S]*?)```/.exec(readme)?.[1];
  expect(shown, 'the README shows the sample run in a plain ``` block').toBeDefined();
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/dplint.cjs'), 'fixtures/config-repo', '--no-color'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  expect(run.status).toBe(1);
  // Each run of shown lines between `…` is found in the output, in order, as consecutive lines.
  const lines = run.stdout.split('\n');
  let at = 0;
  for (const part of shown!.trimEnd().split('\n…\n')) {
    const wanted = part.split('\n');
    let found = -1;
    for (let i = at; i + wanted.length <= lines.length && found < 0; i++) if (wanted.every((line, j) => lines[i + j] === line)) found = i;
    expect(found, `not in the output, in order:\n${part}`).toBeGreaterThanOrEqual(0);
    at = found + wanted.length;
  }
  expect(lines.at(-2)).toBe(shown!.trimEnd().split('\n').at(-1));
});

test('docs/configuration.md: `dplint init` on the sample repository without its config prints what the page shows', () => {
  const page = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
  const shown = /```\n\$ dplint init\n([\s\S]*?)```/.exec(page)?.[1];
  expect(shown, 'the page shows `$ dplint init` and its output in a plain ``` block').toBeDefined();
  const dir = gitRepo({});
  cpSync(join(ROOT, 'fixtures', 'config-repo'), dir, { recursive: true });
  rmSync(join(dir, 'dplint.config.yaml'));
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/dplint.cjs'), 'init'], { cwd: dir, encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: shown });
});
