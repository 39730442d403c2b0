import { describe, expect, test } from 'vitest';
import { compact } from '../../src/formatters/compact.js';
import type { FileResult } from '../../src/formatters/types.js';
import { RESULTS } from './fixtures.js';

const cases: Array<{ name: string; results: FileResult[]; expected: string }> = [
  {
    name: 'the fixture set: one line per finding, document index in the message, newlines flattened, no summary',
    results: RESULTS,
    expected: [
      '/work/repo/allow list/multi doc.yaml:1:1: info operation add-whitelist-ip inferred from the body (document 0) [operation/inferred]',
      '/work/repo/allow list/multi doc.yaml:3:10: error ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1) [allowlist/ip-cidr-syntax]',
      'bin/blob.json:1:1: error the file is not UTF-8 text [parse/encoding]',
      'clusters/etl.yaml:3:21: error compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY} [security/plaintext-secret]',
      'clusters/etl.yaml:4:16: warning spark_version is a string; 3.10 is read as the number 3.1 [yaml/unquoted-string]',
      'clusters/etl.yaml:6:14: error node_configuration.max_nodes (2) is below initial_nodes (5) [cluster/max-nodes-below-initial]',
      'clusters/etl.yaml:8:16: warning custom_tags: a flow mapping over 2 lines, 100% harder to read write it as a block <mapping> & "quote" nothing [style/flow-mapping]',
      '',
    ].join('\n'),
  },
  { name: 'a file without findings prints nothing at all', results: [RESULTS[3]], expected: '' },
  { name: 'no files prints nothing at all', results: [], expected: '' },
];

describe('compact', () => {
  test.each(cases)('$name', ({ results, expected }) => {
    expect(compact(results)).toBe(expected);
  });
});
