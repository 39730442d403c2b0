import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { seededRandom } from './helpers/random.js';
import { stringify } from 'yaml';
import { withRecommended } from '../src/config/presets.js';
import { lintEagerly, lintWithYaml } from './helpers/readers.js';
import { resolveOperation } from '../src/engine/resolve-operation.js';
import { lintParsed, lintText, type LintOptions } from '../src/engine/lint.js';
import { applyFixes } from '../src/fix/apply.js';
import { parseText, type ParsedFile } from '../src/parse/parse.js';
import type { Finding, Fix } from '../src/types.js';
// @ts-expect-error: a plain ES module of the benchmark, without types
import { clusterFile } from '../bench/corpus.mjs';

/**
 * Whichever reader reads a file (the block reader, or `yaml`), and whether its nodes are made
 * only when a finding needs them or all at once, a lint's result is the same. These tests hold it to that on generated cluster files, the
 * sample repository, the real bodies, and arbitrary mutations of valid files.
 */
const ROOT = join(__dirname, '..');
const OPTIONS: LintOptions = { operation: 'edit-cluster', filename: 'cluster.yaml', rules: withRecommended() };

function agrees(text: string, options: LintOptions = OPTIONS): boolean {
  const full = lintWithYaml(text, options);
  // Findings, fixes, suggestions and bodies alike: the block reader builds the nodes `yaml` would.
  const lazy = lintText(text, options);
  expect(lazy, `the block reader lints this otherwise:\n${text}`).toEqual(full);
  expect(lintEagerly(text, options), `nodes made eagerly lint this otherwise:\n${text}`).toEqual(lazy);
  return true;
}


const generated = Array.from({ length: 300 }, (_, i) => clusterFile(i, seededRandom(i + 1)) as string);

describe('the resolution of the operation', () => {
  test('reports an inferred operation as its finding, which both ways place at the first document (operation/inferred, info)', () => {
    expect(resolveOperation({ comments: [], document: { state: 'start' } })).toEqual({
      operation: 'set-cluster-state',
      source: 'inferred',
      pathParameters: {},
      findings: [
        {
          ruleId: 'operation/inferred',
          severity: 'info',
          message: 'no operation declared; checked as set-cluster-state from the body\'s shape. Declare it with "# dplint: operation=set-cluster-state" or in the config file\'s files',
          messageId: 'inferred',
          data: { operation: 'set-cluster-state' },
          path: [],
        },
      ],
    });
    expect(resolveOperation({ comments: [], document: { state: 'start' }, configOperation: 'set-cluster-state' }).findings).toEqual([]);
  });
});

