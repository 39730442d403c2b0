#!/usr/bin/env node
// The language server's speed and memory (`npm run bench`, section `lsp`; after `npm run build`;
// not part of `npm test`). A real LSP client over stdio (vscode-languageserver-protocol, as the
// tests in test/lsp/ use) drives `dplint lsp --stdio` in a workspace of the corpus's cluster files
// (bench/corpus.mjs) with a config file that maps them to edit-cluster:
//
//   index    the time from opening a file whose label another file of the workspace claims to the
//            diagnostics that name it (repository/duplicate-label: the cross-file index is complete),
//            and to the first diagnostics of the file (published before the index is complete)
//   change   the time from a didChange of a 300-line cluster file to the publishDiagnostics of that
//            version, median after a warm-up, in that workspace. Measured twice: with the server's
//            debounce set to 0 (`initializationOptions.debounceMs`: the time is the lint's and the
//            protocol's), and with the default debounce (200 ms) for an edit after a pause in typing,
//            which the server lints at once (the debounce holds back only edits that follow one
//            another within it)
//   memory   the server's peak resident memory (VmHWM of /proc/<pid>/status) with the workspace
//            open and indexed, after the changes
//
// `--cpu-prof <folder>` starts the servers with `node --cpu-prof` writing their profiles there.
//
//   node bench/lsp.mjs [--files 10000] [--changes 100] [--cpu-prof <folder>]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node.js';
import { writeCorpus } from './corpus.mjs';
import { median } from './in-turn.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const files = Number(option('--files', 10000));
const changes = Number(option('--changes', 100));
const profiles = option('--cpu-prof', undefined);
const dplint = join(root, 'dist', 'dplint.cjs');
if (!existsSync(dplint)) throw new Error('run `npm run build` first');

const work = mkdtempSync(join(tmpdir(), 'dplint-bench-lsp-'));
const workspace = join(work, 'workspace');
const clusters = join(workspace, 'clusters');
mkdirSync(join(workspace, '.git'), { recursive: true });
writeCorpus(clusters, files, 1);
writeFileSync(join(workspace, 'dplint.config.yaml'), 'files:\n  - match: ["clusters/*.yaml", "open/*.yaml"]\n    operation: edit-cluster\n');

/** The label of the corpus's first file: the probe claims it too. */
const claimed = /^label: \[(.*)\]$/m.exec(readFileSync(join(clusters, 'cluster-000000.yaml'), 'utf8'))[1];

/** A 300-line cluster file: a corpus file with a longer history of changes and more tags; with `mistake`, a region typo (schema/enum) in it. */
function file300(mistake = false) {
  const lines = readFileSync(join(clusters, 'cluster-000003.yaml'), 'utf8').trimEnd().split('\n');
  const label = lines.findIndex((l) => l.startsWith('label:'));
  lines[label] = 'label: [bench-300]';
  const history = Array.from({ length: 120 }, (_, i) => `#   2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}  change ${i}: raised max_nodes for the month-end load`);
  const tags = lines.findIndex((l) => l === '  custom_vm_tags:');
  const extra = [];
  for (let i = 0; extra.length + lines.length + history.length < 300; i++) extra.push(`    extra-tag-${i}: value-${i}`);
  const out = [...lines.slice(0, label), ...history, ...lines.slice(label, tags + 1), ...extra, ...lines.slice(tags + 1)];
  const text = out.join('\n') + '\n';
  return mistake ? text.replace(/^  cloud_region: .*$/m, '  cloud_region: us-east-9') : text;
}

class Client {
  constructor(cwd) {
    this.process = spawn(process.execPath, [...(profiles ? ['--cpu-prof', '--cpu-prof-dir', profiles] : []), dplint, 'lsp', '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout), new StreamMessageWriter(this.process.stdin));
    this.waiters = [];
    this.connection.onNotification('textDocument/publishDiagnostics', (params) => {
      const at = process.hrtime.bigint();
      const ready = this.waiters.filter((w) => w.accepts(params));
      this.waiters = this.waiters.filter((w) => !ready.includes(w));
      for (const waiter of ready) waiter.resolve({ at, params });
    });
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.listen();
  }

  /** The next publication that `accepts` takes. */
  next(accepts) {
    return new Promise((resolve) => this.waiters.push({ accepts, resolve }));
  }

  async initialize(initializationOptions) {
    const uri = pathToFileURL(workspace).href;
    await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: 'bench' }], capabilities: {}, initializationOptions });
    await this.connection.sendNotification('initialized', {});
  }

  peakMiB() {
    const status = readFileSync(`/proc/${this.process.pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)[1]) / 1024;
    return { peak: field('VmHWM'), now: field('VmRSS') };
  }

  /** The server's processor time so far, in milliseconds (user and system, /proc/<pid>/stat; 10 ms ticks). */
  cpuMs() {
    const fields = readFileSync(`/proc/${this.process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }

  async shutdown() {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    await new Promise((resolve) => (this.process.exitCode !== null ? resolve() : this.process.on('exit', resolve)));
    this.connection.dispose();
  }
}

const ms = (from, to) => Number(to - from) / 1e6;
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const sleep = (wait) => new Promise((resolve) => setTimeout(resolve, wait));

/** Edits the document `count` times (one number back and forth) and returns each edit's time to its diagnostics. */
async function timeChanges(client, uri, text, count, version, pause = 0) {
  const line = text.split('\n').findIndex((l) => l.startsWith('  max_nodes: '));
  const times = [];
  for (let i = 0; i < count; i++) {
    if (pause) await sleep(pause);
    version++;
    const value = String(10 + (i % 2));
    const published = client.next((p) => p.uri === uri && p.version === version);
    const start = process.hrtime.bigint();
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line, character: 13 }, end: { line, character: 1e6 } }, text: value }],
    });
    const { at } = await published;
    times.push(ms(start, at));
  }
  return { times, version };
}

