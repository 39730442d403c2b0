// The line pass of masking (src/schema/secrets.ts, maskLines) passes over a credential member's
// line where the block reader's notes explain the line whole: its name, its `:` and its one-line
// value, which the node pass masked (or kept, placeholders alone). Each case is a line that holds
// such a member and something only the line pass finds: a secret in the member's comment, or a
// value the node pass leaves and the line pass masks. A message quoting it must be masked, and the
// text shown so, from the notes as from `yaml`'s nodes (which make no notes).
import { describe, expect, test } from 'vitest';
import { parseText } from '../src/parse/parse.js';
import { FileSecrets } from '../src/schema/secrets.js';

function bothWays(text: string): Array<[string, FileSecrets]> {
  const block = parseText(text, 'yaml');
  // The case is about the notes: the block reader read the text and noted it.
  expect(block.reader).toBe('block');
  expect(block.notes).toBeTypeOf('function');
  const yaml = parseText(text, 'yaml', { reader: 'yaml' });
  return [block, yaml].map((parsed) => [parsed.reader, new FileSecrets(text, { parsed, values: parsed.documents.map((document) => document.value) })]);
}

describe("a credential member's line holding what only the line pass finds", () => {
  test.each([
    [
      'a setting in the comment after a masked value',
      'vm_settings:\n  compute_secret_key: s3cr3t-Value-991 # was: db_password=hunter2-Old-77\n',
      'vm_settings:\n  compute_secret_key: **** # was: db_password=****\n',
      'got "hunter2-Old-77", then "s3cr3t-Value-991"',
      'got "****", then "****"',
    ],
    [
      "a URL's password in the comment after a placeholder",
      'vm_settings:\n  compute_access_key: ${COMPUTE_ACCESS_KEY} # see postgresql://ops:pg-Pass-7731@db.internal/x\n',
      'vm_settings:\n  compute_access_key: ${COMPUTE_ACCESS_KEY} # see postgresql://ops:****@db.internal/x\n',
      'vm_settings.compute_access_key: got "pg-Pass-7731"',
      'vm_settings.compute_access_key: got "****"',
    ],
    [
      // `sse_key` holds no credential's word: only its `=` makes the line one to read.
      'a setting with no credential word in the comment after a quoted placeholder',
      'vm_settings:\n  compute_secret_key: "${COMPUTE_SECRET_KEY}" # sse_key=Old-Sse-Key-42\n',
      'vm_settings:\n  compute_secret_key: "${COMPUTE_SECRET_KEY}" # sse_key=****\n',
      'unexpected Old-Sse-Key-42',
      'unexpected ****',
    ],
    [
      "a sequence item's member and a `name: value` in its comment",
      'hosts:\n  - password: hunter2x-Long # token: Tok-9981-abc\n',
      'hosts:\n  - password: **** # token: ****\n',
      'hosts[0]: got Tok-9981-abc',
      'hosts[0]: got ****',
    ],
    [
      // The node pass masks no unset value; the line pass reads `null` as the text it is, and masks it.
      'a value the node pass leaves: null',
      'vm_settings:\n  compute_secret_key: null\n',
      'vm_settings:\n  compute_secret_key: ****\n',
      'vm_settings.compute_secret_key is null',
      'vm_settings.compute_secret_key is ****',
    ],
  ])('%s', (_, text, shown, message, masked) => {
    for (const [reader, secrets] of bothWays(text)) {
      expect({ reader, shown: secrets.shown(), message: secrets.message(message) }).toEqual({ reader, shown, message: masked });
    }
  });

  // A setting written `name value` has no `:` or `=` to find it by: the line pass finds it by its
  // dotted name with a credential's word in it and the space after it.
  test.each([
    ['a space', 'spark_settings:\n  defaults: |\n    spark.executor.memory 4g\n    spark.hadoop.fs.s3a.secret.key   AbC-Spark-9931\n', 'spark_settings:\n  defaults: |\n    spark.executor.memory 4g\n    spark.hadoop.fs.s3a.secret.key   ****\n'],
    ['a space, in a comment', 'label: [a]\n# old: fs.s3a.access.key AKIA-Old-Key-77\n', 'label: [a]\n# old: fs.s3a.access.key ****\n'],
  ])('a setting written `name value`, after %s', (_, text, shown) => {
    const secret = /(AbC-Spark-9931|AKIA-Old-Key-77)/.exec(text)![1];
    for (const [reader, secrets] of bothWays(text)) {
      expect({ reader, shown: secrets.shown(), message: secrets.message(`defaults: got "${secret}"`) }).toEqual({ reader, shown, message: 'defaults: got "****"' });
    }
  });

  // In a double-quoted value the free-text pass reads a name after an escape (`\nPwd`) as `Pwd`: a
  // line with such a setting is one to mask, though the name run back from its `=` is `nPwd` (found
  // by the review: a line with a credential's word elsewhere on it was masked before, one without never).
  test.each([
    ['with a credential word elsewhere on the line', 'cluster_name: demo\nnotes: "secret rotation\\nPwd=hunter2XYZ"\n', 'cluster_name: demo\nnotes: "secret rotation\\nPwd=****"\n', 'hunter2XYZ'],
    ['with no credential word on the line', 'cluster_name: demo\nnotes: "x\\nPwd=CCCC3333"\n', 'cluster_name: demo\nnotes: "x\\nPwd=****"\n', 'CCCC3333'],
    ["a whole-name credential after `\\t`, before ':'", 'cluster_name: demo\nother: "a\\tsig: sigVALUE123 x"\n', 'cluster_name: demo\nother: "a\\tsig: ****"\n', 'sigVALUE123'],
  ])('a setting after an escape in a double-quoted value, %s', (_, text, shown, secret) => {
    // The block reader reads no escape: the text is `yaml`'s, and the JSON body's the same line.
    const parsed = parseText(text, 'yaml');
    expect(parsed.reader).toBe('yaml');
    const secrets = new FileSecrets(text, { parsed, values: parsed.documents.map((document) => document.value) });
    expect({ shown: secrets.shown(), message: secrets.message(`notes: got "${secret}"`) }).toEqual({ shown, message: 'notes: got "****"' });
  });

  // The message is masked before anything asks for the shown text (an output that prints no line).
  test('a message masked first, with no shown text made', () => {
    const text = 'vm_settings:\n  compute_secret_key: s3cr3t-Value-991 # was: db_password=hunter2-Old-77\n';
    const parsed = parseText(text, 'yaml');
    const secrets = new FileSecrets(text, { parsed, values: parsed.documents.map((document) => document.value) });
    expect(secrets.message('got "hunter2-Old-77"')).toBe('got "****"');
  });
});
