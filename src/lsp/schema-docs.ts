import { schemas, type JsonSchema } from '../index.js';

/**
 * The request-body schemas as the library publishes them (`schemas` of `dplint`), read for the
 * editor: what a member is, its type, allowed values and default. Reads only the public schemas,
 * so hover and completion say what `dplint schema` and the editor schemas say.
 */
const DEFINITIONS_REF = 'definitions.schema.json#/definitions/';
const definitions = (schemas.definitions as { definitions?: Record<string, JsonSchema> }).definitions ?? {};

function resolved(schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const ref = current.$ref;
    const target = ref.startsWith(DEFINITIONS_REF) ? definitions[ref.slice(DEFINITIONS_REF.length)] : undefined;
    if (!target) break;
    current = target;
  }
  return current;
}

/** A schema and the parts it is made of (`allOf`, `$ref`), outermost first, each resolved. */
function parts(schema: JsonSchema): JsonSchema[] {
  const out: JsonSchema[] = [];
  const walk = (s: JsonSchema, depth: number): void => {
    if (depth > 20) return;
    out.push(s);
    const r = resolved(s);
    if (r !== s) walk(r, depth + 1);
    for (const part of (r.allOf as JsonSchema[] | undefined) ?? []) walk(part, depth + 1);
  };
  walk(schema, 0);
  return out;
}

function child(schema: JsonSchema, segment: string | number): JsonSchema | undefined {
  for (const part of parts(schema)) {
    const properties = part.properties as Record<string, JsonSchema> | undefined;
    if (typeof segment === 'string' && properties && Object.hasOwn(properties, segment)) return properties[segment];
    if (typeof segment === 'number' && part.items && typeof part.items === 'object' && !Array.isArray(part.items)) return part.items as JsonSchema;
  }
  for (const part of parts(schema)) if (part.additionalProperties && typeof part.additionalProperties === 'object') return part.additionalProperties as JsonSchema;
  return undefined;
}

/** The schema of the value at a body path, for an operation with a body; undefined where the schema says nothing. */
export function schemaAtPath(operation: string, path: ReadonlyArray<string | number>): JsonSchema | undefined {
  let schema = Object.hasOwn(schemas, operation) && operation !== 'definitions' ? (schemas as Record<string, JsonSchema>)[operation] : undefined;
  for (const segment of path) {
    if (!schema) return undefined;
    schema = child(schema, segment);
  }
  return schema;
}

/** What the editor shows about a member: the first of each among the schema's parts. */
export interface MemberDocs {
  description?: string;
  type?: string;
  enum?: unknown[];
  enumDescriptions?: string[];
  default?: unknown;
  deprecated?: boolean;
}

export function docsOf(schema: JsonSchema): MemberDocs {
  const docs: MemberDocs = {};
  for (const part of parts(schema)) {
    if (docs.description === undefined && typeof part.description === 'string') docs.description = part.description;
    if (docs.type === undefined && part.type !== undefined) docs.type = Array.isArray(part.type) ? part.type.join(' | ') : String(part.type);
    if (docs.enum === undefined && Array.isArray(part.enum)) {
      docs.enum = part.enum;
      if (Array.isArray(part.enumDescriptions)) docs.enumDescriptions = part.enumDescriptions as string[];
    }
    if (docs.enum === undefined && part.const !== undefined) docs.enum = [part.const];
    if (docs.default === undefined && part.default !== undefined) docs.default = part.default;
    if (part.deprecated === true) docs.deprecated = true;
  }
  return docs;
}

/** The members a mapping at this schema may hold, with their schemas. */
export function membersOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  const members = new Map<string, JsonSchema>();
  for (const part of parts(schema)) {
    for (const [name, member] of Object.entries((part.properties as Record<string, JsonSchema> | undefined) ?? {})) if (!members.has(name)) members.set(name, member);
  }
  return [...members];
}

/** Markdown for a member: name, type, allowed values, default, then the spec's description. */
export function memberMarkdown(name: string, docs: MemberDocs): string {
  const lines = [`**${name}**${docs.type ? ` \`${docs.type}\`` : ''}${docs.deprecated ? ' (deprecated)' : ''}`];
  if (docs.enum) lines.push('', `Allowed: ${docs.enum.map((value) => `\`${JSON.stringify(value)}\``).join(', ')}`);
  if (docs.default !== undefined) lines.push('', `Default: \`${JSON.stringify(docs.default)}\``);
  if (docs.description) lines.push('', docs.description);
  return lines.join('\n');
}
