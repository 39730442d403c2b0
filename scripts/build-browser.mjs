#!/usr/bin/env node
// Builds the browser bundle dist/browser/dplint.js: src/index.ts with its dependencies (yaml,
// ajv, ipaddr.js) and the JSON schemas in one minified ES module, for a <script type="module">
// or a page without a bundler (playground/). `platform: 'browser'` makes the build fail if
// anything reachable imports a Node built-in.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(root, 'dist/browser/dplint.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
console.log(`dist/browser/dplint.js ${(bytes / 1024).toFixed(0)} KiB`);
