// Table tests for the request-body schemas in schemas/.
// Cases live in test/schemas/<operation-id>.cases.json, in Ajv's own test-suite shape:
//   [{ description, schema: "<operation-id>", tests: [{ description, data, valid }] }]
import { describe, test, expect } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../src/schema/ajv.js';
import { closest, isPlaceholder } from '../src/schema/values.js';
import { OPERATIONS_WITH_BODY_SCHEMA, type BodyOperationId } from '../src/operations.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaNode = { [key: string]: Json };
interface SchemaTest { description: string; data: Json; valid: boolean }
interface CaseGroup { description: string; schema: string; tests: SchemaTest[] }

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA_DIR = join(ROOT, 'schemas');
const CASES_DIR = join(ROOT, 'test', 'schemas');
const REAL_DIR = '/work/shared/real-bodies';

const DEFINITIONS = 'definitions.schema.json';
// The operations with a body schema, read off the operation table (src/operations.ts).
const OPERATIONS: readonly BodyOperationId[] = [...OPERATIONS_WITH_BODY_SCHEMA].sort();

/** Keywords that can fail on their own (applicators such as allOf or properties only pass failures on). */
const ASSERTION_KEYWORDS = new Set([
  'type', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'required',
  'minProperties', 'maxProperties', 'additionalProperties',
]);

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const schemaFile = (op: string) => `${op}.schema.json`;
const isObject = (v: unknown): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const schemas = new Map<string, SchemaNode>(
  readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).map((f) => [f, readJson<SchemaNode>(join(SCHEMA_DIR, f))]),
);
const definitions = schemas.get(DEFINITIONS)!;

const ajv = createAjv();
ajv.addSchema(definitions, DEFINITIONS);
const validators = new Map<string, ValidateFunction>();
function validatorFor(op: string): ValidateFunction {
  let v = validators.get(op);
  if (!v) {
    v = ajv.compile(schemas.get(schemaFile(op))!);
    validators.set(op, v);
  }
  return v;
}

const caseGroups = new Map<string, CaseGroup[]>(
  OPERATIONS.map((op) => {
    const path = join(CASES_DIR, `${op}.cases.json`);
    return [op, existsSync(path) ? readJson<CaseGroup[]>(path) : []];
  }),
);

/** Calls visit(node, pointer) on every subschema: properties, items, additionalProperties, definitions, allOf/anyOf/oneOf, not. */
function walk(node: Json, pointer: string, visit: (node: SchemaNode, pointer: string) => void): void {
  if (!isObject(node)) return;
  visit(node, pointer);
  for (const key of ['properties', 'definitions', 'patternProperties'] as const) {
    const members = node[key];
    if (isObject(members)) {
      for (const [name, sub] of Object.entries(members)) walk(sub, `${pointer}/${key}/${escapePointer(name)}`, visit);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not', 'propertyNames'] as const) {
    if (isObject(node[key])) walk(node[key], `${pointer}/${key}`, visit);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walk(sub, `${pointer}/${key}/${i}`, visit));
  }
}

/** JSON pointers (as "#/...") of every assertion keyword in a schema; additionalProperties only when it is false. */
function assertionLocations(schema: SchemaNode): Map<string, string> {
  const found = new Map<string, string>(); // location -> keyword
  walk(schema, '#', (node, pointer) => {
    for (const key of Object.keys(node)) {
      if (!ASSERTION_KEYWORDS.has(key)) continue;
      if (key === 'additionalProperties' && node[key] !== false) continue;
      found.set(`${pointer}/${key}`, key);
    }
  });
  return found;
}

/** Names of the definitions a schema reaches through $ref, transitively. */
function reachableDefinitions(schema: SchemaNode): Set<string> {
  const seen = new Set<string>();
  const pending: SchemaNode[] = [schema];
  while (pending.length > 0) {
    walk(pending.pop()!, '#', (node) => {
      const ref = node.$ref;
      if (typeof ref !== 'string') return;
      const name = /#\/definitions\/([^/]+)$/.exec(ref)?.[1];
      if (name === undefined) throw new Error(`unexpected $ref ${ref}`);
      if (!seen.has(name)) {
        seen.add(name);
        pending.push((definitions.definitions as SchemaNode)[name] as SchemaNode);
      }
    });
  }
  return seen;
}

/**
 * Where a failed keyword sits: "<file>#<pointer>/<keyword>". Ajv's schemaPath is relative to whichever
 * schema it compiled separately (a referenced definition may report "#/additionalProperties"), so the
 * location is found from the failing schema object itself (verbose errors carry it as parentSchema).
 */
