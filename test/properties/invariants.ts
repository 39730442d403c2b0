import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sortFindings } from '../../src/engine/order.js';
import { OPERATION_IDS } from '../../src/operations.js';
import { BODY_SCHEMAS, DEFINITIONS, type JsonSchema } from '../../src/schema/body-schemas.js';
import type { Finding } from '../../src/types.js';

/**
 * Shared by the property tests: the fixed seed, the number of runs (raised by
 * `DPLINT_PROPERTY_RUNS`, as `npm run test:props` does), the invariants every lint result keeps,
 * and generators of hostile input.
 */

export const SEED = 20261122;

/**
 * `base` runs in `npm test`. `DPLINT_PROPERTY_RUNS=n` (`npm run test:props` sets 5000) gives each
 * property n runs — `share` of n for those that write files and run the whole CLI — never fewer
 * than `base`. The seed stays fixed, so a longer run covers the short one and more.
 */
export function runs(base: number, share = 1): { seed: number; numRuns: number; endOnFailure: boolean } {
  const wanted = Number(process.env.DPLINT_PROPERTY_RUNS);
  return { seed: SEED, numRuns: Number.isInteger(wanted) && wanted > 0 ? Math.max(base, Math.round(wanted * share)) : base, endOnFailure: true };
}

/** Enough time for the longer run too. */
export const TIMEOUT = 600_000;

const SEVERITIES = new Set(['error', 'warning', 'info']);
const RULE_ID = /^[a-z0-9-]+\/[a-z0-9-]+$/;

/**
 * What is wrong with a lint result for `text` (empty when nothing): every finding has a rule id, a
 * severity, a message, a JSON Pointer, and a range inside the text — 1 ≤ line ≤ lines,
 * 1 ≤ column ≤ line length + 1, end not before start — a fix inside the text, and the findings are
 * in their documented order.
 */
export function problems(text: string, findings: readonly Finding[]): string[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Lines as YAML counts them: a lone CR ends one too (the CR of a CRLF stays on its line, as before).
  const lines = source.split(/\n|\r(?!\n)/);
  const out: string[] = [];
  const inside = (line: number, column: number) => Number.isInteger(line) && Number.isInteger(column) && line >= 1 && line <= lines.length && column >= 1 && column <= lines[line - 1].length + 1;
  for (const f of findings) {
    const at = `${f.ruleId} ${f.line}:${f.column}-${f.endLine}:${f.endColumn}`;
    if (!RULE_ID.test(f.ruleId)) out.push(`${at}: bad rule id`);
    if (!SEVERITIES.has(f.severity)) out.push(`${at}: bad severity ${f.severity}`);
    if (typeof f.message !== 'string' || f.message.trim() === '') out.push(`${at}: empty message`);
    if (f.path !== '' && !f.path.startsWith('/')) out.push(`${at}: path ${JSON.stringify(f.path)} is not a JSON Pointer`);
    if (!inside(f.line, f.column)) out.push(`${at}: start outside the text (${lines.length} lines)`);
    if (!inside(f.endLine, f.endColumn)) out.push(`${at}: end outside the text`);
    if (f.endLine < f.line || (f.endLine === f.line && f.endColumn < f.column)) out.push(`${at}: end before start`);
    if (f.document !== undefined && !(Number.isInteger(f.document) && f.document >= 0)) out.push(`${at}: bad document ${f.document}`);
    for (const fix of [f.fix, ...(f.suggestions ?? []).map((s) => s.fix)]) {
      if (!fix) continue;
      const [start, end] = fix.range;
      if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= source.length)) out.push(`${at}: fix range ${start}..${end} outside the text`);
    }
  }
  const sorted = sortFindings([...findings]);
  if (sorted.some((f, i) => f !== findings[i])) out.push('findings are not in document, line, column, rule order');
  return out;
}

/** Every member name the body schemas know, so generated bodies hit real checks, not only "unknown member". */
export const MEMBER_NAMES: readonly string[] = (() => {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const schema = value as JsonSchema;
    if (schema.properties && typeof schema.properties === 'object') for (const name of Object.keys(schema.properties)) names.add(name);
    for (const child of Object.values(schema)) walk(child);
  };
  walk(Object.values(BODY_SCHEMAS));
  walk(DEFINITIONS);
  return [...names, 'method', 'path', 'body', 'headers', 'X-AUTH-TOKEN', '<<', '__proto__', 'constructor'].sort();
})();

