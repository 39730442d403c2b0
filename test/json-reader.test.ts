import { describe, expect, test } from 'vitest';
import { isMap, isScalar, isSeq, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { jsonDocument, readJson } from '../src/parse/json-reader.js';

/**
 * src/parse/json-reader.ts on written examples; test/properties/json-reader.test.ts holds it to
 * `yaml` and JSON.parse on generated texts.
 */
describe('readJson', () => {
  test("gives the data and each later key of a name an object repeats, with the first key's offset", () => {
    // rules/yaml/duplicate-key.ts's JSON case: the finding at 1:20, "first defined on line 1".
    expect(readJson('{"label": ["etl"], "label": ["adhoc"]}\n', { maxDepth: 200 })).toEqual({
      value: { label: ['adhoc'] },
      duplicates: [{ key: 'label', path: '/label', range: [19, 26], first: 1 }],
      plainScalars: 0,
      breaks: [],
    });
  });

  test('reads keys with their escapes, names the path as a JSON Pointer, and names the first key for each repeat', () => {
    const text = '{"a": [0, {"x~/": 1,\n "x~\\/": 2, "x\\u007e/": 3}], "b": 1}';
    const reading = readJson(text, { maxDepth: 200 });
    expect(reading).toEqual({
      value: { a: [0, { 'x~/': 3 }], b: 1 },
      duplicates: [
        { key: 'x~/', path: '/a/1/x~0~1', range: [22, 28], first: 11 },
        { key: 'x~/', path: '/a/1/x~0~1', range: [33, 43], first: 11 },
      ],
      plainScalars: 5,
      breaks: [],
    });
  });

  test('tells a key from a string value of the same text, and keys of other objects apart', () => {
    expect(readJson('{"a": "a", "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}]}', { maxDepth: 200 })).toMatchObject({ duplicates: [] });
  });

  test("gives json-error.ts's reason and offset for a text that is not JSON", () => {
    expect(readJson('{"a": 1,}', { maxDepth: 200 })).toEqual({ error: { offset: 7, detail: "a comma before '}' starts no member: remove the trailing comma" } });
    expect(readJson('', { maxDepth: 200 })).toEqual({ error: { offset: 0, detail: 'the file holds no JSON value' } });
  });

  test('gives the offset of the first bracket deeper than maxDepth (the top one at depth 1)', () => {
    expect(readJson('{"a": [[1]], "b": [[[2]]]}', { maxDepth: 3 })).toEqual({ tooDeep: 20 });
    expect(readJson('{"a": [[1]]}', { maxDepth: 3 })).toMatchObject({ value: { a: [[1]] } });
  });

  test('finds the line breaks of YAML 1.1 readers in strings, as parse/line-break reports them', () => {
    // A line separator beside a space is folded by PyYAML; one between two letters is kept (no finding).
    expect(readJson('{"a": "x\u2028 y", "b": "x\u2029y", "c": "\u0085"}', { maxDepth: 200 })).toMatchObject({
      breaks: [
        { offset: 8, character: '\u2028', quoted: true },
        { offset: 32, character: '\u0085', quoted: true },
      ],
    });
  });

  test('reads a nesting of 100,000 arrays without overflowing the stack', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(readJson(text, { maxDepth: 200 })).toEqual({ tooDeep: 200 });
  });
});

describe('jsonDocument', () => {
  test("builds yaml's nodes: flow collections, styles, sources, number formats and node ends", () => {
    const text = '{"a": [1.50, -2e3, true, null, "x\\n"] ,\n\n "b": {}\n}\n';
    const document = jsonDocument(text);
    expect(document.range).toEqual([0, 52, 52]);
    const map = document.contents as YAMLMap<Scalar, unknown>;
    expect(isMap(map) && map.flow).toBe(true);
    expect(map.range).toEqual([0, 51, 52]);
    const [a, b] = map.items;
    expect({ ...a.key }).toEqual({ value: 'a', range: [1, 4, 4], source: 'a', type: Scalar.QUOTE_DOUBLE });
    const seq = a.value as YAMLSeq<Scalar>;
    expect(isSeq(seq) && seq.range).toEqual([6, 37, 38]);
    expect(seq.items.map((item) => ({ ...item }))).toEqual([
      { value: 1.5, minFractionDigits: 2, range: [7, 11, 11], source: '1.50', type: Scalar.PLAIN },
      { value: -2000, range: [13, 17, 17], source: '-2e3', type: Scalar.PLAIN, format: 'EXP' },
      { value: true, range: [19, 23, 23], source: 'true', type: Scalar.PLAIN },
      { value: null, range: [25, 29, 29], source: 'null', type: Scalar.PLAIN },
      { value: 'x\n', range: [31, 36, 36], source: 'x\n', type: Scalar.QUOTE_DOUBLE },
    ]);
    // A blank line before a key marks it, as `yaml` does.
    expect({ ...b.key }).toEqual({ value: 'b', range: [42, 45, 45], source: 'b', type: Scalar.QUOTE_DOUBLE, spaceBefore: true });
    expect(isMap(b.value) && (b.value as YAMLMap).range).toEqual([47, 49, 50]);
    expect(document.toJS()).toEqual({ a: [1.5, -2000, true, null, 'x\n'], b: {} });
    expect(document.errors).toEqual([]);
  });

  test('builds a nesting of 100,000 arrays without overflowing the stack', () => {
    const depth = 100_000;
    const document = jsonDocument('['.repeat(depth) + ']'.repeat(depth));
    let node = document.contents as YAMLSeq;
    let level = 1;
    while (node.items.length > 0) {
      node = node.items[0] as YAMLSeq;
      level++;
    }
    expect([level, node.range]).toEqual([depth, [depth - 1, depth + 1, depth + 1]]);
  });

  test('reads a top-level scalar, with its line break and the next line as the document ends', () => {
    const document = jsonDocument('  42  \n \n\n');
    expect(isScalar(document.contents) && document.contents.range).toEqual([2, 4, 7]);
    expect(document.range).toEqual([0, 7, 9]);
  });

  test('throws on a text that is not JSON', () => {
    expect(() => jsonDocument('{a: 1}')).toThrow('not JSON at offset 1');
  });
});
