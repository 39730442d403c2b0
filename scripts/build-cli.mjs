#!/usr/bin/env node
// Builds the command-line program: dist/cli.cjs holds src/bin.ts and everything it uses,
// dependencies included, in one CommonJS file (Node starts a CommonJS entry faster than an ES
// module one, and one file loads at once where some two hundred modules would be resolved one by
// one: a pre-commit hook starts dplint for one or two files, where loading would cost more than
// the linting); dist/dplint.cjs, the `dplint` bin, loads it with V8's code cache, signed
// (scripts/cli-launcher.cjs); dist/worker.cjs is the worker threads' module for large runs.
// What a lint of one file does not use is bundled but run on first use (lazyModules,
// lazyRuleProperties below): it costs a pre-commit run neither its start-up nor its share of the
// code cache, which V8 reads whole at each start.
import { build } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { NODE_BUNDLE } from './esbuild-node.mjs';
import { yamlOnce } from './build-yaml.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const common = {
  ...NODE_BUNDLE,
  // piscina starts its threads from a script of its own, found beside its own files. scslre (with
  // refa) checks the regular expressions of a config's policies, and is loaded only for a config
  // that has some: most runs would otherwise load its megabyte for nothing.
  external: ['piscina', 'scslre'],
  // import.meta is read only where `require` is missing (the module build); here it is never used.
  logOverride: { 'empty-import-meta': 'silent' },
};
/**
 * Modules run only the first time they are used: a pre-commit run of one file would otherwise run
 * them all at start-up, and V8's code cache would carry them (docs/speed.md).
 * - node:child_process: commander requires it when it loads, for subcommands that are programs of
 *   their own, which dplint has none of; src/node/git.ts, for `--changed-since` and `dplint
 *   impact`, which most runs never ask for.
 * - node:tty: src/node/files.ts, to tell a terminal on standard input, for `--stdin` only.
 * - node:module: `createRequire`, the module build's stand-in for `require`, which the bundle
 *   never calls (src/node/crypto.ts, src/node/lint-run.ts, src/config/config.ts; the launcher too).
 * A builtin's named imports get a getter each (an ES module's named imports are copied from the
 * module's own properties, which a Proxy does not have).
 *
 * The packages below are bundled but run on first use (ipaddr.js too, which every lint ran at
 * start-up for the few bodies with an IP address). These files import a package by its default
 * export only: it gets a Proxy that loads it on the first call or member read.
 * - ajv and ajv-formats (with fast-uri): src/schema/ajv.ts, for a config's policies only.
 * - picomatch: src/config/globs.ts, for a config's `files`/`ignore`/`overrides` globs only.
 * - ignore: src/node/files.ts, for a folder with a .gitignore only.
 * - ipaddr.js: the rules that check IP addresses (allow-list bodies, a cluster's master_elastic_ip).
 * - saxes: rules/cluster/fairscheduler-xml.ts, for a body with fair-scheduler XML only.
 * One of them is not in the program at all but in a file of its own, dist/chunks/<chunk> (CHUNKS),
 * required on first use: every start reads the program, decodes it and hashes it (the name of its
 * code cache) whole, used or not, and a start's dearest work is the memory it touches first
 * (docs/speed.md). A chunk is compiled from its text at each use, though, without the code cache:
 * ajv, picomatch, ignore and ipaddr.js, which a repository's own config and files use at most
 * runs, cost such a run more in a chunk (ajv some 50 million instructions) than their text costs
 * every start in the program. saxes, for the rare fair-scheduler body, is the one that pays.
 * A chunk holds what its packages use: it shares no module with the program.
 */
