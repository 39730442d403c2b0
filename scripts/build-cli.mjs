#!/usr/bin/env node
// Builds the command-line program: dist/cli.cjs holds src/bin.ts and everything it uses,
// dependencies included, in one CommonJS file (Node starts a CommonJS entry faster than an ES
// module one, and one file loads at once where some two hundred modules would be resolved one by
// one: a pre-commit hook starts dplint for one or two files, where loading would cost more than
// the linting); dist/dplint.cjs, the `dplint` bin, loads it with V8's code cache
// (scripts/cli-launcher.cjs); dist/worker.cjs is the worker threads' module for large runs.
import { build } from 'esbuild';
import { chmodSync, copyFileSync } from 'node:fs';
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
  // piscina starts its threads from a script of its own, found beside its own files.
  external: ['piscina'],
  // import.meta is read only where `require` is missing (the module build); here it is never used.
  logOverride: { 'empty-import-meta': 'silent' },
};
await build({ ...common, entryPoints: [join(root, 'src/bin.ts')], outfile: join(root, 'dist/cli.cjs') });
// The worker threads' module for large runs (src/node/lint-run.ts).
await build({ ...common, entryPoints: [join(root, 'src/node/lint-worker.ts')], outfile: join(root, 'dist/worker.cjs') });
copyFileSync(join(root, 'scripts/cli-launcher.cjs'), join(root, 'dist/dplint.cjs'));
chmodSync(join(root, 'dist/dplint.cjs'), 0o755);
