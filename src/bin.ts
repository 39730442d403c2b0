#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './cli.js';

// The bundled program (dist/cli.cjs) has its worker beside it; the module build runs in one thread.
const bundleFolder = typeof __dirname === 'string' ? __dirname : undefined;
const workerScript = bundleFolder && existsSync(join(bundleFolder, 'worker.cjs')) ? join(bundleFolder, 'worker.cjs') : undefined;

void run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  drained: () => new Promise((resolve) => process.stdout.once('drain', resolve)),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  workerScript,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
}).then((code) => {
  process.exitCode = code;
});
