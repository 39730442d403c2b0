// The core runs in a browser as it is: nothing reachable from src/index.ts imports a Node
// built-in. (The browser bundle's `platform: 'browser'` build checks the dependencies too; the
// playground test runs it in Chromium.)
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const NODE_BUILTINS = new Set(builtinModules);

interface Graph {
  /** Every file reachable, relative to the root. */
  files: string[];
  /** `file → specifier` for every import of a Node built-in. */
  nodeImports: string[];
}

function importGraph(entry: string): Graph {
  const seen = new Set<string>();
  const nodeImports: string[] = [];
  const queue = [resolve(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        const source = target.replace(/\.js$/, '.ts');
        if (existsSync(source)) queue.push(source);
        else if (existsSync(target)) queue.push(target);
        else throw new Error(`${relative(ROOT, file)} imports ${specifier}, which does not exist`);
      } else if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0])) {
        nodeImports.push(`${relative(ROOT, file)} → ${specifier}`);
      }
    }
  }
  return { files: [...seen].map((f) => relative(ROOT, f)).sort(), nodeImports };
}

test('nothing reachable from src/index.ts imports node:* or a Node built-in', () => {
  const graph = importGraph('src/index.ts');
  expect(graph.nodeImports).toEqual([]);
  // The scan followed the whole core, rules included, so an empty list means something.
  expect(graph.files).toEqual(expect.arrayContaining(['src/engine/lint.ts', 'rules/index.ts', 'src/schema/validate-body.ts', 'src/formatters/index.ts', 'schemas/edit-cluster.schema.json']));
  expect(graph.files.filter((f) => f.startsWith('src/node') || f === 'src/cli.ts' || f === 'src/bin.ts')).toEqual([]);
});

test('the scan sees a Node import where there is one (the Node entry)', () => {
  expect(importGraph('src/node.ts').nodeImports).toEqual(expect.arrayContaining(['src/node/lint-files.ts → node:path']));
});

test('the browser bundle reads fair-scheduler XML with its conforming parser (saxes, bundled in)', async () => {
  const bundle = join(ROOT, 'dist/browser/dplint.js');
  expect(existsSync(bundle), 'run `npm run build` first').toBe(true);
  const core = (await import(bundle)) as typeof import('../src/index.js');
  const body = 'hadoop_settings:\n  fairscheduler_settings:\n    fairscheduler_config_xml: |\n      <allocations>\n        <pool name="etl" name="adhoc"/>\n      </allocations>\n';
  const { findings } = core.lintText(body, { operation: 'edit-cluster' });
  expect(findings.map((f) => [f.ruleId, f.line, f.column, f.message])).toEqual([
    [
      'cluster/fairscheduler-xml',
      5,
      39,
      'hadoop_settings.fairscheduler_settings.fairscheduler_config_xml is not well-formed XML: duplicate attribute: name (line 2, column 33 of the XML); the fair scheduler cannot load it',
    ],
  ]);
});
