#!/usr/bin/env node
// How dplint's time grows with hostile input (`npm run bench`, after `npm run build`; not part of
// `npm test`, whose tests assert no time). Each shape of test/hostile/ is linted through the
// library in dist/ at three sizes, n, 4n and 16n, taken in turn. Linear work takes about 4× as
// long for each step of 4×; quadratic work 16×. The growth shown is the smaller of the two steps:
// work that grows faster than the input does so at every step, while V8 shows one-off steps (a
// collector that starts to promote, say) at one size only. A shape whose growth reaches 8× is
// named and the run exits with 1.
//
//   node bench/hostile.mjs [--runs 5]
import { performance } from 'node:perf_hooks';
import { formatters, lintText, schemas } from '../dist/src/index.js';

const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const STEP = 4;
const SIZES = [1, STEP, STEP * STEP];
const SUPER_LINEAR = 8;

/** A body for `schema` with every string field set to `value` (lists get it as their one item). */
function bodyOf(schema, value, depth = 0) {
  const resolve = (s) => (typeof s.$ref === 'string' ? schemas.definitions.definitions[s.$ref.split('/').pop()] : s);
  const resolved = resolve(schema);
  const parts = [resolved, ...['allOf', 'anyOf', 'oneOf'].flatMap((k) => (resolved[k] ?? []).map(resolve))];
  const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}));
  if (Object.keys(properties).length > 0 && depth < 6) {
    return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, bodyOf(child, value, depth + 1)]));
  }
  const items = parts.find((p) => p.items)?.items;
  if (items && depth < 6) return [bodyOf(items, value, depth + 1)];
  return value;
}

const bodyOperations = Object.keys(schemas).filter((id) => id !== 'definitions');
const everyField = (value) => () => {
  for (const operation of bodyOperations) lintText(JSON.stringify(bodyOf(schemas[operation], value)), { operation, filename: 'body.json' });
};
const yaml = (text) => () => lintText(text, { filename: 'hostile.yaml' });

/** Each shape: a name, and for a size factor k (1, 4 or 16), the work to time on k times the text. */
const shapes = [
  ...[
    ['a run of one letter', (n) => 'a'.repeat(n)],
    ['spaces, then a letter', (n) => ' '.repeat(n) + 'x'],
    ['XML tags', (n) => '<a>'.repeat(n / 3)],
    ['an unclosed XML tag run', (n) => '<a '.repeat(n / 3)],
    ['an SSH key', (n) => 'ssh-rsa ' + 'A'.repeat(n)],
    ['a PEM header run', (n) => '-----BEGIN ' + 'A '.repeat(n / 2)],
    ['an e-mail address', (n) => 'x@' + 'a.'.repeat(n / 2) + '!'],
    ['a dotted number', (n) => '1.'.repeat(n / 2)],
    ['a subnet list', (n) => 'subnet-' + 'a,'.repeat(n / 2)],
    ['override lines', (n) => 'k=v\n'.repeat(n / 4) + 'x'],
  ].map(([name, value]) => [`every field of every body: ${name}`, (k) => everyField(value(1024 * k))]),
  ['a long key, JSON and YAML', (k) => () => {
    const key = 'compute_secret_key' + '_'.repeat(64 * 1024 * k);
    lintText(`{"${key}": 1, "vm_settings": {"compute_secret_key": "abc"}}`, { operation: 'edit-cluster', filename: 'a.json' });
    lintText(`# dplint: operation=edit-cluster\n${key}: 1\n`);
  }],
  ['unknown members in one mapping', (k) => {
    const members = Array.from({ length: 500 * k }, (_, i) => `  member_${i}: "${i}"`).join('\n');
    return yaml(`# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n${members}\n  max_nodes: "7"\n`);
  }],
  ['one long JSON line, stylish with code frames', (k) => {
    const text = `{"label": ["etl"], "node_configuration": {"max_nodes": "9"}, "cluster_name": "${'x'.repeat(256 * 1024 * k)}"}`;
    return () => formatters.stylish([{ file: 'long.json', operation: 'edit-cluster', operationSource: 'option', findings: lintText(text, { operation: 'edit-cluster', filename: 'long.json' }).findings, source: text }]);
  }],
  ['a bootstrap script', (k) => yaml(`# dplint: operation=set-bootstrap\nis_user_bootstrap: 1\nscript: |\n${'  set hive.exec.parallel.thread.number=8;\n'.repeat(25_000 * k)}`)],
  // Line i is indented i spaces, so the text grows with the square of the depth: twice the depth is 4× the text.
  ['block mappings nested past the depth limit', (k) => yaml('# dplint: operation=edit-cluster\n' + Array.from({ length: 1000 * Math.sqrt(k) }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n')],
  ['flow collections nested past the depth limit', (k) => yaml(`# dplint: operation=edit-cluster\nlabel: ${'['.repeat(2000 * k)}${']'.repeat(2000 * k)}\n`)],
  ['a stream of cluster bodies', (k) => yaml('# dplint: operation=edit-cluster\n' + 'label: [etl]\nnode_configuration:\n  max_nodes: "7"\n  # a comment\n---\n'.repeat(250 * k))],
  ['a secret among many lines (masked in every fix)', (k) => yaml(`# dplint: operation=edit-cluster\n${'# filler line\n'.repeat(5000 * k)}vm_settings:\n  compute_secret_key: abcdefgh\nnode_configuration:\n  max_nodes: "7"\n`)],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = (work) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

const column = (text) => text.padStart(10);
let failed = 0;
console.log(`median of ${runs} runs at each size, sizes taken in turn; linear ≈ ${STEP}× a step, quadratic ≈ ${STEP * STEP}×\n`);
console.log(`${'shape'.padEnd(62)}${SIZES.map((k) => column(k === 1 ? 'n' : `${k}n`)).join('')}  growth`);
for (const [name, make] of shapes) {
  const works = SIZES.map((k) => make(k));
  works.forEach((work) => work());
  const times = SIZES.map(() => []);
  for (let round = 0; round < runs; round++) works.forEach((work, i) => times[i].push(time(work)));
  const medians = times.map(median);
  const growth = Math.min(medians[1] / medians[0], medians[2] / medians[1]);
  if (growth >= SUPER_LINEAR) failed++;
  console.log(`${name.padEnd(62)}${medians.map((ms) => column(`${ms.toFixed(1)} ms`)).join('')}  ${growth.toFixed(1)}×${growth >= SUPER_LINEAR ? '  super-linear' : ''}`);
}
if (failed > 0) {
  console.log(`\n${failed} shape(s) grew ${SUPER_LINEAR}× or more at each step of ${STEP}× the input`);
  process.exitCode = 1;
}
