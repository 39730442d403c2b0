'use strict';
// Run by vsce before it packages the extension (`vscode:prepublish`): bundles the extension into two
// files under dist/, so that the .vsix holds them, its manifest, README and LICENSE, and nothing else
// (.vscodeignore; no node_modules):
//
// - dist/extension.js: extension.js with the language client, one file; `vscode` is VS Code's own.
// - dist/server.js: server.js with the language server built at the repository root (dist/lsp.cjs,
//   scripts/build-cli.mjs: the dplint this extension is packaged with) and scslre, which that
//   server loads for a config's policy patterns, so that a workspace without dplint installed, and
//   without any node_modules, gets the whole server.
//
// esbuild is the repository's own (the root's node_modules): the extension is built from the
// repository, after the root's `npm run build:cli` (`npm run package:vscode` runs both).
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const here = path.join(__dirname, '..');
const lsp = path.join(here, '..', '..', 'dist', 'lsp.cjs');

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  // VS Code 1.82 (engines.vscode) runs extensions on Node 18.
  target: 'node18',
  minify: true,
  // The licence notices of what is bundled stay, at the end of each file.
  legalComments: 'eof',
  logLevel: 'warning',
};

/**
 * The root's server loads scslre on first use through a `require` it picks at run time (its ES
 * module build has none), which a bundler cannot follow: here, in a CommonJS bundle, that call is
 * made a plain `require("scslre")`, which esbuild bundles (and still runs on first use). Any other
 * shape than the one expected fails the build, rather than a .vsix whose policies fail at run time.
 */
const LOAD_SCSLRE = /\(typeof require=="function"\?require:\(0,[\w$]+\.createRequire\)\([\w$.]+\)\)\("scslre"\)/g;
const staticScslre = {
  name: 'static-scslre',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]lsp\.cjs$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      const found = text.match(LOAD_SCSLRE) ?? [];
      if (found.length !== 1) throw new Error(`expected one run-time require of scslre, found ${found.length}; update LOAD_SCSLRE in editors/vscode/scripts/build.js`);
      return { contents: text.replace(LOAD_SCSLRE, 'require("scslre")'), loader: 'js' };
    });
  },
};

/**
 * The packages bundled into the two files, each with its licence text (dist/THIRD-PARTY-NOTICES.txt):
 * their licences (MIT, ISC and the like) ask that the notice travels with every copy.
 */
function notices(metafiles) {
  const roots = new Set();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile.inputs)) {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.split(path.sep).join('/'));
      if (match) roots.add(path.resolve(match[1]));
    }
  }
  const entries = [...roots]
    .map((root) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
      const file = fs.readdirSync(root).find((name) => /^(?:licen[cs]e|copying)(?:\.|$)/i.test(name));
      return { id: `${pkg.name}@${pkg.version}`, license: pkg.license, text: file ? fs.readFileSync(path.join(root, file), 'utf8').trim() : `(no licence file; package.json says ${pkg.license})` };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  const unique = entries.filter((entry, i) => i === 0 || entry.id !== entries[i - 1].id);
  return `The dplint extension bundles these packages into dist/extension.js and dist/server.js.\n\n${unique.map((e) => `${'='.repeat(72)}\n${e.id} (${e.license})\n\n${e.text}\n`).join('\n')}`;
}

async function main() {
  if (!fs.existsSync(lsp)) throw new Error(`${lsp} is missing; run \`npm run build:cli\` at the repository root first (\`npm run package:vscode\` does)`);
  const client = await esbuild.build({ ...common, metafile: true, entryPoints: [path.join(here, 'extension.js')], outfile: path.join(here, 'dist', 'extension.js'), external: ['vscode'] });
  // lsp.cjs reads import.meta only where `require` is missing, which it never is here.
  const server = await esbuild.build({ ...common, metafile: true, entryPoints: [path.join(here, 'server.js')], outfile: path.join(here, 'dist', 'server.js'), plugins: [staticScslre], logOverride: { 'empty-import-meta': 'silent' } });
  // dist/lsp.cjs arrives as one file: what went into it is read from a bundle of its entry as the
  // root's scripts/build-cli.mjs makes it, not written anywhere.
  const root = path.join(here, '..', '..');
  const inLsp = await esbuild.build({ bundle: true, format: 'cjs', platform: 'node', write: false, metafile: true, logLevel: 'silent', entryPoints: [path.join(root, 'src', 'lsp', 'server.ts')], outfile: path.join(root, 'dist', 'lsp.cjs'), external: ['piscina', 'scslre'] });
  fs.writeFileSync(path.join(here, 'dist', 'THIRD-PARTY-NOTICES.txt'), notices([client.metafile, server.metafile, inLsp.metafile]));
}

main().catch((error) => {
  process.stderr.write(`editors/vscode build: ${error.message}\n`);
  process.exit(1);
});
