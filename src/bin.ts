#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './cli.js';
import { codeCacheWarmUp } from './code-cache-point.js';
import { readStandardInput } from './node/files.js';
import { EXIT_FAILURE } from './types.js';

// The bundled program (dist/cli.cjs) has its worker beside it; the module build runs in one thread.
const bundleFolder = typeof __dirname === 'string' ? __dirname : undefined;
const workerScript = bundleFolder && existsSync(join(bundleFolder, 'worker.cjs')) ? join(bundleFolder, 'worker.cjs') : undefined;

// A reader that stops early (`dplint rules | head`) closes the pipe: the rest of the output has
// nowhere to go, so the run ends there, quietly, as a Unix tool ends on SIGPIPE (the reader has what
// it asked for; there is nothing to explain). The run did not finish, so its status is still a
// failed run's (exit 2): a gate that reads the status behind `set -o pipefail` never passes on a
// run cut short. Any other failure to write is said in one line.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.stderr.write(`dplint: cannot write to standard output: ${error.message}\n`);
  process.exit(EXIT_FAILURE);
});

const main = (): Promise<void> => run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  drained: () => new Promise((resolve) => process.stdout.once('drain', resolve)),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  workerScript,
  readStdin: (limit) => readStandardInput(limit),
}).then((code) => {
  process.exitCode = code;
  // Exit once the output is written, not when the event loop is empty: a garbage collection V8
  // began near the end of a large run would otherwise be finished first (some 20 ms; BENCHMARKS.md).
  // An empty write's callback runs once everything written before it is out, pipes included.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
});

const warmUp = codeCacheWarmUp(bundleFolder);
if (warmUp) void warmUp.then(main, main);
else void main();
