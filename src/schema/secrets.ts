import { BODY_SCHEMAS, DEFINITIONS, type JsonSchema } from './body-schemas.js';
import { isPlaceholder } from './values.js';

/**
 * Member names that hold a credential: every property a body schema marks `"x-secret": true`
 * (directly or through a `$ref`), plus credential names real files carry that are not request
 * members: vendor spellings, the account response's own credentials (spec 2.3, 2.4) pasted into a
 * request, and the auth header of a request envelope.
 */
export const CREDENTIAL_KEYS: ReadonlySet<string> = new Set([
  ...schemaSecrets(),
  'datadog_api_token',
  'datadog_app_token',
  'aws_access_key',
  'aws_secret_key',
  'authentication_token',
  'iam_access_key',
  'iam_secret',
  'mstore_password',
  'sse_key',
  'alt_sa_private_key',
  'alt_storage_sa_private_key',
  'private_ssh_key',
  'x-auth-token',
]);

export function isCredentialKey(key: string): boolean {
  return CREDENTIAL_KEYS.has(key) || CREDENTIAL_KEYS.has(key.toLowerCase());
}

const MASKED = '****';
const PRIVATE_KEY_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const PRIVATE_KEY_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const KEY_VALUE = /(["']?)([A-Za-z0-9_.-]+)\1(\s*:[ \t]*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?:\$\{[^}\n]*\}|[^,{}[\]\s#])(?:\$\{[^}\n]*\}|[^,}\]\n#])*)/g;

/**
 * The source text as any output may show it: the value of every credential member replaced by
 * `****` (in block, flow and JSON style, block scalars included), and private-key blocks hidden
 * wherever they stand. Placeholders (`${VAR}`) are kept: they are not secrets. Line count and
 * line starts are unchanged, so positions still match.
 */
export function maskSecrets(text: string): string {
  const lines = text.split('\n');
  let blockIndent = -1;
  let inPrivateKey = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) {
        lines[i] = line.trim() === '' ? line : ' '.repeat(indent) + MASKED;
        continue;
      }
      blockIndent = -1;
    }
    if (inPrivateKey || PRIVATE_KEY_BEGIN.test(line)) {
      inPrivateKey = !PRIVATE_KEY_END.test(line);
      lines[i] = line.replace(/\S.*$/, MASKED);
      continue;
    }
    lines[i] = line.replace(KEY_VALUE, (whole, quote: string, key: string, colon: string, value: string) => {
      if (!isCredentialKey(key)) return whole;
      const trimmed = value.trim();
      if (/^[|>][-+0-9]*$/.test(trimmed)) {
        blockIndent = indent;
        return whole;
      }
      const unquoted = trimmed.replace(/^["']|["']$/g, '');
      if (unquoted === '' || isPlaceholder(unquoted)) return whole;
      const masked = trimmed.startsWith('"') ? `"${MASKED}"` : trimmed.startsWith("'") ? `'${MASKED}'` : MASKED;
      return `${quote}${key}${quote}${colon}${masked}${value.slice(trimmed.length + value.indexOf(trimmed))}`;
    });
  }
  return lines.join('\n');
}

function schemaSecrets(): Set<string> {
  const names = new Set<string>();
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = /#\/definitions\/(.+)$/.exec(ref)?.[1];
    const target = name ? (DEFINITIONS.definitions as Record<string, JsonSchema>)[name] : undefined;
    return target ? resolve(target) : schema;
  };
  const isSecret = (schema: JsonSchema): boolean => {
    const own = resolve(schema);
    if (own['x-secret'] === true) return true;
    return Array.isArray(own.allOf) && own.allOf.some((part) => isSecret(part as JsonSchema));
  };
  const seen = new Set<JsonSchema>();
  const walk = (schema: unknown): void => {
    if (schema === null || typeof schema !== 'object' || seen.has(schema as JsonSchema)) return;
    seen.add(schema as JsonSchema);
    const s = resolve(schema as JsonSchema);
    const properties = s.properties as Record<string, JsonSchema> | undefined;
    for (const [name, property] of Object.entries(properties ?? {})) {
      if (isSecret(property)) names.add(name);
      walk(property);
    }
    for (const key of ['items', 'additionalProperties']) walk(s[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach(walk);
  };
  for (const schema of Object.values(BODY_SCHEMAS)) walk(schema);
  return names;
}
