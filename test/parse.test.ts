import { describe, expect, test } from 'vitest';
import { locate } from '../src/parse/locate.js';
import { parseText } from '../src/parse/parse.js';
import { fieldName, fromPointer, toPointer } from '../src/parse/pointer.js';

describe('JSON Pointers', () => {
  test('escape ~ and / both ways', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(fromPointer('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(fromPointer('')).toEqual([]);
  });
  test('field names for messages', () => {
    expect(fieldName(['node_configuration', 'heterogeneous_instance_config', 'memory', 0, 'weight'])).toBe(
      'node_configuration.heterogeneous_instance_config.memory[0].weight',
    );
    expect(fieldName([])).toBe('(body)');
  });
});

const CLUSTER = `# dplint: operation=edit-cluster
label: [etl, nightly]
node_configuration:
  max_nodes: 10
  custom_vm_tags:
    team: "data"
  spot_block_settings: {duration: 90}
`;

describe('locate: a data path to the key or the value', () => {
  const file = parseText(CLUSTER, 'yaml');
  const doc = file.documents[0].node;
  const at = (path: (string | number)[], target?: 'key' | 'value') => locate(file, doc, path, target);

  test('a scalar value', () => {
    expect(at(['node_configuration', 'max_nodes'])).toEqual({ line: 4, column: 14, endLine: 4, endColumn: 16 });
  });
  test('the key of a member', () => {
    expect(at(['node_configuration', 'max_nodes'], 'key')).toEqual({ line: 4, column: 3, endLine: 4, endColumn: 12 });
  });
  test('a quoted value spans its quotes', () => {
    expect(at(['node_configuration', 'custom_vm_tags', 'team'])).toEqual({ line: 6, column: 11, endLine: 6, endColumn: 17 });
  });
  test('an item of a flow sequence', () => {
    expect(at(['label', 1])).toEqual({ line: 2, column: 14, endLine: 2, endColumn: 21 });
  });
  test('a value inside a flow mapping', () => {
    expect(at(['node_configuration', 'spot_block_settings', 'duration'])).toEqual({ line: 7, column: 35, endLine: 7, endColumn: 37 });
  });
  test('a block mapping value is pointed at by its key', () => {
    expect(at(['node_configuration'])).toEqual({ line: 3, column: 1, endLine: 3, endColumn: 19 });
  });
  test('a missing member stops at its parent', () => {
    expect(at(['node_configuration', 'initial_nodes'])).toEqual({ line: 3, column: 1, endLine: 3, endColumn: 19 });
  });
  test('the root is its first line', () => {
    expect(at([])).toEqual({ line: 2, column: 1, endLine: 2, endColumn: 22 });
  });

  test('aliases and merge keys point where the value was written', () => {
    const text = 'defaults: &base\n  max_nodes: 4\nnode_configuration:\n  <<: *base\n  initial_nodes: 2\n';
    const merged = parseText(text, 'yaml');
    expect(merged.documents[0].value).toEqual({ defaults: { max_nodes: 4 }, node_configuration: { max_nodes: 4, initial_nodes: 2 } });
    expect(locate(merged, merged.documents[0].node, ['node_configuration', 'max_nodes'])).toEqual({ line: 2, column: 14, endLine: 2, endColumn: 15 });
  });

  test('the last of duplicate keys is the one located', () => {
    const dup = parseText('a: 1\na: 2\n', 'yaml');
    expect(locate(dup, dup.documents[0].node, ['a'])).toEqual({ line: 2, column: 4, endLine: 2, endColumn: 5 });
  });

  test('JSON values', () => {
    const json = parseText('{\n  "cluster_info": {\n    "min_nodes": 3\n  }\n}\n', 'json');
    expect(locate(json, json.documents[0].node, ['cluster_info', 'min_nodes'])).toEqual({ line: 3, column: 18, endLine: 3, endColumn: 19 });
  });
});

describe('locate: part of a string value, where the file writes it', () => {
  /** The range of characters [start, end) of the value at `path`, found by the text they hold. */
  const within = (text: string, format: 'yaml' | 'json', part: string, nth = 0) => {
    const file = parseText(text, format);
    const value = (file.documents[0].value as Record<string, string>).x;
    let start = -1;
    for (let i = 0; i <= nth; i++) start = value.indexOf(part, start + 1);
    expect(start, `${JSON.stringify(part)} is in the value`).toBeGreaterThanOrEqual(0);
    return locate(file, file.documents[0].node, ['x'], 'value', { start, end: start + part.length });
  };

  test('a line of a literal block scalar', () => {
    expect(within('x: |\n  a=1\n  bad line\n', 'yaml', 'bad line')).toEqual({ line: 3, column: 3, endLine: 3, endColumn: 11 });
  });
  test('a more-indented line of a literal block keeps its own indentation', () => {
    expect(within('x: |\n  a\n    b\n', 'yaml', 'b')).toEqual({ line: 3, column: 5, endLine: 3, endColumn: 6 });
  });
  test('an explicit indentation indicator', () => {
    expect(within('x: |2\n   a\n', 'yaml', 'a')).toEqual({ line: 2, column: 4, endLine: 2, endColumn: 5 });
  });
  test('CRLF line ends', () => {
    expect(within('x: |\r\n  a\r\n  b\r\n', 'yaml', 'b')).toEqual({ line: 3, column: 3, endLine: 3, endColumn: 4 });
  });
  test('a folded block scalar: lines joined by a space or parted by an empty line', () => {
    expect(within('x: >\n  one\n  two\n\n  three\n', 'yaml', 'two')).toEqual({ line: 3, column: 3, endLine: 3, endColumn: 6 });
    expect(within('x: >\n  one\n  two\n\n  three\n', 'yaml', 'three')).toEqual({ line: 5, column: 3, endLine: 5, endColumn: 8 });
  });
  test('a double-quoted scalar: an escaped line break stays on its line, a folded one moves on', () => {
    expect(within('x: "k=1\\nbad\n  more"\n', 'yaml', 'bad')).toEqual({ line: 1, column: 10, endLine: 1, endColumn: 13 });
    expect(within('x: "k=1\\nbad\n  more"\n', 'yaml', 'more')).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 7 });
  });
  test('a single-quoted scalar with a doubled quote', () => {
    expect(within("x: 'it''s\n  bad'\n", 'yaml', 'bad')).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 6 });
  });
  test('a plain scalar over two lines', () => {
    expect(within('x: a=1\n  bad\n', 'yaml', 'bad')).toEqual({ line: 2, column: 3, endLine: 2, endColumn: 6 });
  });
  test('a JSON string with \\n escapes: the line\'s own characters, on the string\'s line', () => {
    expect(within('{"x": "a=1\\nbad line"}', 'json', 'bad line')).toEqual({ line: 1, column: 13, endLine: 1, endColumn: 21 });
    expect(within('{"x": "\\u0041\\nb"}', 'json', 'b')).toEqual({ line: 1, column: 16, endLine: 1, endColumn: 17 });
  });
  test('a span outside the value falls back to the value', () => {
    const file = parseText('x: |\n  a\n', 'yaml');
    expect(locate(file, file.documents[0].node, ['x'], 'value', { start: 5, end: 9 })).toEqual({ line: 1, column: 4, endLine: 3, endColumn: 1 });
  });
});

