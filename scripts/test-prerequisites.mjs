#!/usr/bin/env node
// What the tests need beyond the root's `npm ci`, set up by `npm test` itself (npm's `pretest`), so
// that a fresh machine passes the README's test command as written, and CI (.ci/run) does nothing more:
//
// 1. The VS Code extension's own packages (editors/vscode, its own lock file): the extension test
//    packs a real .vsix. Installed with `npm ci` when missing or older than that lock file.
// 2. The Debian packages the tests drive for real, in one list. As root with apt-get (a fresh machine
//    of this project's kind, and CI), the missing ones are installed. Anywhere else nothing is
//    installed: the script prints one line naming the command to run and exits 1, so no test is
//    skipped, or passes, because its tool is missing.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const EXTENSION = join(dirname(fileURLToPath(import.meta.url)), '..', 'editors', 'vscode');
const installed = statSync(join(EXTENSION, 'node_modules', '.package-lock.json'), { throwIfNoEntry: false });
if (!installed || installed.mtimeMs < statSync(join(EXTENSION, 'package-lock.json')).mtimeMs) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const ci = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefix', EXTENSION], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (ci.status !== 0) {
    console.error(`dplint tests: npm ci in editors/vscode failed (exit ${ci.status}); run: npm --prefix editors/vscode ci`);
    process.exit(1);
  }
}

/** Each package, the command that proves it is there, and the tests that drive it. */
const PACKAGES = [
  { name: 'git', probe: ['git', '--version'], tests: 'every test that builds a real repository' },
  { name: 'pre-commit', probe: ['pre-commit', '--version'], tests: 'test/pre-commit.test.ts' },
  { name: 'libxml2-utils', probe: ['xmllint', '--version'], tests: 'JUnit output against its XSD' },
  { name: 'chromium', probe: ['/usr/bin/chromium', '--version'], tests: 'test/playground.test.ts' },
  { name: 'neovim', probe: ['nvim', '--version'], tests: 'test/lsp/neovim.test.ts' },
  // Debian's PyYAML, the reader of the vendor's Python SDK, which the tests hold dplint to.
  { name: 'python3-yaml', probe: ['/usr/bin/python3', '-c', 'import yaml'], tests: 'the YAML readers property test' },
];

const present = ({ probe: [command, ...args] }) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const missing = () => PACKAGES.filter((pkg) => !present(pkg)).map((pkg) => pkg.name);

let names = missing();
if (names.length === 0) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.error(`dplint tests: installing Debian packages ${names.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: ['ignore', 'ignore', 'inherit'], env });
  names = missing();
  if (install && install.status === 0 && names.length === 0) process.exit(0);
}
console.error(`dplint tests need these Debian packages, missing here: ${names.join(' ')}; run: sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`);
process.exit(1);
