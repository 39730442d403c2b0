import type { ValidateFunction } from 'ajv';
import { createAjv } from '../schema/ajv.js';
import { DEFINITIONS, DEFINITIONS_SCHEMA_NAME } from '../schema/body-schemas.js';
import * as compiled from '../generated/validators.js';
import { schemaFindings, type CompiledValidator } from '../schema/validate-body.js';
import type { PathFinding, Severity } from '../types.js';
import { policyPathProblem } from './policy-paths.js';

/** A policy as written in the config file's `policies`. */
export interface PolicyConfig {
  id: string;
  message: string;
  operations: string[];
  severity?: Severity;
  schema: Record<string, unknown>;
}

/** A policy ready to run: its findings carry the rule id `policy/<id>`. */
export interface CompiledPolicy {
  ruleId: string;
  message: string;
  operations: readonly string[];
  severity: Severity;
  validate: ValidateFunction;
}

/** The draft-07 meta-schema, compiled at build time: policies are checked with it, then compiled without Ajv compiling the meta-schema first. */
const isJsonSchema: CompiledValidator = compiled.draft07;

/** Thrown for a policy whose schema cannot be compiled; `index` is its place in `policies`, `path` the place in its schema when the problem has one. */
export class PolicyError extends Error {
  constructor(
    message: string,
    readonly index: number,
    readonly path: ReadonlyArray<string | number> = ['schema'],
    /** Whether the path names a key (point at it) or a value. */
    readonly target: 'key' | 'value' = 'key',
  ) {
    super(message);
  }
}

/**
 * Compiles policies with the same Ajv set-up as the body schemas. A member the policy names that
 * no body of its operations has is refused, with "did you mean" (policy-paths.ts): such a policy
 * would check nothing there, silently. A policy's `$ref`s may point
 * inside the policy (`#/…`) or into dplint's shared definitions; anything else — a URL, a file —
 * is refused, so a config file never makes dplint fetch or read anything.
 */
export function compilePolicies(policies: readonly PolicyConfig[]): CompiledPolicy[] {
  if (policies.length === 0) return [];
  const ajv = createAjv({ forPolicies: true });
  // dplint's own definitions are known to be valid: checking them against the meta-schema on every run would cost more than the policies.
  if (JSON.stringify(policies).includes(DEFINITIONS_SCHEMA_NAME)) ajv.addSchema(DEFINITIONS, DEFINITIONS_SCHEMA_NAME, undefined, false);
  return policies.map((policy, index) => {
    const remote = externalRef(policy.schema);
    if (remote !== undefined) {
      throw new PolicyError(`$ref "${remote}" is not allowed: a policy may refer only inside itself (#/…) or to ${DEFINITIONS_SCHEMA_NAME}`, index);
    }
    const recursive = recursiveRef(policy.schema);
    if (recursive) throw new PolicyError(`$ref ${JSON.stringify(recursive.ref)} starts a recursion (a schema that refers back into itself), which dplint does not allow in a policy`, index, ['schema', ...recursive.path, '$ref']);
    if (!isJsonSchema(policy.schema)) {
      const [problem] = schemaFindings(isJsonSchema.errors ?? []);
      throw new PolicyError(`not a valid JSON Schema: ${problem ? problem.message.replace(/^\(body\)/, 'the schema') : 'see draft-07'}`, index);
    }
    const unknown = policyPathProblem(policy.schema, policy.operations);
    if (unknown) throw new PolicyError(unknown.message, index, unknown.path, unknown.target);
    let validate: ValidateFunction;
    try {
      validate = ajv.compile(policy.schema);
    } catch (error) {
      throw new PolicyError(`the schema does not compile: ${error instanceof Error ? error.message : String(error)}`, index);
    }
    return { ruleId: `policy/${policy.id}`, message: policy.message, operations: policy.operations, severity: policy.severity ?? 'error', validate };
  });
}

/** Runs the policies that apply to the operation; each violation names the policy, then what is wrong. */
export function runPolicies(policies: readonly CompiledPolicy[], operation: string, body: unknown): PathFinding[] {
  const findings: PathFinding[] = [];
  for (const policy of policies) {
    if (!policy.operations.includes(operation) || policy.validate(body)) continue;
    for (const finding of schemaFindings(policy.validate.errors ?? [], policy.ruleId)) {
      findings.push({ ...finding, severity: policy.severity, message: `${policy.message} (${finding.message})`, data: undefined });
    }
  }
  return findings;
}

function externalRef(schema: unknown): string | undefined {
  if (Array.isArray(schema)) {
    for (const item of schema) {
      const found = externalRef(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (schema === null || typeof schema !== 'object') return undefined;
  for (const [key, value] of Object.entries(schema)) {
    if ((key === '$ref' || key === '$schema' || key === '$id') && typeof value === 'string') {
      if (key === '$ref' && !value.startsWith('#') && !value.startsWith(`${DEFINITIONS_SCHEMA_NAME}#`)) return value;
      if (key === '$id') return value;
      continue;
    }
    const found = externalRef(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

interface LocalRef {
  ref: string;
  /** Where the `$ref` is. */
  path: string[];
  /** Where it points, inside the policy. */
  target: string[];
}

/**
 * A `$ref` of the policy that leads back to itself — `$ref: '#'`, or a chain of references that
 * comes back round — which Ajv would follow without end (a stack overflow, an internal error,
 * where a config error belongs). A `$ref` inside the schema it names is recursive too, even where
 * each round would step into the data: nothing a policy needs.
 */
function recursiveRef(schema: unknown): LocalRef | undefined {
  const refs: LocalRef[] = [];
  const collect = (node: unknown, path: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) refs.push({ ref: value, path, target: pointerOf(value) });
      else collect(value, [...path, key]);
    }
  };
  collect(schema, []);
  const within = (path: string[], target: string[]) => target.length <= path.length && target.every((part, i) => part === path[i]);
  // A reference leads to every reference inside the schema it names; a cycle in that graph is a recursion.
  const state = new Map<LocalRef, 'open' | 'done'>();
  const cycleFrom = (ref: LocalRef): boolean => {
    if (state.get(ref) === 'done') return false;
    if (state.get(ref) === 'open') return true;
    state.set(ref, 'open');
    const found = refs.some((next) => within(next.path, ref.target) && cycleFrom(next));
    state.set(ref, 'done');
    return found;
  };
  return refs.find((ref) => cycleFrom(ref));
}

/** `#/definitions/a~1b` → ['definitions', 'a/b']. */
function pointerOf(ref: string): string[] {
  const pointer = ref.slice(1);
  if (pointer === '' || pointer === '/') return pointer === '' ? [] : [''];
  let decoded = pointer;
  try {
    decoded = decodeURIComponent(pointer);
  } catch {
    // not percent-encoded: taken as written
  }
  return decoded
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A regular expression of a policy's schema, and where it is (from the policy). */
export interface PolicyPattern {
  source: string;
  path: Array<string | number>;
}

/**
 * Every regular expression of a schema: `pattern` values and `patternProperties` keys, wherever
 * they are a keyword (not inside `enum`, `const`, `default` or `examples`, which are data).
 */
export function policyPatterns(schema: unknown, path: Array<string | number> = ['schema']): PolicyPattern[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => policyPatterns(item, [...path, i]));
  if (schema === null || typeof schema !== 'object') return [];
  const found: PolicyPattern[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (key === 'pattern' && typeof value === 'string') found.push({ source: value, path: [...path, key] });
    if (key === 'patternProperties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const source of Object.keys(value)) found.push({ source, path: [...path, key, source] });
    }
    found.push(...policyPatterns(value, [...path, key]));
  }
  return found;
}

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
