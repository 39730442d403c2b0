'use strict';
// The language server the extension ships: dplint's own (dist/lsp.cjs of the dplint this
// extension was packaged with, copied to server/lsp.cjs by scripts/copy-server.js), started by the
// extension as `<node> server.js --stdio` (server-choice.js). The same server as `dplint lsp --stdio`.
const { startServer } = require('./server/lsp.cjs');

startServer({ input: process.stdin, output: process.stdout }).then(() => {
  // As `dplint lsp` ends: once what was written is out.
  process.stdout.write('', () => process.exit(0));
});
