import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toPointer, type DataPath } from '../../src/parse/pointer.js';
import { runRules } from '../../src/engine/run-rules.js';
import { isCredentialKey } from '../../src/schema/secrets.js';
import { clusterKind, kindMarkers } from '../../rules/support/cluster-kind.js';
import { someKey } from '../../rules/support/rule-helpers.js';
import type { ClusterKind, PathFinding } from '../../src/types.js';
import { runs } from './invariants.js';

/**
 * Differential tests of the walks a rule makes over every body, made cheaper for the CI gate
 * (issue 31): each is held to a plain reference written the way the code read before — one call
 * per value for the credential walk, a test called per key, a set of the markers' kinds, a
 * pointer escaped segment by segment — over generated bodies.
 */

const PRIVATE_KEY_LINE = '-----BEGIN RSA PRIVATE KEY-----';
const KEYS = ['compute_secret_key', 'COMPUTE_ACCESS_KEY', 'fernet_key', 'monitor_api_token', 'secret', 'label', 'vm_settings', 'a/b', 'm~n', '0', 'ec2_settings', 'use_spark', 'use_hadoop2', 'enable_presto', 'type'];
const scalar = fc.oneof(
  fc.constantFrom('wJalrXUtnFEMI/K7MDENG', '${SECRET}', '$SECRET', '<your_key>', '****', '', `x ${PRIVATE_KEY_LINE} y`, PRIVATE_KEY_LINE, 'airflow', 'hadoop2'),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const body = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 })),
})).value;

/** The credential rule's walk as it was: one call per value, the member's name read off the path. */
function referenceCredentialPaths(value: unknown, path: Array<string | number> = [], out: string[] = []): string[] {
  if (typeof value === 'string') {
    const key = path[path.length - 1];
    const literal = !/\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*\}/.test(value) && ![/^\s*$/, /^<[^<>]+>$/, /^\$[A-Za-z_][A-Za-z0-9_]*$/, /^(?:\*+|x{3,}|X{3,})$/, /\*{4,}/].some((p) => p.test(value));
    if (typeof key === 'string' && isCredentialKey(key) && literal) out.push(`literalCredential ${toPointer(path)}`);
    else if (/-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/.test(value)) out.push(`privateKey ${toPointer(path)}`);
  } else if (Array.isArray(value)) value.forEach((item, index) => referenceCredentialPaths(item, [...path, index], out));
  else if (value !== null && typeof value === 'object') for (const [key, member] of Object.entries(value)) referenceCredentialPaths(member, [...path, key], out);
  return out;
}

function ruleFindings(ruleId: string, value: unknown): PathFinding[] {
  return runRules({ operation: 'edit-cluster', body: value, clusterKind: 'unknown', pathParameters: {}, headers: {}, settings: Object.fromEntries([[ruleId, 'error']]) }).filter((f) => f.ruleId === ruleId);
}

/** The kind as it was read: a set of the markers' kinds, Hadoop 2 dropped beside Spark or Presto. */
function referenceKind(value: unknown): ClusterKind {
  const kinds = new Set(kindMarkers(value).map((m) => m.kind));
  if (kinds.has('spark') || kinds.has('presto')) kinds.delete('hadoop2');
  if (kinds.size === 1) return [...kinds][0];
  const member = (v: unknown, key: string) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined);
  if (kinds.size === 0 && member(member(value, 'hadoop_settings'), 'use_hadoop2') === false) return 'hadoop1';
  if (kinds.size === 0 && member(value, 'presto_version') !== undefined && member(value, 'presto_version') !== null) return 'presto';
  return 'unknown';
}

const marker = fc.constantFrom(true, false, null, 'airflow', 'hadoop2', 'spark');
const markedBody = fc.record(
  {
    hadoop_settings: fc.record({ use_spark: marker, use_hadoop2: marker }, { requiredKeys: [] }),
    presto_settings: fc.record({ enable_presto: marker }, { requiredKeys: [] }),
    engine_config: fc.record({ type: marker }, { requiredKeys: [] }),
    presto_version: fc.constantFrom('0.180', null),
  },
  { requiredKeys: [] },
);

describe('walks over every body, against their plain references', () => {
  test('security/plaintext-secret reports what a walk calling itself per value reports, in the same order', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(ruleFindings('security/plaintext-secret', value).map((f) => `${f.messageId} ${toPointer(f.path)}`)).toEqual(referenceCredentialPaths(value));
      }),
      runs(400),
    );
  });

  test('someKey finds a name of the set wherever a test called per key finds it', () => {
    const names = new Set(['ec2_settings', 'a/b']);
    const reference = (value: unknown): boolean =>
      Array.isArray(value) ? value.some(reference) : value !== null && typeof value === 'object' ? Object.entries(value).some(([key, member]) => names.has(key) || reference(member)) : false;
    fc.assert(
      fc.property(body, (value) => {
        expect(someKey(value, names)).toBe(reference(value));
      }),
      runs(400),
    );
  });

  test('clusterKind reads the markers as the set of their kinds did', () => {
    fc.assert(
      fc.property(markedBody, (value) => {
        expect(clusterKind(value)).toBe(referenceKind(value));
      }),
      runs(400),
    );
    // Named cases, so a failure reads without a counterexample.
    expect(clusterKind({ hadoop_settings: { use_hadoop2: true }, engine_config: { type: 'airflow' } })).toBe('unknown');
    expect(clusterKind({ hadoop_settings: { use_hadoop2: true, use_spark: true }, engine_config: { type: 'hadoop2' } })).toBe('spark');
    expect(clusterKind({ hadoop_settings: { use_spark: true }, presto_settings: { enable_presto: true } })).toBe('unknown');
    expect(clusterKind({ hadoop_settings: { use_hadoop2: false }, presto_version: '0.180' })).toBe('hadoop1');
  });

  test('toPointer escapes as RFC 6901 does, segment by segment', () => {
    const reference = (path: DataPath) => path.map((segment) => '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('~', '/', '~1', '/~0', 'a/b~c'), fc.nat()), { maxLength: 5 }), (path) => {
        expect(toPointer(path)).toBe(reference(path));
      }),
      runs(400),
    );
    expect(toPointer(['a/b', 'm~n', 0])).toBe('/a~1b/m~0n/0');
  });
});
