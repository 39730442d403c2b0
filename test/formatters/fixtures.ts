import type { RuleInfo } from '../../rules/index.js';
import type { FileResult } from '../../src/formatters/types.js';

/** A credential value that no formatter may ever print. */
export const SECRET = 'wJalrXUtnFEMI';

export const CWD = '/work/repo';

const ETL = [
  '# dplint: operation=edit-cluster',
  'label: [etl]',
  `compute_secret_key: ${SECRET}`,
  'spark_version: 3.10',
  'node_configuration:',
  '  max_nodes: 2',
  '  initial_nodes: 5',
  '  custom_tags: {a: 1,',
  '    b: 2}',
  '',
].join('\n');

/** ETL as the engine hands it to outputs (`shownSource`): the credential masked. */
const ETL_SHOWN = ETL.replace(SECRET, '****');

const MULTI = ['ip_cidr: 10.0.0.0/8', '---', 'ip_cidr: 10.0.0.1/33', ''].join('\n');

/**
 * Four files, sorted as the engine sorts them: findings of every severity, a fix on a plain line
 * and one replacing a secret, a span over two lines, a message with characters every format must
 * escape, a multi-document file given by an absolute path with spaces, a file without findings,
 * and one whose source is absent.
 */
export const RESULTS: FileResult[] = [
  {
    file: '/work/repo/allow list/multi doc.yaml',
    operation: 'add-whitelist-ip',
    operationSource: 'inferred',
    source: MULTI,
    shownSource: MULTI,
    findings: [
      { ruleId: 'operation/inferred', severity: 'info', message: 'operation add-whitelist-ip inferred from the body', path: '', document: 0, line: 1, column: 1, endLine: 1, endColumn: 20 },
      { ruleId: 'allowlist/ip-cidr-syntax', severity: 'error', message: 'ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33"', path: '/ip_cidr', document: 1, line: 3, column: 10, endLine: 3, endColumn: 21 },
    ],
  },
  {
    file: 'bin/blob.json',
    operation: undefined,
    operationSource: 'none',
    findings: [{ ruleId: 'parse/encoding', severity: 'error', message: 'the file is not UTF-8 text', path: '', line: 1, column: 1, endLine: 1, endColumn: 1 }],
  },
  {
    file: 'clusters/etl.yaml',
    operation: 'edit-cluster',
    operationSource: 'modeline',
    source: ETL,
    shownSource: ETL_SHOWN,
    findings: [
      {
        ruleId: 'security/plaintext-secret',
        severity: 'error',
        message: 'compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}',
        path: '/compute_secret_key',
        line: 3,
        column: 21,
        endLine: 3,
        endColumn: 34,
        fix: { range: [66, 79], text: '${COMPUTE_SECRET_KEY}' },
      },
      {
        ruleId: 'yaml/unquoted-string',
        severity: 'warning',
        message: 'spark_version is a string; 3.10 is read as the number 3.1',
        path: '/spark_version',
        line: 4,
        column: 16,
        endLine: 4,
        endColumn: 20,
        fix: { range: [95, 99], text: '"3.10"' },
      },
      { ruleId: 'cluster/max-nodes-below-initial', severity: 'error', message: 'node_configuration.max_nodes (2) is below initial_nodes (5)', path: '/node_configuration/max_nodes', line: 6, column: 14, endLine: 6, endColumn: 15 },
      {
        ruleId: 'style/flow-mapping',
        severity: 'warning',
        message: 'custom_tags: a flow mapping over 2 lines, 100% harder to read\nwrite it as a block <mapping> & "quote" nothing',
        path: '/node_configuration/custom_tags',
        line: 8,
        column: 16,
        endLine: 9,
        endColumn: 10,
      },
    ],
  },
  { file: 'clusters/ok.yaml', operation: 'edit-cluster', operationSource: 'config', source: 'label: [ok]\n', shownSource: 'label: [ok]\n', findings: [] },
];

/** A fixed rule catalogue, so SARIF output does not move when rules/ grows; `style/flow-mapping` is deliberately absent. */
export const RULES: RuleInfo[] = [
  { id: 'allowlist/ip-cidr-syntax', severity: 'error', docs: { summary: 'ip_cidr is not a CIDR.', rationale: 'The spec wants IPv4 CIDR.', fix: 'Write `a.b.c.d/n`.' } },
  { id: 'cluster/max-nodes-below-initial', severity: 'error', docs: { summary: 'max_nodes below initial_nodes.', rationale: 'The cluster cannot start.', fix: 'Raise max_nodes.' } },
  { id: 'operation/inferred', severity: 'info', docs: { summary: 'Operation inferred.', rationale: 'Inference is a last resort.', fix: 'Declare it.' } },
  { id: 'parse/encoding', severity: 'error', docs: { summary: 'Not UTF-8.', rationale: 'Payloads are JSON.', fix: 'Save as UTF-8.' } },
  { id: 'security/plaintext-secret', severity: 'error', docs: { summary: 'A literal credential.', rationale: 'Secrets leak from git.', fix: 'Use `${VAR}`.' } },
  { id: 'yaml/unquoted-string', severity: 'warning', docs: { summary: 'A string read as another type.', rationale: 'YAML 1.2 core schema.', fix: 'Quote it.' } },
];
