import { describe, expect, test } from 'vitest';
import { stylish } from '../../src/formatters/stylish.js';
import type { FileResult, FormatOptions } from '../../src/formatters/types.js';
import { maskSecrets } from '../../src/schema/secrets.js';
import { RESULTS } from './fixtures.js';

const lines = (...text: string[]): string => text.join('\n') + '\n';

const one = (source: string | undefined, finding: Partial<FileResult['findings'][number]>): FileResult[] => [
  {
    file: 'a.yaml',
    operation: 'edit-cluster',
    operationSource: 'option',
    ...(source === undefined ? {} : { source, shownSource: maskSecrets(source) }),
    findings: [{ ruleId: 'schema/enum', severity: 'error', message: 'bad', path: '/x', line: 1, column: 1, endLine: 1, endColumn: 2, ...finding }],
  },
];

const cases: Array<{ name: string; results: FileResult[]; options?: FormatOptions; expected: string }> = [
  {
    name: 'the fixture set: frames with context, masked secret, multi-line span clamped to its first line, document index',
    results: RESULTS,
    expected: lines(
      '/work/repo/allow list/multi doc.yaml',
      '  /work/repo/allow list/multi doc.yaml:1:1  info     operation add-whitelist-ip inferred from the body (document 0)  operation/inferred',
      '  > 1 | ip_cidr: 10.0.0.0/8',
      '      | ^^^^^^^^^^^^^^^^^^^',
      '    2 | ---',
      '',
      '  /work/repo/allow list/multi doc.yaml:3:10  error    ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1)  allowlist/ip-cidr-syntax',
      '    2 | ---',
      '  > 3 | ip_cidr: 10.0.0.1/33',
      '      |          ^^^^^^^^^^^',
      '',
      'bin/blob.json',
      '  bin/blob.json:1:1  error    the file is not UTF-8 text  parse/encoding',
      '',
      'clusters/etl.yaml',
      '  clusters/etl.yaml:3:21  error    compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}  security/plaintext-secret',
      '    2 | label: [etl]',
      '  > 3 | compute_secret_key: ****',
      '      |                     ^^^^',
      '    4 | spark_version: 3.10',
      '',
      '  clusters/etl.yaml:4:16  warning  spark_version is a string; 3.10 is read as the number 3.1  yaml/unquoted-string',
      '    3 | compute_secret_key: ****',
      '  > 4 | spark_version: 3.10',
      '      |                ^^^^',
      '    5 | node_configuration:',
      '',
      '  clusters/etl.yaml:6:14  error    node_configuration.max_nodes (2) is below initial_nodes (5)  cluster/max-nodes-below-initial',
      '    5 | node_configuration:',
      '  > 6 |   max_nodes: 2',
      '      |              ^',
      '    7 |   initial_nodes: 5',
      '',
      // A line break in a message is a space: a finding is one line, so a message cannot forge one.
      '  clusters/etl.yaml:8:16  warning  custom_tags: a flow mapping over 2 lines, 100% harder to read write it as a block <mapping> & "quote" nothing  style/flow-mapping',
      '    7 |   initial_nodes: 5',
      '  > 8 |   custom_tags: {a: 1,',
      '      |                ^^^^^^',
      '    9 |     b: 2}',
      '',
      '✖ 7 problems (4 errors, 2 warnings, 1 info) in 4 files',
    ),
  },
  {
    name: '--no-code-frame: the finding lines and summary only',
    results: RESULTS,
    options: { codeFrames: false },
    expected: lines(
      '/work/repo/allow list/multi doc.yaml',
      '  /work/repo/allow list/multi doc.yaml:1:1  info     operation add-whitelist-ip inferred from the body (document 0)  operation/inferred',
      '  /work/repo/allow list/multi doc.yaml:3:10  error    ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1)  allowlist/ip-cidr-syntax',
      '',
      'bin/blob.json',
      '  bin/blob.json:1:1  error    the file is not UTF-8 text  parse/encoding',
      '',
      'clusters/etl.yaml',
      '  clusters/etl.yaml:3:21  error    compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}  security/plaintext-secret',
      '  clusters/etl.yaml:4:16  warning  spark_version is a string; 3.10 is read as the number 3.1  yaml/unquoted-string',
      '  clusters/etl.yaml:6:14  error    node_configuration.max_nodes (2) is below initial_nodes (5)  cluster/max-nodes-below-initial',
      // A line break in a message is a space: a finding is one line, so a message cannot forge one.
      '  clusters/etl.yaml:8:16  warning  custom_tags: a flow mapping over 2 lines, 100% harder to read write it as a block <mapping> & "quote" nothing  style/flow-mapping',
      '',
      '✖ 7 problems (4 errors, 2 warnings, 1 info) in 4 files',
    ),
  },
  {
    name: 'no findings: the summary line alone',
    results: [RESULTS[3]],
    expected: '✔ 1 file checked, no problems\n',
  },
  {
    name: 'colour: bold file, severity colours, dim gutter and rule id, coloured marker',
    results: one('x: 1\n', { severity: 'warning', column: 4, endColumn: 5 }),
    options: { color: true },
    expected: lines(
      '\u001b[1ma.yaml\u001b[0m',
      '  a.yaml:1:4  \u001b[33mwarning\u001b[0m  bad  \u001b[2mschema/enum\u001b[0m',
      '  \u001b[33m>\u001b[0m \u001b[2m1 |\u001b[0m x: 1',
      '    \u001b[2m  |\u001b[0m    \u001b[33m^\u001b[0m',
      '',
      '\u001b[33m✖ 1 problem (0 errors, 1 warning, 0 info) in 1 file\u001b[0m',
    ),
  },
  {
    name: 'gutter as wide as the widest line number; the line after a final newline is not context',
    results: one(Array.from({ length: 10 }, (_, i) => `k${i + 1}: ${i + 1}`).join('\n') + '\n', { line: 10, column: 6, endColumn: 8 }),
    expected: lines('a.yaml', '  a.yaml:10:6  error    bad  schema/enum', '     9 | k9: 9', '  > 10 | k10: 10', '       |      ^^', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
  {
    name: 'a tab before the span is kept in the marker line; CRLF endings are dropped',
    results: one('a:\r\n\tb: 1\r\n', { line: 2, column: 5, endColumn: 6 }),
    expected: lines('a.yaml', '  a.yaml:2:5  error    bad  schema/enum', '    1 | a:', '  > 2 | \tb: 1', '      | \t   ^', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
  {
    name: 'an empty span still gets one caret; a span past the end of the line is clamped',
    results: one('abc\n', { column: 4, endColumn: 9 }),
    expected: lines('a.yaml', '  a.yaml:1:4  error    bad  schema/enum', '  > 1 | abc', '      |    ^', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
  {
    name: 'a finding on the empty line after the final newline (end of input) shows it',
    results: one('a: [\n', { line: 2, column: 1, endLine: 2, endColumn: 1 }),
    expected: lines('a.yaml', '  a.yaml:2:1  error    bad  schema/enum', '    1 | a: [', '  > 2 |', '      | ^', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
  {
    name: 'control characters from the file never reach the terminal',
    results: one('x: "\u001b[31m"\n', { column: 4, endColumn: 11 }),
    expected: lines('a.yaml', '  a.yaml:1:4  error    bad  schema/enum', '  > 1 | x: "\ufffd[31m"', '      |    ^^^^^^^', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
  {
    name: 'a secret in a block scalar is masked in every line of the frame',
    results: one('storage_secret_key: |\n  line-one-secret\n  line-two-secret\nlabel: [x]\n', { line: 2, column: 3, endLine: 3, endColumn: 18 }),
    expected: lines('a.yaml', '  a.yaml:2:3  error    bad  schema/enum', '    1 | storage_secret_key: |', '  > 2 |   ****', '      |   ^^^^', '    3 |   ****', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
  {
    name: 'a position outside the file gets no frame',
    results: one('a: 1\n', { line: 7, column: 1, endLine: 7, endColumn: 2 }),
    expected: lines('a.yaml', '  a.yaml:7:1  error    bad  schema/enum', '', '✖ 1 problem (1 error, 0 warnings, 0 info) in 1 file'),
  },
];

describe('stylish', () => {
  test.each(cases)('$name', ({ results, options, expected }) => {
    expect(stylish(results, options)).toBe(expected);
  });
});
