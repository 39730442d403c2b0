import fc from 'fast-check';
import { Scalar, stringify } from 'yaml';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fixDiffs } from '../../src/node/cli-fix.js';
import { FORMATTERS } from '../../src/formatters/index.js';
import type { FileResult } from '../../src/formatters/types.js';
import { lintTextAs } from '../../src/node/lint-files.js';
import { tempDir } from '../hostile/helpers.js';
import { bodyValue, operationOption, runs, TIMEOUT } from './invariants.js';

/**
 * A secret never leaves, as a property: a generated body gets a credential planted somewhere in
 * it — under a credential member (or a misspelt one, or an envelope's X-AUTH-TOKEN header) in any
 * YAML or JSON style, or at every other kind of place a credential can stand (anchors and merge
 * keys, escapes, keys, free text, private keys, text that does not parse) — and no output holds
 * it, nor any run of 8 of its characters: no format's, code frames, messages, fixes and
 * fingerprints included, nor the `--fix-dry-run` diff, nor what the lint cache stores, nor
 * standard error. Results are made as a run makes them (lintTextAs): the engine masks, the
 * formatters print.
 */

const CREDENTIAL_MEMBERS = ['compute_secret_key', 'compute_access_key', 'storage_secret_key', 'secret', 'acc_key', 'fernet_key', 'monitor_api_token', 'compute_secret_keys', 'storage_secert_key', 'db_password', 'X-AUTH-TOKEN'];
// Characters drawn one by one (fc.string also draws words such as `propertyIsEnumerable`, whose runs any output may hold).
const secret = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/'), { minLength: 12, maxLength: 24 })
  .map((chars) => `Zq${chars.join('')}`);

/** A config file with a policy that constrains credentials, so that its messages would quote them. */
const POLICY_CONFIG = [
  'policies:',
  '  - id: keys-start-with-x',
  '    message: credentials start with x',
  '    operations: [edit-cluster, create-account, edit-account]',
  '    schema:',
  '      properties:',
  '        compute_secret_key: {pattern: "^x"}',
  '        vm_settings: {properties: {compute_secret_key: {pattern: "^x"}}}',
  '        account: {properties: {compute_secret_key: {pattern: "^x"}}}',
  '',
].join('\n');
const CWD = tempDir({ 'dplint.config.yaml': POLICY_CONFIG });

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

/**
 * Places a credential stands in a YAML text other than a member's plain value, as lines added at
 * the top level of a body: each with the secret it plants (`s`), as the data holds it.
 */
const YAML_PLACES: Record<string, (s: string) => string> = {
  'an anchor aliased under a credential': (s) => `saved: &k ${s}\nvm_settings:\n  compute_secret_key: *k\n`,
  "a credential's anchor aliased under an ordinary member": (s) => `compute_secret_key: &k ${s}\nlabel: [*k]\ncluster_name: *k\n`,
  'a merge key': (s) => `base: &b {compute_secret_key: ${s}, region: x}\nvm_settings:\n  <<: *b\n  node_count: [1]\n`,
  'a double-quoted escape': (s) => `compute_secret_key: "${s.slice(0, 6)}\\u0041${s.slice(6)}"\n`,
  'a key inside a credential': (s) => `compute_secret_key: {${s}: 1}\n`,
  'a block sequence under a credential': (s) => `compute_access_key:\n  - ${s}\n  - 2\n`,
  'a Hadoop custom_config password': (s) => `hadoop_settings:\n  custom_config: "javax.jdo.option.ConnectionPassword=${s}\\nfs.s3a.secret.key=${s}"\n`,
  'an Airflow connection URL': (s) => `airflow_settings:\n  overrides: "core.sql_alchemy_conn=postgresql://airflow:${s}@db.example.com:5432/airflow"\n`,
  'a key = value line in a block scalar': (s) => `notes: |\n  [client]\n  password = ${s}\n`,
  'a private key pasted with the wrong indentation': (s) => `alt_sa_private_key: -----BEGIN PRIVATE KEY-----\n${s}\n-----END PRIVATE KEY-----\n`,
  'an unresolved alias': (s) => `compute_secret_key: *${s}\n`,
  'an unresolved tag': (s) => `compute_secret_key: !${s} value\n`,
  'a collection as a key': (s) => `compute_secret_key: {? [${s}] : 1}\n`,
  'a syntax error after it': (s) => `compute_secret_key: ${s}\nother: [\n`,
  'a policy on it': (s) => `vm_settings:\n  compute_secret_key: ${s}\n`,
};

