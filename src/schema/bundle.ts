import { BODY_SCHEMAS, DEFINITIONS, DEFINITIONS_SCHEMA_NAME, type BodyOperationId, type JsonSchema } from './body-schemas.js';

/**
 * A body schema made self-contained: the shared definitions it uses are copied in under
 * `definitions` and its `definitions.schema.json#/…` references point there, so the one file
 * works in any editor or validator on its own.
 */
export function bundledSchema(operation: BodyOperationId): JsonSchema {
  const shared = DEFINITIONS.definitions as Record<string, JsonSchema>;
  const used = new Set<string>();
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(`${DEFINITIONS_SCHEMA_NAME}#/definitions/`)) {
        const name = child.slice(`${DEFINITIONS_SCHEMA_NAME}#/definitions/`.length);
        if (!used.has(name)) {
          used.add(name);
          rewrite(shared[name]);
        }
        out.$ref = `#/definitions/${name}`;
      } else {
        out[key] = rewrite(child);
      }
    }
    return out;
  };
  const body = rewrite(BODY_SCHEMAS[operation]) as JsonSchema;
  const definitions: JsonSchema = { ...(body.definitions as JsonSchema | undefined) };
  for (const name of [...used].sort()) definitions[name] = rewrite(shared[name]);
  return used.size ? { ...body, definitions } : body;
}
