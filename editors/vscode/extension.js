'use strict';
// dplint's VS Code extension: a thin client of the language server it ships (server.js, the
// dplint it was packaged with). Which server starts, how and when is server-choice.js: never a
// program the workspace brings (docs/security.md, "The editor runs nothing the workspace brings").
const vscode = require('vscode');
const { CONFIG_GLOB, chooseServer, wantsServer } = require('./server-choice.js');

let client;
let starting;
/** Whether the workspace holds a dplint config file; undefined until searched. */
let configFound;
let output;

function settings() {
  return vscode.workspace.getConfiguration('dplint');
}

async function start(context) {
  // Loaded here, not at activation: VS Code activates the extension on every YAML or JSON file (a
  // modeline is only seen in the text), and there it loads no more than these few lines.
  const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
  const choice = chooseServer({ trusted: vscode.workspace.isTrusted, pathSetting: settings().inspect('path'), nodePath: process.execPath, env: process.env });
  if (choice.warning) output.appendLine(choice.warning);
  output.appendLine(`dplint: starting ${choice.source === 'bundled' ? 'the server that comes with the extension' : `dplint.path (${choice.executable.args[0]})`}`);
  // TransportKind.stdio appends `--stdio` to the arguments; there is no shell on any platform.
  const run = { ...choice.executable, transport: TransportKind.stdio };
  client = new LanguageClient('dplint', 'dplint', { run, debug: run }, {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
    ],
    outputChannel: output,
    initializationOptions: { debounceMs: settings().get('debounceMs') },
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/{dplint.config.yaml,dplint.config.yml,.dplint.yaml,.dplint.yml,*.yaml,*.yml,*.json}') },
  });
  context.subscriptions.push(client);
  await client.start();
}

async function stop() {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}

/** Starts the server once it is wanted (a dplint config in the workspace, or a modeline in an open file); once at a time. */
function startIfWanted(context) {
  if (client) return Promise.resolve();
  starting ??= (async () => {
    const enabled = settings().get('enable') !== false;
    // The workspace is searched once (a search finding nothing reads every folder); the watcher below tells of a config created later.
    if (enabled) configFound ??= (await vscode.workspace.findFiles(CONFIG_GLOB, '**/node_modules/**', 1)).length > 0;
    const documents = vscode.workspace.textDocuments.map((document) => ({ languageId: document.languageId, text: document.getText() }));
    if (wantsServer({ enabled, configFound: configFound === true, documents })) await start(context);
  })().finally(() => {
    starting = undefined;
  });
  return starting;
}

async function restart(context) {
  await starting;
  await stop();
  await startIfWanted(context);
}

function activate(context) {
  output = vscode.window.createOutputChannel('dplint');
  const configWatcher = vscode.workspace.createFileSystemWatcher(CONFIG_GLOB, false, true, true);
  context.subscriptions.push(
    output,
    configWatcher,
    configWatcher.onDidCreate(() => {
      configFound = true;
      return startIfWanted(context);
    }),
    vscode.workspace.onDidOpenTextDocument(() => startIfWanted(context)),
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      configFound = undefined;
      return startIfWanted(context);
    }),
    vscode.commands.registerCommand('dplint.restart', () => restart(context)),
    // Trust granted: dplint.path (the user's own) may now apply.
    vscode.workspace.onDidGrantWorkspaceTrust(() => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => (event.affectsConfiguration('dplint') ? restart(context) : undefined)),
  );
  return startIfWanted(context);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
