// src/generated/validators.ts is committed (so tsc and vitest work without a build) and generated
// from schemas/ by scripts/generate-validators.mjs: regenerating it must give the same text, and
// the pre-compiled validators must judge exactly as Ajv compiling the schemas at run time does.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BODY_SCHEMAS, DEFINITIONS, DEFINITIONS_SCHEMA_NAME, type BodyOperationId } from '../src/schema/body-schemas.js';
import { ANNOTATION_KEYWORDS, createAjv } from '../src/schema/ajv.js';
import { bundledSchema } from '../src/schema/bundle.js';
import * as compiled from '../src/generated/validators.js';
import { OPERATIONS_WITH_BODY_SCHEMA } from '../src/operations.js';

const ROOT = join(__dirname, '..');

test('the committed validators are those the schemas generate', () => {
  const check = spawnSync(process.execPath, ['scripts/generate-validators.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

// Each operation with a body (the operation table) by the camel-case name the generator exports it under.
const camel = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const COMPILED = Object.fromEntries(
  OPERATIONS_WITH_BODY_SCHEMA.map((id) => [id, (compiled as unknown as Record<string, (data: unknown) => boolean>)[camel(id)]]),
) as Record<BodyOperationId, (data: unknown) => boolean>;

test('the generated module has a validator for every operation with a body', () => {
  expect(OPERATIONS_WITH_BODY_SCHEMA.filter((id) => typeof COMPILED[id] !== 'function')).toEqual([]);
});

test('pre-compiled and run-time compiled validators give the same errors on every schema table case', () => {
  const ajv = createAjv();
  ajv.addSchema(DEFINITIONS, DEFINITIONS_SCHEMA_NAME);
  const errorsOf = (v: { errors?: Array<{ instancePath: string; keyword: string }> | null }) => (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
  let compared = 0;
  for (const file of readdirSync(join(ROOT, 'test', 'schemas'))) {
    for (const group of JSON.parse(readFileSync(join(ROOT, 'test', 'schemas', file), 'utf8')) as Array<{ schema: BodyOperationId; tests: Array<{ data: unknown }> }>) {
      const runtime = ajv.getSchema(group.schema) ?? (ajv.addSchema(BODY_SCHEMAS[group.schema], group.schema), ajv.getSchema(group.schema)!);
      const precompiled = COMPILED[group.schema] as ((data: unknown) => boolean) & { errors?: null };
      for (const { data } of group.tests) {
        expect(precompiled(data), `${group.schema}: ${JSON.stringify(data)}`).toBe(runtime(data));
        expect(errorsOf(precompiled)).toEqual(errorsOf(runtime));
        compared++;
      }
    }
  }
  expect(compared).toBeGreaterThan(200);
});

test('every bundled schema is self-contained: it compiles alone and judges the table cases as the shipped files do', () => {
  for (const operation of Object.keys(BODY_SCHEMAS) as BodyOperationId[]) {
    const bundled = bundledSchema(operation);
    expect(JSON.stringify(bundled)).not.toContain(DEFINITIONS_SCHEMA_NAME);
    const alone = createAjv().compile(bundled);
    const file = join(ROOT, 'test', 'schemas', `${operation}.cases.json`);
    for (const group of JSON.parse(readFileSync(file, 'utf8')) as Array<{ tests: Array<{ data: unknown }> }>) {
      for (const { data } of group.tests) expect(alone(data), `${operation}: ${JSON.stringify(data)}`).toBe(COMPILED[operation](data));
    }
  }
});

test('the generator declares the same annotation keywords as the run-time Ajv set-up', () => {
  const script = readFileSync(join(ROOT, 'scripts', 'generate-validators.mjs'), 'utf8');
  const listed = /const ANNOTATIONS = (\[[^\]]*\]);/.exec(script)?.[1];
  expect(listed && JSON.parse(listed.replace(/'/g, '"'))).toEqual([...ANNOTATION_KEYWORDS]);
});

