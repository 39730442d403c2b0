import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMap, isPair, isScalar, isSeq, Lexer, type Document } from 'yaml';
import { jsonDocument, readJson } from '../../src/parse/json-reader.js';
import { parseText, rangeOf } from '../../src/parse/parse.js';
import { renderMessage } from '../../src/define-rule.js';
import duplicateKey from '../../rules/yaml/duplicate-key.js';
import parseLineBreak from '../../rules/parse/line-break.js';
import { BREAK_NAMES } from '../../src/parse/line-breaks.js';
import { runs, TIMEOUT } from './invariants.js';

/**
 * src/parse/json-reader.ts is held to what it replaces: for generated JSON texts (nested objects
 * and arrays, strings with escapes and characters from every plane, numbers of every JSON form,
 * literals, white space of every kind between the tokens, CRLF, blank lines, repeated keys),
 * jsonDocument builds the nodes `yaml`'s parse (parseText, format 'json') builds, member for
 * member, and readJson gives JSON.parse's data, the yaml/duplicate-key findings of parseText and
 * the count of `yaml`'s scalar nodes. Then the same on every JSON file of the repository and
 * of the real bodies.
 */

/** Every own enumerable member of each node (range, value, source, type, flow, format, minFractionDigits, spaceBefore…), by kind, recursively. */
function outline(node: unknown): unknown {
  if (isPair(node)) return { pair: [outline(node.key), outline(node.value)], members: Object.keys(node).sort() };
  const own = (n: object, skip: string): Record<string, unknown> =>
    Object.fromEntries(Object.entries(n).filter(([key]) => key !== skip).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (isScalar(node)) return { scalar: own(node, '') };
  if (isMap(node) || isSeq(node)) return { [isMap(node) ? 'map' : 'seq']: own(node, 'items'), items: node.items.map(outline) };
  return { other: node };
}

/** The document as the rest of dplint reads it: its range, errors, warnings, options, nodes, data and its text as `yaml` writes it. */
function documentOutline(document: Document.Parsed): unknown {
  return {
    range: document.range,
    errors: document.errors.length,
    warnings: document.warnings.length,
    comment: document.comment,
    commentBefore: document.commentBefore,
    // The composer's own directives (`_directives`) aside: the document's are compared.
    options: { ...document.options, _directives: undefined },
    directives: { yaml: document.directives?.yaml, tags: document.directives?.tags, docStart: document.directives?.docStart, docEnd: document.directives?.docEnd },
    contents: outline(document.contents),
    data: document.toJS(),
    written: document.toString(),
  };
}

/** What a text held that the test is for: repeated keys, nodes after a blank line, reader line breaks. */
interface Held {
  duplicates: boolean;
  spaceBefore: boolean;
  breaks: boolean;
}

/** Whether any node of the document is marked as after a blank line. */
function hasSpaceBefore(document: Document.Parsed): boolean {
  const stack: unknown[] = [document.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isPair(node)) stack.push(node.key, node.value);
    else if (isScalar(node) || isMap(node) || isSeq(node)) {
      if (node.spaceBefore) return true;
      if (!isScalar(node)) stack.push(...node.items);
    }
  }
  return false;
}

/** The scalars `yaml`'s lexer marks (plain ones only), as parse.ts counts them for maxScalars. */
function lexedScalars(text: string): number {
  let count = 0;
  for (const token of new Lexer().lex(text)) if (token === '\u001f') count++;
  return count;
}

