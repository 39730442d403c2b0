import type { BodyOperationId, JsonSchema } from './body-schemas.js';
import { bundledSchema } from './bundle.js';
import { schemaUrl } from './schema-url.js';
import { PLACEHOLDER_SOURCE } from './values.js';

/**
 * The schema an editor gets (`dplint schema --out`, `schemas/editor/`), made to judge a body as
 * dplint does wherever JSON Schema can say it (README "In editors"):
 *
 * - `null` is "unset" for an optional member, so it is allowed there; a required member left
 *   empty stays an error.
 * - A `${VAR}` placeholder stands for a value of the right kind, so every member and list item
 *   also takes a string holding one.
 * - An unlisted member is a warning for dplint, and JSON Schema has no warnings: the editor schema
 *   does not close objects (`additionalProperties: false` goes), and dplint's own check names it.
 *
 * Descriptions stay on the outside of each member, where hover and completion read them.
 * It is the file at its `$id`: schemas/editor/<operation>.schema.json at the release's tag.
 */
export function editorSchema(operation: BodyOperationId): JsonSchema {
  const { $schema, ...rest } = openObjects(bundledSchema(operation)) as JsonSchema;
  // Its `$id` is the URL it is served at (schema-url.ts), beside `$schema` at the top.
  return { $schema, $id: schemaUrl(`schemas/editor/${operation}.schema.json`), ...rest };
}

const PLACEHOLDER_STRING: JsonSchema = { type: 'string', pattern: PLACEHOLDER_SOURCE };
const UNSET: JsonSchema = { type: 'null' };
/** What an editor shows of a member, kept beside the alternatives rather than inside one. */
const SHOWN = ['title', 'description', 'markdownDescription', 'default', 'deprecated', 'deprecationMessage'];

function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'properties') {
      const required = new Set(((schema as JsonSchema).required as string[] | undefined) ?? []);
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, member]) => [name, orPlaceholder(openObjects(member) as JsonSchema, !required.has(name))]),
      );
    } else if (key === 'items' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out.items = orPlaceholder(openObjects(value) as JsonSchema, false);
    } else {
      out[key] = openObjects(value);
    }
  }
  return out;
}

function orPlaceholder(member: JsonSchema, optional: boolean): JsonSchema {
  const shown: JsonSchema = {};
  for (const key of SHOWN) if (key in member) shown[key] = member[key];
  return { ...shown, anyOf: optional ? [member, PLACEHOLDER_STRING, UNSET] : [member, PLACEHOLDER_STRING] };
}
