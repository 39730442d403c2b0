'use strict';
// Which language server the extension starts, how, and when: pure functions of what VS Code
// reports (trust, the `dplint.path` setting's values by level, the open documents), apart from
// extension.js so that the tests run them without VS Code (test/lsp/vscode-extension.test.ts).
// Nothing here requires 'vscode'.
//
// The rule (docs/security.md, "The editor runs nothing the workspace brings"): a workspace is
// files a pull request wrote, so nothing in it is ever started — not its node_modules/.bin/dplint
// (a pull request can commit one with `git add -f`), not a program its .vscode/settings.json
// names. The server is the one the extension ships (server.js, which loads the dplint it was
// packaged with); a user who wants another dplint names its JavaScript file in their own user
// settings (`dplint.path`, machine-scoped), and it is used only in a trusted workspace.
const path = require('node:path');

/**
 * The server the extension ships: server.js beside this file. In the .vsix both are bundled into
 * dist/ (scripts/build.js), dist/extension.js beside dist/server.js, which holds the dplint server.
 */
const BUNDLED_SERVER = path.join(__dirname, 'server.js');

/** The config files whose presence in a workspace starts the server (the names dplint looks for). */
const CONFIG_GLOB = '**/{dplint.config.yaml,dplint.config.yml,.dplint.yaml,.dplint.yml}';

/**
 * A dplint modeline (DESIGN.md, "How a document gets its operation"): `# dplint: operation=<id>`,
 * or the YAML language server's `$schema=` naming one of dplint's schema files. Comment lines
 * only, and only in the first lines: the modeline stands before the document's content.
 */
const MODELINE = /^\s*#\s*(?:dplint:\s*operation\s*=\s*\S|yaml-language-server:\s*\$schema=(\S+)\s*$)/gm;
const MODELINE_HEAD = 8192;
const MODELINE_LINES = 50;

/** Whether a document's text declares a dplint operation in a modeline (in its first 50 lines). */
function hasModeline(text) {
  const head = text.slice(0, MODELINE_HEAD).split('\n', MODELINE_LINES).join('\n');
  for (const [, schema] of head.matchAll(MODELINE)) {
    if (schema === undefined || (schema.includes('dplint') && schema.endsWith('.schema.json'))) return true;
  }
  return false;
}

/**
 * Whether the server is wanted: the extension is enabled, and the workspace has a dplint config
 * file or an open YAML/JSON document has a modeline. VS Code activates the extension on any YAML
 * or JSON file (a modeline can only be seen in the text), but that runs these few lines, no process.
 */
function wantsServer({ enabled, configFound, documents }) {
  if (!enabled) return false;
  return configFound || documents.some((document) => (document.languageId === 'yaml' || document.languageId === 'json' || document.languageId === 'jsonc') && hasModeline(document.text));
}

/** Files that are no JavaScript file Node can start: the shims npm writes on Windows, programs. */
const NOT_JAVASCRIPT = /\.(?:cmd|bat|ps1|exe|com|sh)$/i;

/**
 * The server to start and how.
 * - trusted: `vscode.workspace.isTrusted`.
 * - pathSetting: `getConfiguration('dplint').inspect('path')` — only its `globalValue` (user or
 *   remote-machine settings) is ever read: the setting is machine-scoped, and a value a workspace
 *   or folder's settings.json holds is the workspace's, ignored at every level of trust.
 * - nodePath: the Node that runs the server, `process.execPath` of the extension host (VS Code's
 *   own, which acts as Node with ELECTRON_RUN_AS_NODE=1, as the language client's fork does).
 * - env: the extension host's environment.
 * Returns `{ source: 'bundled' | 'dplint.path', executable: { command, args, options }, warning? }`;
 * the caller adds `transport: TransportKind.stdio` (which appends `--stdio` to the arguments).
 * The program is always Node with a JavaScript file as an argument, never a shell (`shell` is
 * never set: with it, Windows would run a path with spaces or `&` as a command line).
 */
function chooseServer({ trusted, pathSetting, nodePath, env }) {
  const configured = typeof pathSetting?.globalValue === 'string' ? pathSetting.globalValue.trim() : '';
  let warning;
  if (configured) {
    if (!trusted) warning = `dplint: this workspace is not trusted, so the dplint server that comes with the extension runs, not dplint.path (${configured}).`;
    else if (!path.isAbsolute(configured)) warning = `dplint: dplint.path must be the absolute path of a dplint JavaScript file (its dist/dplint.cjs); got ${configured}. The server that comes with the extension runs.`;
    else if (NOT_JAVASCRIPT.test(configured)) warning = `dplint: dplint.path must name dplint's JavaScript file (dist/dplint.cjs), which is started with Node, not ${path.basename(configured)}. The server that comes with the extension runs.`;
    else return { source: 'dplint.path', executable: node(nodePath, [configured, 'lsp'], env) };
  }
  return { source: 'bundled', executable: node(nodePath, [BUNDLED_SERVER], env), ...(warning ? { warning } : {}) };
}

function node(nodePath, args, env) {
  return { command: nodePath, args, options: { env: { ...env, ELECTRON_RUN_AS_NODE: '1' } } };
}

module.exports = { BUNDLED_SERVER, CONFIG_GLOB, chooseServer, hasModeline, wantsServer };
