import { describe, expect, test } from 'vitest';
import { applyFixes } from '../../src/fix/apply.js';
import { fixText } from '../../src/engine/fix-text.js';
import { fixRenderer, renderFix, renderSuggestions } from '../../src/fix/render.js';
import { parseText, type SourceFormat } from '../../src/parse/parse.js';
import type { FixIntent } from '../../src/types.js';

/** The text after the intent's edit, or undefined when the engine refuses to make it. */
function edit(text: string, path: Array<string | number>, intent: FixIntent, format: SourceFormat = 'yaml', document = 0): string | undefined {
  const file = parseText(text, format);
  const fix = renderFix(fixRenderer(file), file.documents[document], path, intent);
  return fix && applyFixes(text, [{ fix }]).text;
}

describe('replaceValue: written in the style of the file and of the value it replaces', () => {
  test.each([
    ['a plain scalar stays plain', 'a: x # note\n', ['a'], 'z', 'a: z # note\n'],
    ['y is a YAML 1.1 boolean, so it is quoted', 'a: x\n', ['a'], 'y', 'a: "y"\n'],
    ['a string YAML would read as something else is quoted', 'a: x\n', ['a'], '0.180', 'a: "0.180"\n'],
    ['a YAML 1.1 boolean word is quoted', 'a: x\n', ['a'], 'on', 'a: "on"\n'],
    ['a string with ": " is quoted', 'a: x\n', ['a'], 'k: v', 'a: "k: v"\n'],
    ['a single-quoted value stays single-quoted', "a: 'x'\n", ['a'], "it's", "a: 'it''s'\n"],
    ['a double-quoted value stays double-quoted', 'a: "x"\n', ['a'], 'y', 'a: "y"\n'],
    ['a number', 'a: "25"\n', ['a'], 25, 'a: 25\n'],
    ['a scalar becomes a flow list', 'label: etl # prod\n', ['label'], ['etl'], 'label: [etl] # prod\n'],
    ['a quoted scalar becomes a list of the quoted item', 'label: "etl"\n', ['label'], ['etl'], 'label: ["etl"]\n'],
    ['a block list becomes a scalar on the key\'s line', 'v:\n  s:\n    - a\n    - b\n  r: x\n', ['v', 's'], 'a,b', 'v:\n  s: a,b\n  r: x\n'],
    ['a flow list becomes a scalar', 'v: {s: [a, b]}\n', ['v', 's'], 'a,b', 'v: {s: "a,b"}\n'],
    ['an item of a sequence', 'l:\n  - a\n  - b\n', ['l', 1], 'c', 'l:\n  - a\n  - c\n'],
    ['an empty value gets its space', 'a:\nb: 1\n', ['a'], 1, 'a: 1\nb: 1\n'],
  ])('%s', (_name, text, path, value, expected) => {
    expect(edit(text, path, { kind: 'replaceValue', value })).toBe(expected);
  });

  test('JSON is written as JSON', () => {
    expect(edit('{\n  "a": "25",\n  "l": "x"\n}\n', ['a'], { kind: 'replaceValue', value: 25 }, 'json')).toBe('{\n  "a": 25,\n  "l": "x"\n}\n');
    expect(edit('{\n  "a": "25",\n  "l": "x"\n}\n', ['l'], { kind: 'replaceValue', value: ['x'] }, 'json')).toBe('{\n  "a": "25",\n  "l": ["x"]\n}\n');
  });

  test('the second document of a stream', () => {
    expect(edit('a: 1\n---\na: 1\n', ['a'], { kind: 'replaceValue', value: 2 }, 'yaml', 1)).toBe('a: 1\n---\na: 2\n');
  });

  // In a stream an edit is read back within its own document's part of the text, directives and `---` included.
  test.each([
    ['the first document, before the directives of the next', 'a: 1 # one\n...\n%YAML 1.2\n---\na: 1\n', 0, 'a: 2 # one\n...\n%YAML 1.2\n---\na: 1\n'],
    ['a middle document with comments after it', 'a: 1\n---\na: 1\n# about the next\n---\na: 1\n', 1, 'a: 1\n---\na: 2\n# about the next\n---\na: 1\n'],
    ['the last document, without a final line break', 'a: 1\n---\nb: 0\na: 1', 1, 'a: 1\n---\nb: 0\na: 2'],
    ['next to a document with a syntax error', 'a: [1\n---\na: 1\n', 1, 'a: [1\n---\na: 2\n'],
  ])('%s', (_name, text, document, expected) => {
    expect(edit(text, ['a'], { kind: 'replaceValue', value: 2 }, 'yaml', document)).toBe(expected);
  });

  test('in a stream, an edit that would change more than its value is not made', () => {
    // b aliases a's anchor: writing 2 over a would change b too.
    expect(edit('a: 1\n---\na: &x 1\nb: *x\n', ['a'], { kind: 'replaceValue', value: 2 }, 'yaml', 1)).toBeUndefined();
    // Read back by the block reader: the emptied mapping would read as null.
    expect(edit('x: 1\n---\na:\n  b: 1\n', ['a', 'b'], { kind: 'removeMember' }, 'yaml', 1)).toBeUndefined();
  });
});

