'use strict';
// The language server the extension ships: dplint's own (dist/lsp.cjs of the dplint this
// extension is packaged with), bundled with it into dist/server.js by scripts/build.js, and
// started by the extension as `<node> dist/server.js --stdio` (server-choice.js). The same server
// as `dplint lsp --stdio`.
const { startServer } = require('../../dist/lsp.cjs');

startServer({ input: process.stdin, output: process.stdout }).then(() => {
  // As `dplint lsp` ends: once what was written is out.
  process.stdout.write('', () => process.exit(0));
});
