// How the program (scripts/build-cli.mjs) bundles `yaml`: one module for every importer, which
// runs only the part of the package a lint of a block-YAML file uses (test/start-up-yaml.test.ts).
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `yaml` is a CommonJS package, and each module that imports it would get its own copy of its
 * exports (esbuild's __toESM: an object of 29 getters, some 15 KB made at start-up, ten times
 * over, and a getter call at each use). One module takes its exports as constants, which the
 * importers then use as variables: what a start allocates decides whether V8 must collect before
 * the lint ends, and collecting the program's young objects is among the dearest parts of a start
 * (docs/speed.md). The names are the package's own, read here.
 *
 * That module runs only the part of `yaml` a lint of a block-YAML file uses: its node classes, its
 * `is*` tests (YAML_NODES), which dplint's own readers build their nodes with (their line index
 * is src/parse/lines.ts's, not `yaml`'s LineCounter). The rest (the lexer, parser and composer, documents, schemas and tags, stringify) is run
 * the first time a file needs `yaml` itself to read it, or a finding needs a document: a function
 * is called through a wrapper, a class or an object with members of its own through a Proxy
 * (`new`, `extends`, `instanceof` and member reads reach the real one). Whether a name comes with the node
 * modules is read off the package here, by identity, so a `yaml` that moves a name still builds.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requireHere = createRequire(join(root, 'package.json'));
const YAML = requireHere('yaml');
const YAML_EXPORTS = Object.keys(YAML);
const YAML_DIST = dirname(realpathSync(requireHere.resolve('yaml')));
const YAML_NODES = ['nodes/identity.js', 'nodes/Scalar.js', 'nodes/YAMLMap.js', 'nodes/YAMLSeq.js', 'nodes/Pair.js', 'nodes/Alias.js'];
export function yamlOnceModule() {
  const lines = [];
  const eager = new Set();
  for (const file of YAML_NODES) {
    const path = join(YAML_DIST, file);
    const module_ = requireHere(path);
    const names = YAML_EXPORTS.filter((name) => !eager.has(name) && Object.hasOwn(module_, name) && module_[name] === YAML[name]);
    for (const name of names) eager.add(name);
    if (names.length > 0) lines.push(`export const { ${names.join(', ')} } = require(${JSON.stringify(path)});`);
  }
  lines.push(
    "let yaml; const full = () => (yaml ??= require('yaml'));",
    'const later = (name, callable) => new Proxy(callable ? function lazy() {} : {}, {',
    '  apply: (_, self, args) => Reflect.apply(full()[name], self, args),',
    '  construct: (_, args, newTarget) => Reflect.construct(full()[name], args, newTarget),',
    '  get: (_, member) => full()[name][member],',
    '  has: (_, member) => member in full()[name],',
    '});',
  );
  for (const name of YAML_EXPORTS.filter((name) => !eager.has(name))) {
    const value = YAML[name];
    const plainFunction = typeof value === 'function' && !/^class\b/.test(Function.prototype.toString.call(value)) && Object.keys(value).length === 0;
    lines.push(plainFunction ? `export function ${name}(...args) { return full().${name}(...args); }` : `export const ${name} = /* @__PURE__ */ later(${JSON.stringify(name)}, ${typeof value === 'function'});`);
  }
  return lines.join('\n');
}
export const yamlOnce = {
  name: 'yaml-once',
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, (args) => (args.namespace === 'yaml-once' ? undefined : { path: 'yaml', namespace: 'yaml-once' }));
    build.onLoad({ filter: /.*/, namespace: 'yaml-once' }, () => ({ contents: yamlOnceModule(), loader: 'js', resolveDir: root }));
  },
};
