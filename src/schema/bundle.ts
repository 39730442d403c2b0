import { BODY_SCHEMAS, DEFINITIONS, DEFINITIONS_SCHEMA_NAME, type BodyOperationId, type JsonSchema } from './body-schemas.js';

/**
 * A body schema made self-contained: the shared definitions it uses (and those they use) are
 * copied in under `definitions`, and every reference to them points there, so the one file works
 * in any editor or validator on its own.
 */
export function bundledSchema(operation: BodyOperationId): JsonSchema {
  const shared = DEFINITIONS.definitions as Record<string, JsonSchema>;
  const used = new Set<string>();
  // A body schema names a shared definition as `definitions.schema.json#/definitions/x`; the shared
  // definitions name each other as `#/definitions/x`.
  const sharedName = (ref: string, inShared: boolean): string | undefined =>
    (inShared ? /^#\/definitions\/(.+)$/ : new RegExp(`^${DEFINITIONS_SCHEMA_NAME.replace(/\./g, '\\.')}#/definitions/(.+)$`)).exec(ref)?.[1];
  const rewrite = (value: unknown, inShared: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, inShared));
    if (value === null || typeof value !== 'object') return value;
    const out: JsonSchema = {};
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' ? sharedName(child, inShared) : undefined;
      if (name === undefined) {
        out[key] = rewrite(child, inShared);
        continue;
      }
      out.$ref = `#/definitions/${name}`;
      if (!used.has(name)) {
        used.add(name);
        rewrite(shared[name], true);
      }
    }
    return out;
  };
  // The body's `$id` names the file it was read from, which this self-contained copy is not.
  const { $id: _source, ...body } = rewrite(BODY_SCHEMAS[operation], false) as JsonSchema;
  if (used.size === 0) return body;
  const definitions: JsonSchema = { ...(body.definitions as JsonSchema | undefined) };
  for (const name of [...used].sort()) definitions[name] = rewrite(shared[name], true);
  return { ...body, definitions };
}
