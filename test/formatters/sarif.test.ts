import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { ALL_RULES } from '../../rules/index.js';
import { fnv1a64 } from '../../src/formatters/fingerprint.js';
import { pascalCase, sarif } from '../../src/formatters/sarif.js';
import { encodePath, fileUri, relativePath } from '../../src/formatters/source.js';
import type { FileResult } from '../../src/formatters/types.js';
import { maskSecrets, withoutRevealingEdits } from '../../src/schema/secrets.js';
import type { Finding } from '../../src/types.js';
import { VERSION } from '../../src/version.js';
import { SARIF_SCHEMA, present } from './external-schemas.js';
import { CWD, RESULTS, RULES } from './fixtures.js';

const region = (startLine: number, startColumn: number, endLine: number, endColumn: number) => ({ startLine, startColumn, endLine, endColumn });
const location = (uri: string, where: ReturnType<typeof region>) => [{ physicalLocation: { artifactLocation: { uri, uriBaseId: '%SRCROOT%' }, region: where } }];
const replacement = (uri: string, deleted: ReturnType<typeof region>, text: string) => [
  { artifactChanges: [{ artifactLocation: { uri, uriBaseId: '%SRCROOT%' }, replacements: [{ deletedRegion: deleted, insertedContent: { text } }] }] },
];