describe('parsing never throws: problems are findings', () => {
  test('a YAML syntax error has a position', () => {
    const file = parseText('label: [etl\nmax_nodes: 3\n', 'yaml');
    expect(file.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/syntax', 2, 1]]);
    expect(file.findings[0].message).toMatch(/^YAML syntax error: /);
    expect(file.documents[0].usable).toBe(false);
  });

  test('a JSON syntax error names the position', () => {
    const file = parseText('{\n  "state": "start",\n}\n', 'json');
    expect(file.findings).toHaveLength(1);
    expect(file.findings[0]).toMatchObject({ ruleId: 'parse/syntax', severity: 'error', line: 3, column: 1 });
    expect(file.documents).toEqual([]);
  });

  test('duplicate keys: the later key, naming the first line', () => {
    const file = parseText('node_configuration:\n  max_nodes: 3\n  max_nodes: 5\n', 'yaml');
    expect(file.findings).toEqual([
      {
        ruleId: 'yaml/duplicate-key',
        severity: 'error',
        message: 'duplicate key "max_nodes": first defined on line 2; only the last value is sent',
        path: '/node_configuration/max_nodes',
        line: 3,
        column: 3,
        endLine: 3,
        endColumn: 12,
      },
    ]);
    expect(file.documents[0].value).toEqual({ node_configuration: { max_nodes: 5 } });
  });

  test('multi-document streams carry the document index', () => {
    const file = parseText('a: 1\n---\nb: 2\nb: 3\n', 'yaml');
    expect(file.documents.map((d) => d.value)).toEqual([{ a: 1 }, { b: 3 }]);
    expect(file.findings.map((f) => [f.ruleId, f.document, f.line])).toEqual([['yaml/duplicate-key', 1, 4]]);
  });

  test('an alias bomb is refused with the limit named', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill('*' + 'abcdefghi'[i]).join(',')}]`)].join('\n') + '\n';
    // (Its aliases stand for 9^9 × 4 characters: maxAliasExpansion, checked first, is lifted to reach maxAliasCount.)
    const file = parseText(bomb, 'yaml', { maxAliasCount: 100, maxAliasExpansion: Infinity });
    expect(file.findings.map((f) => f.ruleId)).toEqual(['parse/limit']);
    expect(file.findings[0].message).toContain('maxAliasCount = 100');
    expect(file.documents[0].usable).toBe(false);
  });

  test('a byte-order mark and CRLF line ends do not shift positions', () => {
    const file = parseText('\ufeffa: 1\r\nb: [\r\n', 'yaml');
    expect(file.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/syntax', 3, 1]]);
    expect(file.bom).toBe(true);
    const ok = parseText('\ufeffa: 1\r\nb: 22\r\n', 'yaml');
    expect(locate(ok, ok.documents[0].node, ['b'])).toEqual({ line: 2, column: 4, endLine: 2, endColumn: 6 });
  });

  test('comments are collected with their lines, not from inside block scalars', () => {
    const file = parseText('# dplint: operation=set-bootstrap\nscript: |\n  # not a comment\n  SET x=1;\nis_user_bootstrap: true # trailing\n', 'yaml');
    expect(file.comments.map((c) => [c.line, c.text, c.ownLine])).toEqual([
      [1, ' dplint: operation=set-bootstrap', true],
      [5, ' trailing', false],
    ]);
  });
});
