import { isMap, isPair, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { typeAt } from '../schema/schema-at.js';
import { isCredentialKey } from '../schema/secrets.js';
import type { PathFinding } from '../types.js';
import { fieldName } from '../parse/pointer.js';
import yaml11Ambiguous from '../../rules/yaml/yaml11-ambiguous.js';
import { stageMessage } from '../define-rule.js';

/**
 * Finds the scalars, values and keys, whose YAML 1.1 reading (PyYAML's, below) differs from the
 * YAML 1.2 reading dplint checked: the API receives whichever the deploy tool reads. The block
 * reader declines every such scalar (src/parse/block-yaml.ts), so only `yaml`'s nodes have any.
 * `prefix` is the body's path in the document.
 */
export function yaml11Findings(doc: Document.Parsed, operation: string, prefix: readonly string[]): PathFinding[] {
  const findings: PathFinding[] = [];
  const body = prefix.length ? (isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === prefix[0])?.value : undefined) : doc.contents;
  // Iterative: the nodes of a deeply nested document nest as deep.
  const stack: Array<{ node: unknown; path: Array<string | number> }> = [{ node: body, path: [...prefix] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i];
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        if (isMergeKey(pair.key)) {
          // YAML 1.1 merges (PyYAML, and dplint); YAML 1.2 has no merge keys, and js-yaml keeps a member named "<<".
          findings.push({ ...stageMessage(yaml11Ambiguous, 'merge', { field: fieldName(path.slice(prefix.length)) || 'the body' }), path: [...path, '<<'], target: 'key' });
          continue;
        }
        const name = String(pair.key.value);
        const keyFinding = keyReading(pair.key, name, path.slice(prefix.length));
        if (keyFinding) findings.push({ ...keyFinding, path: [...path, name], target: 'key' });
        stack.push({ node: pair.value, path: [...path, name] });
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], path: [...path, i] });
    } else if (isScalar(node)) {
      const finding = valueReading(node, operation, path.slice(prefix.length));
      if (finding) findings.push({ ...finding, path });
    }
  }
  return findings;
}

/** What YAML 1.1 makes of a scalar node, where it is something to compare: plain, or tagged with a YAML 1.1 type. */
function readingOf(node: Scalar): Yaml11Reading | undefined {
  const text = node.source;
  if (typeof text !== 'string') return undefined;
  if (node.tag) return yaml11Tagged(node.tag, text);
  return node.type === Scalar.PLAIN ? yaml11Plain(text) : undefined;
}

/** The data of a reading of `text` that makes a string, null, a boolean or a number. */
function readValue(reading: Exclude<Yaml11Reading, { kind: 'timestamp' | 'refused' }>, text: string): unknown {
  return reading.kind === 'str' ? text : reading.kind === 'null' ? null : reading.value;
}

/** Whether the YAML 1.1 reading is other data than YAML 1.2's `value`: a string is the text read either way. */
function differs(reading: Yaml11Reading, value: unknown): boolean {
  if (reading.kind === 'timestamp' || reading.kind === 'refused') return reading.kind === 'timestamp';
  if (reading.kind === 'str') return typeof value !== 'string';
  const read = readValue(reading, '');
  return !(value === read || (Number.isNaN(value) && Number.isNaN(read)));
}

/** A reading in a message: `the number 8 (octal)`, `the string "1e3"`, `the boolean true`. */
function described(reading: Yaml11Reading, text: string): string {
  if (reading.kind === 'timestamp' || reading.kind === 'refused') return reading.kind === 'timestamp' ? 'a date' : 'nothing';
  const how = 'how' in reading && reading.how ? ` (${reading.how === 'underscores' ? 'underscores dropped' : reading.how})` : '';
  return describedValue(readValue(reading, text)) + how;
}

