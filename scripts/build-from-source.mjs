// The `dependencies` script: npm runs it in this folder after `npm install` / `npm ci` change
// node_modules, and builds dist/ when the TypeScript sources and the compiler are here (a clone
// of the repository, or pre-commit's checkout of it). npm never runs it where the package is
// installed as a dependency, which ships dist/ and no sources.
//
// Why not `postinstall`: npm runs it in every consumer's install too, and warns there about a
// package with install scripts (`npm warn install-scripts ... dplint (postinstall: ...)`).
// Why not `prepare`: `npm pack` runs `prepare` and prints its banner on standard output, where
// pre-commit reads the name of the packed file (`language: node` hooks run `npm pack`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromSource = existsSync(new URL('../src/index.ts', import.meta.url)) && existsSync(new URL('../node_modules/typescript', import.meta.url));
if (fromSource) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(build.status ?? 1);
}