const EXPECTED = {
  $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
  version: '2.1.0',
  runs: [
    {
      tool: {
        driver: {
          name: 'dplint',
          version: VERSION,
          semanticVersion: VERSION,
          informationUri: 'https://github.com/dplint/dplint',
          rules: [
            {
              id: 'allowlist/ip-cidr-syntax',
              name: 'AllowlistIpCidrSyntax',
              shortDescription: { text: 'ip_cidr is not a CIDR.' },
              fullDescription: { text: 'ip_cidr is not a CIDR. The spec wants IPv4 CIDR.' },
              helpUri: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/allowlist/ip-cidr-syntax.md',
              help: { text: 'The spec wants IPv4 CIDR.\n\nHow to fix: Write `a.b.c.d/n`.', markdown: 'The spec wants IPv4 CIDR.\n\n**How to fix:** Write `a.b.c.d/n`.' },
              defaultConfiguration: { level: 'error' },
              properties: { tags: ['allowlist'] },
            },
            {
              id: 'cluster/max-nodes-below-initial',
              name: 'ClusterMaxNodesBelowInitial',
              shortDescription: { text: 'max_nodes below initial_nodes.' },
              fullDescription: { text: 'max_nodes below initial_nodes. The cluster cannot start.' },
              helpUri: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/cluster/max-nodes-below-initial.md',
              help: { text: 'The cluster cannot start.\n\nHow to fix: Raise max_nodes.', markdown: 'The cluster cannot start.\n\n**How to fix:** Raise max_nodes.' },
              defaultConfiguration: { level: 'error' },
              properties: { tags: ['cluster'] },
            },
            {
              id: 'operation/inferred',
              name: 'OperationInferred',
              shortDescription: { text: 'Operation inferred.' },
              fullDescription: { text: 'Operation inferred. Inference is a last resort.' },
              helpUri: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/operation/inferred.md',
              help: { text: 'Inference is a last resort.\n\nHow to fix: Declare it.', markdown: 'Inference is a last resort.\n\n**How to fix:** Declare it.' },
              defaultConfiguration: { level: 'note' },
              properties: { tags: ['operation'] },
            },
            {
              id: 'parse/encoding',
              name: 'ParseEncoding',
              shortDescription: { text: 'Not UTF-8.' },
              fullDescription: { text: 'Not UTF-8. Payloads are JSON.' },
              helpUri: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/parse/encoding.md',
              help: { text: 'Payloads are JSON.\n\nHow to fix: Save as UTF-8.', markdown: 'Payloads are JSON.\n\n**How to fix:** Save as UTF-8.' },
              defaultConfiguration: { level: 'error' },
              properties: { tags: ['parse'] },
            },
            {
              id: 'security/plaintext-secret',
              name: 'SecurityPlaintextSecret',
              shortDescription: { text: 'A literal credential.' },
              fullDescription: { text: 'A literal credential. Secrets leak from git.' },
              helpUri: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/security/plaintext-secret.md',
              help: { text: 'Secrets leak from git.\n\nHow to fix: Use `${VAR}`.', markdown: 'Secrets leak from git.\n\n**How to fix:** Use `${VAR}`.' },
              defaultConfiguration: { level: 'error' },
              properties: { tags: ['security'], 'security-severity': '7.0' },
            },
            {
              id: 'yaml/unquoted-string',
              name: 'YamlUnquotedString',
              shortDescription: { text: 'A string read as another type.' },
              fullDescription: { text: 'A string read as another type. YAML 1.2 core schema.' },
              helpUri: 'https://github.com/dplint/dplint/blob/v0.1.0/docs/rules/yaml/unquoted-string.md',
              help: { text: 'YAML 1.2 core schema.\n\nHow to fix: Quote it.', markdown: 'YAML 1.2 core schema.\n\n**How to fix:** Quote it.' },
              defaultConfiguration: { level: 'warning' },
              properties: { tags: ['yaml'] },
            },
            {
              id: 'style/flow-mapping',
              name: 'StyleFlowMapping',
              shortDescription: { text: "style/flow-mapping is not in dplint's rule catalogue." },
              fullDescription: { text: "style/flow-mapping is not in dplint's rule catalogue." },
              help: { text: "style/flow-mapping is not in dplint's rule catalogue.", markdown: "style/flow-mapping is not in dplint's rule catalogue." },
              properties: { tags: ['style'] },
            },
          ],
        },
      },
      invocations: [{ executionSuccessful: true }],
      originalUriBaseIds: { '%SRCROOT%': { uri: 'file:///work/repo/' } },
      columnKind: 'utf16CodeUnits',
      results: [
        {
          ruleId: 'operation/inferred',
          ruleIndex: 2,
          level: 'note',
          message: { text: 'operation add-whitelist-ip inferred from the body (document 0)' },
          locations: location('allow%20list/multi%20doc.yaml', region(1, 1, 1, 20)),
          partialFingerprints: { primaryLocationLineHash: 'a86ae35296caa8b0:1' },
        },
        {
          ruleId: 'allowlist/ip-cidr-syntax',
          ruleIndex: 0,
          level: 'error',
          message: { text: 'ip_cidr must be an IPv4 CIDR; got "10.0.0.1/33" (document 1)' },
          locations: location('allow%20list/multi%20doc.yaml', region(3, 10, 3, 21)),
          partialFingerprints: { primaryLocationLineHash: 'c15fd6ed3f808626:1' },
        },
        {
          ruleId: 'parse/encoding',
          ruleIndex: 3,
          level: 'error',
          message: { text: 'the file is not UTF-8 text' },
          locations: location('bin/blob.json', region(1, 1, 1, 1)),
          // FNV-1a 64 of "parse/encoding\0bin/blob.json\0pointer:" (no source: the JSON Pointer stands in for the line)
          partialFingerprints: { primaryLocationLineHash: '9dc870af8c739c28:1' },
        },
        {
          ruleId: 'security/plaintext-secret',
          ruleIndex: 4,
          level: 'error',
          message: { text: 'compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY}' },
          locations: location('clusters/etl.yaml', region(3, 21, 3, 34)),
          // FNV-1a 64 of "security/plaintext-secret\0clusters/etl.yaml\0line:compute_secret_key: ****": the masked line
          partialFingerprints: { primaryLocationLineHash: '53bb8ac48ebeaf7e:1' },
          fixes: replacement('clusters/etl.yaml', region(3, 21, 3, 34), '${COMPUTE_SECRET_KEY}'),
        },
        {
          ruleId: 'yaml/unquoted-string',
          ruleIndex: 5,
          level: 'warning',
          message: { text: 'spark_version is a string; 3.10 is read as the number 3.1' },
          locations: location('clusters/etl.yaml', region(4, 16, 4, 20)),
          // FNV-1a 64 of "yaml/unquoted-string\0clusters/etl.yaml\0line:spark_version: 3.10"
          partialFingerprints: { primaryLocationLineHash: 'a1e6731202eefe6e:1' },
          fixes: replacement('clusters/etl.yaml', region(4, 16, 4, 20), '"3.10"'),
        },
        {
          ruleId: 'cluster/max-nodes-below-initial',
          ruleIndex: 1,
          level: 'error',
          message: { text: 'node_configuration.max_nodes (2) is below initial_nodes (5)' },
          locations: location('clusters/etl.yaml', region(6, 14, 6, 15)),
          partialFingerprints: { primaryLocationLineHash: '55f2091b44c52305:1' },
        },
        {
          ruleId: 'style/flow-mapping',
          ruleIndex: 6,
          level: 'warning',
          message: { text: 'custom_tags: a flow mapping over 2 lines, 100% harder to read\nwrite it as a block <mapping> & "quote" nothing' },
          locations: location('clusters/etl.yaml', region(8, 16, 9, 10)),
          partialFingerprints: { primaryLocationLineHash: '49e5e5295c17b838:1' },
        },
      ],
    },
  ],
};

