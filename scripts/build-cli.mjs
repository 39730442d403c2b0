#!/usr/bin/env node
// Builds the command-line program: dist/cli.cjs holds src/bin.ts and everything it uses,
// dependencies included, in one CommonJS file (Node starts a CommonJS entry faster than an ES
// module one, and one file loads at once where some two hundred modules would be resolved one by
// one: a pre-commit hook starts dplint for one or two files, where loading would cost more than
// the linting); dist/dplint.cjs, the `dplint` bin, loads it with V8's code cache, signed
// (scripts/cli-launcher.cjs); dist/worker.cjs is the worker threads' module for large runs.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
  // piscina starts its threads from a script of its own, found beside its own files. scslre (with
  // refa) checks the regular expressions of a config's policies, and is loaded only for a config
  // that has some: most runs would otherwise load its megabyte for nothing.
  external: ['piscina', 'scslre'],
  // import.meta is read only where `require` is missing (the module build); here it is never used.
  logOverride: { 'empty-import-meta': 'silent' },
};
/**
 * commander requires node:child_process when it loads, for subcommands that are programs of their
 * own, which dplint has none of, and src/node/git.ts for `--changed-since` and `dplint impact`,
 * which most runs never ask for: loading it cost every run some 5 ms. Here both get it the first
 * time they ask for a member.
 */
const CHILD_PROCESS_EXPORTS = ['ChildProcess', 'exec', 'execFile', 'execFileSync', 'execSync', 'fork', 'spawn', 'spawnSync'];
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) => (/[\\/]commander[\\/]|[\\/]src[\\/]node[\\/]git\.ts$/.test(args.importer) ? { path: 'child_process', namespace: 'lazy' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      // Getters, not a Proxy: an ES module's named imports are copied from the module's own properties.
      contents: `let loaded; const load = () => (loaded ??= require('node:child_process'));\nmodule.exports = {${CHILD_PROCESS_EXPORTS.map((name) => ` get ${name}() { return load().${name}; },`).join('')} };`,
      loader: 'js',
    }));
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
await build({ ...common, entryPoints: [join(root, 'src/bin.ts')], outfile: join(root, 'dist/cli.cjs'), plugins: [lazyChildProcess, serverApart] });
await build({ ...common, entryPoints: [join(root, 'src/lsp/server.ts')], outfile: join(root, 'dist/lsp.cjs') });
// The worker threads' module for large runs (src/node/lint-run.ts).
await build({ ...common, entryPoints: [join(root, 'src/node/lint-worker.ts')], outfile: join(root, 'dist/worker.cjs') });
// The launcher, with the key handling it shares with the lint cache (src/node/crypto.ts); not
// minified, so that the first code the command runs can be read in the package.
await build({ ...common, minify: false, legalComments: 'none', entryPoints: [join(root, 'scripts/cli-launcher.cjs')], outfile: join(root, 'dist/dplint.cjs') });
chmodSync(join(root, 'dist/dplint.cjs'), 0o755);
