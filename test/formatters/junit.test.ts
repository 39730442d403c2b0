import { describe, expect, test } from 'vitest';
import { junit } from '../../src/formatters/junit.js';
import type { FileResult } from '../../src/formatters/types.js';
import { JUNIT_XSD, present, xmllint } from './external-schemas.js';
import { RESULTS } from './fixtures.js';

const suite = (attributes: string, body: string[]): string[] => [
  `  <testsuite ${attributes} errors="0" skipped="0" time="0" timestamp="1970-01-01T00:00:00" hostname="localhost">`,
  ...body,
  '    <system-err/>',
  '  </testsuite>',
];
const properties = (operation: string, source: string): string[] => [
  '    <properties>',
  `      <property name="operation" value="${operation}"/>`,
  `      <property name="operationSource" value="${source}"/>`,
  '    </properties>',
];
const document = (...suites: string[][]): string => ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suites.flat(), '</testsuites>', ''].join('\n');

const FIXTURE_XML = document(
  suite('name="/work/repo/allow list/multi doc.yaml" package="dplint" id="0" tests="1" failures="1"', [
    ...properties('add-whitelist-ip', 'inferred'),
    '    <testcase name="3:10 allowlist/ip-cidr-syntax" classname="/work/repo/allow list/multi doc.yaml" time="0">',
    '      <failure message="ip_cidr must be an IPv4 CIDR; got &quot;10.0.0.1/33&quot; (document 1)" type="allowlist/ip-cidr-syntax">3:10 error ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1) [allowlist/ip-cidr-syntax]</failure>',
    '    </testcase>',
    '    <system-out>1:1 info operation add-whitelist-ip inferred from the body (document 0) [operation/inferred]',
    '</system-out>',
  ]),
  suite('name="bin/blob.json" package="dplint" id="1" tests="1" failures="1"', [
    ...properties('none', 'none'),
    '    <testcase name="1:1 parse/encoding" classname="bin/blob.json" time="0">',
    '      <failure message="the file is not UTF-8 text" type="parse/encoding">1:1 error the file is not UTF-8 text [parse/encoding]</failure>',
    '    </testcase>',
    '    <system-out/>',
  ]),
  suite('name="clusters/etl.yaml" package="dplint" id="2" tests="4" failures="4"', [
    ...properties('edit-cluster', 'modeline'),
    '    <testcase name="3:21 security/plaintext-secret" classname="clusters/etl.yaml" time="0">',
    '      <failure message="compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}" type="security/plaintext-secret">3:21 error compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY} [security/plaintext-secret]</failure>',
    '    </testcase>',
    '    <testcase name="4:16 yaml/unquoted-string" classname="clusters/etl.yaml" time="0">',
    '      <failure message="spark_version is a string; 3.10 is read as the number 3.1" type="yaml/unquoted-string">4:16 warning spark_version is a string; 3.10 is read as the number 3.1 [yaml/unquoted-string]</failure>',
    '    </testcase>',
    '    <testcase name="6:14 cluster/max-nodes-below-initial" classname="clusters/etl.yaml" time="0">',
    '      <failure message="node_configuration.max_nodes (2) is below initial_nodes (5)" type="cluster/max-nodes-below-initial">6:14 error node_configuration.max_nodes (2) is below initial_nodes (5) [cluster/max-nodes-below-initial]</failure>',
    '    </testcase>',
    '    <testcase name="8:16 style/flow-mapping" classname="clusters/etl.yaml" time="0">',
    '      <failure message="custom_tags: a flow mapping over 2 lines, 100% harder to read&#10;write it as a block &lt;mapping&gt; &amp; &quot;quote&quot; nothing" type="style/flow-mapping">8:16 warning custom_tags: a flow mapping over 2 lines, 100% harder to read',
    'write it as a block &lt;mapping&gt; &amp; "quote" nothing [style/flow-mapping]</failure>',
    '    </testcase>',
    '    <system-out/>',
  ]),
  suite('name="clusters/ok.yaml" package="dplint" id="3" tests="1" failures="0"', [
    ...properties('edit-cluster', 'config'),
    '    <testcase name="edit-cluster" classname="clusters/ok.yaml" time="0"/>',
    '    <system-out/>',
  ]),
);

const odd: FileResult = {
  file: 'odd\u0001 & "name".yaml',
  operation: undefined,
  operationSource: 'none',
  findings: [{ ruleId: 'x/y', severity: 'warning', message: "tab\there, bell\u0007, lone \ud800 surrogate, ]]> 'q'", path: '', line: 1, column: 1, endLine: 1, endColumn: 2 }],
};

const cases: Array<{ name: string; results: FileResult[]; expected: string }> = [
  { name: 'the fixture set: a suite per file, a failing testcase per error or warning, infos in system-out', results: RESULTS, expected: FIXTURE_XML },
  { name: 'no files: an empty <testsuites>', results: [], expected: '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n</testsuites>\n' },
  {
    name: 'characters XML cannot carry are replaced, the rest escaped; a file without operation names its passing testcase by path',
    results: [odd, { ...odd, findings: [] }],
    expected: document(
      suite('name="odd\ufffd &amp; &quot;name&quot;.yaml" package="dplint" id="0" tests="1" failures="1"', [
        ...properties('none', 'none'),
        '    <testcase name="1:1 x/y" classname="odd\ufffd &amp; &quot;name&quot;.yaml" time="0">',
        "      <failure message=\"tab&#9;here, bell\ufffd, lone \ufffd surrogate, ]]&gt; 'q'\" type=\"x/y\">1:1 warning tab\there, bell\ufffd, lone \ufffd surrogate, ]]&gt; 'q' [x/y]</failure>",
        '    </testcase>',
        '    <system-out/>',
      ]),
      suite('name="odd\ufffd &amp; &quot;name&quot;.yaml" package="dplint" id="1" tests="1" failures="0"', [
        ...properties('none', 'none'),
        '    <testcase name="odd\ufffd &amp; &quot;name&quot;.yaml" classname="odd\ufffd &amp; &quot;name&quot;.yaml" time="0"/>',
        '    <system-out/>',
      ]),
    ),
  },
];

describe('junit', () => {
  test.each(cases)('$name', ({ results, expected }) => {
    expect(junit(results)).toBe(expected);
  });

  {
    test.each(cases)('valid against the Ant JUnit XSD: $name', ({ results }) => {
      expect(xmllint(junit(results))).toEqual({ status: 0, stderr: '- validates\n' });
    });

    test('the XSD allows one <failure> per <testcase>, hence one testcase per finding', () => {
      const twoFailures =
        '<testsuite name="a" timestamp="1970-01-01T00:00:00" hostname="localhost" tests="1" failures="2" errors="0" time="0"><properties/>' +
        '<testcase name="a" classname="a" time="0"><failure type="x"/><failure type="y"/></testcase><system-out/><system-err/></testsuite>';
      expect(xmllint(twoFailures)).toEqual({ status: 3, stderr: "-:1: element failure: Schemas validity error : Element 'failure': This element is not expected.\n- fails to validate\n" });
    });
  }

  test('the schema to validate against is there (../shared/schemas-external)', () => {
    expect(present(JUNIT_XSD), JUNIT_XSD).toBe(true);
  });
});
