import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import * as jsyaml from 'js-yaml';
import { beforeAll, describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { parseText } from '../../src/parse/parse.js';
import { toPointer } from '../../src/parse/pointer.js';
import { runs, SEED, TIMEOUT } from './invariants.js';

/**
 * The gate is held to every reader a body is sent through (issue 29 item 8): `yaml` (what dplint
 * checks), PyYAML (Debian's python3-yaml, SafeLoader: the SDK's reader) and js-yaml. Bodies full of
 * the scalars and line breaks where readers part are read by all three; wherever another reader's
 * data differs from dplint's, dplint reports an error about the reading (`yaml/yaml11-ambiguous`,
 * `yaml/unquoted-string` for a number in a string field, or a `parse/*` error) at that member. A
 * reader that refuses the text sends nothing: no difference to report.
 */

const PYTHON = '/usr/bin/python3';

/** The rules about how a text is read (besides parse/*): a finding of another rule does not count. */
const READING_RULES = new Set(['yaml/yaml11-ambiguous', 'yaml/unquoted-string']);

/** Each text read by PyYAML's SafeLoader, in one process: its data as tagged JSON, or the error. */
const PYYAML_BATCH = String.raw`
import datetime, json, math, sys, yaml
def key(k):
    # The key json.dumps sends.
    if isinstance(k, str): return k
    if k is True: return 'true'
    if k is False: return 'false'
    if k is None: return 'null'
    if isinstance(k, (int, float)): return json.dumps(k)
    return '<%s %r>' % (type(k).__name__, k)
def enc(v):
    if v is None or isinstance(v, (bool, str)): return v
    if isinstance(v, int): return {'n': str(v)}
    if isinstance(v, float): return {'n': 'NaN' if math.isnan(v) else 'Infinity' if v == math.inf else '-Infinity' if v == -math.inf else repr(v)}
    if isinstance(v, (datetime.date, datetime.datetime)): return {'date': v.isoformat()}
    if isinstance(v, list): return [enc(x) for x in v]
    if isinstance(v, dict): return {'map': {key(k): enc(x) for k, x in v.items()}}
    return {'other': repr(v)}
out = []
for text in json.load(sys.stdin):
    try: out.append({'data': enc(yaml.load(text, Loader=yaml.SafeLoader))})
    except Exception as e: out.append({'error': type(e).__name__})
json.dump(out, sys.stdout)
`;

type Tagged = null | boolean | string | { n: string } | { date: string } | { other: string } | Tagged[] | { map: Record<string, Tagged> };
type Reading = { data: Tagged } | { error: string };

function pyyamlRead(texts: readonly string[]): Reading[] {
  return JSON.parse(execFileSync(PYTHON, ['-c', PYYAML_BATCH], { input: JSON.stringify(texts), maxBuffer: 256 * 1024 * 1024 }).toString()) as Reading[];
}

function tagged(value: unknown): Tagged {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return { n: String(value) };
  if (value instanceof Date) return { date: value.toISOString() };
  if (Array.isArray(value)) return value.map(tagged);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return { map: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, tagged(v)])) };
  return { other: Object.prototype.toString.call(value) };
}

function jsyamlRead(text: string): Reading {
  try {
    return { data: tagged(jsyaml.load(text)) };
  } catch (error) {
    return { error: error instanceof Error ? error.name : 'error' };
  }
}

/** Where two readings part: a member with other data (`value`), or a key one of them lacks (`member`). */
interface Difference {
  kind: 'value' | 'member';
  path: Array<string | number>;
}

const isMap = (value: Tagged): value is { map: Record<string, Tagged> } => value !== null && typeof value === 'object' && !Array.isArray(value) && 'map' in value;
const isNumber = (value: Tagged): value is { n: string } => value !== null && typeof value === 'object' && !Array.isArray(value) && 'n' in value;

function differences(ours: Tagged, theirs: Tagged, path: Array<string | number> = [], out: Difference[] = []): Difference[] {
  if (isMap(ours) && isMap(theirs)) {
    for (const key of new Set([...Object.keys(ours.map), ...Object.keys(theirs.map)])) {
      if (!(key in ours.map) || !(key in theirs.map)) out.push({ kind: 'member', path: [...path, key] });
      else differences(ours.map[key], theirs.map[key], [...path, key], out);
    }
  } else if (Array.isArray(ours) && Array.isArray(theirs) && ours.length === theirs.length) {
    ours.forEach((item, i) => differences(item, theirs[i], [...path, i], out));
  } else if (isNumber(ours) && isNumber(theirs)) {
    const [a, b] = [Number(ours.n), Number(theirs.n)];
    if (!(a === b || (Number.isNaN(a) && Number.isNaN(b)))) out.push({ kind: 'value', path });
  } else if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    out.push({ kind: 'value', path });
  }
  return out;
}

