import { BODY_SCHEMAS, DEFINITIONS, DEFINITIONS_SCHEMA_NAME, hasBodySchema, type JsonSchema } from './body-schemas.js';

/**
 * The body schema that governs the value at a data path, following `$ref`, `allOf`,
 * `properties`, `items` and `additionalProperties`; undefined where nothing is said.
 */
export function schemaAt(operation: string, path: ReadonlyArray<string | number>): JsonSchema | undefined {
  if (!hasBodySchema(operation)) return undefined;
  let schema: JsonSchema | undefined = BODY_SCHEMAS[operation];
  for (const segment of path) {
    if (!schema) return undefined;
    schema = childSchema(schema, segment);
  }
  return schema;
}

/** The JSON type the schema at a path requires, if it names exactly one. */
export function typeAt(operation: string, path: ReadonlyArray<string | number>): string | undefined {
  const schema = schemaAt(operation, path);
  return schema ? typeOf(schema) : undefined;
}

function typeOf(schema: JsonSchema): string | undefined {
  const resolved = resolveRef(schema);
  if (typeof resolved.type === 'string') return resolved.type;
  for (const part of (resolved.allOf as JsonSchema[] | undefined) ?? []) {
    const type = typeOf(part);
    if (type) return type;
  }
  return undefined;
}

function childSchema(schema: JsonSchema, segment: string | number): JsonSchema | undefined {
  const resolved = resolveRef(schema);
  const properties = resolved.properties as Record<string, JsonSchema> | undefined;
  if (typeof segment === 'string' && properties && Object.hasOwn(properties, segment)) return properties[segment];
  if (typeof resolved.items === 'object' && !Array.isArray(resolved.items) && /^\d+$/.test(String(segment))) return resolved.items as JsonSchema;
  if (typeof resolved.additionalProperties === 'object') return resolved.additionalProperties as JsonSchema;
  for (const part of (resolved.allOf as JsonSchema[] | undefined) ?? []) {
    const found = childSchema(part, segment);
    if (found) return found;
  }
  return undefined;
}

/** A schema with its `$ref` into dplint's shared definitions followed (the body schemas refer nowhere else). */
export function resolveRef(schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref as string;
    const name = ref.startsWith(`${DEFINITIONS_SCHEMA_NAME}#/definitions/`) ? ref.slice(`${DEFINITIONS_SCHEMA_NAME}#/definitions/`.length) : undefined;
    const target = name ? (DEFINITIONS.definitions as Record<string, JsonSchema>)[name] : undefined;
    if (!target) break;
    current = target;
  }
  return current;
}
