import fc from 'fast-check';
import { Scalar, stringify } from 'yaml';
import { describe, expect, test } from 'vitest';
import { lintText } from '../../src/engine/lint.js';
import { FORMATTERS } from '../../src/formatters/index.js';
import { bodyValue, operationOption, runs, TIMEOUT } from './invariants.js';

/**
 * A secret never leaves, as a property: a generated body gets a credential planted under a
 * credential member (or a misspelt one, or an envelope's X-AUTH-TOKEN header) somewhere in it,
 * written in any YAML or JSON style, and no formatter's output — code frames, messages, fixes,
 * fingerprints — holds it.
 */

const CREDENTIAL_MEMBERS = ['compute_secret_key', 'compute_access_key', 'storage_secret_key', 'secret', 'acc_key', 'fernet_key', 'monitor_api_token', 'compute_secret_keys', 'storage_secert_key', 'db_password', 'X-AUTH-TOKEN'];
const secret = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/'), minLength: 12, maxLength: 24 }).map((s) => `Zq${s}`);

/** The body with the secret planted under `member` in the object at a generated position. */
function plant(value: unknown, member: string, planted: string | number, where: number): unknown {
  const objects: Array<Record<string, unknown>> = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      objects.push(v as Record<string, unknown>);
      Object.values(v).forEach(walk);
    }
  };
  const root = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { body: value };
  walk(root);
  objects[where % objects.length][member] = planted;
  return root;
}

describe('no formatter shows a planted secret', () => {
  test(
    'any body, any style, any operation: every format, code frames on',
    () => {
      fc.assert(
        fc.property(
          bodyValue,
          fc.constantFrom(...CREDENTIAL_MEMBERS),
          secret,
          fc.nat(),
          fc.constantFrom(Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED, 'json'),
          fc.constantFrom<'any' | 'flow' | 'block'>('any', 'flow', 'block'),
          operationOption,
          (value, member, planted, where, style, collections, operation) => {
            const body = plant(structuredClone(value), member, planted, where);
            const text =
              style === 'json'
                ? JSON.stringify(body, null, 2)
                : stringify(body, { defaultStringType: style, defaultKeyType: Scalar.PLAIN, collectionStyle: collections, lineWidth: 0 });
            expect(text).toContain(planted);
            const filename = style === 'json' ? 'body.json' : 'body.yaml';
            const result = lintText(text, { operation, filename });
            const results = [{ file: filename, ...result, source: text }];
            for (const [name, format] of Object.entries(FORMATTERS)) {
              const output = format(results, { color: false, cwd: '/work', codeFrames: true });
              if (output.includes(planted)) throw new Error(`${name} shows the secret:\n${output.split('\n').filter((l) => l.includes(planted)).join('\n')}\n--- text\n${text}`);
            }
          },
        ),
        runs(200),
      );
    },
    TIMEOUT,
  );
});
