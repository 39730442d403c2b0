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
    // The trailing comma itself, not the brace after it.
    expect(file.findings[0]).toMatchObject({ ruleId: 'parse/syntax', severity: 'error', line: 2, column: 19, message: "JSON syntax error: a comma before '}' starts no member: remove the trailing comma" });
    expect(file.documents).toEqual([]);
  });

  // V8 gives no position for most of these (the finding sat at the end of the file), words them
  // differently in Node 20 and 22, and quotes the text around them: the scan finds the offset and
  // says why in fixed words.
  test.each([
    ['an unquoted word in a list', '{\n  "label": [etl]\n}\n', 2, 13, 'an unquoted word: a string must be in double quotes'],
    ['NaN', '{\n  "node_configuration": {"max_nodes": NaN}\n}\n', 2, 39, 'NaN and Infinity are not JSON numbers'],
    ['-Infinity', '{"max_nodes": -Infinity}', 1, 15, 'NaN and Infinity are not JSON numbers'],
    ['a // comment', '{\n  // edited by the deploy job\n  "label": ["etl"]\n}\n', 2, 3, 'a comment is not JSON'],
    ['a /* comment */ after a value', '{"label": ["etl"] /* x */}', 1, 19, 'a comment is not JSON'],
    ['a letter in the middle of a long file', '{\n  "label": ["etl"],\n  "vm_settings": {\n    "cloud_region": "us-east-1",\n    "master_instance_type": "m5.xlarge",\n    "slave_instance_type": s5.xlarge\n  },\n  "node_configuration": {\n    "initial_nodes": 2,\n    "max_nodes": 10\n  },\n  "presto_version": "0.208",\n  "spark_version": "2.4",\n  "enable_ganglia_monitoring": true\n}\n', 6, 28, 'an unquoted word: a string must be in double quotes'],
    ['a single-quoted string', "{'label': ['etl']}", 1, 2, 'a string must be in double quotes, not single quotes'],
    ['an unquoted member name', '{label: ["etl"]}', 1, 2, "a member's name must be in double quotes"],
    ['a missing colon', '{"label" ["etl"]}', 1, 10, "expected ':' after a member's name"],
    ['a missing comma between members', '{"label": ["etl"]\n "state": "start"}', 2, 2, "expected ',' or '}' after a member's value"],
    ['a missing comma between items', '{"label": ["etl" "ad-hoc"]}', 1, 18, "expected ',' or ']' after an item"],
    ['a trailing comma in a list', '{"label": ["etl",]}', 1, 17, "a comma before ']' starts no item: remove the trailing comma"],
    ['True in capitals', '{"enable_ganglia_monitoring": True}', 1, 31, 'JSON writes true, false and null in lower case'],
    ['a leading zero', '{"max_nodes": 010}', 1, 15, 'a malformed number: JSON writes -12, 0.5 or 1e3 (no leading zeros or +, a digit after the point)'],
    ['a unit after a number', '{"blk_volume_size": 100GB}', 1, 21, 'a malformed number: JSON writes -12, 0.5 or 1e3 (no leading zeros or +, a digit after the point)'],
    ['a string that runs past its line', '{"label": ["etl\n"]}', 1, 12, 'a string is not closed: it has no closing double quote on its line'],
    ['a tab inside a string', '{"label": ["e\ttl"]}', 1, 14, 'a control character (a line break or tab) inside a string must be escaped (\\n, \\t)'],
    ['a bad escape', '{"label": ["e\\xtl"]}', 1, 14, 'a backslash in a string must start an escape: \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits'],
    ['text after the value', '{"label": ["etl"]}\n{"label": ["ad-hoc"]}\n', 2, 1, 'text after the JSON value: a JSON file holds one value'],
    ['an object not closed', '{\n  "label": ["etl"]\n', 3, 1, 'the text ends before the JSON value does (an object or array is not closed)'],
    ['an empty file', '  \n', 2, 1, 'the file holds no JSON value'],
    ['a value missing after a colon', '{"state": }', 1, 11, 'expected a value: a string in double quotes, a number, true, false, null, an object or an array'],
  ])('a JSON syntax error at its own place: %s', (_, text, line, column, detail) => {
    const file = parseText(text, 'json');
    expect(file.findings.map((f) => [f.ruleId, f.line, f.column, f.message])).toEqual([['parse/syntax', line, column, `JSON syntax error: ${detail}`]]);
    expect(file.documents).toEqual([]);
  });

  test('a JSON syntax error quotes no text of the file, whatever V8 would', () => {
    for (const text of ['{"compute_secret_key": PLANTEDxSECRET}', '{"compute_secret_key": "PLANTEDxSECRET" x}', '{"compute_secret_key": "PLANTEDxSECRET"}xyz', "{'compute_secret_key': 'PLANTEDxSECRET'}"]) {
      const [finding] = parseText(text, 'json').findings;
      expect(finding.ruleId).toBe('parse/syntax');
      expect(finding.message).not.toMatch(/PLANTED|SECRET|xyz|position/);
    }
  });

  test('an alias that names no anchor is a syntax error at the alias, not a limit', () => {
    const file = parseText('node_configuration:\n  initial_nodes: 2\n  max_nodes: *undefined\n', 'yaml');
    expect(file.findings).toEqual([
      {
        ruleId: 'parse/syntax',
        severity: 'error',
        message: 'YAML syntax error: an alias (*name) must name an anchor (&name) set before it in the document; quote a string that starts with *',
        path: '',
        line: 3,
        column: 14,
        endLine: 3,
        endColumn: 24,
      },
    ]);
    expect(file.documents[0].usable).toBe(false);
  });

  test('an alias before its anchor is unresolved too; the alias after it is not', () => {
    const file = parseText('a: [etl]\nlabel: *l\nb: &l [x]\nc: *l\n', 'yaml');
    expect(file.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/syntax', 2, 8]]);
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
