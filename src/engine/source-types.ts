import { isScalar, isSeq, Scalar, type Document } from 'yaml';
import { nodeAt } from '../parse/locate.js';
import { fieldName } from '../parse/pointer.js';
import type { SourceFormat } from '../parse/parse.js';
import type { PathFinding } from '../types.js';
import booleanAsString from '../../rules/body/boolean-as-string.js';
import numberAsString from '../../rules/body/number-as-string.js';
import unquotedString from '../../rules/yaml/unquoted-string.js';
import { stageMessage } from '../define-rule.js';

const NUMBER_WITH_UNIT = /^([+-]?\d{1,15}(?:\.\d{1,15})?)\s?([A-Za-z%]{0,10})$/;
const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, on: true, off: false, y: true, n: false };

/**
 * A schema type error says what the API would see; the source text often says what the user
 * meant. Where the two differ in a known way, the finding is replaced by one that names the
 * pitfall and carries a fix: `presto_version: 0.180` was meant as the string "0.180";
 * `blk_volume_size: "100GB"` as the number 100.
 */
export function refineTypeFinding(finding: PathFinding, doc: Document.Parsed, text: string, format: SourceFormat = 'yaml'): PathFinding {
  if (finding.ruleId !== 'schema/type' || !finding.data) return finding;
  const { node, complete } = nodeAt(doc, finding.path);
  if (complete && !finding.data.secret) {
    const listFix = listShapeFix(finding, isScalar(node) ? node.value : isSeq(node) ? (node.toJS(doc) as unknown) : undefined);
    if (listFix) {
      const fix = listFix.fix;
      const how = fix && 'kind' in fix && fix.kind === 'replaceValue' ? `write it as ${flowList(fix.value)}` : finding.data?.expected === 'array' ? 'write it as a list' : 'write it as one string';
      return { ...finding, ...listFix, message: `${finding.message}: ${how}` };
    }
  }
  if (!complete || !isScalar(node) || !node.range) return finding;
  const range: [number, number] = [node.range[0], node.range[1]];
  const source = text.slice(range[0], range[1]);
  // JSON has no unquoted strings: a number or boolean where a string is required is a plain type
  // error, said in JSON's words (how JSON writes a string), and the fix writes it so.
  if (format === 'json' && finding.data.expected === 'string' && (typeof node.value === 'number' || typeof node.value === 'boolean') && !finding.data.secret) {
    return { ...finding, message: `${finding.message}; a JSON string is written in double quotes: ${JSON.stringify(source)}`, fix: { range, text: JSON.stringify(source) } };
  }
  return refine(finding, node.value, { source, plain: format !== 'json' && node.type === Scalar.PLAIN, range });
}

/**
 * The same for a body given as data (`validate`): what a value is, without what the text looked
 * like. A number or boolean where a string is required is only a pitfall of unquoted YAML, so it
 * stays `schema/type`; a string where a number or boolean is required is refined as from a JSON
 * file (quoted, so no YAML 1.1 remark), and carries no fix, there being no text to edit.
 */
export function refineTypeFindingByValue(finding: PathFinding, value: unknown): PathFinding {
  if (finding.ruleId !== 'schema/type' || !finding.data || typeof value !== 'string') return finding;
  return refine(finding, value, { plain: false });
}

function refine(finding: PathFinding, value: unknown, written: { source?: string; plain: boolean; range?: [number, number] }): PathFinding {
  const { expected, unit, secret } = finding.data!;
  const { source, plain, range } = written;
  const field = fieldName(finding.path);
  const fix = (text: string) => (range ? { fix: { range, text } } : {});

  if (expected === 'string' && plain && source !== undefined && (typeof value === 'number' || typeof value === 'boolean')) {
    if (secret) return { ...finding, ...stageMessage(unquotedString, 'quoteSecret', { field, type: typeof value }) };
    return {
      ...finding,
      ...stageMessage(unquotedString, 'quoteIt', { field, written: source, type: typeof value, value: String(value), quoted: JSON.stringify(source) }),
      ...fix(JSON.stringify(source)),
    };
  }

  if ((expected === 'integer' || expected === 'number') && typeof value === 'string' && !secret) {
    const match = NUMBER_WITH_UNIT.exec(value.trim());
    if (!match) return finding;
    const [, digits, suffix] = match;
    const number = Number(digits);
    const unitMatches = suffix === '' || suffix.toLowerCase() === String(unit).toLowerCase();
    const fits = expected === 'number' || Number.isInteger(number);
    const wanted = `${expected === 'integer' ? 'a whole number' : 'a number'}${unit ? ` (in ${unit})` : ''}`;
    return unitMatches && fits
      ? { ...finding, ...stageMessage(numberAsString, 'writeNumber', { field, expected: wanted, value: JSON.stringify(value), number }), ...fix(String(number)) }
      : { ...finding, ...stageMessage(numberAsString, 'notANumber', { field, expected: wanted, value: JSON.stringify(value) }) };
  }

  if (expected === 'boolean' && typeof value === 'string' && !secret) {
    const word = value.trim().toLowerCase();
    if (!Object.hasOwn(BOOLEAN_WORDS, word)) return finding;
    const meant = String(BOOLEAN_WORDS[word]);
    const quoted = JSON.stringify(value);
    return {
      ...finding,
      ...(plain && source !== undefined
        ? stageMessage(booleanAsString, 'yaml11Word', { field, value: quoted, written: source, meant })
        : stageMessage(booleanAsString, 'quoted', { field, value: quoted, meant })),
      ...fix(meant),
    };
  }
  return finding;
}

/** String members that hold several values as one comma-separated string (spec 4.11.1: subnet_id "several as one comma-separated string"). */
const COMMA_SEPARATED = new Set(['subnet_id']);

/** A value as YAML's flow style writes it: `[etl]`, `"a,b"`. */
function flowList(value: unknown): string {
  return Array.isArray(value) ? `[${value.map((item) => (/^[\w.@/-]+$/.test(String(item)) ? String(item) : JSON.stringify(item))).join(', ')}]` : JSON.stringify(value);
}

/**
 * A list where one string is wanted, or one string where a list is: `label: etl` was meant as
 * `[etl]`, `subnet_id: [a, b]` as `"a,b"`. Fixed when the meaning is certain; a string with a
 * comma in it, given for a list, could be one item or several, so a person chooses.
 */
function listShapeFix(finding: PathFinding, value: unknown): Pick<PathFinding, 'fix' | 'suggestions'> | undefined {
  const { expected, items } = finding.data ?? {};
  if (expected === 'array' && items === 'string' && typeof value === 'string' && value.trim() !== '') {
    if (!value.includes(',')) return { fix: { kind: 'replaceValue', value: [value] } };
    const parts = value.split(',').map((part) => part.trim());
    if (parts.some((part) => part === '')) return undefined;
    return {
      suggestions: [
        { kind: 'replaceValue', value: parts, desc: `Make it a list of ${parts.length} items: ${JSON.stringify(parts)}` },
        { kind: 'replaceValue', value: [value], desc: `Make it a list of one item: ${JSON.stringify([value])}` },
      ],
    };
  }
  const field = finding.path[finding.path.length - 1];
  if (expected === 'string' && typeof field === 'string' && COMMA_SEPARATED.has(field) && Array.isArray(value) && value.length > 0) {
    if (!value.every((item) => typeof item === 'string' && item.trim() !== '' && !item.includes(','))) return undefined;
    return { fix: { kind: 'replaceValue', value: value.map((item: string) => item.trim()).join(',') } };
  }
  return undefined;
}