/** readJson and jsonDocument agree with parseText (its `yaml` parse) on a JSON text. */
function agrees(text: string): Held {
  const parsed = parseText(text, 'json', { reader: 'yaml' });
  expect(parsed.documents.length, `parseText did not read:\n${text}`).toBe(1);
  const theirs = parsed.documents[0];
  const found = (rule: { id: string }) => parsed.findings.filter((f) => f.ruleId === rule.id);
  expect(parsed.findings.length, text).toBe(found(duplicateKey).length + found(parseLineBreak).length);
  const mine = jsonDocument(text);
  expect(documentOutline(mine), `jsonDocument differs from yaml on:\n${JSON.stringify(text)}`).toEqual(documentOutline(theirs.node));
  expect(mine.contents).toStrictEqual(theirs.node.contents);

  const reading = readJson(text, { maxDepth: 200 });
  if (!('value' in reading)) throw new Error(`readJson refused ${JSON.stringify(text)}: ${JSON.stringify(reading)}`);
  // (As text: vitest's equality reads an own `__proto__` member as the prototype.)
  expect(JSON.stringify(reading.value)).toBe(JSON.stringify(JSON.parse(text)));
  // parseText's data is yaml's; for JSON, the later key wins in both.
  expect(reading.value).toEqual(theirs.value);
  expect(reading.plainScalars).toBe(lexedScalars(text));
  const findings = reading.duplicates.map(({ key, path, range, first }) => ({
    ruleId: duplicateKey.id,
    severity: duplicateKey.severity,
    message: renderMessage(duplicateKey.messages.duplicateKey, { key, firstLine: rangeOf(parsed.lineStarts, first, first).line }),
    path,
    ...rangeOf(parsed.lineStarts, range[0], range[1]),
  }));
  expect(findings, `duplicate keys of:\n${text}`).toEqual(found(duplicateKey));
  const breaks = reading.breaks.map(({ offset, character, quoted }) => ({
    ruleId: parseLineBreak.id,
    severity: parseLineBreak.severity,
    message: renderMessage(parseLineBreak.messages[quoted ? 'quoted' : 'outside'], BREAK_NAMES[character]),
    path: '',
    ...rangeOf(parsed.lineStarts, offset, offset + 1),
  }));
  expect(breaks, `line breaks of:\n${text}`).toEqual(found(parseLineBreak));
  return { duplicates: findings.length > 0, spaceBefore: hasSpaceBefore(mine), breaks: breaks.length > 0 };
}

/** White space between tokens: none, spaces, tabs, line breaks (LF, CRLF), blank lines, mixtures. */
const space = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', '\r\n', '\n  ', '\n\n', '\n \n', ' \t\r\n\r\n\t', '\n\n\n    ', ' \n');

/** A character of a string, written as itself or escaped in each way JSON allows. */
const character = fc.oneof(
  fc.constantFrom('a', 'Z', ' ', '#', ':', ',', '{', '}', '[', ']', "'", '-', '&', '*', '!', '|', '>', '%', '@', '`', '~', '?'),
  fc.constantFrom('\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u0041', '\\u00e9', '\\u2028', '\\ud83d\\ude00', '\\ud800', '\\udfff', '\\u0000', '\\u001f'),
  // Raw characters other readers break lines at or treat apart: NEL, LS, PS, BOM, DEL, C1, a non-character, astral ones.
  fc.constantFrom('\u0085', '\u2028', '\u2029', '\ufeff', '\u007f', '\u009f', '\ufffe', 'é', '中', '😀', '\u00a0'),
  fc.string({ unit: 'grapheme', maxLength: 2 }).map((s) => JSON.stringify(s).slice(1, -1)),
);
const string = fc.array(character, { maxLength: 8 }).map((chars) => `"${chars.join('')}"`);

/** Numbers in every JSON form: signs, zeros, fractions with trailing zeros, exponents of both cases and signs, long digit runs. */
const number = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('0', '-0', '0.0', '-0.0', '1.50', '10', '1e3', '1E3', '1e+3', '1e-3', '-2.5E-10', '1.0e5', '1.10e2', '123456789012345678901234567890', '9007199254740993', '1e400', '-1e400', '5e-324', '0.1', '100.000'),
  fc.tuple(fc.integer({ min: -999, max: 999 }), fc.nat(999), fc.boolean(), fc.integer({ min: -30, max: 30 })).map(([whole, fraction, exp, e]) => `${whole}.${fraction}${exp ? `e${e}` : ''}`),
);
const literal = fc.constantFrom('true', 'false', 'null');

