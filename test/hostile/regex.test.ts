import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { bundledSchema } from '../../src/schema/bundle.js';
import { BODY_SCHEMAS, type BodyOperationId, type JsonSchema } from '../../src/schema/body-schemas.js';
import { maskSecrets } from '../../src/schema/secrets.js';

/**
 * Regular expressions against hostile text. Every regular expression literal (and `new RegExp` of
 * literal strings) in src/ and rules/ is found by the TypeScript parser — a new one is covered
 * without touching this file — and run over 100 KB strings built to make a backtracking matcher
 * go quadratic or worse: long runs of each character the pattern names, pairs of them, ended by a
 * character that makes the match fail. The bound (1 s a call) tests complexity, not speed: a linear
 * scan of 100 KB takes well under a millisecond; a quadratic one takes seconds.
 *
 * Then every field of every body, and a key, get 100 KB hostile values through the whole pipeline,
 * so the rules' own parsing (XML, SSH keys, CIDRs, e-mail addresses, override lines) is covered too.
 */

const SIZE = 100 * 1024;
const BOUND_MS = 1000;

interface Found {
  file: string;
  line: number;
  regex: RegExp;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

function findRegexes(): { found: Found[]; dynamic: string[] } {
  const found: Found[] = [];
  const dynamic: string[] = [];
  for (const path of [...sourceFiles('src'), ...sourceFiles('rules')]) {
    const file = relative('.', path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const slash = text.lastIndexOf('/');
        found.push({ file, line: where(node), regex: new RegExp(text.slice(1, slash), text.slice(slash + 1)) });
      } else if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
        const args = node.arguments ?? [];
        if (args.every((arg) => ts.isStringLiteral(arg))) found.push({ file, line: where(node), regex: new RegExp(...(args.map((arg) => (arg as ts.StringLiteral).text) as [string, string?])) });
        else dynamic.push(`${file}:${where(node)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, dynamic };
}

/** Strings of SIZE characters that stress a pattern: runs of the characters it names, and of pairs. */
function attacks(regex: RegExp): string[] {
  const named = regex.source.replace(/\\[dDsSwWbB]/g, '').replace(/\\(.)/g, '$1').split('').filter((c) => c >= ' ' && c <= '~');
  const chars = [...new Set([' ', '\t', 'a', 'A', '0', '_', '-', '.', ':', '/', '"', "'", '=', '*', '$', '{', '@', ',', ...named])];
  const runOf = (pump: string) => pump.repeat(Math.ceil(SIZE / pump.length)).slice(0, SIZE);
  // A run ended by a character nothing matches, or by a line end (which `.` and `$` treat apart).
  return [...chars.flatMap((c) => [runOf(c) + '\u0000', runOf(c) + '\n']), ...chars.flatMap((c) => [runOf(c + 'a') + '\u0000', runOf(c + ' ') + '\u0000'])];
}

describe('every regular expression in src/ and rules/ runs in linear time on hostile input', () => {
  const { found, dynamic } = findRegexes();

  test('the scan finds them (this file sees every new one)', () => {
    expect(found.length).toBeGreaterThan(120);
    // Built from constants at run time, so not scanned here; each is anchored and over short text.
    expect(dynamic).toEqual(['src/schema/bundle.ts:14']);
  });

  test(`each regex, ${SIZE / 1024} KB attack strings: every call under ${BOUND_MS} ms`, () => {
    const slow: string[] = [];
    for (const { file, line, regex } of found) {
      for (const input of attacks(regex)) {
        regex.lastIndex = 0;
        const start = performance.now();
        if (regex.global || regex.sticky) input.replace(regex, '');
        else regex.test(input);
        const ms = performance.now() - start;
        if (ms > BOUND_MS) {
          slow.push(`${file}:${line} ${regex} took ${Math.round(ms)} ms on ${JSON.stringify(input.slice(0, 4))}…`);
          break;
        }
      }
    }
    expect(slow).toEqual([]);
  });

  test('the patterns that were quadratic stay fixed (regression: seconds before, milliseconds now)', () => {
    const keyRun = 'a'.repeat(SIZE) + '\u0000';
    const started = performance.now();
    expect(maskSecrets(`${keyRun}\ncompute_secret_key: x\n`)).toBe(`${keyRun}\ncompute_secret_key: ****\n`);
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });
});

describe('long hostile values and keys through the whole pipeline', () => {
  // 20 KB in every field of a body at once (a 2 MB edit-cluster document): linear work stays far
  // under the bound; anything quadratic in a value's length (an XML or key parser) would not.
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

  /** A body with every string field of the schema set to `value` (lists get it as their one item). */
  function bodyOf(schema: JsonSchema, root: JsonSchema, value: string, depth = 0): unknown {
    const resolved = resolveRef(schema, root);
    const parts = [resolved, ...['allOf', 'anyOf', 'oneOf'].flatMap((k) => ((resolved[k] as JsonSchema[] | undefined) ?? []).map((s) => resolveRef(s, root)))];
    const properties = Object.assign({}, ...parts.map((p) => (p.properties as Record<string, JsonSchema> | undefined) ?? {}));
    if (Object.keys(properties).length > 0 && depth < 6) {
      return Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, bodyOf(child as JsonSchema, root, value, depth + 1)]));
    }
    const items = parts.find((p) => p.items)?.items as JsonSchema | undefined;
    if (items && depth < 6) return [bodyOf(items, root, value, depth + 1)];
    return value;
  }

  test.each(Object.keys(BODY_SCHEMAS) as BodyOperationId[])('%s: every field at once, each hostile value, in bounded time', (operation) => {
    const schema = bundledSchema(operation);
    for (const value of VALUES) {
      const body = JSON.stringify(bodyOf(schema, schema, value));
      const start = performance.now();
      const { findings } = lintText(body, { operation, filename: 'body.json' });
      const ms = performance.now() - start;
      expect(findings.length, `${operation} ${JSON.stringify(value.slice(0, 8))}`).toBeGreaterThan(0);
      expect(ms, `${operation} ${JSON.stringify(value.slice(0, 8))}`).toBeLessThan(2000);
    }
  });

  test('a 100 KB key: in JSON an unknown member; as a YAML implicit key a syntax error (YAML allows 1024 characters)', () => {
    for (const key of ['k'.repeat(SIZE), 'compute_secret_key' + '_'.repeat(SIZE), 'a\\"'.repeat(SIZE / 3)]) {
      const start = performance.now();
      const json = lintText(`{"${key}": 1, "vm_settings": {"compute_secret_key": "abc"}}`, { operation: 'edit-cluster', filename: 'a.json' });
      expect(json.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
        ['schema/unknown-member', 1, 2],
        ['security/plaintext-secret', 1, key.length + 47],
      ]);
      const yaml = lintText(`# dplint: operation=edit-cluster\n${key.replace(/\\"/g, 'q')}: 1\n`);
      expect(yaml.findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([['parse/syntax', 2, 1]]);
      expect(performance.now() - start).toBeLessThan(5000);
    }
  });
});

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  for (let hops = 0; typeof schema.$ref === 'string' && hops < 20; hops++) {
    const name = /^#\/definitions\/(.+)$/.exec(schema.$ref as string)?.[1];
    if (!name) break;
    schema = (root.definitions as Record<string, JsonSchema>)[name];
  }
  return schema;
}