function describedValue(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  // A number as YAML writes it: `.nan`, `.inf` and `-.inf` for what JavaScript writes otherwise.
  if (typeof value === 'number') return `the number ${Number.isFinite(value) ? String(value) : Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf'}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return value === null ? 'null' : typeof value;
}

/** The text every reader reads as YAML 1.2's value: a plain number as JavaScript writes it, or a quoted string. */
function unambiguous(value: unknown): string | undefined {
  if (typeof value === 'string') return JSON.stringify(value);
  return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null ? String(value) : undefined;
}

function valueReading(node: Scalar, operation: string, bodyPath: ReadonlyArray<string | number>): Omit<PathFinding, 'path'> | undefined {
  const reading = readingOf(node);
  if (!reading || !differs(reading, node.value)) return undefined;
  const key = bodyPath[bodyPath.length - 1];
  // A credential's value is never quoted in a message; a literal one is security/plaintext-secret's.
  if (typeof key === 'string' && isCredentialKey(key)) return undefined;
  const text = String(node.source);
  const field = fieldName(bodyPath);
  const range = node.range;
  if (node.type === Scalar.PLAIN && !node.tag && typeAt(operation, bodyPath) === 'string') {
    // A number or boolean in a string field is yaml/unquoted-string's, whose quoting fix every reader reads alike.
    if (typeof node.value !== 'string') return undefined;
    // Quoting keeps the string dplint checked, and a string is what the field takes.
    return {
      ...stageMessage(yaml11Ambiguous, 'ambiguous', { field, text, reading: described(reading, text) }),
      fix: range ? { range: [range[0], range[1]], text: JSON.stringify(text) } : undefined,
    };
  }
  const written = unambiguous(node.value);
  return {
    ...stageMessage(yaml11Ambiguous, 'differs', { field, text, yaml12: describedValue(node.value), yaml11: described(reading, text), written: written ?? text }),
    // Which reading was meant is the author's to say: a suggestion, never a fix.
    suggestions: range && written !== undefined ? [{ desc: `Write ${written}, as YAML 1.2 reads it`, fix: { range: [range[0], range[1]], text: written } }] : undefined,
  };
}

/** A key `yaml` read as a merge (its value is a symbol then). */
function isMergeKey(key: Scalar): boolean {
  return typeof key.value === 'symbol' || (key.value === '<<' && key.type === Scalar.PLAIN && !key.tag);
}

function keyReading(key: Scalar, written: string, bodyPath: ReadonlyArray<string | number>): Omit<PathFinding, 'path'> | undefined {
  const reading = readingOf(key);
  if (!reading || reading.kind === 'refused') return undefined;
  const text = String(key.source);
  const sent = yaml11KeyText(reading, text);
  // `yaml` makes a null key the member "" (PyYAML and js-yaml: "null").
  const name = key.value === null ? '' : written;
  if (sent === name) return undefined;
  const quoted = JSON.stringify(name);
  const data = { key: text, field: bodyPath.length ? fieldName(bodyPath) : 'the body', yaml12: quoted, yaml11: described(reading, text), sent: sent === undefined ? 'nothing (a date is no JSON key)' : JSON.stringify(sent), quoted };
  // Quoting a key YAML 1.2 reads as the text written keeps it; any other key is the author's to choose.
  const fix = key.range ? { range: [key.range[0], key.range[1]] as [number, number], text: quoted } : undefined;
  return name === text && !key.tag && reading.kind !== 'null' ? { ...stageMessage(yaml11Ambiguous, 'key', data), fix } : { ...stageMessage(yaml11Ambiguous, 'key', data), suggestions: fix ? [{ desc: `Write the key as ${quoted}, as YAML 1.2 reads it`, fix }] : undefined };
}

/**
 * What a YAML 1.1 reader makes of a scalar: PyYAML's resolver and constructors (yaml/resolver.py,
 * yaml/constructor.py, SafeLoader), the reader of the vendor's SDK and of most deploy scripts.
 * YAML 1.2 (dplint, `yaml`, js-yaml) reads `010` as 10, `1e3` as 1000, `on` and `1:30` as
 * strings; PyYAML reads 8, the string "1e3", true and 90.
 */
export type Yaml11Reading =
  | { kind: 'str' }
  | { kind: 'null' }
  | { kind: 'bool'; value: boolean }
  | { kind: 'int'; value: number; how?: 'octal' | 'binary' | 'base-60' | 'underscores' }
  | { kind: 'float'; value: number; how?: 'base-60' | 'underscores' }
  | { kind: 'timestamp' }
  // `<<` and `=` as values: PyYAML's SafeLoader refuses them (no data is sent).
  | { kind: 'refused' };

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
/** The words that read as true, in any case: a plain BOOL's, or a `!!bool` tag's (PyYAML looks it up lower-cased). */
const TRUE_WORD = /^(?:yes|true|on)$/i;
const FLOAT = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP = /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?)$/;

/** The YAML 1.1 reading of a plain (unquoted, untagged) scalar's text. */
export function yaml11Plain(text: string): Yaml11Reading {
  if (text === '') return { kind: 'null' };
  if (BOOL.test(text)) return { kind: 'bool', value: TRUE_WORD.test(text) };
  if (FLOAT.test(text)) return number('float', text);
  if (INT.test(text)) return number('int', text);
  if (NULL.test(text)) return { kind: 'null' };
  // A timestamp starts with its year's digits: most text is not tried against the long pattern.
  const first = text.charCodeAt(0);
  if (first >= 0x30 && first <= 0x39 && TIMESTAMP.test(text)) return { kind: 'timestamp' };
  if (text === '<<' || text === '=') return { kind: 'refused' };
  return { kind: 'str' };
}

/**
 * The YAML 1.1 reading of a scalar with a tag of the YAML 1.1 types (`!!int 010`, `!!bool yes`,
 * `!!float "1"`): PyYAML constructs the tag's type from the text, quoted or not. `undefined` for
 * any other tag (PyYAML reads `!!str` as a string; the rest are `parse/warning`s already).
 */
function yaml11Tagged(tag: string, text: string): Yaml11Reading | undefined {
  switch (tag) {
    case 'tag:yaml.org,2002:int':
      return INT.test(text) ? number('int', text) : { kind: 'refused' };
    case 'tag:yaml.org,2002:float':
      return FLOAT.test(text) || INT.test(text) ? number('float', text) : { kind: 'refused' };
    case 'tag:yaml.org,2002:bool':
      // PyYAML looks the text up lower-cased: any case of the six words.
      return /^(?:yes|no|true|false|on|off)$/i.test(text) ? { kind: 'bool', value: TRUE_WORD.test(text) } : { kind: 'refused' };
    case 'tag:yaml.org,2002:null':
      return { kind: 'null' };
    default:
      return undefined;
  }
}

/** PyYAML's int or float of a text it reads as one: a sign, underscores dropped, base 60; an int's base. */
function number(kind: 'int' | 'float', written: string): Yaml11Reading {
  let text = written.replace(/_/g, '').toLowerCase();
  const sign = text[0] === '-' ? -1 : 1;
  if (text[0] === '-' || text[0] === '+') text = text.slice(1);
  const how = written.includes('_') ? ('underscores' as const) : undefined;
  if (text.includes(':')) return { kind, value: sign * text.split(':').reduce((total, part) => total * 60 + Number(part), 0), how: 'base-60' };
  if (kind === 'float') return { kind, value: text === '.nan' ? NaN : sign * (text === '.inf' ? Infinity : Number(text)), how };
  // (Not -0: PyYAML's int has no sign of zero.)
  if (text === '0') return { kind, value: 0 };
  if (text.startsWith('0b')) return { kind, value: sign * parseInt(text.slice(2), 2), how: 'binary' };
  if (text.startsWith('0x')) return { kind, value: sign * parseInt(text.slice(2), 16), how };
  if (text[0] === '0') return { kind, value: sign * parseInt(text, 8), how: 'octal' };
  return { kind, value: sign * Number(text), how };
}

/** The key a YAML 1.1 reading becomes in the JSON the SDK sends (Python's json.dumps), or `undefined` where it cannot be one (a date). */
function yaml11KeyText(reading: Yaml11Reading, text: string): string | undefined {
  if (reading.kind === 'timestamp') return undefined;
  if (reading.kind === 'float') return pythonFloat(reading.value);
  return reading.kind === 'str' || reading.kind === 'refused' ? text : String(readValue(reading, text));
}

/** A float as Python prints it: `1000.0`, `inf` as JSON's `Infinity`. */
function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? value.toFixed(1) : String(value);
}
