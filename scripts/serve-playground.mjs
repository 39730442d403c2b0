#!/usr/bin/env node
// Serves the playground on 127.0.0.1: playground/ and the browser bundle in dist/browser/, nothing
// else of the repository. `npm run playground` builds the bundle first.
//
//   node scripts/serve-playground.mjs [--port 8080]   (--port 0 picks a free port)
// Prints the playground's URL on its first line of output, then serves until stopped.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVED = ['playground', join('dist', 'browser')];
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json', '.css': 'text/css; charset=utf-8' };

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 8080;

const server = createServer(async (request, response) => {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const relative = normalize(pathname.endsWith('/') ? `${pathname}index.html` : pathname).replace(/^[/\\]+/, '');
  const allowed = SERVED.some((folder) => relative.startsWith(folder + sep)) && !relative.split(sep).includes('..');
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !allowed) {
    response.writeHead(allowed ? 405 : 404).end();
    return;
  }
  try {
    const body = await readFile(join(root, relative));
    response.writeHead(200, { 'content-type': TYPES[extname(relative)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.writeHead(404).end();
  }
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`http://127.0.0.1:${address.port}/playground/`);
});
