'use strict';
// dplint's VS Code extension: a thin client. It starts the project's own `dplint lsp --stdio` (the
// workspace's node_modules/.bin/dplint, or `dplint.path`), so the editor reports exactly what the
// project's pre-commit hook and CI gate report with the same version and config.
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

/** The program to start: `dplint.path`, else the first workspace folder's node_modules/.bin/dplint, else `dplint` on the PATH. */
function dplintProgram() {
  const configured = vscode.workspace.getConfiguration('dplint').get('path');
  if (configured) return configured;
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const local = path.join(folder.uri.fsPath, 'node_modules', '.bin', process.platform === 'win32' ? 'dplint.cmd' : 'dplint');
    if (fs.existsSync(local)) return local;
  }
  return 'dplint';
}

function start(context) {
  const command = dplintProgram();
  // TransportKind.stdio appends `--stdio` to the arguments.
  const run = { command, args: ['lsp'], transport: TransportKind.stdio, options: { shell: process.platform === 'win32' } };
  client = new LanguageClient('dplint', 'dplint', { run, debug: run }, {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
    ],
    initializationOptions: { debounceMs: vscode.workspace.getConfiguration('dplint').get('debounceMs') },
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/{dplint.config.yaml,dplint.config.yml,.dplint.yaml,.dplint.yml,*.yaml,*.yml,*.json}') },
  });
  context.subscriptions.push(client);
  return client.start();
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('dplint.restart', async () => {
      if (client) await client.stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration('dplint')) return;
      if (client) await client.stop();
      await start(context);
    }),
  );
  return start(context);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