// Issue 29.4: a stream took document 0's operation for every document.
describe('each document of a stream resolves its own operation', () => {
  const ENVELOPES = [
    'method: POST\npath: /api/v2/accounts/whitelist_ip\nbody:\n  ip_cidr: 81.2.69.160/28\n',
    'method: PUT\npath: /api/v2.0/clusters/etl/state\nbody:\n  state: stop\n',
    'method: PUT\npath: /api/v1.3/clusters/etl\nbody:\n  label: [etl]\n  node_configuration:\n    initial_nodes: 6\n    max_nodes: 3\n',
  ].join('---\n');
  const MODELINES = [
    '# dplint: operation=add-whitelist-ip\nip_cidr: 81.2.69.160/28\n',
    '# dplint: operation=set-cluster-state\nstate: stop\n',
    '# dplint: operation=edit-cluster\nlabel: [etl]\nnode_configuration:\n  initial_nodes: 6\n  max_nodes: 3\n',
  ].join('---\n');
  const found = (text: string, options: LintOptions = {}) => lintText(text, options).findings.map((f) => [f.ruleId, f.document, f.line, f.column]);

  test.each([
    ['request envelopes', ENVELOPES, 'envelope', [['schema/enum', 1, 9, 10], ['cluster/max-nodes-below-initial', 2, 17, 16]]],
    ['modelines', MODELINES, 'modeline', [['schema/enum', 1, 5, 8], ['cluster/max-nodes-below-initial', 2, 11, 14]]],
  ] as const)('%s: each document checked as its own operation, both ways', (_, text, source, findings) => {
    for (const lint of [lintText, lintWithYaml]) {
      const result = lint(text, { filename: 'requests.yaml' });
      expect(result.findings.map((f) => [f.ruleId, f.document, f.line, f.column])).toEqual(findings);
      // The file's operation is its first document's; `documents` says each one's, as the operations differ.
      expect([result.operation, result.operationSource]).toEqual(['add-whitelist-ip', source]);
      expect(result.documents).toEqual([
        { document: 0, operation: 'add-whitelist-ip', operationSource: source },
        { document: 1, operation: 'set-cluster-state', operationSource: source },
        { document: 2, operation: 'edit-cluster', operationSource: source },
      ]);
      expect(result.bodies.map((b) => [b.document, b.operation])).toEqual([[0, 'add-whitelist-ip'], [1, 'set-cluster-state'], [2, 'edit-cluster']]);
    }
  });

  test('a stream of one operation has no `documents`: the file\'s operation is every document\'s', () => {
    const text = 'method: PUT\npath: /api/v1.3/clusters/etl\nbody:\n  label: [etl]\n---\nmethod: PUT\npath: /api/v1.3/clusters/adhoc\nbody:\n  label: [adhoc]\n';
    for (const lint of [lintText, lintWithYaml]) expect(lint(text)).toMatchObject({ operation: 'edit-cluster', operationSource: 'envelope', findings: [] });
    expect(lintText(text).documents).toBeUndefined();
  });

  test('--operation still decides every document; the config decides documents that declare nothing themselves', () => {
    expect(found(ENVELOPES, { operation: 'add-whitelist-ip' }).filter(([id]) => id === 'schema/required')).toEqual([
      ['schema/required', 0, 1, 1],
      ['schema/required', 1, 6, 1],
      ['schema/required', 2, 11, 1],
    ]);
    const mixed = 'method: PUT\npath: /api/v2.0/clusters/etl/state\nbody: {state: stop}\n---\nlabel: [etl]\nnode_configuration: {initial_nodes: 6, max_nodes: 3}\n';
    const result = lintText(mixed, { configOperation: 'edit-cluster' });
    expect(result.findings.map((f) => [f.ruleId, f.document, f.line, f.column])).toEqual([['schema/enum', 0, 3, 15], ['cluster/max-nodes-below-initial', 1, 6, 51]]);
    expect(result.documents).toEqual([
      { document: 0, operation: 'set-cluster-state', operationSource: 'envelope' },
      { document: 1, operation: 'edit-cluster', operationSource: 'config' },
    ]);
  });

  test("the first document's modeline declares the later documents that declare nothing themselves, as an editor reads it; their own modeline or envelope comes first", () => {
    // (yaml-language-server applies a `$schema` modeline to every document of the file.)
    const header = '# dplint: operation=edit-cluster\nlabel: [etl]\n---\nlabel: [etl]\nnode_configuration: {initial_nodes: 6, max_nodes: 3}\n';
    expect(found(header)).toEqual([['cluster/max-nodes-below-initial', 1, 5, 51]]);
    expect(lintText(header)).toMatchObject({ operation: 'edit-cluster', operationSource: 'modeline' });
    expect(lintText(header).documents).toBeUndefined();
    const own = '# dplint: operation=edit-cluster\nlabel: [etl]\n---\n# dplint: operation=set-cluster-state\nstate: stop\n---\nmethod: POST\npath: /api/v2/accounts/whitelist_ip\nbody: {ip_cidr: 10.0.0.0/33}\n';
    expect(found(own)).toEqual([['schema/enum', 1, 5, 8], ['allowlist/ip-cidr-syntax', 2, 9, 17]]);
    // The config's operation comes after it: the file's own header says more than a glob does.
    expect(found('# dplint: operation=set-cluster-state\nstate: start\n---\nstate: stop\n', { configOperation: 'edit-cluster' })).toEqual([['schema/enum', 1, 4, 8]]);
    // A modeline after a document's content and before the next `---` is the document it ends.
    expect(found('label: [etl]\n# dplint: operation=set-cluster-state\n---\n# dplint: operation=set-cluster-state\nstate: stop\n').map(([id, document]) => [id, document])).toEqual([
      ['schema/required', 0],
      ['schema/unknown-member', 0],
      ['schema/enum', 1],
    ]);
  });

  test('a document the stream cannot place gets its own operation/unresolved; the others are still checked', () => {
    const text = 'method: PUT\npath: /api/v2.0/clusters/etl/state\nbody: {state: stop}\n---\nnotes: for the deploy job\n';
    expect(found(text, { rules: { 'operation/unresolved': 'warning' } })).toEqual([['schema/enum', 0, 3, 15], ['operation/unresolved', 1, 5, 1]]);
  });
});