describe('renameKey keeps the key\'s quoting', () => {
  test.each([
    ['plain', 'ec2_settings:\n  x: 1\n', 'ec2_settings:\n  x: 1\n'.replace('ec2_settings', 'vm_settings')],
    ['double-quoted', '"ec2_settings": {}\n', '"vm_settings": {}\n'],
    ['single-quoted', "'ec2_settings': {}\n", "'vm_settings': {}\n"],
    ['in a flow mapping', '{ec2_settings: {}, label: [a]}\n', '{vm_settings: {}, label: [a]}\n'],
  ])('%s', (_name, text, expected) => {
    expect(edit(text, ['ec2_settings'], { kind: 'renameKey', to: 'vm_settings' })).toBe(expected);
  });

  test('never onto a member that exists: that would be a duplicate key', () => {
    expect(edit('a: 1\nb: 2\n', ['a'], { kind: 'renameKey', to: 'b' })).toBeUndefined();
  });
});

describe('removeMember takes its lines in YAML and its comma in JSON', () => {
  test.each([
    ['a block member with its comment', 'a: 1 # one\nb: 2\nc: 3\n', ['b'], 'a: 1 # one\nc: 3\n'],
    ['a block member holding a block', 'a: 1\nb:\n  x: 1\n  y: 2\nc: 3\n', ['b'], 'a: 1\nc: 3\n'],
    ['the last member, no final newline', 'a: 1\nb: 2', ['b'], 'a: 1\n'],
    ['a flow member', '{a: 1, b: 2, c: 3}\n', ['b'], '{a: 1, c: 3}\n'],
    ['the last flow member', '{a: 1, b: 2}\n', ['b'], '{a: 1}\n'],
  ])('%s', (_name, text, path, expected) => {
    expect(edit(text, path, { kind: 'removeMember' })).toBe(expected);
  });

  test('JSON', () => {
    expect(edit('{\n  "a": 1,\n  "b": 2\n}\n', ['b'], { kind: 'removeMember' }, 'json')).toBe('{\n  "a": 1\n}\n');
    expect(edit('{\n  "a": 1,\n  "b": 2\n}\n', ['a'], { kind: 'removeMember' }, 'json')).toBe('{\n  "b": 2\n}\n');
  });

  test('not the only member of a block mapping (the mapping would read as null)', () => {
    expect(edit('a:\n  b: 1\n', ['a', 'b'], { kind: 'removeMember' })).toBeUndefined();
  });
});

describe('nestMembers', () => {
  test('YAML: a new key line, the members two spaces in, comments and blank lines kept', () => {
    expect(edit('# top\na: 1 # one\n\n# b\nb:\n  c: |\n    text\n', [], { kind: 'nestMembers', under: 'account' })).toBe(
      '# top\naccount:\n  a: 1 # one\n\n  # b\n  b:\n    c: |\n      text\n',
    );
  });

  test('CRLF line ends stay CRLF', () => {
    expect(edit('a: 1\r\nb: 2\r\n', [], { kind: 'nestMembers', under: 'account' })).toBe('account:\r\n  a: 1\r\n  b: 2\r\n');
  });

  test('JSON: wrapped in the file\'s own indentation', () => {
    expect(edit('{\n\t"a": 1,\n\t"b": [1, 2]\n}\n', [], { kind: 'nestMembers', under: 'account' }, 'json')).toBe('{\n\t"account": {\n\t\t"a": 1,\n\t\t"b": [1, 2]\n\t}\n}\n');
    expect(edit('{"a": 1}', [], { kind: 'nestMembers', under: 'account' }, 'json')).toBe('{"account": {"a": 1}}');
  });

  test('not when the member exists already', () => {
    expect(edit('account: {}\na: 1\n', [], { kind: 'nestMembers', under: 'account' })).toBeUndefined();
  });
});