const finding = (line: number, extra: Partial<Finding> = {}): Finding => ({ ruleId: 'cluster/max-nodes-below-initial', severity: 'error', message: 'm', path: '/max_nodes', line, column: 12, endLine: line, endColumn: 13, ...extra });
/** A result as lintFiles makes it: the text the engine masked beside the text. */
const file = (source: string, findings: Finding[], name = 'c.yaml'): FileResult => ({ file: name, operation: 'edit-cluster', operationSource: 'option', source, shownSource: maskSecrets(source), findings });
const runOf = (output: string) => JSON.parse(output).runs[0];
const fingerprints = (results: FileResult[]): string[] => runOf(sarif(results, { rules: RULES })).results.map((r: { partialFingerprints: { primaryLocationLineHash: string } }) => r.partialFingerprints.primaryLocationLineHash);

describe('sarif', () => {
  test('the fixture set, exactly', () => {
    const output = sarif(RESULTS, { cwd: CWD, rules: RULES });
    expect(JSON.parse(output)).toEqual(EXPECTED);
    expect(output).toBe(JSON.stringify(EXPECTED, null, 2) + '\n');
  });

  test('without a catalogue option every rule dplint has is described, in ALL_RULES order, with its index', () => {
    const run = runOf(sarif([file('max_nodes: 1\n', [finding(1)])]));
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(ALL_RULES.map((rule) => rule.id));
    expect(run.results[0].ruleIndex).toBe(ALL_RULES.findIndex((rule) => rule.id === 'cluster/max-nodes-below-initial'));
    expect(run.tool.driver.rules[run.results[0].ruleIndex].name).toBe('ClusterMaxNodesBelowInitial');
  });

  test('a config policy outside the catalogue gets a descriptor saying where it comes from', () => {
    const run = runOf(sarif([file('a: 1\n', [finding(1, { ruleId: 'policy/cost-center-tag', severity: 'warning' })])], { rules: RULES }));
    const text = "policy/cost-center-tag: a policy from the project's dplint config file.";
    expect(run.tool.driver.rules[6]).toEqual({ id: 'policy/cost-center-tag', name: 'PolicyCostCenterTag', shortDescription: { text }, fullDescription: { text }, help: { text, markdown: text }, properties: { tags: ['policy'] } });
    expect(run.results[0].ruleIndex).toBe(6);
  });

  test('no cwd: no originalUriBaseIds; an absolute path becomes a file URI without a base', () => {
    const run = runOf(sarif([{ ...RESULTS[0], findings: [RESULTS[0].findings[1]] }], { rules: RULES }));
    expect(run.originalUriBaseIds).toBe(undefined);
    expect(run.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'file:///work/repo/allow%20list/multi%20doc.yaml' });
  });

  describe('primaryLocationLineHash', () => {
    const source = 'a:\n  max_nodes: 1\nb:\n  max_nodes: 1\n';
    const moved = '# a comment\n\na:\n    max_nodes:   1\nb:\n  max_nodes: 1\n';

    test('identical lines: one hash, told apart by the occurrence counter', () => {
      expect(fingerprints([file(source, [finding(2), finding(4)])])).toEqual(['fbdd0567fcf415a4:1', 'fbdd0567fcf415a4:2']);
    });
    test('survives lines inserted above and re-indentation', () => {
      expect(fingerprints([file(moved, [finding(4), finding(6)])])).toEqual(['fbdd0567fcf415a4:1', 'fbdd0567fcf415a4:2']);
    });
    test('is FNV-1a 64 of rule id, URI and the trimmed line', () => {
      expect(fnv1a64('cluster/max-nodes-below-initial\u0000c.yaml\u0000line:max_nodes: 1')).toBe('fbdd0567fcf415a4');
    });
    test('differs by rule and by file', () => {
      expect(fingerprints([file(source, [finding(2, { ruleId: 'yaml/unquoted-string' })]), file(source, [finding(2)], 'd.yaml')])).toEqual(['dae22f53a7c8cd99:1', 'ea18472c2194b6bb:1']);
    });
    test('does not depend on the secret, so it reveals nothing about it', () => {
      const a = fingerprints([file('compute_secret_key: wJalrXUtnFEMI\n', [finding(1, { ruleId: 'security/plaintext-secret' })])]);
      const b = fingerprints([file('compute_secret_key: other-value\n', [finding(1, { ruleId: 'security/plaintext-secret' })])]);
      expect(a).toEqual(['91de800545ebc7dc:1']);
      expect(b).toEqual(['91de800545ebc7dc:1']);
    });
    test.each([
      { text: '', hash: 'cbf29ce484222325' },
      { text: 'a', hash: 'af63dc4c8601ec8c' },
      { text: 'foobar', hash: '85944171f73967e8' },
    ])('FNV-1a 64 reference vector "$text" → $hash', ({ text, hash }) => {
      expect(fnv1a64(text)).toBe(hash);
    });
  });

  describe('fixes', () => {
    // Fixes screened as lintFiles screens them before any output: the formatter prints what the result holds.
    const fixesOf = (source: string | undefined, fix: Finding['fix']) =>
      runOf(
        sarif(
          [{ file: 'f.yaml', operation: 'edit-cluster', operationSource: 'option', ...(source === undefined ? {} : { source }), findings: withoutRevealingEdits([finding(1, { fix })], source ?? ''), screened: true }],
          { rules: RULES },
        ),
      ).results[0].fixes;

    test.each([
      { name: 'a multi-line deletion, CRLF counted as written', source: 'a: 1\r\nb: 2\r\nc: 3\r\n', fix: { range: [3, 14] as [number, number], text: '9' }, expected: replacement('f.yaml', region(1, 4, 3, 3), '9') },
      { name: 'an insertion at the end of the file', source: 'a: 1\n', fix: { range: [5, 5] as [number, number], text: 'b: 2\n' }, expected: replacement('f.yaml', region(2, 1, 2, 1), 'b: 2\n') },
      { name: 'replacing a secret by a placeholder is kept', source: 'compute_secret_key: wJalrXUtnFEMI\n', fix: { range: [20, 33] as [number, number], text: '${KEY}' }, expected: replacement('f.yaml', region(1, 21, 1, 34), '${KEY}') },
      { name: 'quoting a secret is dropped: insertedContent would carry it', source: 'compute_secret_key: 0755\n', fix: { range: [20, 24] as [number, number], text: '"0755"' }, expected: undefined },
      { name: 'without the source no region can be computed: dropped', source: undefined, fix: { range: [0, 1] as [number, number], text: 'x' }, expected: undefined },
      { name: 'a range outside the text: dropped', source: 'a: 1\n', fix: { range: [3, 99] as [number, number], text: 'x' }, expected: undefined },
    ])('$name', ({ source, fix, expected }) => {
      expect(fixesOf(source, fix)).toEqual(expected);
    });
  });

  test.each([
    { id: 'cluster/max-nodes-below-initial', name: 'ClusterMaxNodesBelowInitial' },
    { id: 'security/plaintext-secret', name: 'SecurityPlaintextSecret' },
    { id: 'yaml/duplicate-key', name: 'YamlDuplicateKey' },
    { id: 'allowlist/ip-cidr-host-bits', name: 'AllowlistIpCidrHostBits' },
  ])('rule name of $id is $name', ({ id, name }) => {
    expect(pascalCase(id)).toBe(name);
  });

  test.each([
    { file: 'clusters/a.yaml', cwd: undefined, path: 'clusters/a.yaml', uri: 'clusters/a.yaml' },
    { file: './clusters/a.yaml', cwd: '/r', path: 'clusters/a.yaml', uri: 'clusters/a.yaml' },
    { file: 'clusters\\win.yaml', cwd: undefined, path: 'clusters/win.yaml', uri: 'clusters/win.yaml' },
    { file: '/r/sub dir/a#1?.yaml', cwd: '/r/', path: 'sub dir/a#1?.yaml', uri: 'sub%20dir/a%231%3F.yaml' },
    { file: '/other/a.yaml', cwd: '/r', path: '/other/a.yaml', uri: '/other/a.yaml' },
    { file: 'C:\\repo\\a b.yaml', cwd: 'C:\\repo', path: 'a b.yaml', uri: 'a%20b.yaml' },
    { file: 'ünï:cödé.yaml', cwd: undefined, path: 'ünï:cödé.yaml', uri: '%C3%BCn%C3%AF%3Ac%C3%B6d%C3%A9.yaml' },
  ])('path $file (cwd $cwd) → $path → URI reference $uri', ({ file, cwd, path, uri }) => {
    expect(relativePath(file, cwd)).toBe(path);
    expect(encodePath(path)).toBe(uri);
  });

  test.each([
    { path: '/work/repo', uri: 'file:///work/repo/' },
    { path: '/work/my repo/', uri: 'file:///work/my%20repo/' },
    { path: 'C:\\Users\\me', uri: 'file:///C:/Users/me/' },
  ])('%SRCROOT% of $path is $uri', ({ path, uri }) => {
    expect(fileUri(path, true)).toBe(uri);
  });

  {
    test('valid against the OASIS SARIF 2.1.0 schema (fixture set, empty run, default catalogue)', () => {
      const ajv = new Ajv.default({ allErrors: true, strict: false });
      addFormats.default(ajv); // uri and uri-reference checked too: the percent-encoding of artifact URIs
      const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')));
      for (const output of [sarif(RESULTS, { cwd: CWD, rules: RULES }), sarif([]), sarif(RESULTS)]) {
        validate(JSON.parse(output));
        expect(validate.errors ?? null).toBe(null);
      }
      // The validator can fail: a level SARIF does not have, and an unencoded space in a URI.
      const wrong = structuredClone(EXPECTED);
      (wrong.runs[0].results[0] as { level: string }).level = 'info';
      wrong.runs[0].results[1].locations[0].physicalLocation.artifactLocation.uri = 'allow list/multi doc.yaml';
      expect(validate(wrong)).toBe(false);
      expect(validate.errors?.map((error) => `${error.instancePath} ${error.message}`)).toEqual([
        '/runs/0/results/0/level must be equal to one of the allowed values',
        '/runs/0/results/1/locations/0/physicalLocation/artifactLocation/uri must match format "uri-reference"',
      ]);
    });
  }

  test('the schema to validate against is there (../shared/schemas-external)', () => {
    expect(present(SARIF_SCHEMA), SARIF_SCHEMA).toBe(true);
  });
});