console.log(`dplint language server: a workspace of ${files} cluster files; ${cpus().length} processors (${cpus()[0]?.model ?? 'unknown'}); Node ${process.version}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

/** A server with the workspace open and its cross-file index complete; times how long the index took. */
async function indexedServer(initializationOptions) {
  const client = new Client(workspace);
  await client.initialize(initializationOptions);
  const probe = pathToFileURL(join(workspace, 'open', 'probe.yaml')).href;
  const first = client.next((p) => p.uri === probe);
  const indexed = client.next((p) => p.uri === probe && p.diagnostics.some((d) => d.code === 'repository/duplicate-label'));
  const cpu = client.cpuMs();
  const start = process.hrtime.bigint();
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: probe, languageId: 'yaml', version: 1, text: `label: [${claimed}]\n` } });
  const firstAt = (await first).at;
  const { at: indexedAt, params } = await indexed;
  const related = params.diagnostics.find((d) => d.code === 'repository/duplicate-label').relatedInformation?.length ?? 0;
  return { client, first: ms(start, firstAt), indexed: ms(start, indexedAt), indexCpu: client.cpuMs() - cpu, related };
}

/** Opens the 300-line file; resolves once its first diagnostics are in. */
async function open300(client, mistake = false) {
  const text = file300(mistake);
  const uri = pathToFileURL(join(workspace, 'open', mistake ? 'mistake-300.yaml' : 'big-300.yaml')).href;
  const opened = client.next((p) => p.uri === uri && p.version === 1);
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  const { params } = await opened;
  return { text, uri, diagnostics: params.diagnostics.length };
}

// Index and memory, and changes with the debounce at 0.
{
  const { client, first, indexed, indexCpu, related } = await indexedServer({ debounceMs: 0 });
  console.log(`\nindex: first diagnostics of an opened file ${first.toFixed(0)} ms; cross-file diagnostics (the index of ${files} files complete) ${indexed.toFixed(0)} ms, naming ${related} other file(s); the server's processor time meanwhile ${indexCpu} ms`);
  for (const mistake of [false, true]) {
    const { text, uri, diagnostics } = await open300(client, mistake);
    const warm = await timeChanges(client, uri, text, Math.max(20, changes / 2), 1);
    const cpu = client.cpuMs();
    const { times } = await timeChanges(client, uri, text, changes, warm.version);
    const perChange = (client.cpuMs() - cpu) / changes;
    console.log(
      `change: a ${text.split('\n').length - 1}-line cluster file with ${diagnostics} diagnostic(s), debounce 0: didChange to publishDiagnostics median ${median(times).toFixed(1)} ms, 90th percentile ${quantile(times, 0.9).toFixed(1)} ms (${changes} changes after ${warm.times.length} to warm up); the server's processor time ${perChange.toFixed(1)} ms a change`,
    );
  }
  const memory = client.peakMiB();
  console.log(`memory: the server's peak ${memory.peak.toFixed(0)} MiB (VmHWM), ${memory.now.toFixed(0)} MiB resident now, with the ${files}-file workspace indexed and three files open`);
  await client.shutdown();
}

// The default debounce: an edit after a pause in typing.
{
  const { client } = await indexedServer(undefined);
  const { text, uri } = await open300(client);
  const count = Math.max(10, Math.round(changes / 5));
  const warm = await timeChanges(client, uri, text, 5, 1, 250);
  const cpu = client.cpuMs();
  const { times } = await timeChanges(client, uri, text, count, warm.version, 250);
  const perChange = (client.cpuMs() - cpu) / count;
  console.log(`change, default debounce (200 ms), each edit 250 ms after the last: median ${median(times).toFixed(1)} ms, 90th percentile ${quantile(times, 0.9).toFixed(1)} ms (${count} changes); the server's processor time ${perChange.toFixed(1)} ms a change`);
  await client.shutdown();
}
console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
rmSync(work, { recursive: true, force: true });
