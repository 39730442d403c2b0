// Masking reads a block-read file's credentials from the block reader's notes (ParsedFile.notes,
// BlockReading.visit), each member's name judged once, not from the nodes: the ranges of
// credentials' values, the scalars only the node walk masks, the data inside credentials' values
// (for messages) and the members' `:` the line pass may pass over. Each case is one the nodes
// covered implicitly: it names what masking shows and masks, and holds the notes to the nodes
// (the same text read by `yaml`, which makes no notes).
import { describe, expect, test } from 'vitest';
import { parseText } from '../src/parse/parse.js';
import { FileSecrets } from '../src/schema/secrets.js';

/** The text masked from the block reader's notes, and from `yaml`'s nodes. */
function bothWays(text: string): { notes: FileSecrets; nodes: FileSecrets } {
  const block = parseText(text, 'yaml');
  // The case is about the notes: the block reader read it and noted it.
  expect(block.reader).toBe('block');
  expect(block.notes).toBeTypeOf('function');
  const yaml = parseText(text, 'yaml', { reader: 'yaml' });
  expect(yaml.notes).toBeUndefined();
  return {
    notes: new FileSecrets(text, { parsed: block, values: block.documents.map((document) => document.value) }),
    nodes: new FileSecrets(text, { parsed: yaml, values: yaml.documents.map((document) => document.value) }),
  };
}

describe('masking from the block reader\'s notes shows what masking from the nodes shows', () => {
  test.each([
    ['a plain value', 'vm_settings:\n  compute_secret_key: abcdef123\n', 'vm_settings:\n  compute_secret_key: ****\n'],
    ['a double-quoted value (its quotes stay)', 'compute_secret_key: "abc def"\nlabel: [a]\n', 'compute_secret_key: "****"\nlabel: [a]\n'],
    ["a single-quoted value with a quote in it", "storage_secret_key: 'it''s'\n", "storage_secret_key: '****'\n"],
    ['a literal block (its header stays)', 'script: x\nfernet_key: |\n  line one\n  line two\nlabel: [a]\n', 'script: x\nfernet_key: |\n  ****\n  ****\nlabel: [a]\n'],
    ['a folded block', 'fernet_key: >-\n  one\n  two\n', 'fernet_key: >-\n  ****\n  ****\n'],
    ['a flow list', 'api_token: [abc, "def"]\n', 'api_token: ****\n'],
    ['a mapping, and the members after it', 'monitor:\n  api_token:\n    first: 1\n    second: two\n  other: 3\n', 'monitor:\n  api_token:\n    ****\n    ****\n  other: 3\n'],
    ['a sequence item\'s mapping', 'hosts:\n  - name: a\n    password: hunter2x\n  - name: b\n', 'hosts:\n  - name: a\n    password: ****\n  - name: b\n'],
    ['placeholders and blanks kept, an empty mapping masked', 'compute_secret_key: ${SECRET}\ncompute_access_key: ""\nsecret: {}\n', 'compute_secret_key: ${SECRET}\ncompute_access_key: ""\nsecret: ****\n'],
    ['the second document of a stream', 'label: [a]\n---\npassword: abcdef\n', 'label: [a]\n---\npassword: ****\n'],
    // Only the line pass reads `pwd` before the `:` of `x pwd`, and `pwd` of `cfg/pwd`: their `:` is
    // not the reader's to pass over, though the reader judged their whole names no credential's.
    ['a name of words whose last is a credential\'s', 'x pwd: abcdef\n', 'x pwd: ****\n'],
    ['a name with a `/` whose last part is a credential\'s', 'cfg/pwd: abcdef\n', 'cfg/pwd: ****\n'],
    // A folded scalar under an ordinary name: a setting in it runs on to the next line of the file.
    ['a credential setting a folded scalar carries over two lines', 'notes: >\n  fs.s3a.secret.key=abc\n  def\nlabel: [a]\n', 'notes: >\n  ****\n  ****\nlabel: [a]\n'],
    // A private key whose BEGIN marker a folded scalar writes over two lines: no line holds it.
    // One-line scalars are read without escapes: a marker in the value is a marker in the text, which the line pass masks.
    ["a private key in a single-quoted value", "k: 'it''s -----BEGIN RSA PRIVATE KEY----- x -----END RSA PRIVATE KEY-----'\nlabel: [a]\n", '****\nlabel: [a]\n'],
    ['a private key whose marker is folded over two lines', 'bootstrap: >\n  -----BEGIN RSA\n  PRIVATE KEY----- abc\nlabel: [a]\n', 'bootstrap: >\n  ****\n  ****\nlabel: [a]\n'],
  ])('%s', (_, text, shown) => {
    const { notes, nodes } = bothWays(text);
    expect(notes.shown()).toBe(shown);
    expect(nodes.shown()).toBe(shown);
  });
});

describe('messages are masked with the data inside credentials\' values, as the notes read it', () => {
  test.each([
    // The data, not the text: 0.50 is read as 0.5, which a message quotes.
    ['a number', 'compute_secret_key: 0.50\n', 'compute_secret_key must be a string; got "0.5"', 'compute_secret_key must be a string; got "****"'],
    // A member's name inside a credential's value is part of it.
    ['a name inside a credential\'s mapping', 'compute_secret_key:\n  abc: 1\n', 'unknown member "abc"', 'unknown member "****"'],
    ['a value inside a credential\'s list', 'api_token: [xyz, 2]\n', 'item "xyz" is not allowed', 'item "****" is not allowed'],
    // Not a credential's: an ordinary member's value is left in the message.
    ['an ordinary value', 'label: [xyz]\ncompute_secret_key: abcdef123\n', 'item "xyz" is not allowed', 'item "xyz" is not allowed'],
  ])('%s', (_, text, message, masked) => {
    const { notes, nodes } = bothWays(text);
    expect(notes.message(message)).toBe(masked);
    expect(nodes.message(message)).toBe(masked);
  });
});

// The notes' data inside credentials' values stands for the walk of `values` only where `values`
// is the data of the very file parsed: a caller handing other data has that data walked.
test('a message is masked of the credentials of the data handed, not only of the parsed file\'s', () => {
  const parsed = parseText('label: [a]\n', 'yaml');
  expect(parsed.notes).toBeTypeOf('function');
  const secrets = new FileSecrets('label: [a]\n', { parsed, values: [{ password: 'hunter2x-secret' }] });
  expect(secrets.message('value "hunter2x-secret" is not allowed')).toBe('value "****" is not allowed');
});
