#!/usr/bin/env node
// Builds the command-line program: dist/cli.cjs holds src/bin.ts and everything it uses,
// dependencies included, in one CommonJS file (Node starts a CommonJS entry faster than an ES
// module one, and one file loads at once where some two hundred modules would be resolved one by
// one); dist/dplint.cjs, the `dplint` bin, loads it with V8's code cache (scripts/cli-launcher.cjs). A pre-commit hook starts dplint for one or two files, where resolving
// and loading some two hundred modules would cost more than the linting; one file loads at once.
import { build } from 'esbuild';
import { chmodSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [join(root, 'src/bin.ts')],
  outfile: join(root, 'dist/cli.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
});
copyFileSync(join(root, 'scripts/cli-launcher.cjs'), join(root, 'dist/dplint.cjs'));
chmodSync(join(root, 'dist/dplint.cjs'), 0o755);