describe('edits that could change more than meant are refused', () => {
  test('a value under an anchor other nodes alias', () => {
    expect(edit('base: &b\n  size: "25"\nother: *b\n', ['base', 'size'], { kind: 'replaceValue', value: 25 })).toBeUndefined();
  });

  test('a member reached through a merge key', () => {
    expect(edit('base: &b\n  size: "25"\nnode:\n  <<: *b\n', ['node', 'size'], { kind: 'replaceValue', value: 25 })).toBeUndefined();
  });

  test('a block list with comments inside (they would be lost)', () => {
    expect(edit('s:\n  - a # first\n  - b\n', ['s'], { kind: 'replaceValue', value: 'a,b' })).toBeUndefined();
  });

  // A range is looked for a `#` before the file's comments are made (FixRenderer.hasCommentIn):
  // the comment must be found wherever in the range it stands, whatever stands before its `#`.
  test.each([
    ['a comment line at column 0 between two items', 's:\n  - a\n# between\n  - b\nt: 1\n'],
    ['a comment after a tab on the last item', 's:\n  - a\n  - b\t# last\nt: 1\n'],
    ['a comment in a flow list over two lines', 's: [a, # first\n  b]\nt: 1\n'],
  ])('%s: no fix', (_name, text) => {
    expect(edit(text, ['s'], { kind: 'replaceValue', value: 'a,b' })).toBeUndefined();
  });

  test('a `#` inside a quoted item is no comment: the list is still replaced', () => {
    expect(edit('s:\n  - "a#1"\n  - b\nt: 1\n', ['s'], { kind: 'replaceValue', value: 'a#1,b' })).toBe('s: "a#1,b"\nt: 1\n');
  });

  test('a comment just after the range (on the next member) does not stop the edit', () => {
    expect(edit('s:\n  - a\n  - b\n# about t\nt: 1\n', ['s'], { kind: 'replaceValue', value: 'a,b' })).toBe('s: a,b\n# about t\nt: 1\n');
  });

  test('a path the document does not hold', () => {
    expect(edit('a: 1\n', ['b'], { kind: 'replaceValue', value: 2 })).toBeUndefined();
    expect(edit('a: 1\n', ['a', 'b'], { kind: 'renameKey', to: 'c' })).toBeUndefined();
  });
});

test('suggestions keep their descriptions; those that cannot be made are left out', () => {
  const file = parseText('a: 1\nb: 2\n', 'yaml');
  const suggestions = renderSuggestions(fixRenderer(file), file.documents[0], ['a'], [
    { kind: 'renameKey', to: 'c', desc: 'Rename to c' },
    { kind: 'renameKey', to: 'b', desc: 'Rename to b' },
  ]);
  expect(suggestions).toEqual([{ desc: 'Rename to c', fix: { range: [0, 1], text: 'c' } }]);
});

describe('a check\'s own text edit is read back as an intent is', () => {
  const body = (value: string): string => `# dplint: operation=edit-cluster\nnode_configuration:\n  max_nodes: ${value}\n  initial_nodes: 2\n`;

  test.each([
    ['strip', '|-\n    25'],
    ['clip', '|\n    25'],
    ['keep', '|+\n    25'],
    ['folded', '>-\n    25'],
  ])('a number written as a %s block scalar is fixed onto the key\'s line, the next member untouched', (_name, block) => {
    const { output, findings } = fixText(body(block));
    expect(output).toBe(body('25'));
    expect(findings).toEqual([]);
  });

  test('a block scalar with a comment in its header is not fixed (the comment would be lost); the finding stays', () => {
    const text = body('|- # count\n    25');
    const { output, findings } = fixText(text);
    expect(output).toBe(text);
    expect(findings.map((f) => [f.ruleId, f.fix])).toEqual([['body/number-as-string', undefined]]);
  });

  test('a boolean written as a block scalar', () => {
    const text = '# dplint: operation=edit-cluster\nenable_ganglia_monitoring: |-\n  true\nlabel: [etl]\n';
    expect(fixText(text).output).toBe('# dplint: operation=edit-cluster\nenable_ganglia_monitoring: true\nlabel: [etl]\n');
  });
});