/** A JSON value written with white space around its tokens; objects may repeat keys. */
const { value: jsonText, object, array } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, string, number, literal, tie('object'), tie('array')),
  object: fc
    .tuple(
      fc.array(fc.tuple(fc.oneof(string, fc.constantFrom('"a"', '"a"', '"\\u0061"', '"b"', '"a/b~c"', '"__proto__"', '""')), space, space, tie('value'), space, space), { maxLength: 5 }),
      space,
    )
    .map(([members, inner]) => (members.length === 0 ? `{${inner}}` : `{${members.map(([key, s1, s2, value, s3, s4]) => `${s1}${key}${s2}:${s3}${value}${s4}`).join(',')}}`)),
  array: fc
    .tuple(fc.array(fc.tuple(space, tie('value'), space), { maxLength: 5 }), space)
    .map(([items, inner]) => (items.length === 0 ? `[${inner}]` : `[${items.map(([s1, value, s2]) => `${s1}${value}${s2}`).join(',')}]`)),
}));
/**
 * A document: an object or array (a body), at times a scalar, with white space around it. (Not a
 * scalar after a tab on its line: `yaml` reads the tab as indentation and reports a syntax error
 * that JSON has no reason for; JSON.parse, and so readJson, read it.)
 */
const document = fc
  .tuple(
    fc.oneof({ arbitrary: fc.tuple(space, fc.oneof(object, array)), weight: 4 }, { arbitrary: fc.tuple(space.filter((s) => !/\t[^\n]*$/.test(s)), jsonText), weight: 1 }),
    space,
    fc.constantFrom('', '\n', '\r\n', '\n\n', '\n  \n', ' \n\t\n'),
  )
  .map(([[before, value], after, end]) => `${before}${value}${after}${end}`);

describe('the JSON reader and yaml', () => {
  test(
    'read generated JSON texts alike: nodes, ranges, data, duplicate keys, scalars',
    () => {
      const held = { texts: 0, duplicates: 0, spaceBefore: 0, breaks: 0, crlf: 0 };
      fc.assert(
        fc.property(document, (text) => {
          const { duplicates, spaceBefore, breaks } = agrees(text);
          held.texts++;
          held.duplicates += Number(duplicates);
          held.spaceBefore += Number(spaceBefore);
          held.breaks += Number(breaks);
          held.crlf += Number(text.includes('\r\n'));
        }),
        runs(400),
      );
      // The generator makes what the test is for, often.
      expect(held.duplicates / held.texts).toBeGreaterThan(0.1);
      expect(held.spaceBefore / held.texts).toBeGreaterThan(0.1);
      expect(held.breaks / held.texts).toBeGreaterThan(0.05);
      expect(held.crlf / held.texts).toBeGreaterThan(0.2);
    },
    TIMEOUT,
  );

  test('read every JSON file of the repository and of the real bodies alike', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.json')) files.push(path);
      }
    };
    const fixtures = join(__dirname, '..', '..', 'fixtures');
    walk(fixtures);
    const real = [join(__dirname, '..', '..', '..', 'shared', 'real-bodies'), '/work/shared/real-bodies'].find((dir) => existsSync(dir));
    if (real) walk(real);
    let read = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // Files that are not JSON (the hostile and syntax cases) are json-error.ts's.
      const reading = readJson(text, { maxDepth: 200 });
      if ('error' in reading) continue;
      if ('tooDeep' in reading) {
        // parseText refuses it with one finding, at the first bracket too deep.
        const parsed = parseText(text, 'json', { reader: 'yaml' });
        const { line, column } = rangeOf(parsed.lineStarts, reading.tooDeep, reading.tooDeep);
        expect(parsed.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/limit', line, column]]);
        continue;
      }
      agrees(text);
      read++;
    }
    // The 16 of fixtures/ that are JSON, and the 71 real bodies where the shared folder is.
    expect(read).toBeGreaterThanOrEqual(real ? 80 : 10);
  });
});
