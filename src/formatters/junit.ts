import type { Finding } from '../types.js';
import { documentSuffix } from './source.js';
import { joined, type FileResult, type FormatStream } from './types.js';

/*
 * The Ant JUnit schema (the one CI services validate against) allows at most ONE <failure> per
 * <testcase>, and requires <properties>, <system-out>, <system-err>, `timestamp` and `hostname` on
 * every <testsuite>. So the shape is ESLint's and Spectral's: <testsuites> holding one <testsuite>
 * per file, one failing <testcase> per error or warning (classname = the file, name = position and
 * rule), and one passing <testcase> (named by the operation) for a file without any. Info findings
 * fail nothing: they go to the suite's <system-out>.
 *
 * `timestamp`, `hostname` and `time` are fixed ("1970-01-01T00:00:00", "localhost", "0"): a
 * formatter is a pure function of the findings, and a report that changes on every run breaks
 * golden files and CI caches. The schema asks for "localhost" when the host is unknown.
 */
const TIMESTAMP = '1970-01-01T00:00:00';
const HOSTNAME = 'localhost';

/** JUnit XML, valid against the Apache Ant JUnit schema; one test suite per file. */
export const junitParts: FormatStream = function* (results) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n';
  let index = 0;
  for (const result of results) yield testsuite(result, index++).join('\n') + '\n';
  yield '</testsuites>\n';
};

/** {@link junitParts} as one text. */
export const junit = joined(junitParts);

function testsuite(result: FileResult, id: number): string[] {
  const failing = result.findings.filter((finding) => finding.severity !== 'info');
  const infos = result.findings.filter((finding) => finding.severity === 'info');
  const tests = Math.max(1, failing.length);
  const lines = [
    `  <testsuite${attributes({ name: result.file, package: 'dplint', id, tests, failures: failing.length, errors: 0, skipped: 0, time: 0, timestamp: TIMESTAMP, hostname: HOSTNAME })}>`,
    '    <properties>',
    `      <property${attributes({ name: 'operation', value: result.operation ?? 'none' })}/>`,
    `      <property${attributes({ name: 'operationSource', value: result.operationSource })}/>`,
    '    </properties>',
  ];
  if (failing.length === 0) {
    lines.push(`    <testcase${attributes({ name: result.operation ?? result.file, classname: result.file, time: 0 })}/>`);
  }
  for (const finding of failing) {
    lines.push(
      `    <testcase${attributes({ name: `${finding.line}:${finding.column} ${finding.ruleId}`, classname: result.file, time: 0 })}>`,
      `      <failure${attributes({ message: finding.message + documentSuffix(finding), type: finding.ruleId })}>${escapeText(describe(finding))}</failure>`,
      '    </testcase>',
    );
  }
  lines.push(infos.length === 0 ? '    <system-out/>' : `    <system-out>${escapeText(infos.map((finding) => describe(finding) + '\n').join(''))}</system-out>`);
  lines.push('    <system-err/>', '  </testsuite>');
  return lines;
}

function describe(finding: Finding): string {
  return `${finding.line}:${finding.column} ${finding.severity} ${finding.message}${documentSuffix(finding)} [${finding.ruleId}]`;
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
}

/** Characters XML 1.0 cannot carry at all (even as references) become U+FFFD. */
function xmlChars(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function escapeText(text: string): string {
  return xmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}