describe('a token edit is checked by the value it edits, not by reading the whole file again', () => {
  // One credential named through an alias puts a `*` in the file; the label list's numbers are each fixed to a string.
  const ANCHORED = 'saved: &s PLANTEDxSECRETxL1\nvm_settings:\n  compute_secret_key: *s\n';
  const numbers = Array.from({ length: 3000 }, (_, i) => String(i + 1));
  const text = `# dplint: operation=edit-cluster\n${ANCHORED}label: [${numbers.join(', ')}]\n`;

  test('3,000 numbers in a label list beside an aliased credential: every one is fixed, in one pass, and the credential stays where it was', () => {
    const { output, applied, findings } = fixText(text, {}, { maxPasses: 1 });
    expect(output).toBe(`# dplint: operation=edit-cluster\n${ANCHORED}label: [${numbers.map((n) => `"${n}"`).join(', ')}]\n`);
    expect(applied.length).toBe(3000);
    expect(applied.every((f) => f.ruleId === 'yaml/unquoted-string')).toBe(true);
    expect(findings.map((f) => f.ruleId)).toEqual(['schema/unknown-member', 'security/plaintext-secret']);
  });

  test('where an anchor holds the edited value, an alias elsewhere would change with it: that edit is still read back whole, and refused', () => {
    const aliased = '# dplint: operation=edit-cluster\nlabel: &l [1]\nnode_bootstrap: x\nrepeat: *l\n';
    const file = parseText(aliased, 'yaml');
    expect(renderFix(fixRenderer(file), file.documents[0], ['label', 0], { range: [39, 40], text: '"1"' })).toBeUndefined();
  });
});

// A renderer looks once at what its file's whole text holds (a CRLF, a `*`, a `<<`), when an edit
// first asks: the answers are its file's, never another file's, whichever edit asked first.
describe('what a renderer knows of its file is its own file\'s', () => {
  test('a file without an alias, then one with: the value under the aliased anchor is refused', () => {
    const plain = parseText('base:\n  size: "25"\n', 'yaml');
    expect(renderFix(fixRenderer(plain), plain.documents[0], ['base', 'size'], { kind: 'replaceValue', value: 25 })).toEqual({ range: [14, 18], text: '25' });
    const aliased = parseText('base: &b\n  size: "25"\nother: *b\n', 'yaml');
    expect(renderFix(fixRenderer(aliased), aliased.documents[0], ['base', 'size'], { kind: 'replaceValue', value: 25 })).toBeUndefined();
  });

  test('a file without a merge key, then one with: the rename that a merged member would undo is refused', () => {
    const plain = parseText('node:\n  sise: 1\n', 'yaml');
    expect(renderFix(fixRenderer(plain), plain.documents[0], ['node', 'sise'], { kind: 'renameKey', to: 'size' })).toEqual({ range: [8, 12], text: 'size' });
    // Renamed, `sise: 1` would let the merged `sise: 5` through: not the data the intent means.
    const merged = parseText('base: &b\n  sise: 5\nnode:\n  <<: *b\n  sise: 1\n', 'yaml');
    expect(renderFix(fixRenderer(merged), merged.documents[0], ['node', 'sise'], { kind: 'renameKey', to: 'size' })).toBeUndefined();
  });

  test('one renderer, a nest asked after a rename: the CRLF file\'s line ends', () => {
    const file = parseText('a: 1\r\nsise: 2\r\n', 'yaml');
    const renderer = fixRenderer(file);
    expect(renderFix(renderer, file.documents[0], ['sise'], { kind: 'renameKey', to: 'size' })).toEqual({ range: [6, 10], text: 'size' });
    expect(renderFix(renderer, file.documents[0], [], { kind: 'nestMembers', under: 'account' })).toEqual({ range: [0, 13], text: 'account:\r\n  a: 1\r\n  sise: 2' });
  });
});