/**
 * Whether a finding about the reading covers a difference: at the member, inside it or around
 * it; for a member one reader lacks (a key read as another key, a merge), anywhere in its parent;
 * a key read as another key, or a merge key, covers every member of its mapping (the other key
 * may be a sibling's, whose value it then replaces); a parse error covers the document.
 */
function covered(difference: Difference, findings: ReadonlyArray<{ ruleId: string; path: string; message: string }>): boolean {
  const at = toPointer(difference.path);
  const parent = toPointer(difference.path.slice(0, -1));
  const inParent = (path: string): boolean => path.startsWith(`${parent}/`) && !path.slice(parent.length + 1).includes('/');
  return findings.some(({ ruleId, path, message }) => {
    if (ruleId.startsWith('parse/')) return true;
    if (inParent(path) && (message.startsWith('the key ') || message.startsWith('the merge key '))) return true;
    if (difference.kind === 'member') return path === parent || path.startsWith(`${parent}/`);
    return path === at || at.startsWith(`${path}/`) || path.startsWith(`${at}/`);
  });
}

// Where readers part: numbers (octal, leading zeros, base 60, exponents, underscores, binary),
// infinities, YAML 1.1 booleans, nulls, dates, `!!` tags; and text every reader reads alike.
const SCALARS = [
  '010', '0755', '09', '0', '-0', '+1', '12', '3.25', '1e3', '1.5e3', '1.0e+3', '1.', '.5', '1:30', '0:30', '190:20:30', '.inf', '-.inf', '.nan', '.NaN',
  '0o10', '0x1F', '0b101', '1_000', '0_7', 'yes', 'no', 'on', 'off', 'y', 'n', 'Yes', 'OFF', 'True', 'FALSE', 'null', '~', 'Null', '2024-01-01',
  '2001-12-14t21:59:43.10-05:00', 'etl', 'x y', '"010"', "'on'", '"a b"', '!!int 010', '!!str 010', '!!float 1', '!!bool yes', '!!int "0x1F"', '!!str on', '=',
];
const KEYS = ['label', 'state', 'max_nodes', 'initial_nodes', 'node_bootstrap', 'team', '0755', 'on', 'off', 'yes', 'No', 'y', '1e3', '010', '1:30', '2024-01-01', 'true', '~', 'null', '0x1F', '1_000', '0b11', '"on"', "'0755'", '!!str yes'];
// Line breaks: LF, CRLF, a lone CR; U+0085, U+2028 and U+2029 (breaks to PyYAML only), alone in a value.
const BREAKS = ['\n', '\r\n', '\r', '\u0085', '\u2028', '\u2029'];
const READER_BREAKS = ['\u0085', '\u2028', '\u2029', ' \u2028', '\u2029 '];
/** Stands for the line's indentation after a break inside it (a comment's hidden line). */
const INDENT = '\u0000';

const scalar = fc.constantFrom(...SCALARS);
const key = fc.constantFrom(...KEYS);
/** A value on a key's line: a scalar, a flow mapping or a flow sequence of scalars. */
const inline = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(fc.tuple(key, scalar), { minLength: 1, maxLength: 3 }).map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`) },
  { weight: 1, arbitrary: fc.array(scalar, { minLength: 1, maxLength: 3 }).map((items) => `[${items.join(', ')}]`) },
);
/** One line of a block mapping at an indentation: `key: value`, a comment, or a comment that a break may end early. */
const line = fc.oneof(
  { weight: 24, arbitrary: fc.tuple(key, inline, fc.integer({ min: 0, max: 40 })).map(([k, v, tab]) => `${k}:${tab === 0 ? '\t' : ' '}${v}`) },
  { weight: 1, arbitrary: fc.tuple(key, inline, fc.constantFrom(...BREAKS)).map(([k, v, brk]) => `# sizes${brk}${INDENT}${k}: ${v}`) },
  { weight: 1, arbitrary: fc.tuple(key, fc.constantFrom(...READER_BREAKS)).map(([k, brk]) => `${k}: a${brk}b`) },
  { weight: 1, arbitrary: fc.tuple(key, fc.constantFrom(...READER_BREAKS), fc.constantFrom('"', "'")).map(([k, brk, q]) => `${k}: ${q}a${brk}b${q}`) },
);

