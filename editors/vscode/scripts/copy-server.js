'use strict';
// Run by vsce before it packages the extension (`vscode:prepublish`): copies the language server
// built at the repository root (dist/lsp.cjs, scripts/build-cli.mjs) into server/lsp.cjs, so the
// extension carries its own server and a workspace without dplint installed still gets one.
// The root's `npm run package:vscode` builds it first.
const fs = require('node:fs');
const path = require('node:path');

const built = path.join(__dirname, '..', '..', '..', 'dist', 'lsp.cjs');
const target = path.join(__dirname, '..', 'server', 'lsp.cjs');
if (!fs.existsSync(built)) {
  process.stderr.write(`copy-server: ${built} is missing; run \`npm run build:cli\` at the repository root first (\`npm run package:vscode\` does)\n`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(built, target);
