import { describe, expect, test } from 'vitest';
import { escapeData, escapeProperty, github } from '../../src/formatters/github.js';
import type { FileResult, FormatOptions } from '../../src/formatters/types.js';
import type { Severity } from '../../src/types.js';
import { CWD, RESULTS } from './fixtures.js';

const many = (errors: number, warnings: number): FileResult[] => [
  {
    file: 'a.yaml',
    operation: 'edit-cluster',
    operationSource: 'option',
    findings: [...Array<Severity>(warnings).fill('warning'), ...Array<Severity>(errors).fill('error')].map((severity, i) => ({
      ruleId: 'r/x',
      severity,
      message: `m${i}`,
      path: '',
      line: i + 1,
      column: 1,
      endLine: i + 1,
      endColumn: 2,
    })),
  },
];

const cases: Array<{ name: string; results: FileResult[]; options?: FormatOptions; expected: string }> = [
  {
    name: 'the fixture set: errors of every file first, then warnings, then notices; paths relative to cwd; summary',
    results: RESULTS,
    options: { cwd: CWD },
    expected: [
      '::error file=allow list/multi doc.yaml,line=3,endLine=3,col=10,endColumn=21,title=allowlist/ip-cidr-syntax::ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1)',
      '::error file=bin/blob.json,line=1,endLine=1,col=1,endColumn=1,title=parse/encoding::the file is not UTF-8 text',
      '::error file=clusters/etl.yaml,line=3,endLine=3,col=21,endColumn=34,title=security/plaintext-secret::compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}',
      '::error file=clusters/etl.yaml,line=6,endLine=6,col=14,endColumn=15,title=cluster/max-nodes-below-initial::node_configuration.max_nodes (2) is below initial_nodes (5)',
      '::warning file=clusters/etl.yaml,line=4,endLine=4,col=16,endColumn=20,title=yaml/unquoted-string::spark_version is a string; 3.10 is read as the number 3.1',
      '::warning file=clusters/etl.yaml,line=8,endLine=9,col=16,endColumn=10,title=style/flow-mapping::custom_tags: a flow mapping over 2 lines, 100%25 harder to read%0Awrite it as a block <mapping> & "quote" nothing',
      '::notice file=allow list/multi doc.yaml,line=1,endLine=1,col=1,endColumn=20,title=operation/inferred::operation add-whitelist-ip inferred from the body (document 0)',
      'dplint: 7 problems (4 errors, 2 warnings, 1 info) in 4 files',
      '',
    ].join('\n'),
  },
  {
    name: 'without cwd an absolute path stays absolute',
    results: [RESULTS[0]],
    expected: [
      '::error file=/work/repo/allow list/multi doc.yaml,line=3,endLine=3,col=10,endColumn=21,title=allowlist/ip-cidr-syntax::ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1)',
      '::notice file=/work/repo/allow list/multi doc.yaml,line=1,endLine=1,col=1,endColumn=20,title=operation/inferred::operation add-whitelist-ip inferred from the body (document 0)',
      'dplint: 2 problems (1 error, 0 warnings, 1 info) in 1 file',
      '',
    ].join('\n'),
  },
  {
    name: 'property values escaped: file names with `:` and `,`',
    results: [{ file: 'a:b,c%.yaml', operation: undefined, operationSource: 'none', findings: [{ ruleId: 'x/y', severity: 'error', message: 'a: b, c', path: '', line: 1, column: 1, endLine: 1, endColumn: 2 }] }],
    expected: '::error file=a%3Ab%2Cc%25.yaml,line=1,endLine=1,col=1,endColumn=2,title=x/y::a: b, c\ndplint: 1 problem (1 error, 0 warnings, 0 info) in 1 file\n',
  },
  { name: 'no findings: the summary line alone', results: [RESULTS[3]], expected: 'dplint: 1 file checked, no problems\n' },
  {
    name: 'ten errors fit in a step: no note in the summary',
    results: many(10, 0),
    expected: Array.from({ length: 10 }, (_, i) => `::error file=a.yaml,line=${i + 1},endLine=${i + 1},col=1,endColumn=2,title=r/x::m${i}\n`).join('') + 'dplint: 10 problems (10 errors, 0 warnings, 0 info) in 1 file\n',
  },
  {
    name: 'eleven warnings after an error: the error comes first and the summary says annotations were dropped',
    results: many(1, 11),
    expected:
      '::error file=a.yaml,line=12,endLine=12,col=1,endColumn=2,title=r/x::m11\n' +
      Array.from({ length: 11 }, (_, i) => `::warning file=a.yaml,line=${i + 1},endLine=${i + 1},col=1,endColumn=2,title=r/x::m${i}\n`).join('') +
      'dplint: 12 problems (1 error, 11 warnings, 0 info) in 1 file; GitHub annotates only the first 10 of each kind per step: the step log lists all, or upload --format sarif\n',
  },
];

describe('github', () => {
  test.each(cases)('$name', ({ results, options, expected }) => {
    expect(github(results, options)).toBe(expected);
  });

  test.each([
    { text: '100%', data: '100%25', property: '100%25' },
    { text: 'a\r\nb', data: 'a%0D%0Ab', property: 'a%0D%0Ab' },
    { text: 'k: v, w', data: 'k: v, w', property: 'k%3A v%2C w' },
    { text: '%0A', data: '%250A', property: '%250A' },
  ])('escapes $text as $data (data) and $property (property)', ({ text, data, property }) => {
    expect(escapeData(text)).toBe(data);
    expect(escapeProperty(text)).toBe(property);
  });
});
