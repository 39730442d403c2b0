import type { ErrorObject } from 'ajv';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { aliasExpansion } from '../../src/parse/aliases.js';
import { streamParts } from '../../src/parse/block-yaml.js';
import { lintWithYaml } from '../helpers/readers.js';
import { parseText } from '../../src/parse/parse.js';
import { schemaFindings } from '../../src/schema/validate-body.js';

/**
 * Time and memory bounded on any input. No test here asserts a time: each input is large enough
 * that work quadratic in it would run for minutes (the test would time out), where linear work
 * takes a second or two; what is asserted is what comes out — exact counts and positions, or the
 * limit that stops the input. bench/hostile.mjs times the same shapes at n, 4n and 16n.
 */

// Generous: the machines that run these are shared, and a time-out is what quadratic work looks like.
const LARGE = { timeout: 300_000 };

describe('many findings in one file', () => {
  test('a label list of 160,000 numbers: one finding per item, the first and last where they are', LARGE, () => {
    const count = 160_000;
    const text = `# dplint: operation=edit-cluster\nlabel: [${Array(count).fill('1').join(',')}]\n`;
    const { findings } = lintText(text);
    expect(findings).toHaveLength(count);
    expect(new Set(findings.map((f) => f.ruleId))).toEqual(new Set(['yaml/unquoted-string']));
    const at = (f: (typeof findings)[number]) => [f.path, f.line, f.column, f.endColumn];
    expect(at(findings[0])).toEqual(['/label/0', 2, 9, 10]);
    expect(at(findings[count - 1])).toEqual([`/label/${count - 1}`, 2, 9 + 2 * (count - 1), 10 + 2 * (count - 1)]);
  });

  test('150,000 duplicate keys: one finding each, no stack overflow from their number', LARGE, () => {
    const count = 150_000;
    // Past the scalar limit a file this large is refused (see below); lifted here to reach the findings' number.
    const { findings } = lintText('# dplint: operation=set-cluster-state\n' + 'state: start\n'.repeat(count), { maxScalars: Infinity });
    expect(findings).toHaveLength(count - 1);
    expect(findings[0]).toEqual({
      ruleId: 'yaml/duplicate-key',
      severity: 'error',
      message: 'duplicate key "state": first defined on line 2; only the last value is sent',
      path: '/state',
      line: 3,
      column: 1,
      endLine: 3,
      endColumn: 6,
    });
    expect([findings[count - 2].line, findings[count - 2].message]).toEqual([count + 1, 'duplicate key "state": first defined on line 2; only the last value is sent']);
  });

  test('50,000 failed anyOfs (a policy over a list, say): the mismatched branch of each dropped, in one pass', LARGE, () => {
    // Each item fails both branches of `items.anyOf`: branch 0 wants a list, branch 1 (a string) an enum value.
    const count = 50_000;
    const errors: ErrorObject[] = [];
    for (let i = 0; i < count; i++) {
      const instancePath = `/tags/${i}`;
      errors.push(
        { keyword: 'type', instancePath, schemaPath: '#/properties/tags/items/anyOf/0/type', params: { type: 'array' }, data: 'x' },
        { keyword: 'enum', instancePath, schemaPath: '#/properties/tags/items/anyOf/1/enum', params: { allowedValues: ['a', 'b'] }, data: 'x' },
        { keyword: 'anyOf', instancePath, schemaPath: '#/properties/tags/items/anyOf', params: {}, data: 'x' },
      );
    }
    const findings = schemaFindings(errors);
    expect(findings).toHaveLength(count);
    expect(findings[0]).toEqual({
      ruleId: 'schema/enum',
      severity: 'error',
      path: ['tags', '0'],
      message: 'tags[0] must be one of "a", "b"; got "x" (did you mean "a"?)',
      messageId: 'didYouMean',
      suggestions: [{ kind: 'replaceValue', value: 'a', desc: 'Change to "a"' }],
    });
    expect(findings[count - 1].path).toEqual(['tags', String(count - 1)]);
  });

  test('60,000 fixable findings before a 16 MB value and no `#` after them: each fix checked for comments in its own range, not to the end of the text', LARGE, () => {
    const count = 60_000;
    const text = `label:\n${Array.from({ length: count }, (_, i) => `  - ${i}\n`).join('')}cluster_name: "${'a'.repeat(16 * 1024 * 1024)}"\n`;
    const { findings } = lintText(text, { operation: 'edit-cluster' });
    // One finding a label item, each with its fix, and the unknown member that holds the long value.
    expect(findings).toHaveLength(count + 1);
    expect(findings.filter((f) => f.fix !== undefined)).toHaveLength(count);
    const at = (f: (typeof findings)[number]) => [f.ruleId, f.path, f.line, f.column, f.fix?.text];
    expect(at(findings[0])).toEqual(['yaml/unquoted-string', '/label/0', 2, 5, '"0"']);
    expect(at(findings[count - 1])).toEqual(['yaml/unquoted-string', `/label/${count - 1}`, count + 1, 5, `"${count - 1}"`]);
    expect(at(findings[count])).toEqual(['schema/unknown-member', '/cluster_name', count + 2, 1, undefined]);
  });

  test('anyOf branches: only those of the value\'s type are kept, and all of them when none is', () => {
    const errors = (data: unknown, types: string[]): ErrorObject[] => [
      ...types.map((type, branch) => ({ keyword: 'type', instancePath: '/level', schemaPath: `#/properties/level/anyOf/${branch}/type`, params: { type }, data })),
      { keyword: 'anyOf', instancePath: '/level', schemaPath: '#/properties/level/anyOf', params: {}, data },
    ];
    // Both branches mismatched: both kept, and then one finding per value and rule.
    expect(schemaFindings(errors(5, ['string', 'array'])).map((f) => f.message)).toEqual(['level must be a string; got integer 5']);
    expect(schemaFindings([...errors(5, ['string']), { keyword: 'minimum', instancePath: '/level', schemaPath: '#/properties/level/anyOf/1/minimum', params: { limit: 9 }, data: 5 }]).map((f) => f.ruleId)).toEqual([
      'schema/range',
    ]);
  });
});