describe('the block reader and comments', () => {
  test('reads a file with a modeline or a directive as any other: its comments come with its data', () => {
    const file = parseText('# dplint: operation=edit-cluster\nlabel: [etl] # dplint-disable-line\n', 'yaml');
    expect([file.reader, file.comments.map((c) => [c.line, c.text])]).toEqual(['block', [[1, ' dplint: operation=edit-cluster'], [2, ' dplint-disable-line']]]);
  });

  // The CI gate's common case (issue 31): a clean file with comments, none of them a modeline or a directive.
  const CLEAN = '# etl cluster\n# owned by the data team\nlabel: [etl]  # the routing label\nnode_configuration:\n  initial_nodes: 2\n  max_nodes: 6\n';

  /** How many times the lint of `text` asks for the parsed file's comments and for its line index. */
  const asked = (text: string, options: LintOptions): { comments: number; lines: number } => {
    const file = parseText(text, 'yaml');
    const count = { comments: 0, lines: 0 };
    const { comments, lineStarts } = file;
    Object.defineProperty(file, 'comments', { get: () => (count.comments++, comments) });
    Object.defineProperty(file, 'lineStarts', { get: () => (count.lines++, lineStarts) });
    lintParsed(file, text, options, false);
    return count;
  };
  const byConfig: LintOptions = { filename: 'cluster.yaml', configOperation: 'edit-cluster', rules: withRecommended() };

  test('a clean file is linted without its comments or its line index; asked for, they are what they were', () => {
    expect(lintText(CLEAN, OPTIONS).findings).toEqual([]);
    expect(asked(CLEAN, OPTIONS)).toEqual({ comments: 0, lines: 0 });
    expect(asked(CLEAN, byConfig)).toEqual({ comments: 0, lines: 0 });
    expect(parseText(CLEAN, 'yaml').comments.map((c) => [c.line, c.range.column, c.text, c.ownLine])).toEqual([
      [1, 1, ' etl cluster', true],
      [2, 1, ' owned by the data team', true],
      [3, 15, ' the routing label', false],
    ]);
  });

  test("a file's comments are read only where one may be a modeline (the text names dplint or yaml-language-server, and no option decides) or a directive (it names dplint-)", () => {
    const schemaModeline = `# yaml-language-server: $schema=edit-cluster.schema.json\n${CLEAN}`;
    expect(asked(schemaModeline, byConfig).comments).toBe(1);
    expect(asked(schemaModeline, OPTIONS).comments).toBe(0);
    expect(asked(`# dplint: operation=edit-cluster\n${CLEAN}`, byConfig).comments).toBe(1);
    expect(asked(`# dplint: operation=edit-cluster\n${CLEAN}`, OPTIONS).comments).toBe(0);
    expect(asked(`# dplint-disable-next-line schema/enum\n${CLEAN}`, OPTIONS).comments).toBe(1);
    // And what they declare still holds.
    expect(lintText(`# yaml-language-server: $schema=set-cluster-state.schema.json\n${CLEAN}`, byConfig)).toMatchObject({ operation: 'set-cluster-state', operationSource: 'modeline' });
    expect(lintText(`# dplint-disable cluster/max-nodes-below-initial\n${CLEAN.replace('max_nodes: 6', 'max_nodes: 1')}`, OPTIONS).findings).toEqual([]);
  });
});

