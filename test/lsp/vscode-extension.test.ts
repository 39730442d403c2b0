import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/** The VS Code extension (editors/vscode) is whole: its manifest parses and names files that exist. */
const EXTENSION = join(import.meta.dirname, '..', '..', 'editors', 'vscode');
const manifest = JSON.parse(readFileSync(join(EXTENSION, 'package.json'), 'utf8'));

test('the manifest names an entry that exists and parses, activates on YAML, JSON and dplint configs, and has the dplint.path setting', () => {
  expect(manifest.main).toBe('./extension.js');
  expect(existsSync(join(EXTENSION, manifest.main))).toBe(true);
  expect(spawnSync(process.execPath, ['--check', join(EXTENSION, manifest.main)]).status).toBe(0);
  expect(manifest.activationEvents).toEqual(['onLanguage:yaml', 'onLanguage:json', 'workspaceContains:**/dplint.config.{yaml,yml}', 'workspaceContains:**/.dplint.{yaml,yml}']);
  expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(['dplint.path', 'dplint.debounceMs']);
  expect(manifest.dependencies).toEqual({ 'vscode-languageclient': '^9.0.1' });
  expect(manifest.engines.vscode).toBe('^1.82.0');
  expect(existsSync(join(EXTENSION, 'package-lock.json'))).toBe(true);
});

test('the extension starts `dplint lsp --stdio`, the command the server answers to', () => {
  const source = readFileSync(join(EXTENSION, 'extension.js'), 'utf8');
  // TransportKind.stdio appends --stdio to these arguments.
  expect(source).toContain("args: ['lsp'], transport: TransportKind.stdio");
  expect(source).toContain("path.join(folder.uri.fsPath, 'node_modules', '.bin'");
});

test('the root package builds the .vsix with vsce from the extension folder, apart from the root install', () => {
  const root = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
  expect(root.scripts['package:vscode']).toBe('npm --prefix editors/vscode ci --no-audit --no-fund && npm --prefix editors/vscode run package');
  expect(Object.keys({ ...root.dependencies, ...root.devDependencies })).not.toContain('@vscode/vsce');
  expect(manifest.scripts.package).toBe('vsce package --allow-missing-repository --skip-license --out dplint.vsix');
});