describe('aliases: the text they stand for is counted and limited (maxAliasExpansion)', () => {
  test('each alias counts its anchor\'s text and what the aliases inside it stand for', () => {
    // [x, y] is 6 characters; [*a, *a] is 8 and stands for 12 more; *b then stands for 20.
    const doc = parseText('a: &a [x, y]\nb: &b [*a, *a]\nc: *b\n', 'yaml').documents[0].node;
    const all = aliasExpansion(doc, { maxAliases: Infinity, maxCharacters: Infinity });
    expect([all.aliases, all.characters, all.targets.size, all.passed, all.unresolved]).toEqual([3, 6 + 6 + 20, 3, undefined, undefined]);
    const stopped = aliasExpansion(doc, { maxAliases: Infinity, maxCharacters: 12 });
    expect([stopped.characters, stopped.passed?.limit, stopped.passed?.at.source, stopped.passed?.at.range?.[0]]).toEqual([32, 'maxAliasExpansion', 'b', 31]);
    const counted = aliasExpansion(doc, { maxAliases: 2, maxCharacters: Infinity });
    expect([counted.aliases, counted.passed?.limit, counted.passed?.at.range?.[0]]).toEqual([3, 'maxAliasCount', 31]);
  });

  test('at the limit a document is read; one character past it, refused at the alias that passed it', () => {
    const text = 'a: &a "0123456789"\nb: *a\nc: *a\n';
    expect(parseText(text, 'yaml', { maxAliasExpansion: 24 }).documents[0].value).toEqual({ a: '0123456789', b: '0123456789', c: '0123456789' });
    const refused = parseText(text, 'yaml', { maxAliasExpansion: 23 });
    expect(refused.documents[0].usable).toBe(false);
    expect(refused.findings).toEqual([
      {
        ruleId: 'parse/limit',
        severity: 'error',
        message: 'document not read: its aliases stand for more than 23 characters of text (limit maxAliasExpansion = 23)',
        path: '',
        line: 3,
        column: 4,
        endLine: 3,
        endColumn: 5,
      },
    ]);
  });

  test('a 1 MB anchor named by 998 custom tags: refused at the eleventh alias, past 10 MiB', () => {
    const tags = Array.from({ length: 998 }, (_, i) => `    t${i}: *big`).join('\n');
    const text = `# dplint: operation=edit-cluster\nshared: &big "${'x'.repeat(1_000_000)}"\nnode_configuration:\n  custom_vm_tags:\n${tags}\n`;
    expect(lintText(text).findings.map((f) => [f.ruleId, f.line, f.column, f.message])).toEqual([
      ['parse/limit', 15, 10, 'document not read: its aliases stand for more than 10485760 characters of text (limit maxAliasExpansion = 10485760)'],
    ]);
  });

  test('`<<` merges count as the aliases they are (a merge copies what it names)', () => {
    const members = Array.from({ length: 1000 }, (_, i) => `  k${i}: v`).join('\n');
    const merges = Array.from({ length: 200 }, (_, i) => `m${i}:\n  <<: *base`).join('\n');
    const { findings } = parseText(`base: &base\n${members}\n${merges}\n`, 'yaml', { maxAliasExpansion: 1_000_000 });
    // The mapping's text is 9,887 characters: the 102nd merge (m101) passes a million.
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/limit', 1002 + 2 * 101 + 1, 7]]);
  });

  test('the block reader reads no anchor or alias, so every alias goes through the counted parse', () => {
    expect(['a: &x 1\nb: 2\n', 'a: 1\nb: *x\n', 'a: [1, *x]\n'].map((text) => parseText(text, 'yaml').reader)).toEqual(['yaml', 'yaml', 'yaml']);
    expect(lintText('# dplint: operation=set-cluster-state\nx: &x "0123456789"\nstate: *x\n', { maxAliasExpansion: 5 }).findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
      ['parse/limit', 3, 8],
    ]);
  });

  test('more aliases than maxAliasCount in one document: refused at the first past it', () => {
    // Each alias resolves by a scan of the aliases and anchors before it (in `yaml`): their number is held down.
    const anchors = Array.from({ length: 1001 }, (_, i) => `  a${i}: &a${i} "${i}"`).join('\n');
    const tags = Array.from({ length: 1001 }, (_, i) => `    t${i}: *a${i}`).join('\n');
    const text = `# dplint: operation=edit-cluster\nnumbers:\n${anchors}\nnode_configuration:\n  custom_vm_tags:\n${tags}\n`;
    expect(lintText(text).findings.map((f) => [f.ruleId, f.line, f.column, f.message])).toEqual([
      ['parse/limit', 1006 + 1000, 12, 'document not read: it holds more than 1000 aliases (limit maxAliasCount = 1000)'],
    ]);
    expect(lintText(text, { maxAliasCount: 1001 }).findings.map((f) => f.ruleId)).toEqual(['schema/unknown-member']);
  });

  test('100,000 findings under one alias: located with one walk of the document, not one per finding', LARGE, () => {
    const count = 100_000;
    const text = `# dplint: operation=edit-cluster\nshared: &labels [${Array(count).fill('1').join(',')}]\nlabel: *labels\n`;
    const { findings } = lintText(text);
    expect(findings).toHaveLength(count + 1);
    // A value reached through an alias is shown where it is written: in the anchored list.
    const items = findings.filter((f) => f.path.startsWith('/label/'));
    expect(items).toHaveLength(count);
    expect([items[0].path, items[0].line, items[0].column]).toEqual(['/label/0', 2, 18]);
    expect([items[count - 1].path, items[count - 1].line, items[count - 1].column]).toEqual([`/label/${count - 1}`, 2, 18 + 2 * (count - 1)]);
  });
});

