import { analyse } from 'scslre';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { bundledSchema } from '../../src/schema/bundle.js';
import { BODY_SCHEMAS, type BodyOperationId, type JsonSchema } from '../../src/schema/body-schemas.js';
import { maskSecrets } from '../../src/schema/secrets.js';
import { everyFieldBody, schemaPatterns, sourceRegexes } from '../../bench/hostile-inputs.mjs';

/**
 * Regular expressions against hostile text. Every regular expression dplint's code builds from
 * literals (bench/hostile-inputs.mjs finds them with the TypeScript parser, so a new one is covered
 * without touching this file) and every `pattern` of the schemas is analysed by scslre: none may
 * let a backtracking matcher take more than linear time on a run of one repeated character, the
 * attack that analysis covers. It is static, so its verdict is the same on every machine; the
 * runs of two characters it does not cover are timed by bench/hostile.mjs.
 *
 * Then every field of every body, and a key, get hostile values of 20–100 KB through the whole
 * pipeline, so the rules' own parsing (XML, SSH keys, CIDRs, e-mail addresses, override lines) is
 * run on them too. Tests assert no time; bench/hostile.mjs measures how time grows with these
 * inputs' size.
 */

const SIZE = 100 * 1024;

/**
 * What scslre (the analysis behind eslint-plugin-regexp's no-super-linear-backtracking and
 * no-super-linear-move) reports for a pattern: each way a run of one repeated character makes a
 * backtracking matcher take more than linear time, as "file:line /source/flags: kind on a run of c".
 */
function superLinear(where: string, source: string, flags: string): string[] {
  return analyse({ source, flags }).reports.map((report) => `${where} /${source}/${flags}: ${report.type}${report.exponential ? ' (exponential)' : ''} on a run of ${JSON.stringify(report.character.pick)}`);
}

describe('no regular expression in src/, rules/ or the schemas backtracks super-linearly on a run of one character', () => {
  const { found, dynamic } = sourceRegexes();
  const patterns = schemaPatterns();

  test('the scan finds them (this file sees every new one)', () => {
    expect(found.length).toBeGreaterThan(120);
    // Built from constants at run time, so not scanned here; each is anchored and over short text.
    expect(dynamic).toEqual(['src/schema/bundle.ts:14']);
    expect(patterns).toContainEqual({ file: 'schemas/config/dplint.config.schema.json', source: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
  });

  test('scslre reports none (static analysis: no input and no clock)', () => {
    const reports = [
      ...found.flatMap(({ file, line, regex }) => superLinear(`${file}:${line}`, regex.source, regex.flags)),
      ...patterns.flatMap(({ file, source }) => superLinear(file, source, 'u')),
    ];
    expect(reports).toEqual([]);
  });

  test('the analysis finds the patterns that once were quadratic, and the one it found on its first run', () => {
    // src/schema/secrets.ts before a09a309: seconds on a 100 KB run of key characters.
    const oldKeyValue = String.raw`(["']?)([A-Za-z0-9_.-]+)\1(\s*:[ \t]*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?:\$\{[^}\n]*\}|[^,{}[\]\s#])(?:\$\{[^}\n]*\}|[^,}\]\n#])*)`;
    expect(superLinear('secrets.ts', oldKeyValue, 'g')).toEqual([`secrets.ts /${oldKeyValue}/g: Move on a run of "A"`]);
    expect(superLinear('secrets.ts', String.raw`\S.*$`, '')).toEqual(['secrets.ts /\\S.*$/: Move on a run of "A"']);
    // src/parse/parse.ts until 2026-11-25: \d+ and .* could trade the digits of a long run between them.
    expect(superLinear('parse.ts', String.raw` in JSON at position \d+.*$`, '')).toEqual(['parse.ts / in JSON at position \\d+.*$/: Trade on a run of "0"']);
  });

  test('a 100 KB run of key characters is masked whole', () => {
    const keyRun = 'a'.repeat(SIZE) + '\u0000';
    expect(maskSecrets(`${keyRun}\ncompute_secret_key: x\n`)).toBe(`${keyRun}\ncompute_secret_key: ****\n`);
  });
});

describe('long hostile values and keys through the whole pipeline', () => {
  // 20 KB in every field of a body at once (a 2 MB edit-cluster document).
  const N = 20 * 1024;
  const VALUES = [
    'a'.repeat(N),
    ' '.repeat(N) + 'x',
    '='.repeat(N) + '!',
    '<a>'.repeat(N / 3),
    '<a '.repeat(N / 3),
    'ssh-rsa ' + 'A'.repeat(N),
    '-----BEGIN ' + 'A '.repeat(N / 2),
    'x@' + 'a.'.repeat(N / 2) + '!',
    '1.'.repeat(N / 2),
    'subnet-' + 'a,'.repeat(N / 2),
    'k=v\n'.repeat(N / 4) + 'x',
  ];

  test.each(Object.keys(BODY_SCHEMAS) as BodyOperationId[])('%s: every field at once, each hostile value, is read and judged', (operation) => {
    const schema = bundledSchema(operation);
    for (const value of VALUES) {
      const body = JSON.stringify(everyFieldBody(schema, schema.definitions as Record<string, JsonSchema>, value));
      const { findings } = lintText(body, { operation, filename: 'body.json' });
      const what = `${operation} ${JSON.stringify(value.slice(0, 8))}`;
      expect(findings.length, what).toBeGreaterThan(0);
      // The body is one line: every finding is on it, at a column inside it.
      expect(findings.filter((f) => f.line !== 1 || f.column < 1 || f.column > body.length), what).toEqual([]);
    }
  });

  test('a 100 KB key: in JSON an unknown member; as a YAML implicit key a syntax error (YAML allows 1024 characters)', () => {
    for (const key of ['k'.repeat(SIZE), 'compute_secret_key' + '_'.repeat(SIZE), 'a\\"'.repeat(SIZE / 3)]) {
      const json = lintText(`{"${key}": 1, "vm_settings": {"compute_secret_key": "abc"}}`, { operation: 'edit-cluster', filename: 'a.json' });
      expect(json.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
        ['schema/unknown-member', 1, 2],
        ['security/plaintext-secret', 1, key.length + 47],
      ]);
      const yaml = lintText(`# dplint: operation=edit-cluster\n${key.replace(/\\"/g, 'q')}: 1\n`);
      expect(yaml.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/syntax', 2, 1]]);
    }
  });
});
