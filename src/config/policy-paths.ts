import { BODY_SCHEMAS, hasBodySchema, type JsonSchema } from '../schema/body-schemas.js';
import { closest } from '../schema/did-you-mean.js';
import { resolveRef } from '../schema/schema-at.js';

/** A member a policy names that no body of its operations has: where it is in the policy, and why. */
export interface PolicyPathProblem {
  /** From the policy's `schema`, e.g. ['schema', 'properties', 'node_configuraton']. */
  path: Array<string | number>;
  /** A `properties` or `dependencies` key is pointed at as a key; a `required` item as a value. */
  target: 'key' | 'value';
  message: string;
}

/** What the body may hold at one data path: the schemas that govern it there (`true`: anything). */
type Body = JsonSchema | true;

/** The body schemas at one data path, one entry per operation where that path exists. */
interface Context {
  operation: string;
  schemas: Body[];
}

/**
 * Each step of the walk is counted: a policy's `$ref`s may point at one definition from many
 * places, and a definition is walked once for each place it is reached from (memoised by the body
 * schemas there). A policy larger than this is not checked further rather than checked slowly.
 */
const MAX_STEPS = 100_000;

/**
 * The first member a policy's schema names — a `properties` or `dependencies` key, a `required`
 * item — that no body of the policy's operations can hold at that place, so that the policy
 * would silently check nothing there (`node_configuraton.max_nodes` with `maximum: 1` lets 100
 * pass). The policy's schema is walked beside the operations' body schemas: through `properties`,
 * `items` (a list's items, shown as `[]`), `allOf`/`anyOf`/`oneOf`/`not`/`if`/`then`/`else`, and
 * `$ref`s inside the policy. A map the body schema leaves open (`custom_vm_tags`, whose keys are
 * the user's, or a body the spec does not close such as clone-cluster's `cluster_info`) takes any
 * member name. A policy for several operations may name a member only one of them has. Member
 * names are looked up as own properties: `constructor` is no member of any body.
 */
export function policyPathProblem(schema: unknown, operations: readonly string[]): PolicyPathProblem | undefined {
  const withBody = operations.filter(hasBodySchema);
  // An operation that takes no body has no members: a policy for it alone that names one checks nothing.
  const contexts: Context[] =
    withBody.length > 0 ? withBody.map((operation) => ({ operation, schemas: [BODY_SCHEMAS[operation]] })) : [{ operation: operations.join(' or '), schemas: [{ type: 'null' }] }];
  const walker = new Walker(schema);
  try {
    walker.walk(schema, ['schema'], [], contexts);
  } catch (error) {
    if (error instanceof Found) return error.problem;
    if (error instanceof OutOfSteps) return undefined;
    throw error;
  }
  return undefined;
}

class Found {
  constructor(readonly problem: PolicyPathProblem) {}
}
class OutOfSteps {}

/** Where the walk is in the data, as a message shows it: `node_configuration.heterogeneous_config.memory[]`. */
type DataPath = string[];

class Walker {
  private steps = 0;
  private readonly walked = new Map<unknown, Set<string>>();
  private readonly ids = new Map<Body, number>();

  constructor(private readonly root: unknown) {}

  walk(node: unknown, at: Array<string | number>, data: DataPath, contexts: Context[]): void {
    if (++this.steps > MAX_STEPS) throw new OutOfSteps();
    if (node === null || typeof node !== 'object' || Array.isArray(node) || contexts.length === 0) return;
    const schema = node as Record<string, unknown>;
    const own = (key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);

    const properties = own('properties');
    if (isRecord(properties)) {
      for (const name of Object.keys(properties)) {
        const inner = this.member(name, [...at, 'properties', name], 'key', data, contexts);
        this.walk(properties[name], [...at, 'properties', name], [...data, name], inner);
      }
    }
    const required = own('required');
    if (Array.isArray(required)) {
      required.forEach((name, i) => {
        if (typeof name === 'string') this.member(name, [...at, 'required', i], 'value', data, contexts);
      });
    }
    const dependencies = own('dependencies');
    if (isRecord(dependencies)) {
      for (const [name, value] of Object.entries(dependencies)) {
        this.member(name, [...at, 'dependencies', name], 'key', data, contexts);
        if (Array.isArray(value)) {
          value.forEach((other, i) => {
            if (typeof other === 'string') this.member(other, [...at, 'dependencies', name, i], 'value', data, contexts);
          });
        } else this.walk(value, [...at, 'dependencies', name], data, contexts);
      }
    }

    const items = own('items');
    const itemContexts = (): Context[] => contexts.map((c) => ({ operation: c.operation, schemas: c.schemas.flatMap(itemsOf) })).filter((c) => c.schemas.length > 0);
    if (Array.isArray(items)) items.forEach((item, i) => this.walk(item, [...at, 'items', i], [...data, '[]'], itemContexts()));
    else if (items !== undefined) this.walk(items, [...at, 'items'], [...data, '[]'], itemContexts());
    for (const key of ['additionalItems', 'contains']) {
      if (own(key) !== undefined) this.walk(own(key), [...at, key], [...data, '[]'], itemContexts());
    }

    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const parts = own(key);
      if (Array.isArray(parts)) parts.forEach((part, i) => this.walk(part, [...at, key, i], data, contexts));
    }
    for (const key of ['not', 'if', 'then', 'else']) {
      if (own(key) !== undefined) this.walk(own(key), [...at, key], data, contexts);
    }