describe('streams: no more than maxDocuments documents are read', () => {
  const stream = (count: number) => '# dplint: operation=set-cluster-state\n' + 'state: bad\n---\n'.repeat(count - 1) + 'state: bad\n';

  test.each([['lintText', lintText], ['lintWithYaml', lintWithYaml]] as const)('the first maxDocuments are linted, then one finding at the first not read (%s)', (_name, lint) => {
    const { findings } = lint(stream(5), { maxDocuments: 3 });
    expect(findings.map((f) => [f.ruleId, f.document, f.line, f.column])).toEqual([
      ['schema/enum', 0, 2, 8],
      ['schema/enum', 1, 4, 8],
      ['schema/enum', 2, 6, 8],
      ['parse/limit', 3, 7, 1],
    ]);
    expect(findings[3].message).toBe('stream not read past its first 3 documents (limit maxDocuments = 3); split the file to lint the rest');
    expect(lint(stream(3), { maxDocuments: 3 }).findings.map((f) => f.ruleId)).toEqual(['schema/enum', 'schema/enum', 'schema/enum']);
  });

  test('a clean stream past the limit is not clean: the limit is a finding', () => {
    const clean = '# dplint: operation=set-cluster-state\n' + 'state: start\n---\n'.repeat(3) + 'state: start\n';
    expect(lintText(clean, { maxDocuments: 3 }).findings.map((f) => [f.ruleId, f.document, f.line])).toEqual([['parse/limit', 3, 7]]);
    expect(lintText(clean, { maxDocuments: 4 }).findings).toEqual([]);
  });

  test('streamParts declines a stream of more parts than allowed', () => {
    expect(streamParts('a: 1\n---\nb: 2\n', 2)?.length).toBe(2);
    expect(streamParts('a: 1\n---\nb: 2\n', 1)).toBe(undefined);
    expect(streamParts('---\na: 1\n---\nb: 2\n', 2)?.length).toBe(2);
    expect(streamParts('---\na: 1\n---\nb: 2\n---\n', 2)).toBe(undefined);
  });

  test('300,000 documents (5 MB): 10,000 read, one finding for the rest', LARGE, () => {
    const { findings } = lintText(stream(300_000));
    expect(findings).toHaveLength(10_001);
    expect(findings[9_999]).toMatchObject({ ruleId: 'schema/enum', document: 9_999, line: 20_000 });
    expect(findings[10_000]).toEqual({
      ruleId: 'parse/limit',
      severity: 'error',
      message: 'stream not read past its first 10000 documents (limit maxDocuments = 10000); split the file to lint the rest',
      path: '',
      document: 10_000,
      line: 20_001,
      column: 1,
      endLine: 20_001,
      endColumn: 2,
    });
  });
});

