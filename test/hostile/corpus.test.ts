import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { decodeText } from '../../src/node/files.js';
import { parseText } from '../../src/parse/parse.js';
import { validate } from '../../src/api/validate.js';
import { runCli } from '../helpers/cli.js';
import { HOSTILE, lines } from './helpers.js';

/**
 * The adversarial corpus of fixtures/hostile, file by file: what each one yields, exactly.
 * (The limits — alias bombs, deep nesting, size — are in limits.test.ts; secrets in secrets.test.ts.)
 */

async function compact(file: string): Promise<{ code: number; lines: string[]; stderr: string }> {
  const run = await runCli(['--no-config', '-f', 'compact', `${HOSTILE}/${file}`]);
  return { code: run.code, lines: lines(run.stdout), stderr: run.stderr };
}

describe('bytes that are not UTF-8 text', () => {
  test.each([
    ['binary.yaml', 'the file holds a NUL byte (at byte 8), so it is not text'],
    ['nul-byte.yaml', 'the file holds a NUL byte (at byte 61), so it is not text'],
    ['invalid-utf8.yaml', 'the file is not UTF-8 text (nor UTF-16 with a byte-order mark)'],
    ['utf16le-no-bom.yaml', 'the file looks like UTF-16 without a byte-order mark; save it as UTF-8 (or UTF-16 with a byte-order mark)'],
  ])('%s: one parse/encoding finding at 1:1, exit 1', async (file, message) => {
    expect(await compact(file)).toEqual({ code: 1, lines: [`${HOSTILE}/${file}:1:1: error ${message} [parse/encoding]`], stderr: '' });
  });

  test.each(['utf16le-bom.yaml', 'utf16be-bom.yaml'])('%s: decoded by its byte-order mark and linted like UTF-8, positions included', async (file) => {
    expect(await compact(file)).toEqual({
      code: 1,
      lines: [`${HOSTILE}/${file}:3:17: error presto_version must be a string; YAML reads the unquoted 0.180 as the number 0.18: quote it as "0.180" [yaml/unquoted-string]`],
      stderr: '',
    });
  });

  test('every invalid UTF-8 sequence class is an encoding finding, never a replacement character in the text', () => {
    const sequences = [[0xc3, 0x28], [0xa0, 0xa1], [0xe2, 0x28, 0xa1], [0xf0, 0x28, 0x8c, 0xbc], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xff]];
    for (const bytes of sequences) expect(decodeText(Uint8Array.from([0x61, 0x3a, 0x20, ...bytes, 0x0a]))).toEqual({ error: 'the file is not UTF-8 text (nor UTF-16 with a byte-order mark)' });
  });
});

