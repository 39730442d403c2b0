// What of `yaml` a pre-commit lint runs (issue 31: one file in <= 1.5x `node -e 0`). The program
// gets `yaml` through one module (scripts/build-yaml.mjs): it runs the package's node classes, `is*`
// tests and line counter at start-up, which dplint's own readers use for a block-YAML file, and the
// rest of the package (lexer, parser, composer, documents, schemas, stringify) when first used.
// The module is run here as the program runs it, with a `require` that records what it loads.
import { createRequire } from 'node:module';
import { dirname, relative } from 'node:path';
import { realpathSync } from 'node:fs';
import { transformSync } from 'esbuild';
import * as yaml from 'yaml';
import { expect, test } from 'vitest';
import { yamlOnceModule } from '../scripts/build-yaml.mjs';

const requireHere = createRequire(import.meta.url);
const YAML_DIST = dirname(realpathSync(requireHere.resolve('yaml')));

/** The module's exports, and the modules it has required so far (yaml's own files, relative to its dist/; `yaml` for the whole package). */
function loadYamlModule(): { exports: Record<string, unknown>; required: string[] } {
  const required: string[] = [];
  const record = (id: string): unknown => {
    required.push(id === 'yaml' ? 'yaml' : relative(YAML_DIST, id));
    return requireHere(id);
  };
  const { code } = transformSync(yamlOnceModule(), { format: 'cjs', loader: 'js' });
  const module_ = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', code)(module_, module_.exports, record);
  return { exports: module_.exports, required };
}

test("at start-up the module runs yaml's node classes and is* tests, not the package", () => {
  const { required } = loadYamlModule();
  expect(required).toEqual(['nodes/identity.js', 'nodes/Scalar.js', 'nodes/YAMLMap.js', 'nodes/YAMLSeq.js', 'nodes/Pair.js', 'nodes/Alias.js']);
});

test('what the block reader uses (nodes, is* tests, Scalar types) needs no more of yaml', () => {
  const { exports, required } = loadYamlModule();
  const { Scalar, YAMLMap, isMap, isScalar } = exports as unknown as typeof yaml;
  const map = new YAMLMap();
  expect([isMap(map), isScalar(new Scalar(1)), Scalar.PLAIN]).toEqual([true, true, 'PLAIN']);
  expect(required).not.toContain('yaml');
});

test('every name of yaml is exported, the same value once the package is loaded: the node classes at once, the rest on first use', () => {
  const { exports, required } = loadYamlModule();
  expect(Object.keys(exports).sort()).toEqual(Object.keys(yaml).filter((name) => name !== 'default').sort());
  expect(exports.Scalar).toBe(yaml.Scalar);
  expect(exports.isMap).toBe(yaml.isMap);
  const { Composer, Document, Parser, parse, visit } = exports as unknown as typeof yaml;
  // A class: `new` makes the real class's object, which `instanceof` and the statics see.
  const document = new Document({ a: 1 });
  expect(required.filter((id) => id === 'yaml')).toEqual(['yaml']);
  expect([document instanceof yaml.Document, document instanceof Document, document.toString()]).toEqual([true, true, 'a: 1\n']);
  expect([...new Composer().compose(new Parser().parse('b: 2\n'))].map((doc) => doc.toJS())).toEqual([{ b: 2 }]);
  class Subclass extends Document {}
  expect([new Subclass() instanceof Subclass, new Subclass() instanceof yaml.Document]).toEqual([true, true]);
  // A function, and one with members of its own.
  expect(parse('c: [3]\n')).toEqual({ c: [3] });
  expect([visit.BREAK, visit.SKIP, visit.REMOVE]).toEqual([yaml.visit.BREAK, yaml.visit.SKIP, yaml.visit.REMOVE]);
});
