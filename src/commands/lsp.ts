import { EXIT_OK } from '../types.js';

/**
 * `dplint lsp --stdio`: starts the language server (src/lsp/server.ts) on standard input and
 * output, and resolves when the editor ends it. The server is a module of its own (dist/lsp.cjs
 * beside the bundled program, scripts/build-cli.mjs), loaded only here, so that a lint run does not
 * load the protocol library it never uses.
 */
export async function lspCommand(): Promise<number> {
  const { startServer } = await import('../lsp/server.js');
  await startServer({ input: process.stdin, output: process.stdout });
  return EXIT_OK;
}