/** Values that mean something to some check. */
const INTERESTING_STRINGS = [
  '', ' ', '0.180', '0755', '1:30', 'yes', 'on', 'off', 'null', '~', 'true', '"25"', '100GB', '${VAR}', '${env:KEY}', '$VAR', '<your_key>', '****',
  '10.0.0.0/8', '10.1.2.3/24', '0.0.0.0/0', '::/0', '2001:db8::1', 'not-an-ip', 'subnet-1111aaaa,subnet-2222bbbb', ' subnet-1, ', 'sg-0123abcd',
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 ops@example.com', 'ssh-dss AAAAB3NzaC1kc3M=', '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----',
  'spot', 'ondemand', 'spotblock', 'hadoop2', 'spark', 'presto', 'airflow', 'start', 'terminate', 'standard', 'st1', 'ssd', 'CUSTOMER_MANAGED',
  'PUT', 'POST', 'GET', 'DELETE', '/api/v2.0/clusters/etl/state', '/api/v1.3/clusters/etl', '/api/v2/accounts/whitelist_ip/1,2,2', '/api/v2/clusters/x/clone',
  '<allocations><pool name="a"></pool></allocations>', '<a><b></a>', 'a=b\nc', 'mapred.x=1\nbad line', 'set hive.x=1;', 'dGVzdGtleXRlc3RrZXl0ZXN0a2V5dGVzdGtleXRlcw==',
  'user@example.com', 'not-an-email', 'us-east-1', 'm1.large', 'etl', '# dplint-disable-line', '\u0000', '\t', '\u2028', '\ud800', '😀',
];

/** A JSON-like value whose keys are mostly real member names and whose leaves mostly mean something. */
export const bodyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...INTERESTING_STRINGS),
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -5, max: 2000 }),
    fc.constantFrom(0, -0, 0.5, 1.0, 90, 360, 1e21, -1, Number.MAX_SAFE_INTEGER),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...MEMBER_NAMES), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** An operation for `--operation`, or none (the file then declares one, or it is inferred). */
export const operationOption = fc.option(fc.constantFrom(...OPERATION_IDS), { nil: undefined });

/** A modeline or nothing, to put in front of a YAML text. */
export const modeline = fc.oneof(
  fc.constant(''),
  fc.constantFrom(...OPERATION_IDS).map((id) => `# dplint: operation=${id}\n`),
  fc.constantFrom('# dplint: operation=nope\n', '# yaml-language-server: $schema=../schemas/edit-cluster.schema.json\n', '# dplint-disable\n', '# dplint-disable-next-line schema/unknown-member, nope/rule -- why\n'),
);

/** Pieces of YAML syntax, for token soup: anything the lexer has a state for. */
export const YAML_TOKENS = [
  ':', ': ', '-', '- ', '? ', ',', '[', ']', '{', '}', '"', "'", '\\', '#', '# c', '&a ', '*a', '!tag ', '!!str ', '!!js/function ', '|', '>-', '|2', '<<: ', '---', '...', '%YAML 1.1', '%TAG ! tag:x,2000:',
  '\n', '\r\n', '\r', '  ', '\t', ' ', 'a', 'label', 'max_nodes', 'node_configuration', 'compute_secret_key', '0.180', '1', 'yes', '~', 'null', '${X}', '@', '`', '%', '\ufeff', '\u0000', '\u0085', '\u2028', '😀', '\ud800',
];

export const tokenSoup = fc.array(fc.constantFrom(...YAML_TOKENS), { maxLength: 60 }).map((tokens) => tokens.join(''));

/** The sample repository's cluster files: valid, realistic bodies to mutate. */
export const CLUSTER_FILES: ReadonlyArray<{ name: string; text: string }> = readdirSync('fixtures/config-repo/clusters')
  .sort()
  .map((name) => ({ name, text: readFileSync(join('fixtures/config-repo/clusters', name), 'utf8') }));

type Mutation = (text: string) => string;

/** One edit of a text: a deletion, an insertion of syntax, a duplicated, swapped or re-indented line, a changed character. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat({ max: 20 })).map(([at, length]): Mutation => (text) => {
    const start = at % (text.length + 1);
    return text.slice(0, start) + text.slice(start + length);
  }),
  fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...YAML_TOKENS), tokenSoup)).map(([at, insert]): Mutation => (text) => {
    const start = at % (text.length + 1);
    return text.slice(0, start) + insert + text.slice(start);
  }),
  fc.nat().map((at): Mutation => (text) => {
    const lines = text.split('\n');
    const i = at % lines.length;
    return [...lines.slice(0, i + 1), lines[i], ...lines.slice(i + 1)].join('\n');
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]): Mutation => (text) => {
    const lines = text.split('\n');
    const [i, j] = [a % lines.length, b % lines.length];
    [lines[i], lines[j]] = [lines[j], lines[i]];
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.integer({ min: -4, max: 4 })).map(([at, shift]): Mutation => (text) => {
    const lines = text.split('\n');
    const i = at % lines.length;
    lines[i] = shift >= 0 ? ' '.repeat(shift) + lines[i] : lines[i].replace(new RegExp(`^ {0,${-shift}}`), '');
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...INTERESTING_STRINGS.filter((s) => !s.includes('\n')))).map(([at, value]): Mutation => (text) => {
    // A value replaced: the text after the first ": " on some line.
    const lines = text.split('\n');
    const i = at % lines.length;
    const colon = lines[i].indexOf(': ');
    if (colon !== -1) lines[i] = lines[i].slice(0, colon + 2) + value;
    return lines.join('\n');
  }),
);

/** A sample cluster file with one to six edits. */
export const mutatedClusterFile = fc
  .tuple(fc.constantFrom(...CLUSTER_FILES), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([file, edits]) => ({ name: file.name, text: edits.reduce((text, edit) => edit(text), file.text) }));