const LAZY_BUILTINS = {
  'node:child_process': { importer: /[\\/]commander[\\/]|[\\/]src[\\/]node[\\/]git\.ts$/, names: ['ChildProcess', 'exec', 'execFile', 'execFileSync', 'execSync', 'fork', 'spawn', 'spawnSync'] },
  'node:tty': { importer: /[\\/]src[\\/]node[\\/]files\.ts$/, names: ['isatty'] },
  'node:module': { importer: /[\\/]src[\\/]/, names: ['createRequire'] },
};
const LAZY_PACKAGES = {
  ajv: { importer: /[\\/]src[\\/]schema[\\/]ajv\.ts$/ },
  'ajv-formats': { importer: /[\\/]src[\\/]schema[\\/]ajv\.ts$/ },
  picomatch: { importer: /[\\/]src[\\/]config[\\/]globs\.ts$/ },
  ignore: { importer: /[\\/]src[\\/]node[\\/]files\.ts$/ },
  'ipaddr.js': { importer: /[\\/]rules[\\/](allowlist|support|cluster)[\\/][^\\/]+\.ts$/ },
  saxes: { importer: /[\\/]rules[\\/]cluster[\\/]fairscheduler-xml\.ts$/, chunk: 'saxes.cjs' },
};
/** Each chunk's packages, by the name the lazy module reads them from its exports. */
const CHUNKS = Object.entries(LAZY_PACKAGES).reduce((chunks, [name, { chunk }]) => (chunk ? { ...chunks, [chunk]: [...(chunks[chunk] ?? []), name] } : chunks), {});
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lazyModules = {
  name: 'lazy-modules',
  setup(build) {
    const lazyFor = (path, importer) => (LAZY_BUILTINS[path]?.importer.test(importer) || LAZY_PACKAGES[path]?.importer.test(importer) ? { path, namespace: 'lazy' } : undefined);
    const names = [...Object.keys(LAZY_BUILTINS), ...Object.keys(LAZY_PACKAGES)].map(escapeRegExp).join('|');
    build.onResolve({ filter: new RegExp(`^(${names})$`) }, (args) => (args.namespace === 'lazy' ? undefined : lazyFor(args.path, args.importer)));
    build.onResolve({ filter: /^\.\/chunks\/[a-z-]+\.cjs$/ }, ({ path }) => ({ path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, ({ path }) => {
      const builtin = LAZY_BUILTINS[path];
      const chunk = LAZY_PACKAGES[path]?.chunk;
      const target = chunk ? `require(${JSON.stringify(`./chunks/${chunk}`)})[${JSON.stringify(path)}]` : `require(${JSON.stringify(path)})`;
      const load = `let loaded; const load = () => (loaded ??= ${target});\n`;
      const contents = builtin
        ? `${load}module.exports = {${builtin.names.map((name) => ` get ${name}() { return load().${name}; },`).join('')} };`
        : `${load}module.exports = new Proxy(function lazy() {}, {
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  construct: (_, args) => Reflect.construct(load(), args),
  get: (_, name) => load()[name],
  has: (_, name) => name in load(),
});`;
      // The real module (a package, not a chunk) is resolved as the importer would have resolved it.
      return { contents, loader: 'js', resolveDir: root };
    });
  },
};
/**
 * The member names the body schemas mark `x-secret` (src/schema/secrets.ts, CREDENTIAL_KEYS) are
 * found by walking every schema when the module loads: some 200 KB of short-lived objects at each
 * start, which made V8 collect once more before the lint ended. The program holds the names the
 * walk finds, found here by running that module once: the schemas stay their one source, and any
 * other shape of that line fails the build.
 */
const CREDENTIAL_KEYS_WALK = '  ...schemaSecrets(),\n';
const credentialKeys = async () => {
  const { outputFiles } = await build({ ...common, minify: false, write: false, outfile: 'credential-keys.cjs', stdin: { contents: "module.exports = [...require('./src/schema/secrets.ts').CREDENTIAL_KEYS];", resolveDir: root, loader: 'js' } });
  const module_ = { exports: undefined };
  new Function('module', 'require', outputFiles[0].text)(module_, createRequire(join(root, 'package.json')));
  return module_.exports;
};
const schemaFactsAtBuild = {
  name: 'schema-facts-at-build',
  setup(build) {
    let names;
    build.onLoad({ filter: /[\\/]src[\\/]schema[\\/]secrets\.ts$/ }, async ({ path }) => {
      const text = readFileSync(path, 'utf8');
      if (text.split(CREDENTIAL_KEYS_WALK).length !== 2) throw new Error(`${path}: CREDENTIAL_KEYS is not made from \`${CREDENTIAL_KEYS_WALK.trim()}\` on a line of its own`);
      names ??= await credentialKeys();
      // The walk and the names written after it become the whole set, in the order the module makes it.
      const start = text.indexOf(CREDENTIAL_KEYS_WALK);
      const end = text.indexOf('\n]);', start);
      return { contents: `${text.slice(0, start)}  ...${JSON.stringify(names)},${text.slice(end)}`, loader: 'ts' };
    });
  },
};
/**
 * A rule's `docs` and `cases` (its documentation, its examples and the tests' cases: a fifth of the
 * program's text) are read by `dplint explain`, `dplint rules`, SARIF output and the tests, never
 * by a lint. They are data: each rule's are found here by running the rules once, and written as
 * such to dist/chunks/rule-docs.cjs, where the rule's getters read them (each read makes them anew,
 * as the literal did): a lint neither reads their text at each start nor builds them. A rule whose
 * docs or cases would not come back the same from JSON (a function, an undefined member) keeps
 * them in the program, as getters that build them when read (a getter is compiled when first
 * called, so a lint neither builds them nor carries them in V8's code cache). The properties are
 * those the rule files' format puts at two spaces' indent, each closed by the first line back at
 * that indent; any other shape fails the build.
 */
const LAZY_RULE_PROPERTIES = ['docs', 'cases'];
const RULE_DOCS_CHUNK = 'rule-docs.cjs';
/** Each rule's docs and cases that survive JSON unchanged, by rule id: what rule-docs.cjs holds. */
const ruleData = async () => {
  const { outputFiles } = await build({ ...common, minify: false, write: false, outfile: 'rules.cjs', stdin: { contents: "module.exports = require('./rules/index.ts').ALL_RULES;", resolveDir: root, loader: 'js' } });
  const module_ = { exports: undefined };
  new Function('module', 'require', outputFiles[0].text)(module_, createRequire(join(root, 'package.json')));
  const data = {};
  for (const rule of module_.exports) {
    for (const property of LAZY_RULE_PROPERTIES) {
      const value = rule[property];
      if (value !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(value)), value)) (data[rule.id] ??= {})[property] = value;
    }
  }
  return data;
};
const lazyRuleProperties = {
  name: 'lazy-rule-properties',
  setup(build) {
    let data;
    build.onLoad({ filter: /[\\/]rules[\\/].+\.ts$/ }, async ({ path }) => {
      const lines = readFileSync(path, 'utf8').split('\n');
      const id = /^  id: '([^']+)',$/m.exec(lines.join('\n'))?.[1];
      let changed = false;
      for (const property of LAZY_RULE_PROPERTIES) {
        const start = lines.indexOf(`  ${property}: {`);
        if (start === -1) continue;
        const end = lines.findIndex((line, i) => i > start && /^  \S/.test(line));
        if (end === -1 || !/^  \},?$/.test(lines[end]) || lines.indexOf(`  ${property}: {`, start + 1) !== -1) throw new Error(`${path}: ${property}: {…} is not in the rule files' format`);
        data ??= await ruleData();
        if (id !== undefined && data[id]?.[property] !== undefined) {
          lines[start] = `  get ${property}() { return require(${JSON.stringify(`./chunks/${RULE_DOCS_CHUNK}`)})[${JSON.stringify(id)}].${property}(); }${lines[end].endsWith(',') ? ',' : ''}`;
          for (let i = start + 1; i <= end; i++) lines[i] = '';
        } else {
          lines[start] = `  get ${property}() { return {`;
          lines[end] = `  }; }${lines[end].endsWith(',') ? ',' : ''}`;
        }
        changed = true;
      }
      return changed ? { contents: lines.join('\n'), loader: 'ts' } : undefined;
    });
    // Written once the program is built, from the data its rules were given.
    build.onEnd(() => {
      if (!data) return;
      const entries = Object.entries(data).map(([id, properties]) => `${JSON.stringify(id)}:{${Object.entries(properties).map(([property, value]) => `${property}:()=>(${JSON.stringify(value)})`).join(',')}}`);
      mkdirSync(join(root, 'dist/chunks'), { recursive: true });
      writeFileSync(join(root, 'dist/chunks', RULE_DOCS_CHUNK), `'use strict';\n// Each rule's docs and cases, written by scripts/build-cli.mjs from rules/.\nmodule.exports={${entries.join(',\n')}};\n`);
    });
  },
};
/**
 * The language server (`dplint lsp`) is dist/lsp.cjs, loaded by src/commands/lsp.ts when asked for:
 * a lint run does not load the protocol library it never uses.
 */