describe('a large text of more scalars than dplint reads in bounded memory', () => {
  /** The one finding such a text gets, at its start. */
  const refused = {
    ruleId: 'parse/limit',
    severity: 'error',
    message: 'file not read: it holds more than 200000 keys and values (limit maxScalars = 200000), more than a request body has and more than dplint reads in bounded memory',
    path: '',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
  };

  test('400,000 keys (2.4 MB) are refused with one finding before `yaml` composes them (it kept 810 MB)', () => {
    const text = '# dplint: operation=edit-cluster\n' + 'key: 1\n'.repeat(400_000);
    expect(lintText(text).findings).toEqual([refused]);
  });

  test('the limit holds whichever reader would read the text: 210,000 distinct keys, which the block reader takes, are refused by either reader', () => {
    const text = Array.from({ length: 210_000 }, (_, i) => `key_${i}: 1\n`).join('');
    expect(text.length).toBeGreaterThan(1024 * 1024);
    expect(lintText(text, { operation: 'edit-cluster' }).findings).toEqual([refused]);
    expect(lintWithYaml(text, { operation: 'edit-cluster' }).findings).toEqual([refused]);
  });
});

describe('free-text credentials on one long line (src/schema/secrets.ts maskFreeText)', () => {
  test('50,000 settings of placeholders, URL users with no `@`, dotted names: each kept, in one pass', LARGE, async () => {
    const { maskSecrets } = await import('../../src/schema/secrets.js');
    const count = 50_000;
    const settings = `custom_config: "${'a.password=${A}\\n'.repeat(count)}"\nother: ${'password=${A} # '.repeat(count)}\n`;
    expect(maskSecrets(settings)).toBe(settings);
    const urls = `urls: ${'a://b:'.repeat(count)}\nnames: "${'a.secret.key \\n'.repeat(count)}"\n`;
    expect(maskSecrets(urls)).toBe(urls);
    // One `@` at the end: every URL's password runs to it, and the line is masked once.
    expect(maskSecrets(`urls: ${'a://b:'.repeat(count)}@h\n`)).toBe('urls: a://b:****@h\n');
  });
});