describe('the lazy lint agrees with the lint by `yaml`, and with nodes made eagerly', () => {
  test('on generated cluster files, most of which the block reader reads', () => {
    let block = 0;
    for (const text of generated) {
      agrees(text);
      if (parseText(text, 'yaml').reader === 'block') block++;
    }
    expect(block / generated.length, 'share of generated files the block reader reads').toBeGreaterThan(0.9);
  });

  test('on files whose operation is inferred from their shape: clean only with operation/inferred off', () => {
    const inferred: LintOptions = { filename: 'cluster.yaml', rules: withRecommended() };
    const silent: LintOptions = { ...inferred, rules: withRecommended({ 'operation/inferred': 'off' }) };
    let clean = 0;
    for (const text of generated.slice(0, 100)) {
      agrees(text, inferred);
      agrees(text, silent);
      expect(lintText(text, inferred).findings.map((f) => f.ruleId), 'an inferred operation is a finding').toContain('operation/inferred');
      const quiet = lintText(text, silent);
      if (quiet.findings.length === 0) {
        clean++;
        expect([quiet.operation, quiet.operationSource]).toEqual(['edit-cluster', 'inferred']);
      }
    }
    expect(clean).toBeGreaterThan(60);
    // Streams: each document is inferred on its own and the finding goes to each, whose nodes are built for it even where it has no finding of its own.
    for (let i = 0; i + 10 <= 100; i += 10) agrees(generated.slice(i, i + 10).join('---\n'), inferred);
    for (const text of ['# c\nlabel: [a]\n---\nlabel: [b]\n', '---\nlabel: [a]\n', 'state: start\n---\nstate: start\n']) agrees(text, inferred);
    const stream = lintText('# etl clusters\nlabel: [a]\n---\nlabel: [b]\n', inferred);
    expect(stream.findings.map((f) => [f.ruleId, f.document, f.line, f.column, f.endLine, f.endColumn])).toEqual([['operation/inferred', 0, 2, 1, 2, 11], ['operation/inferred', 1, 4, 1, 4, 11]]);
  });

  test('on streams of generated cluster files, mistakes and all: one file, many documents', () => {
    for (let i = 0; i + 10 <= 100; i += 10) agrees(generated.slice(i, i + 10).join('---\n'));
    // A marker before the first document too, and a stream of one.
    for (let i = 0; i < 10; i++) agrees(`---\n${generated[i]}---\n${generated[i + 10]}`);
    for (let i = 0; i < 10; i++) agrees(`---\n${generated[i]}`);
  });

  test('on the sample repository and the real bodies written as YAML', () => {
    const repo = join(ROOT, 'fixtures', 'config-repo', 'clusters');
    for (const name of readdirSync(repo)) agrees(readFileSync(join(repo, name), 'utf8'));
    const real = join(ROOT, '..', 'shared', 'real-bodies');
    if (!existsSync(real)) return;
    for (const name of readdirSync(real).filter((f) => f.endsWith('.json'))) {
      const operation = name.split('--')[0] as LintOptions['operation'];
      agrees(stringify(JSON.parse(readFileSync(join(real, name), 'utf8'))), { operation, filename: 'body.yaml' });
    }
  });

  const base = generated.filter((text) => lintWithYaml(text, OPTIONS).findings.length === 0).slice(0, 20);
  const values = fc.oneof(
    fc.constantFrom('yes', 'on', 'off', 'no', 'Y', '0755', '1:30', '1_000', '0b101', '~', 'null', '"on"', "'x'", '[a, b]', '{a: 1}', '&a x', '*a', '!!str 5', '- x', '', '|\n  text', '"\\u0041"', '.inf', '-.5', '0x1F', '0o17', '1e3', '2026-01-02'),
    fc.constantFrom('+.5', '1.', '0123', '08', '+1', '-0', '0o8', '0x', '1e', 'TRUE', 'True', 'NULL', 'Null', '.NaN', '-.inf', '+.inf', '1.5e+3', '"a\\tb"', "'it''s'", '"#x"', 'a #b', 'a#b', '@x', '`x', '%x', '> x', '- - x', ': x', 'x: y', '"unterminated', "'a", '{', '[', '}', ']'),
    fc.string({ maxLength: 12 }),
    fc.integer().map(String),
  );
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('value' as const), line: fc.nat(), value: values }),
    fc.record({ kind: fc.constant('delete' as const), line: fc.nat() }),
    fc.record({ kind: fc.constant('duplicate' as const), line: fc.nat() }),
    fc.record({ kind: fc.constant('key' as const), line: fc.nat(), key: fc.oneof(fc.constantFrom('null', 'true', '1', '<<', '? x', 'use_hadoop2', 'label'), fc.string({ maxLength: 10 })) }),
    fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.integer({ min: -2, max: 2 }) }),
    fc.record({ kind: fc.constant('insert' as const), line: fc.nat(), text: fc.oneof(fc.constantFrom('---', '...', '# dplint-disable', '\t- x', 'a: &x 1', '%YAML 1.1'), fc.string({ maxLength: 20 })) }),
  );

  test('on arbitrary mutations of valid cluster files (fixed seed)', () => {
    let clean = 0;
    fc.assert(
      fc.property(fc.nat(base.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, mutations) => {
        const lines = base[which].split('\n');
        for (const m of mutations) {
          const at = m.line % lines.length;
          const line = lines[at];
          if (m.kind === 'value') lines[at] = line.replace(/:\s.*$/, `: ${m.value}`);
          if (m.kind === 'delete') lines.splice(at, 1);
          if (m.kind === 'duplicate') lines.splice(at, 0, line);
          if (m.kind === 'key') lines[at] = line.replace(/^(\s*(?:- )?)[^:#\s][^:]*:/, `$1${m.key}:`);
          if (m.kind === 'indent') lines[at] = m.by > 0 ? ' '.repeat(m.by) + line : line.slice(-m.by);
          if (m.kind === 'insert') lines.splice(at, 0, m.text);
        }
        if (lintText(lines.join('\n'), OPTIONS).findings.length === 0) clean++;
        return agrees(lines.join('\n'));
      }),
      { seed: 20261122, numRuns: Number(process.env.DPLINT_PROPERTY_RUNS ?? 300) },
    );
    expect(clean, 'some mutated files are still clean, so the property is exercised').toBeGreaterThan(10);
  });

  test('on arbitrary data written as YAML in block and flow styles (fixed seed)', () => {
    const data = fc.dictionary(fc.oneof(fc.constantFrom('label', 'node_configuration', 'vm_settings', 'max_nodes', 'cloud_region'), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    fc.assert(
      fc.property(data, fc.boolean(), (value, flow) => agrees(stringify(value, flow ? { collectionStyle: 'flow' } : {}))),
      { seed: 20261122, numRuns: Number(process.env.DPLINT_PROPERTY_RUNS ?? 300) },
    );
  });
});

describe('edits in a stream of documents (read back in their own part, by the block reader where it takes the part)', () => {
  test('every edit kept in a stream, made on the whole stream, changes its own document as the same edit changes that document alone, and no other', () => {
    const edits = (finding: Finding): Fix[] => [finding.fix, ...(finding.suggestions ?? []).map((s) => s.fix)].filter((fix): fix is Fix => fix !== undefined);
    const read = (text: string): ParsedFile => parseText(text, 'yaml', { reader: 'yaml' });
    let made = 0;
    // One file in ten has a mistake, and few mistakes have an edit: enough files for some dozens.
    const files = Array.from({ length: 1000 }, (_, i) => clusterFile(i, seededRandom(i + 1)) as string);
    for (let i = 0; i < files.length; i += 10) {
      const text = files.slice(i, i + 10).join('---\n');
      const before = read(text);
      for (const finding of lintText(text, OPTIONS).findings) {
        const document = finding.document!;
        // The same finding in the document linted as a file of its own, and what its edits make of it.
        const alone = lintText(files[i + document], OPTIONS).findings.find((f) => f.ruleId === finding.ruleId && f.path === finding.path && f.message === finding.message);
        const aloneValues = alone ? edits(alone).map((fix) => read(applyFixes(files[i + document], [{ fix }]).text).documents[0].value) : [];
        edits(finding).forEach((fix, n) => {
          made++;
          const after = read(applyFixes(text, [{ fix }]).text);
          expect(after.findings.filter((f) => f.severity === 'error')).toEqual([]);
          expect(after.documents.map((d) => d.index !== document && d.value)).toEqual(before.documents.map((d) => d.index !== document && d.value));
          expect(after.documents[document].value).not.toEqual(before.documents[document].value);
          expect(after.documents[document].value).toEqual(aloneValues[n]);
        });
      }
    }
    expect(made).toBeGreaterThan(20);
  });
});