const serverApart = {
  name: 'server-apart',
  setup(build) {
    // A module that requires it: the launcher runs cli.cjs as a vm script, where import() cannot load a file.
    build.onResolve({ filter: /^\.\.\/lsp\/server\.js$/ }, () => ({ path: 'lsp', namespace: 'server-apart' }));
    build.onLoad({ filter: /.*/, namespace: 'server-apart' }, () => ({ contents: "module.exports = require('./lsp.cjs');", loader: 'js' }));
    build.onResolve({ filter: /^\.\/lsp\.cjs$/ }, () => ({ path: './lsp.cjs', external: true }));
  },
};
// The chunks, written anew each build: a chunk no longer made must not stay behind to be shipped.
rmSync(join(root, 'dist/chunks'), { recursive: true, force: true });
await build({ ...common, entryPoints: [join(root, 'src/bin.ts')], outfile: join(root, 'dist/cli.cjs'), plugins: [lazyModules, lazyRuleProperties, serverApart, yamlOnce, schemaFactsAtBuild] });
// The file the program lints, in memory, before it makes V8's code cache (src/code-cache-point.ts): what it
// compiles for it is what the cache holds, whichever run makes it.
mkdirSync(join(root, 'dist/chunks'), { recursive: true });
copyFileSync(join(root, 'scripts/code-cache-sample.yaml'), join(root, 'dist/chunks/code-cache-sample.yaml'));
for (const [chunk, packages] of Object.entries(CHUNKS)) {
  await build({
    ...common,
    stdin: { contents: `module.exports = {${packages.map((name) => ` ${JSON.stringify(name)}: require(${JSON.stringify(name)}),`).join('')} };`, resolveDir: root, loader: 'js' },
    outfile: join(root, 'dist/chunks', chunk),
  });
}
// The program is written as the function the launcher calls, Node's module wrapper around the
// bundle (Module.wrap, less the shebang): the launcher hands V8 the file's text as it is, where
// wrapping it at each start made V8 copy the whole megabyte once more to compile it.
const bundled = readFileSync(join(root, 'dist/cli.cjs'), 'utf8').replace(/^#!.*\n/, '');
writeFileSync(join(root, 'dist/cli.cjs'), `(function (exports, require, module, __filename, __dirname) { ${bundled}\n});`);
await build({ ...common, entryPoints: [join(root, 'src/lsp/server.ts')], outfile: join(root, 'dist/lsp.cjs') });
// The worker threads' module for large runs (src/node/lint-run.ts).
await build({ ...common, entryPoints: [join(root, 'src/node/lint-worker.ts')], outfile: join(root, 'dist/worker.cjs'), plugins: [schemaFactsAtBuild] });
// The launcher, with the key handling it shares with the lint cache (src/node/crypto.ts); not
// minified, so that the first code the command runs can be read in the package.
await build({ ...common, minify: false, legalComments: 'none', entryPoints: [join(root, 'scripts/cli-launcher.cjs')], outfile: join(root, 'dist/dplint.cjs'), plugins: [lazyModules] });
chmodSync(join(root, 'dist/dplint.cjs'), 0o755);