const nodeLocations = new Map<object, string>();
for (const [file, schema] of schemas) walk(schema, '#', (node, pointer) => nodeLocations.set(node, `${file}${pointer}`));
function errorLocation(error: ErrorObject): string {
  const at = error.parentSchema === undefined ? undefined : nodeLocations.get(error.parentSchema);
  if (at === undefined) throw new Error(`cannot locate the schema of ${error.schemaPath}`);
  return `${at}/${error.keyword}`;
}

function errorsOf(op: string, data: Json): ErrorObject[] {
  const validate = validatorFor(op);
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

const describeErrors = (errors: ErrorObject[]) =>
  errors.map((e) => `${e.instancePath || '(root)'} ${e.keyword}: ${e.message} [${e.schemaPath}]`).join('\n');

describe('schema files', () => {
  test('schemas/ holds definitions plus exactly one schema per operation with a body', () => {
    expect([...schemas.keys()].sort()).toEqual([DEFINITIONS, ...OPERATIONS.map(schemaFile)].sort());
  });

  // The $id is the file's URL at the release (test/schema-ids.test.ts); a body's `definitions.schema.json#…` refs resolve against it to the shared definitions' own.
  test.each([...schemas.keys()])('%s is draft-07 with a title and a description, and its URL as $id', (file) => {
    const schema = schemas.get(file)!;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(typeof schema.title === 'string' && schema.title.trim().length > 0).toBe(true);
    expect(typeof schema.description === 'string' && schema.description.trim().length > 0).toBe(true);
    expect(schema.$id).toMatch(new RegExp(`^https://raw\\.githubusercontent\\.com/dplint/dplint/v[^/]+/schemas/${file.replace(/\./g, '\\.')}$`));
  });

  test.each([...schemas.keys()])('%s: every property, item and definition has a description', (file) => {
    const missing: string[] = [];
    walk(schemas.get(file)!, '#', (node, pointer) => {
      const describable = /\/(properties|definitions|patternProperties)\/[^/]+$|\/(items|additionalProperties)$/.test(pointer);
      if (describable && !(typeof node.description === 'string' && node.description.trim().length > 0)) missing.push(pointer);
    });
    expect(missing).toEqual([]);
  });

  test.each([...schemas.keys()])('%s: one type per node (no unions, no "null") and $ref only through definitions.schema.json', (file) => {
    const problems: string[] = [];
    walk(schemas.get(file)!, '#', (node, pointer) => {
      if ('type' in node && typeof node.type !== 'string') problems.push(`${pointer}/type is not a single type`);
      if (node.type === 'null') problems.push(`${pointer}/type is "null"`);
      if ('$ref' in node) {
        const ref = String(node.$ref);
        const ok = file === DEFINITIONS ? ref.startsWith('#/definitions/') : ref.startsWith(`${DEFINITIONS}#/definitions/`);
        if (!ok) problems.push(`${pointer}/$ref ${ref}`);
        if (Object.keys(node).length !== 1) problems.push(`${pointer} has keywords beside $ref (draft-07 ignores them; wrap in allOf)`);
      }
    });
    if (file !== DEFINITIONS && 'definitions' in schemas.get(file)!) problems.push('body schemas keep shared parts in definitions.schema.json');
    expect(problems).toEqual([]);
  });

  test.each([...schemas.keys()])('%s: annotations are well-formed (errorMessage, enumDescriptions, x-unit, x-secret)', (file) => {
    const units = new Set(['GB', 'hours', 'minutes', 'seconds', 'percent']);
    const problems: string[] = [];
    walk(schemas.get(file)!, '#', (node, pointer) => {
      if ('errorMessage' in node && !(typeof node.errorMessage === 'string' && node.errorMessage.startsWith('must '))) {
        problems.push(`${pointer}/errorMessage must be a predicate phrase starting with "must "`);
      }
      if ('enumDescriptions' in node) {
        const ok = Array.isArray(node.enum) && Array.isArray(node.enumDescriptions) && node.enumDescriptions.length === node.enum.length;
        if (!ok) problems.push(`${pointer}/enumDescriptions is not parallel to enum`);
      }
      if ('x-unit' in node && !(units.has(String(node['x-unit'])) && (node.type === 'integer' || node.type === 'number'))) {
        problems.push(`${pointer}/x-unit must be one of ${[...units].join(', ')} on a number`);
      }
      if ('x-secret' in node && !(node['x-secret'] === true && node.type === 'string')) problems.push(`${pointer}/x-secret must be true on a string`);
    });
    expect(problems).toEqual([]);
  });

  test.each([...OPERATIONS])('%s compiles in Ajv strict mode', (op) => {
    expect(() => validatorFor(op)).not.toThrow();
  });
});

describe.each([...OPERATIONS])('%s cases', (op) => {
  const groups = caseGroups.get(op)!;

  test('the case file exists, names its schema and has valid and invalid cases', () => {
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(group.schema).toBe(op);
      expect(group.tests.some((t) => t.valid)).toBe(true);
      expect(group.tests.some((t) => !t.valid)).toBe(true);
    }
    const names = groups.flatMap((g) => g.tests.map((t) => `${g.description} / ${t.description}`));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  for (const group of groups) {
    describe(group.description, () => {
      test.each(group.tests.map((t) => [t.description, t] as const))('%s', (_name, t) => {
        const errors = errorsOf(op, t.data);
        if (t.valid) {
          expect(describeErrors(errors)).toBe('');
        } else {
          expect(errors.length).toBeGreaterThan(0);
          // An invalid case breaks one thing, so that it proves what its description says.
          expect([...new Set(errors.map((e) => e.instancePath))], describeErrors(errors)).toHaveLength(1);
        }
      });
    });
  }

  test('every assertion keyword the schema uses (its definitions included) fails in at least one invalid case', () => {
    const schema = schemas.get(schemaFile(op))!;
    const used = new Set(assertionLocations(schema).values());
    for (const name of reachableDefinitions(schema)) {
      for (const keyword of assertionLocations((definitions.definitions as SchemaNode)[name] as SchemaNode).values()) used.add(keyword);
    }
    const failed = new Set(
      groups.flatMap((g) => g.tests.filter((t) => !t.valid).flatMap((t) => errorsOf(op, t.data).map((e) => e.keyword))),
    );
    expect([...used].filter((k) => !failed.has(k)).sort()).toEqual([]);
  });
});

test('every constraint (other than type) in every schema file fails in at least one invalid case', () => {
  const hit = new Set<string>();
  for (const op of OPERATIONS) {
    for (const group of caseGroups.get(op)!) {
      for (const t of group.tests.filter((c) => !c.valid)) {
        for (const e of errorsOf(op, t.data)) hit.add(errorLocation(e));
      }
    }
  }
  const unhit: string[] = [];
  for (const [file, schema] of schemas) {
    for (const [location, keyword] of assertionLocations(schema)) {
      if (keyword !== 'type' && !hit.has(`${file}${location}`)) unhit.push(`${file}${location}`);
    }
  }
  expect(unhit).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Real bodies (see /work/shared/real-bodies/SOURCES.md): every body with verdict VALID or VALID*
// must pass the schema except for unlisted members (additionalProperties, a warning in dplint).
// dplint's schema stage drops errors on values it treats specially, and so does this test:
//   - null means "unset";
//   - ${VAR} / ${env:VAR} placeholders stand for a value of the right kind;
// ---------------------------------------------------------------------------------------------
function droppedByDplint(e: ErrorObject): boolean {
  if (e.data === null) return true;
  return isPlaceholder(e.data);
}

function realVerdicts(): { file: string; verdict: string }[] {
  const rows: { file: string; verdict: string }[] = [];
  for (const line of readFileSync(join(REAL_DIR, 'SOURCES.md'), 'utf8').split('\n')) {
    const file = /^\| `([^`]+\.json)` \|/.exec(line)?.[1];
    if (file === undefined) continue;
    const lastCell = line.slice(0, line.trimEnd().length - 1).split(' | ').pop()!.trim();
    const verdict = /^\*\*(VALID\*(?= )|VALID|ERROR|EDGE)/.exec(lastCell)?.[1];
    if (verdict === undefined) throw new Error(`no verdict found for ${file}`);
    rows.push({ file, verdict });
  }
  return rows;
}

const operationOf = (file: string) => file.split('--')[0];
const hasSchema = (op: string): op is BodyOperationId => (OPERATIONS as readonly string[]).includes(op);

if (!existsSync(REAL_DIR)) {
  test('real bodies: the shared corpus is here', () => {
    expect(existsSync(REAL_DIR), `${REAL_DIR} is missing: the shared folder belongs beside this clone`).toBe(true);
  });
} else {
  describe('real bodies', () => {
    const rows = realVerdicts();

    test('SOURCES.md lists every body file in the folder', () => {
      const files = readdirSync(REAL_DIR).filter((f) => f.endsWith('.json')).sort();
      expect(rows.map((r) => r.file).sort()).toEqual(files);
    });

    const accepted = rows.filter((r) => r.verdict.startsWith('VALID') && hasSchema(operationOf(r.file)));
    test('there are VALID / VALID* bodies for every operation with a schema', () => {
      expect([...new Set(accepted.map((r) => operationOf(r.file)))].sort()).toEqual([...OPERATIONS].filter((op) => op !== 'edit-account'));
    });

    test.each(accepted.map((r) => [r.file, r.verdict] as const))('%s (%s) has no schema error but unlisted members', (file) => {
      const errors = errorsOf(operationOf(file), readJson<Json>(join(REAL_DIR, file)));
      const remaining = errors.filter((e) => e.keyword !== 'additionalProperties' && !droppedByDplint(e));
      expect(describeErrors(remaining)).toBe('');
    });

    // SOURCES.md: "where an issue decided otherwise (spotblock accepted beside spot block ...), the decision stands".
    test.each(['edit-cluster--qds-sdk-py-5.json', 'edit-cluster--qds-sdk-py-19.json'])('%s: "spotblock" is an accepted spelling', (file) => {
      expect(describeErrors(errorsOf('edit-cluster', readJson<Json>(join(REAL_DIR, file))))).toBe('');
    });

    // Real ERROR bodies whose error is a single-field one: the schema itself must catch it, at this place.
    test.each([
      ['set-cluster-state--sdkgen-1.json', 'enum', '/state'],
      ['create-account--qds-sdk-py-1.json', 'type', '/account/CacheQuotaSizeInGB'],
      ['create-account--qds-sdk-py-2.json', 'type', '/account/CacheQuotaSizeInGB'],
      ['edit-cluster--qds-sdk-py-18.json', 'enum', '/node_configuration/slave_request_type'],
      ['edit-cluster--sdkgen-3.json', 'enum', '/spark_version'],
      ['edit-cluster--sdkgen-3.json', 'type', '/spark_settings/custom_config'],
      ['edit-cluster--sdkgen-1.json', 'type', '/node_configuration/blk_volume_size'],
      ['edit-cluster--sdkgen-1.json', 'type', '/node_configuration/custom_vm_tags'],
      ['edit-cluster--sdkgen-1.json', 'type', '/node_configuration/fallback_to_ondemand'],
      ['edit-cluster--sdkgen-1.json', 'type', '/vm_settings/bastion_node_port'],
      ['edit-cluster--sdkgen-1.json', 'minimum', '/node_configuration/idle_cluster_timeout_in_secs'],
      ['edit-cluster--sdkgen-1.json', 'type', '/engine_config/dbtap_id'],
      ['clone-cluster--qds-sdk-py-2.json', 'required', ''],
      ['clone-cluster--sdkgen-1.json', 'required', ''],
    ])('%s fails %s at "%s"', (file, keyword, path) => {
      const errors = errorsOf(operationOf(file), readJson<Json>(join(REAL_DIR, file)));
      expect(errors.map((e) => `${e.keyword} ${e.instancePath}`)).toContain(`${keyword} ${path}`);
    });
  });
}

describe('"did you mean": the closest allowed name within a quarter of its length', () => {
  test.each([
    ['labels', ['label', 'cluster_name'], 'label'],
    ['Node_Configuration', ['vm_settings', 'node_configuration'], 'node_configuration'],
    ['xyz', ['label', 'cluster_name'], undefined],
    // A tie goes to the first candidate.
    ['lab', ['lap', 'tab'], 'lap'],
    // A nearer candidate too far for its own length does not hide one close enough for its length.
    // (7 edits against a limit of 6, and 8 edits against a limit of 8)
    ['abcdefghijklmnopqrstuvwx', ['1234567hijklmnopqrstuvwx', 'abcdefghijklmnopqrstuvwx12345678'], 'abcdefghijklmnopqrstuvwx12345678'],
    // Names longer than the kept rows of the table.
    [`${'a'.repeat(80)}x`, [`${'a'.repeat(80)}y`, 'b'.repeat(81)], `${'a'.repeat(80)}y`],
  ])('%s among %j: %s', (word, candidates, expected) => {
    expect(closest(word, candidates)).toBe(expected);
  });
});