describe('__proto__, constructor and prototype keys', () => {
  const before = Object.getOwnPropertyNames(Object.prototype).sort();

  test.each([
    [
      'proto-keys.yaml',
      [
        `${HOSTILE}/proto-keys.yaml:3:1: warning unknown member "__proto__" in the body: the spec does not list it; see \`dplint schema\` for the 15 members it takes [schema/unknown-member]`,
        `${HOSTILE}/proto-keys.yaml:5:1: warning unknown member "constructor" in the body: the spec does not list it; see \`dplint schema\` for the 15 members it takes [schema/unknown-member]`,
        `${HOSTILE}/proto-keys.yaml:9:3: warning unknown member "__proto__" in node_configuration: the spec does not list it; see \`dplint schema\` for the 19 members it takes [schema/unknown-member]`,
        `${HOSTILE}/proto-keys.yaml:10:3: warning unknown member "prototype" in node_configuration: the spec does not list it; see \`dplint schema\` for the 19 members it takes [schema/unknown-member]`,
      ],
    ],
    [
      'proto-keys.json',
      [
        `${HOSTILE}/proto-keys.json:1:1: info no operation declared; checked as edit-cluster from the body's shape. Declare it with "# dplint: operation=edit-cluster" or in the config file's files [operation/inferred]`,
        `${HOSTILE}/proto-keys.json:1:20: warning unknown member "__proto__" in the body: the spec does not list it; see \`dplint schema\` for the 15 members it takes [schema/unknown-member]`,
        `${HOSTILE}/proto-keys.json:1:76: warning unknown member "constructor" in node_configuration: the spec does not list it; see \`dplint schema\` for the 19 members it takes [schema/unknown-member]`,
      ],
    ],
  ])('%s: reported as unknown members at their keys; nothing is polluted', async (file, expected) => {
    expect(await compact(file)).toEqual({ code: 0, lines: expected, stderr: '' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  test('the keys are own members of plain objects, as JSON.parse makes them', () => {
    const parsed = parseText(readFileSync(`${HOSTILE}/proto-keys.yaml`, 'utf8'), 'yaml');
    const value = parsed.documents[0].value as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(value['__proto__']).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(value.node_configuration)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('validate() on a body from JSON.parse with __proto__ pollutes nothing either', () => {
    const body = JSON.parse('{"label": ["etl"], "__proto__": {"polluted": true}, "node_configuration": {"constructor": {"prototype": {"polluted": true}}}}');
    expect(validate('edit-cluster', body).findings.map((f) => [f.ruleId, f.path])).toEqual([
      ['schema/unknown-member', '/__proto__'],
      ['schema/unknown-member', '/node_configuration/constructor'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});

describe('YAML tags never construct anything', () => {
  test('tags.yaml: each unknown tag is a parse/warning; the values are checked as the plain data they are', async () => {
    expect(await compact('tags.yaml')).toEqual({
      code: 1,
      lines: [
        `${HOSTILE}/tags.yaml:3:1: warning unknown member "cluster_name" in the body: the spec does not list it; see \`dplint schema\` for the 15 members it takes [schema/unknown-member]`,
        `${HOSTILE}/tags.yaml:3:15: warning YAML: Unresolved tag: tag:yaml.org,2002:js/function [parse/warning]`,
        `${HOSTILE}/tags.yaml:4:1: warning unknown member "node_bootstrap" in the body: the spec does not list it; did you mean "node_bootstrap_file"? [schema/unknown-member]`,
        `${HOSTILE}/tags.yaml:4:17: warning YAML: Unresolved tag: tag:yaml.org,2002:python/object/apply:os.system [parse/warning]`,
        `${HOSTILE}/tags.yaml:5:21: warning YAML: Unresolved tag: !custom [parse/warning]`,
        `${HOSTILE}/tags.yaml:6:18: warning YAML: Unresolved tag: tag:yaml.org,2002:js/undefined [parse/warning]`,
        `${HOSTILE}/tags.yaml:6:33: error node_configuration.initial_nodes must be a whole number; got string "~" [schema/type]`,
        `${HOSTILE}/tags.yaml:8:14: warning YAML: Unresolved tag: tag:yaml.org,2002:js/regexp [parse/warning]`,
        `${HOSTILE}/tags.yaml:8:26: error vm_settings must be an object; got string "/(a+)+$/" [schema/type]`,
      ],
      stderr: '',
    });
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
  });

  test('every value read from tags.yaml is plain data: plain objects, arrays, strings, numbers', () => {
    const parsed = parseText(readFileSync(`${HOSTILE}/tags.yaml`, 'utf8'), 'yaml');
    const value = parsed.documents[0].value;
    expect(value).toEqual({
      label: ['etl'],
      cluster_name: 'function () { globalThis.pwned = true }',
      node_bootstrap: ['touch /tmp/pwned'],
      node_configuration: { initial_nodes: '~', max_nodes: 3 },
      vm_settings: '/(a+)+$/',
    });
    expect(plainDataProblems(value)).toEqual([]);
  });

  test('the standard tags of other YAML versions (!!binary, !!set, !!omap, !!timestamp) give plain data too', () => {
    const text = 'a: !!binary aGVsbG8=\nb: !!set {x, y}\nc: !!omap [{k: 1}]\nd: !!timestamp 2001-12-14\ne: !!float "1.5"\nf: !!str 12\n';
    const parsed = parseText(text, 'yaml');
    expect(parsed.documents[0].value).toEqual({ a: 'aGVsbG8=', b: { x: null, y: null }, c: [{ k: 1 }], d: '2001-12-14', e: 1.5, f: '12' });
    expect(plainDataProblems(parsed.documents[0].value)).toEqual([]);
    expect(parsed.findings.map((f) => [f.ruleId, f.line])).toEqual([
      ['parse/warning', 1],
      ['parse/warning', 2],
      ['parse/warning', 3],
      ['parse/warning', 4],
    ]);
  });
});

describe('control characters', () => {
  test('control-chars.yaml: a key holding terminal escapes is reported with them replaced, in every terminal format', async () => {
    const { code, lines: out } = await compact('control-chars.yaml');
    expect(code).toBe(0);
    expect(out).toEqual([
      `${HOSTILE}/control-chars.yaml:3:1: warning unknown member "\ufffd[2J\ufffd]8;;https://example.com\ufffd" in the body: the spec does not list it; see \`dplint schema\` for the 15 members it takes [schema/unknown-member]`,
    ]);
    const stylish = await runCli(['--no-config', `${HOSTILE}/control-chars.yaml`]);
    expect(stylish.stdout).toContain('unknown member "\ufffd[2J\ufffd]8;;https://example.com\ufffd" in the body');
    expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(stylish.stdout)).toBe(false);
    // JSON keeps the message exact: JSON.stringify escapes the characters itself.
    const json = await runCli(['--no-config', '-f', 'json', `${HOSTILE}/control-chars.yaml`]);
    expect(JSON.parse(json.stdout).results[0].findings[0].message).toContain('"\u001b[2J\u001b]8;;https://example.com\u0007"');
  });

  test('NUL characters handed to lintText (not read from a file) are data, not a crash', () => {
    const { findings } = lintText('# dplint: operation=edit-cluster\nlabel: ["e\\0tl"]\ncluster\u0000: 1\n');
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['schema/unknown-member', 3, 1]]);
    expect(findings[0].message).toContain('unknown member "cluster\u0000" in the body');
  });
});

/** Paths to every value that is not plain data (a plain object, an array, or a primitive). */
function plainDataProblems(value: unknown, path = ''): string[] {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return [];
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype ? value.flatMap((item, i) => plainDataProblems(item, `${path}/${i}`)) : [path];
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return [path];
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => plainDataProblems(item, `${path}/${key}`));
  }
  return [path];
}
