#!/usr/bin/env node
// Golden files: what the built command prints for whole files, compared byte for byte by
// test/golden.test.ts and rewritten by `npm run bless` (this script, after a build), so that a
// change of output is a diff reviewed in git rather than an edit to a test.
//
//   fixtures/cases/<scenario>.yaml|.json  beside  <scenario>.out   compact format, one finding a line
//   fixtures/cases/fix-<scenario>.*       beside  <scenario>.out   --fix-dry-run: the diff, then what remains
//   fixtures/config-repo                  beside  config-repo.out  the sample repository as a user sees it (stylish)
//
// fixtures/cases/README.md says why compact. The test imports `goldenCases` and `runGolden` from
// here, so the two cannot run the command differently.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CASES = 'fixtures/cases';
const INPUT = /\.(ya?ml|json)$/;

/** Every golden case: its name, the command's arguments (paths relative to ROOT) and its .out file. */
export function goldenCases() {
  const cases = readdirSync(join(ROOT, CASES))
    .filter((name) => INPUT.test(name))
    .sort()
    .map((name) => {
      const input = `${CASES}/${name}`;
      // The fix cases print what --fix would write; every other case only its findings.
      const fix = name.startsWith('fix-') ? ['--fix-dry-run'] : [];
      return {
        name: name,
        out: `${CASES}/${name.replace(INPUT, '')}.out`,
        // No config file (none is found from the repository root today; one added later must not
        // change the cases), unused directives reported so the directive cases show them.
        args: ['--no-config', '--format', 'compact', '--report-unused-disable-directives', 'warning', ...fix, input],
      };
    });
  const outs = new Set();
  for (const { name, out } of cases) {
    if (outs.has(out)) throw new Error(`${CASES}/${name}: another case already writes ${out}; give one of them another name`);
    outs.add(out);
  }
  // The sample repository with its own config file, in the default format, as README shows it.
  cases.push({ name: 'config-repo', out: 'fixtures/config-repo.out', args: ['fixtures/config-repo'] });
  return cases;
}

/** Runs dist/dplint.cjs as a CI job would: from ROOT, no terminal, none of the variables that change the output. */
export function runGolden(args) {
  const env = { PATH: process.env.PATH ?? '' };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'dplint.cjs'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }));
  });
}

async function bless() {
  if (!existsSync(join(ROOT, 'dist', 'dplint.cjs'))) throw new Error('run `npm run build` first');
  const cases = goldenCases();
  const wanted = new Set(cases.map((c) => c.out));
  let failed = false;
  // Two at a time: each case is a process of its own, and the machines this runs on have few processors.
  const queue = [...cases];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { code, stdout, stderr } = await runGolden(next.args);
      if (stderr !== '' || (code !== 0 && code !== 1)) {
        console.error(`${next.name}: exit ${code}, ${stderr.trim()}`);
        failed = true;
        continue;
      }
      writeFileSync(join(ROOT, next.out), stdout);
    }
  };
  await Promise.all([worker(), worker()]);
  // An .out whose input is gone would otherwise linger unchecked.
  for (const name of readdirSync(join(ROOT, CASES))) {
    if (name.endsWith('.out') && !wanted.has(`${CASES}/${name}`)) {
      rmSync(join(ROOT, CASES, name));
      console.log(`removed ${CASES}/${name} (no input beside it)`);
    }
  }
  console.log(`blessed ${cases.length} golden files; review them with \`git diff -- fixtures\``);
  if (failed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await bless();
