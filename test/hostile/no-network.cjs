'use strict';
// Preloaded into a dplint child process (NODE_OPTIONS=--require): every way Node opens a connection
// or resolves a name is replaced by a stub that records the attempt in $DPLINT_NETWORK_LOG and throws.
const fs = require('node:fs');
const log = process.env.DPLINT_NETWORK_LOG;
const refuse = (what) =>
  function refused() {
    if (log) fs.appendFileSync(log, `${what}\n`);
    throw new Error(`network access refused in this test: ${what}`);
  };
const net = require('node:net');
net.Socket.prototype.connect = refuse('net.Socket.connect');
net.connect = net.createConnection = refuse('net.connect');
const tls = require('node:tls');
tls.connect = refuse('tls.connect');
const dns = require('node:dns');
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) dns[name] = refuse(`dns.${name}`);
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) dns.promises[name] = refuse(`dns.promises.${name}`);
for (const module of ['node:http', 'node:https', 'node:http2']) {
  const m = require(module);
  for (const name of ['request', 'get', 'connect']) if (typeof m[name] === 'function') m[name] = refuse(`${module}.${name}`);
}
globalThis.fetch = refuse('fetch');
globalThis.WebSocket = refuse('WebSocket');