    const ref = own('$ref');
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const target = this.target(ref);
      if (!target) return;
      // Walked once for each set of body schemas it is reached with: a definition used in many places costs once per place's schemas, not per path to it.
      const key = contexts.map((c) => `${c.operation}:${c.schemas.map((s) => this.id(s)).join(',')}`).join(';');
      let seen = this.walked.get(target.node);
      if (!seen) this.walked.set(target.node, (seen = new Set()));
      if (seen.has(key)) return;
      seen.add(key);
      this.walk(target.node, target.at, data, contexts);
    }
  }

  /** Checks that `name` is a member some operation has at `data`; returns the contexts inside it. */
  private member(name: string, at: Array<string | number>, target: 'key' | 'value', data: DataPath, contexts: Context[]): Context[] {
    const inner: Context[] = [];
    const candidates = new Set<string>();
    for (const context of contexts) {
      const found = context.schemas.flatMap((schema) => memberSchemas(schema, name, candidates) ?? []);
      if (found.length > 0) inner.push({ operation: context.operation, schemas: found });
    }
    if (inner.length > 0) return inner;
    const bodies = contexts.map((c) => c.operation);
    const where = data.length === 0 ? `the ${bodies.join(' or ')} body` : `${displayPath(data)} of the ${bodies.join(' or ')} body`;
    const guess = closest(name, candidates);
    const known = [...candidates];
    const hint = guess
      ? `did you mean "${guess}"?`
      : known.length === 0
        ? `${data.length === 0 ? 'it' : displayPath(data)} has no members`
        : known.length <= 12
          ? `expected one of ${known.join(', ')}`
          : `see \`dplint schema\` for the ${known.length} members it takes`;
    throw new Found({ path: at, target, message: `unknown member "${name}" in ${where}: the policy would check nothing there; ${hint}` });
  }

  private target(ref: string): { node: unknown; at: Array<string | number> } | undefined {
    let node: unknown = this.root;
    const at: Array<string | number> = ['schema'];
    for (const part of pointerParts(ref)) {
      if (node === null || typeof node !== 'object') return undefined;
      if (Array.isArray(node)) {
        const index = Number(part);
        if (!Number.isInteger(index) || index < 0 || index >= node.length) return undefined;
        node = node[index];
        at.push(index);
      } else {
        if (!Object.hasOwn(node, part)) return undefined;
        node = (node as Record<string, unknown>)[part];
        at.push(part);
      }
    }
    return { node, at };
  }

  private id(schema: Body): number {
    let id = this.ids.get(schema);
    if (id === undefined) this.ids.set(schema, (id = this.ids.size));
    return id;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function displayPath(data: DataPath): string {
  return data.reduce((shown, part) => (part === '[]' ? `${shown}[]` : shown === '' ? part : `${shown}.${part}`), '');
}

/** `#/definitions/a~1b` → ['definitions', 'a/b']. */
function pointerParts(ref: string): string[] {
  let pointer = ref.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // not percent-encoded: taken as written
  }
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A schema with its `$ref` followed, and the parts that apply to the same value with it (`allOf`). */
function conjunction(schema: JsonSchema): JsonSchema[] {
  const resolved = resolveRef(schema);
  const parts = [resolved];
  if (Array.isArray(resolved.allOf)) for (const part of resolved.allOf) if (isRecord(part)) parts.push(...conjunction(part));
  return parts;
}

/** The branches of which one may apply (`anyOf`, `oneOf`, `then`, `else`): a member one of them lists is a member. */
function alternatives(parts: JsonSchema[]): JsonSchema[] {
  const found: JsonSchema[] = [];
  for (const part of parts) {
    for (const key of ['anyOf', 'oneOf']) if (Array.isArray(part[key])) found.push(...(part[key] as unknown[]).filter(isRecord).map((b) => b as JsonSchema));
    for (const key of ['then', 'else']) if (isRecord(part[key])) found.push(part[key] as JsonSchema);
  }
  return found;
}

/** Whether the schemas' `type`s allow the given JSON type (no `type` allows every type). */
function allowsType(parts: JsonSchema[], type: string): boolean {
  return parts.every((part) => {
    const t = part.type;
    if (t === undefined) return true;
    return Array.isArray(t) ? t.includes(type) : t === type;
  });
}

/**
 * The schemas of member `name` of a value the schema governs; undefined when it can have no such
 * member (not an object, or a closed object that does not list it). Adds the names it lists to `candidates`.
 */
function memberSchemas(schema: Body, name: string, candidates: Set<string>, depth = 0): Body[] | undefined {
  if (schema === true) return [true];
  const parts = conjunction(schema);
  if (!allowsType(parts, 'object')) return undefined;
  const found: Body[] = [];
  let closed = false;
  const open: Body[] = [];
  for (const part of parts) {
    const properties = part.properties;
    if (isRecord(properties)) {
      for (const key of Object.keys(properties)) candidates.add(key);
      if (Object.hasOwn(properties, name) && isRecord(properties[name])) found.push(properties[name] as JsonSchema);
    }
    const additional = part.additionalProperties;
    if (additional === false) closed = true;
    else if (isRecord(additional)) open.push(additional as JsonSchema);
  }
  // dplint's body schemas nest a few levels; the depth only guards against a schema that refers to itself.
  if (depth < 8) for (const branch of alternatives(parts)) found.push(...(memberSchemas(branch, name, candidates, depth + 1)?.filter((s) => s !== true) ?? []));
  if (found.length > 0) return found;
  if (closed) return undefined;
  return open.length > 0 ? open : [true];
}

/** The schemas of a list's items; none when the schema's value cannot be a list. */
function itemsOf(schema: Body): Body[] {
  if (schema === true) return [true];
  const parts = conjunction(schema);
  if (!allowsType(parts, 'array')) return [];
  const items: Body[] = [];
  for (const part of parts) {
    if (Array.isArray(part.items)) items.push(...part.items.filter(isRecord).map((item) => item as JsonSchema));
    else if (isRecord(part.items)) items.push(part.items as JsonSchema);
  }
  return items.length > 0 ? items : [true];
}