/** The key a line begins with (a comment's hidden key too): distinct keys, or js-yaml refuses the text and yaml/duplicate-key is all there is. */
function keyOf(line: string): string {
  return line.replace(/^# sizes[^\u0000]*\u0000/, '').split(':')[0];
}

/** A body: top-level lines, a nested block mapping, and perhaps a merge of an anchored mapping. */
const body = fc
  .record({
    bom: fc.boolean(),
    top: fc.uniqueArray(line, { minLength: 1, maxLength: 5, selector: keyOf }),
    nested: fc.uniqueArray(line, { minLength: 1, maxLength: 4, selector: keyOf }),
    merge: fc.option(fc.tuple(key, scalar), { freq: 4 }),
    breaks: fc.array(fc.constantFrom('\n', '\n', '\n', '\r\n', '\r'), { minLength: 12, maxLength: 12 }),
  })
  .map(({ bom, top, nested, merge, breaks }) => {
    const lines = [...top.map((l) => l.replace(INDENT, '')), 'node_configuration:', ...nested.map((l) => `  ${l.replace(INDENT, '  ')}`)];
    if (merge) lines.push(`base: &base {${merge[0]}: ${merge[1]}}`, 'custom:', '  <<: *base', '  z: 1');
    // Distinct keys at the top: a duplicate is yaml/duplicate-key's, and js-yaml refuses it.
    return (bom ? '\ufeff' : '') + lines.map((l, i) => l + breaks[i % breaks.length]).join('');
  });

describe('dplint reports every member another reader reads as other data', () => {
  beforeAll(() => {
    // Loudly, never skipped: the gate is held to PyYAML, and CI installs it (.ci/run: python3-yaml).
    try {
      execFileSync(PYTHON, ['-c', 'import yaml'], { stdio: 'pipe' });
    } catch {
      throw new Error(`${PYTHON} cannot import yaml: install Debian's python3-yaml (apt-get install python3-yaml), as .ci/run does`);
    }
  });

  test('the batch reader reads what PyYAML reads', () => {
    expect(pyyamlRead(['max_nodes: 010\n0755: on\n', 'a: 1e3\n', '# c\u2028b: 2\n', 'a:\tb\n'])).toEqual([
      { data: { map: { max_nodes: { n: '8' }, '493': true } } },
      { data: { map: { a: '1e3' } } },
      { data: { map: { b: { n: '2' } } } },
      { error: 'ScannerError' },
    ]);
  });

  test(
    'on generated bodies full of the scalars and breaks where readers part',
    () => {
      const { numRuns } = runs(400);
      const texts = fc.sample(body, { seed: SEED, numRuns });
      const python = pyyamlRead(texts);
      let compared = 0;
      let parted = 0;
      texts.forEach((text, index) => {
        const file = parseText(text, 'yaml');
        const document = file.documents[0];
        const findings = lintText(text, { operation: 'edit-cluster', filename: 'cluster.yaml' }).findings.filter(
          (f) => f.severity === 'error' && (READING_RULES.has(f.ruleId) || f.ruleId.startsWith('parse/')),
        );
        // A text dplint cannot read is refused with a parse error: nothing passes.
        if (file.documents.length !== 1 || !document.usable) {
          expect(findings.some((f) => f.ruleId.startsWith('parse/')), `dplint refused the text without a parse error:\n${JSON.stringify(text)}`).toBe(true);
          return;
        }
        const ours = tagged(document.value);
        for (const [reader, reading] of [['PyYAML', python[index]], ['js-yaml', jsyamlRead(text)]] as const) {
          if ('error' in reading) continue;
          compared++;
          const parts = differences(ours, reading.data);
          if (parts.length > 0) parted++;
          for (const part of parts) {
            expect(
              covered(part, findings),
              `${reader} reads ${toPointer(part.path) || 'the document'} as other data than dplint, and dplint says nothing there:\n${JSON.stringify(text)}\ndplint: ${JSON.stringify(ours)}\n${reader}: ${JSON.stringify(reading.data)}\nfindings: ${JSON.stringify(findings.map((f) => [f.ruleId, f.path]))}`,
            ).toBe(true);
          }
        }
      });
      // The generator does what this test is for: most texts are read by another reader, and in many the readers part.
      expect(compared).toBeGreaterThan(numRuns * 0.6);
      expect(parted).toBeGreaterThan(numRuns * 0.3);
    },
    TIMEOUT,
  );
});
