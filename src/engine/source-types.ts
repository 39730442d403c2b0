import { isScalar, Scalar, type Document } from 'yaml';
import { nodeAt } from '../parse/locate.js';
import { fieldName } from '../parse/pointer.js';
import type { PathFinding } from '../types.js';

/** Rules that refine a schema type error with what the source text shows (see `refineTypeFinding`). */
export const SOURCE_TYPE_RULES = {
  'yaml/unquoted-string': 'A string field written as an unquoted number or boolean, which YAML turns into a number (0.180 → 0.18) or boolean.',
  'body/number-as-string': 'A number field written as a quoted string ("25", "100GB").',
  'body/boolean-as-string': 'A boolean field written as a string ("true", yes, on).',
} as const;

const NUMBER_WITH_UNIT = /^([+-]?\d{1,15}(?:\.\d{1,15})?)\s?([A-Za-z%]{0,10})$/;
const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, on: true, off: false, y: true, n: false };

/**
 * A schema type error says what the API would see; the source text often says what the user
 * meant. Where the two differ in a known way, the finding is replaced by one that names the
 * pitfall and carries a fix: `presto_version: 0.180` was meant as the string "0.180";
 * `blk_volume_size: "100GB"` as the number 100.
 */
export function refineTypeFinding(finding: PathFinding, doc: Document.Parsed, text: string): PathFinding {
  if (finding.ruleId !== 'schema/type' || !finding.data) return finding;
  const { expected, unit, secret } = finding.data;
  const { node, complete } = nodeAt(doc, finding.path);
  if (!complete || !isScalar(node) || !node.range) return finding;
  const [start, end] = node.range;
  const source = text.slice(start, end);
  const field = fieldName(finding.path);
  const plain = node.type === Scalar.PLAIN;

  if (expected === 'string' && plain && (typeof node.value === 'number' || typeof node.value === 'boolean')) {
    if (secret) return { ...finding, ruleId: 'yaml/unquoted-string', message: `${field} must be a string; YAML reads the unquoted value as a ${typeof node.value}: quote it` };
    return {
      ...finding,
      ruleId: 'yaml/unquoted-string',
      message: `${field} must be a string; YAML reads the unquoted ${source} as the ${typeof node.value} ${String(node.value)}: quote it as ${JSON.stringify(source)}`,
      fix: { range: [start, end], text: JSON.stringify(source) },
    };
  }

  if ((expected === 'integer' || expected === 'number') && typeof node.value === 'string' && !secret) {
    const match = NUMBER_WITH_UNIT.exec(node.value.trim());
    if (!match) return finding;
    const [, digits, suffix] = match;
    const number = Number(digits);
    const unitMatches = suffix === '' || suffix.toLowerCase() === String(unit).toLowerCase();
    const fits = expected === 'number' || Number.isInteger(number);
    const kind = expected === 'integer' ? 'a whole number' : 'a number';
    const inUnit = unit ? ` (in ${unit})` : '';
    return {
      ...finding,
      ruleId: 'body/number-as-string',
      message:
        unitMatches && fits
          ? `${field} must be ${kind}${inUnit}; got the string ${JSON.stringify(node.value)}: write ${number} without quotes`
          : `${field} must be ${kind}${inUnit}; got the string ${JSON.stringify(node.value)}`,
      ...(unitMatches && fits ? { fix: { range: [start, end] as [number, number], text: String(number) } } : {}),
    };
  }

  if (expected === 'boolean' && typeof node.value === 'string' && !secret) {
    const word = node.value.trim().toLowerCase();
    if (!Object.hasOwn(BOOLEAN_WORDS, word)) return finding;
    const value = BOOLEAN_WORDS[word];
    const why = plain ? ` (YAML 1.1 read ${source} as ${value}; YAML 1.2 and JSON read it as a string)` : '';
    return {
      ...finding,
      ruleId: 'body/boolean-as-string',
      message: `${field} must be a boolean; got the string ${JSON.stringify(node.value)}${why}: write ${value}`,
      fix: { range: [start, end], text: String(value) },
    };
  }
  return finding;
}