/** The same for JSON text. */
const JSON_PLACES: Record<string, (s: string) => string> = {
  'an unquoted value': (s) => `{"compute_secret_key": ${s}}`,
  'a syntax error after a quoted value': (s) => `{"compute_secret_key": "${s}" x}`,
  'an escape': (s) => `{"compute_secret_key": "${s.slice(0, 6)}\\u0041${s.slice(6)}", "label": 1}`,
  'a policy on it': (s) => `{"compute_secret_key": "${s}", "label": 1}`,
};

/** What of the secret an output may not hold: the secret, and every run of 8 of its characters. */
function leakIn(output: string, planted: string): string | undefined {
  for (let i = 0; i + 8 <= planted.length; i++) if (output.includes(planted.slice(i, i + 8))) return planted.slice(i, i + 8);
  return undefined;
}

let stderr: string[] = [];
beforeEach(() => {
  stderr = [];
  vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => void stderr.push(String(warning)));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (stderr.push(String(chunk)), true));
});
afterEach(() => vi.restoreAllMocks());

/** Every output of one file: the six formats, the dry-run diff, the cache's findings, standard error. */
function outputsOf(text: string, filename: string, operation: string | undefined): Record<string, string> {
  const options = { cwd: CWD, ...(operation ? { operation: operation as never } : {}) };
  const results: FileResult[] = lintTextAs(text, filename, options);
  const outputs: Record<string, string> = {};
  for (const [name, format] of Object.entries(FORMATTERS)) outputs[name] = format(results, { color: false, cwd: CWD, codeFrames: true });
  outputs['--fix-dry-run'] = fixDiffs(lintTextAs(text, filename, { ...options, fix: {} }));
  // What `--cache` writes of a result (src/node/cache.ts `store`).
  outputs['.dplintcache'] = JSON.stringify(results.map(({ operation, operationSource, findings }) => ({ operation, operationSource, findings })));
  outputs.stderr = stderr.join('');
  return outputs;
}

function expectNoLeak(text: string, filename: string, operation: string | undefined, planted: string): void {
  for (const [name, output] of Object.entries(outputsOf(text, filename, operation))) {
    const run = leakIn(output, planted);
    if (run !== undefined) throw new Error(`${name} shows ${JSON.stringify(run)} of the secret ${planted}:\n${output.split('\n').filter((l) => l.includes(run)).join('\n')}\n--- text\n${text}`);
  }
}

describe('no output shows a planted secret', () => {
  test(
    'any body, any style, any operation, a credential member: every output',
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
            expectNoLeak(text, style === 'json' ? 'body.json' : 'body.yaml', operation, planted);
          },
        ),
        runs(150),
      );
    },
    TIMEOUT,
  );

  test(
    'any body, every other place a credential stands (anchors, merge keys, escapes, keys, free text, private keys, parse errors, policies): every output',
    () => {
      const yamlPlaces = Object.entries(YAML_PLACES);
      const jsonPlaces = Object.entries(JSON_PLACES);
      fc.assert(
        fc.property(
          bodyValue,
          secret,
          fc.boolean(),
          fc.nat(),
          fc.constantFrom<'any' | 'flow' | 'block'>('any', 'block'),
          fc.constantFrom<string | undefined>('edit-cluster', 'create-account', undefined),
          (value, planted, json, which, collections, operation) => {
            const body = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { body: value };
            if (json) {
              const [, place] = jsonPlaces[which % jsonPlaces.length];
              expectNoLeak(place(planted), 'body.json', operation, planted);
              return;
            }
            const [, place] = yamlPlaces[which % yamlPlaces.length];
            const written = Object.keys(body).length === 0 ? '' : stringify(body, { collectionStyle: collections, lineWidth: 0 });
            const text = written + place(planted);
            expectNoLeak(text, 'body.yaml', operation, planted);
          },
        ),
        runs(200),
      );
    },
    TIMEOUT,
  );

  test.each([...Object.entries(YAML_PLACES).map(([name, place]) => [name, 'body.yaml', place] as const), ...Object.entries(JSON_PLACES).map(([name, place]) => [`JSON: ${name}`, 'body.json', place] as const)])(
    'each place on its own: %s',
    (_, filename, place) => {
      const planted = 'ZqPLANTEDxSECRETx0123';
      const text = place(planted);
      expect(text).toContain(planted.slice(0, 6));
      for (const operation of ['edit-cluster', undefined]) expectNoLeak(text, filename, operation, planted);
    },
  );
});
