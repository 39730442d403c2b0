#!/usr/bin/env node
// The Debian packages the tests drive for real, in one list: `npm test` runs this first (npm's
// `pretest`), and so does .ci/run, so a fresh machine passes the README's test command as written.
//
// As root with apt-get (a fresh machine of this project's kind, and CI), the missing ones are
// installed. Anywhere else nothing is installed: the script prints one line naming the command to
// run and exits 1, so no test is skipped, or passes, because its tool is missing.
import { spawnSync } from 'node:child_process';

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
