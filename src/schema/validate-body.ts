import type { ErrorObject } from 'ajv';
import type { PathFinding, Severity } from '../types.js';
import { fieldName, fromPointer, valueAt, type DataPath } from '../parse/pointer.js';
import * as compiled from '../generated/validators.js';
import type { BodyOperationId, JsonSchema } from './body-schemas.js';
import { closest, describeValue, isOnlyPlaceholders, isPlaceholder, schemaTypeName, typeName } from './values.js';
import schemaEnum from '../../rules/schema/enum.js';
import schemaLength from '../../rules/schema/length.js';
import schemaRange from '../../rules/schema/range.js';
import schemaRequired from '../../rules/schema/required.js';
import schemaType from '../../rules/schema/type.js';
import schemaUnique from '../../rules/schema/unique.js';
import schemaUnknownMember from '../../rules/schema/unknown-member.js';
import { renderMessage, type StageRule } from '../define-rule.js';
import { detached } from '../parse/detached.js';

/**
 * The schema stage's rules, one per family of JSON Schema keywords: each file under rules/schema/
 * holds the id, docs, severity, messages and cases; this stage renders their messages.
 */
const SCHEMA_RULE_FILES = {
  'schema/enum': schemaEnum,
  'schema/length': schemaLength,
  'schema/range': schemaRange,
  'schema/required': schemaRequired,
  'schema/type': schemaType,
  'schema/unique': schemaUnique,
  'schema/unknown-member': schemaUnknownMember,
} as const satisfies Record<string, StageRule>;

export type SchemaRuleId = keyof typeof SCHEMA_RULE_FILES;

/**
 * A finding in the words of a rule file's table: the message with its id (for the rule tests; the
 * output drops it). The finding's `data` stays the stage's own. Made as one literal, the other
 * fields added by the caller: an object spread after the first copies field by field, for each error.
 */
function said<MessageId extends string>(
  base: ErrorContext['base'],
  path: DataPath,
  rule: StageRule<MessageId>,
  messageId: NoInfer<MessageId>,
  data: Record<string, string | number>,
): PathFinding {
  return { ruleId: base.ruleId, severity: base.severity, path, message: renderMessage(rule.messages[messageId], data), messageId };
}

const KEYWORD_RULE: Record<string, SchemaRuleId> = {
  type: 'schema/type',
  enum: 'schema/enum',
  const: 'schema/enum',
  minimum: 'schema/range',
  maximum: 'schema/range',
  exclusiveMinimum: 'schema/range',
  exclusiveMaximum: 'schema/range',
  multipleOf: 'schema/range',
  required: 'schema/required',
  additionalProperties: 'schema/unknown-member',
  minLength: 'schema/length',
  maxLength: 'schema/length',
  minItems: 'schema/length',
  maxItems: 'schema/length',
  uniqueItems: 'schema/unique',
};

/**
 * Keywords only a policy's schema uses (no body schema has them): their findings carry the
 * policy's id and message, with these words in brackets, so they need no rule of their own.
 */
const POLICY_ONLY_KEYWORDS = new Set(['format', 'pattern']);
/** The rule id of a policy-only keyword's finding until `schemaFindings` gives it the policy's id. */
const POLICY = 'policy';

/** A standalone validator as Ajv generates it: true when valid, else `errors` holds why. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Ajv's standalone validators, compiled from schemas/ at build time (scripts/generate-validators.mjs),
 * so no schema is compiled when dplint runs.
 */
const VALIDATORS: Readonly<Record<BodyOperationId, CompiledValidator>> = {
  'add-whitelist-ip': compiled.addWhitelistIp,
  'clone-cluster': compiled.cloneCluster,
  'create-account': compiled.createAccount,
  'edit-account': compiled.editAccount,
  'edit-cluster': compiled.editCluster,
  'set-bootstrap': compiled.setBootstrap,
  'set-cluster-state': compiled.setClusterState,
  'view-bootstrap': compiled.viewBootstrap,
};

/**
 * Validates a body against its operation's schema and turns each Ajv error into a finding at the
 * right node: a missing member at its parent, an unknown member at its key, a bad value at the
 * value. `${VAR}` placeholders stand for a value of the right kind, so errors about them are
 * dropped. A member set to `null` is unset, as if absent: no check of its value fires, and a
 * required one is missing — so when Ajv complains about a null member, the body is judged again
 * without its null members (a null list item is no member: it stays and is judged).
 */
export function validateBody(operation: BodyOperationId, body: unknown): PathFinding[] {
  const validate = VALIDATORS[operation];
  if (validate(body)) return [];
  const errors = validate.errors ?? [];
  if (!errors.some((e) => e.data === null)) return schemaFindings(errors);
  if (validate(withoutNullMembers(body))) return [];
  return schemaFindings(validate.errors ?? [], undefined, { nullIsUnset: false }).map((finding) => requiredButNull(finding, body));
}

/** A copy of a body with every object member whose value is `null` left out, at any depth. */
function withoutNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullMembers);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null) copy[key] = withoutNullMembers(member);
  }
  return copy;
}

/** A required member written as `null` (`state:` in YAML) is there but empty: the finding is at its key and says so. */
function requiredButNull(finding: PathFinding, body: unknown): PathFinding {
  if (finding.ruleId !== 'schema/required') return finding;
  const member = finding.data?.member;
  const parent = valueAt(body, finding.path);
  if (typeof member !== 'string' || parent === null || typeof parent !== 'object' || !Object.hasOwn(parent, member) || (parent as Record<string, unknown>)[member] !== null) return finding;
  return { ...finding, path: [...finding.path, member], message: finding.message.replace(/; it is missing$/, '; it is null, which leaves it unset') };
}

/**
 * Ajv errors to findings, one per value and rule; shared with user policies. With `nullIsUnset`
 * (the default) errors about a `null` value are dropped: it means "unset". Linear in the number
 * of errors: a list of 100,000 wrong items makes 100,000 errors, and any pass that compared each
 * error with every other took minutes.
 */
export function schemaFindings(errors: readonly ErrorObject[], ruleIdOverride?: string, { nullIsUnset = true } = {}): PathFinding[] {
  const findings: PathFinding[] = [];
  const seen = new Set<string>();
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.schemaPath));
  // A value of the wrong type fails its enum or range too; saying so twice helps no one.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type' && anyOfAbove(e, anyOfPaths) === undefined).map((e) => e.instancePath));
  for (const error of withoutMismatchedBranches(errors, anyOfPaths)) {
    const ruleId = KEYWORD_RULE[error.keyword] ?? (ruleIdOverride && POLICY_ONLY_KEYWORDS.has(error.keyword) ? POLICY : undefined);
    if (!ruleId) continue;
    if (error.keyword !== 'type' && wrongType.has(error.instancePath) && !['required', 'additionalProperties'].includes(error.keyword)) continue;
    if (error.keyword !== 'required' && error.keyword !== 'additionalProperties' && exempt(error, nullIsUnset)) continue;
    const finding = toFinding(error, ruleId);
    const key = `${finding.path.join('/')}\u0000${finding.ruleId}\u0000${finding.target ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (ruleIdOverride) finding.ruleId = ruleIdOverride;
    findings.push(finding);
  }
  return findings;
}

/**
 * The schema paths of the `anyOf`s (among `anyOfPaths`) whose branches an error's schema path lies
 * in, innermost first; undefined when none. Looked up by the prefixes of the error's own path, so
 * the cost grows with the schema's depth, not with the number of errors.
 */
function anyOfAbove(error: ErrorObject, anyOfPaths: ReadonlySet<string>): string[] | undefined {
  if (anyOfPaths.size === 0) return undefined;
  let found: string[] | undefined;
  const path = error.schemaPath;
  for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
    const prefix = path.slice(0, slash);
    if (anyOfPaths.has(prefix)) (found ??= []).push(prefix);
  }
  return found;
}

/**
 * An `anyOf` fails with the errors of every branch; most branches are of another type than the
 * value and say nothing useful ("must be a list" for the level "silent"). Only the errors of the
 * branches whose type fits the value are kept — all of them when no branch fits.
 *
 * The `anyOf` errors of one schema path (one per item of a list, say) share their branches: the
 * errors under each path are gathered once, and each `anyOf` error looks up the type errors at its
 * own value.
 */
function withoutMismatchedBranches(errors: readonly ErrorObject[], anyOfPaths: ReadonlySet<string>): readonly ErrorObject[] {
  if (anyOfPaths.size === 0) return errors;
  const groups = new Map<string, { branches: Set<string>; mismatchedAt: Map<string, Set<string>>; dropped: Set<string> }>();
  for (const path of anyOfPaths) groups.set(path, { branches: new Set(), mismatchedAt: new Map(), dropped: new Set() });
  /** Each error's branch under each `anyOf` it lies in. */
  const placed = errors.map((error) => {
    const places: Array<[string, string]> = [];
    for (const path of anyOfAbove(error, anyOfPaths) ?? []) {
      const branch = error.schemaPath.slice(path.length + 1).split('/')[0];
      const group = groups.get(path)!;
      group.branches.add(branch);
      // A branch of another type than the value: its own `type` keyword failed at the anyOf's value.
      if (error.keyword === 'type' && error.schemaPath === `${path}/${branch}/type`) {
        let mismatched = group.mismatchedAt.get(error.instancePath);
        if (!mismatched) group.mismatchedAt.set(error.instancePath, (mismatched = new Set()));
        mismatched.add(branch);
      }
      places.push([path, branch]);
    }
    return places;
  });
  for (const anyOf of errors) {
    if (anyOf.keyword !== 'anyOf') continue;
    const group = groups.get(anyOf.schemaPath)!;
    const mismatched = group.mismatchedAt.get(anyOf.instancePath);
    if (!mismatched || mismatched.size === group.branches.size) continue;
    for (const branch of mismatched) group.dropped.add(branch);
  }
  return errors.filter((_, i) => !placed[i].some(([path, branch]) => groups.get(path)!.dropped.has(branch)));
}

/**
 * A placeholder stands for a whole value of the right kind, so a value that is placeholders alone
 * is judged by nothing. Text beside a placeholder (`${SIZE}GB`, `x${A}`) makes a string that no
 * variable turns into a number, a boolean or one of a list's values: its type and enum errors
 * stand. Its other errors (a length, a policy's pattern) depend on what the variable holds.
 */
function exempt(error: ErrorObject, nullIsUnset: boolean): boolean {
  const value = error.data;
  if (nullIsUnset && value === null) return true;
  if (!isPlaceholder(value)) return false;
  return isOnlyPlaceholders(value) || !TEXT_BESIDE_PLACEHOLDER_FAILS.has(error.keyword);
}

/** The keywords a value with text beside a placeholder fails whatever the variable holds. */
const TEXT_BESIDE_PLACEHOLDER_FAILS = new Set(['type', 'enum', 'const']);

/**
 * `closest` of a word among what a schema allows, remembered per schema: the same misspelt member
 * or value turns up in file after file of a repository, and ranking it against every name the
 * schema allows is the costliest part of its finding. A few hundred words are kept per schema,
 * apart by what they are guessed among: `member`, or the keyword that lists the values (`enum`, `const`).
 */
function closestIn(schema: JsonSchema, kind: string, word: string, candidates: () => string[]): string | undefined {
  let known = GUESSES.get(schema);
  if (!known) GUESSES.set(schema, (known = new Map()));
  const key = `${kind}:${word}`;
  if (known.has(key)) return known.get(key);
  const guess = closest(word, candidates());
  // A copy of its own: a word cut from a file's text would otherwise keep that whole text alive.
  if (known.size < GUESSES_KEPT && word.length <= GUESS_WORD_MAX) known.set(detached(key), guess);
  return guess;
}

const GUESSES = new WeakMap<JsonSchema, Map<string, string | undefined>>();
const GUESSES_KEPT = 500;
/** Longer words are not remembered: no allowed name is near so long a word, and 500 of them per schema would be held. */
const GUESS_WORD_MAX = 100;

/** What every keyword's finding is made from: the error, and what it says of the value and its schema. */
interface ErrorContext {
  error: ErrorObject;
  params: Record<string, unknown>;
  path: DataPath;
  parentSchema: JsonSchema;
  secret: boolean;
  field: string;
  /** "got …", the value as a message may show it (masked where the schema marks a credential). */
  got: string;
  /** The schema's own words for the requirement (`errorMessage`), where it has them. */
  custom: string | undefined;
  /** " GB": the value's unit (`x-unit`), with a space before it, or nothing. */
  unit: string;
  base: { ruleId: string; severity: Severity };
}

/** Ajv's error as dplint's finding, in the words of the keyword's rule. */
function toFinding(error: ErrorObject, ruleId: SchemaRuleId | typeof POLICY): PathFinding {
  const path = fromPointer(error.instancePath);
  const parentSchema = (error.parentSchema ?? {}) as JsonSchema;
  const secret = parentSchema['x-secret'] === true;
  const context: ErrorContext = {
    error,
    params: error.params as Record<string, unknown>,
    path,
    parentSchema,
    secret,
    field: fieldName(path),
    got: `got ${describeValue(error.data, secret)}`,
    custom: typeof parentSchema.errorMessage === 'string' ? parentSchema.errorMessage : undefined,
    unit: typeof parentSchema['x-unit'] === 'string' ? ` ${parentSchema['x-unit']}` : '',
    base: { ruleId, severity: ruleId === POLICY ? 'error' : SCHEMA_RULE_FILES[ruleId].severity },
  };
  return (KEYWORD_FINDINGS[error.keyword] ?? otherKeyword)(context);
}

const KEYWORD_FINDINGS: Record<string, (context: ErrorContext) => PathFinding> = {
  required: missingMember,
  additionalProperties: unknownMember,
  type: wrongType,
  enum: notAllowed,
  const: notAllowed,
  minimum: outOfRange,
  maximum: outOfRange,
  exclusiveMinimum: outOfRange,
  exclusiveMaximum: outOfRange,
  multipleOf: outOfRange,
  minItems: wrongLength,
  maxItems: wrongLength,
  minLength: wrongLength,
  maxLength: wrongLength,
  uniqueItems: repeatedItem,
};

function missingMember({ params, path, parentSchema, field, base }: ErrorContext): PathFinding {
  const missing = String(params.missingProperty);
  const member = propertySchema(parentSchema, missing);
  const expected = member ? expectation(member) : '';
  const where = path.length === 0 ? 'the body' : field;
  return { ...said(base, path, schemaRequired, 'missing', { where, member: missing, expectation: expected ? ` (${expected})` : '' }), target: 'key', data: { member: missing } };
}

function unknownMember({ params, path, parentSchema, field, base }: ErrorContext): PathFinding {
  const member = String(params.additionalProperty);
  // The schema's member names, listed only when asked: a guess among them is remembered per schema.
  const names = (): string[] => Object.keys((parentSchema.properties as JsonSchema | undefined) ?? {});
  const guess = closestIn(parentSchema, 'member', member, names);
  const where = path.length === 0 ? 'the body' : field;
  const at = [...path, member];
  if (guess) {
    const finding = { ...said(base, at, schemaUnknownMember, 'didYouMean', { member, where, guess }), target: 'key' as const };
    finding.suggestions = [{ kind: 'renameKey', to: guess, desc: `Rename "${member}" to "${guess}"` }];
    return finding;
  }
  const known = names();
  return {
    ...(known.length <= 12
      ? said(base, at, schemaUnknownMember, 'expectedOneOf', { member, where, known: known.join(', ') })
      : said(base, at, schemaUnknownMember, 'seeSchema', { member, where, count: known.length })),
    target: 'key',
  };
}

function wrongType({ error, params, path, parentSchema, secret, field, unit, base }: ErrorContext): PathFinding {
  return {
    // "a list (2 items)", "an object" say their type already; a scalar's value needs it ("string "etl"").
    ...said(base, path, schemaType, isPlaceholder(error.data) ? 'placeholderWithText' : 'wrongType', {
      field,
      expected: schemaTypeName(String(params.type)),
      actual: error.data === null ? 'null' : typeof error.data === 'object' ? describeValue(error.data, secret) : `${typeName(error.data)} ${describeValue(error.data, secret)}`,
    }),
    data: { expected: String(params.type), unit: unit.trim(), secret: secret ? 1 : 0, items: itemType(parentSchema) },
  };
}

function notAllowed({ error, params, path, parentSchema, secret, field, got, base }: ErrorContext): PathFinding {
  const allowed = (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]).map((v) => JSON.stringify(v));
  const guess = typeof error.data === 'string' && !secret && !isPlaceholder(error.data) ? closestIn(parentSchema, error.keyword, error.data, () => allowed.map((a) => JSON.parse(a) as string).filter((a) => typeof a === 'string')) : undefined;
  const data: Record<string, string> = { field, allowed: allowed.length === 1 ? allowed[0] : `one of ${allowed.join(', ')}`, got };
  if (guess) data.guess = guess;
  const finding = said(base, path, schemaEnum, isPlaceholder(error.data) ? 'placeholderWithText' : guess ? 'didYouMean' : 'notAllowed', data);
  if (guess) finding.suggestions = [{ kind: 'replaceValue', value: guess, desc: `Change to "${guess}"` }];
  return finding;
}

function outOfRange({ error, params, path, parentSchema, secret, field, got, custom, unit, base }: ErrorContext): PathFinding {
  const nearest = typeof error.data === 'number' && !secret ? nearestValid(error.data, parentSchema) : [];
  const finding = custom ? said(base, path, schemaRange, 'spec', { field, requirement: custom, got }) : said(base, path, schemaRange, 'bound', { field, bound: bound(error.keyword, params, unit), got });
  if (nearest.length) finding.suggestions = nearest.map((value) => ({ kind: 'replaceValue' as const, value, desc: `Change to ${value}${unit}` }));
  return finding;
}

/** A range keyword's bound in words: `at least 60 minutes`, `a multiple of 60`. */
function bound(keyword: string, params: Record<string, unknown>, unit: string): string {
  const limit = params.limit as number;
  switch (keyword) {
    case 'minimum':
      return `at least ${limit}${unit}`;
    case 'maximum':
      return `at most ${limit}${unit}`;
    case 'exclusiveMinimum':
      return `greater than ${limit}${unit}`;
    case 'exclusiveMaximum':
      return `less than ${limit}${unit}`;
    case 'multipleOf':
      return `a multiple of ${params.multipleOf as number}`;
    default:
      return '';
  }
}

function wrongLength({ error, params, path, field, got, base }: ErrorContext): PathFinding {
  // No length in the body schemas has words of its own (`errorMessage`): the bound is built from its number.
  const limit = params.limit as number;
  const items = error.keyword.endsWith('Items') ? (limit === 1 ? 'item' : 'items') : limit === 1 ? 'character' : 'characters';
  if (error.keyword === 'minLength' && limit === 1) return said(base, path, schemaLength, 'empty', { field, got });
  const bound = `${error.keyword.startsWith('min') ? 'at least' : 'at most'} ${limit} ${items}`;
  return said(base, path, schemaLength, 'bound', { field, bound, got });
}

function repeatedItem({ error, params, path, secret, base }: ErrorContext): PathFinding {
  const [later, earlier] = firstRepeat(error.data as unknown[], params.i as number, params.j as number);
  return said(base, [...path, later], schemaUnique, 'repeats', { item: fieldName([...path, later]), other: fieldName([...path, earlier]), value: describeValue((error.data as unknown[])[later], secret) });
}

/** format, pattern: a policy's keywords (POLICY_ONLY_KEYWORDS); the policy's own message leads. */
function otherKeyword({ error, params, path, field, got, custom, base }: ErrorContext): PathFinding {
  if (custom) return { ruleId: base.ruleId, severity: base.severity, path, message: `${field} ${custom}; ${got}` };
  const format = error.keyword === 'format' ? `a valid ${String(params.format)}` : `text matching ${String(params.pattern)}`;
  return { ruleId: base.ruleId, severity: base.severity, path, message: `${field} must be ${format}; ${got}` };
}

/**
 * The first item of a list that repeats an earlier one, and that earlier one: `[a, b, a]` is item
 * 2 repeating item 0. Ajv walks the list from its end and names the pair the other way round
 * (item 0 "repeats" item 2), and only one pair of several. Items that are not scalars are
 * compared by Ajv alone: its pair is taken, the later of the two as the repeat.
 */
function firstRepeat(items: readonly unknown[], i: number, j: number): [number, number] {
  const seen = new Map<unknown, number>();
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    if (item !== null && typeof item === 'object') continue;
    const earlier = seen.get(item);
    if (earlier !== undefined) return [k, earlier];
    seen.set(item, k);
  }
  return [Math.max(i, j), Math.min(i, j)];
}

/**
 * The valid values nearest a number out of range: within minimum/maximum (and the exclusive
 * bounds), a multiple of multipleOf, whole for an integer. One value, or the two neighbours when
 * the number lies between them (90 for a multiple of 60 in 60–360: 60 and 120), nearest first.
 * Never a fix: which neighbour was meant, or whether the bound should move, is a person's call.
 */
export function nearestValid(value: number, schema: JsonSchema): number[] {
  const integer = schema.type === 'integer';
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  let low = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const exclusive = (bound: unknown): bound is number => typeof bound === 'number';
  if (exclusive(schema.exclusiveMinimum) || exclusive(schema.exclusiveMaximum)) {
    // Without a step there is no "next" number after an exclusive bound to offer.
    if (step === undefined) return [];
    if (exclusive(schema.exclusiveMinimum)) low = Math.max(low, (Math.floor(schema.exclusiveMinimum / step) + 1) * step);
    if (exclusive(schema.exclusiveMaximum)) high = Math.min(high, (Math.ceil(schema.exclusiveMaximum / step) - 1) * step);
  }
  if (!Number.isFinite(value) || low > high) return [];
  let candidates: number[];
  if (step === undefined) {
    candidates = [Math.min(high, Math.max(low, value))];
  } else {
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    const below = Math.min(last, Math.max(first, Math.floor(value / step)));
    const above = Math.min(last, Math.max(first, Math.ceil(value / step)));
    if (first > last) return [];
    candidates = [below, above].map((k) => tidy(k * step, step));
  }
  const valid = [...new Set(candidates)].filter((c) => c !== value && c >= low && c <= high && (!integer || Number.isInteger(c)));
  return valid.sort((a, b) => Math.abs(a - value) - Math.abs(b - value) || a - b);
}

/** 3 × 0.1 is 0.30000000000000004 in floating point; the step's own decimals are enough. */
function tidy(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(value.toFixed(Math.min(decimals, 20)));
}

/** The JSON type of a list's items (`string` for label), for the fix that makes a lone value a list. */
function itemType(schema: JsonSchema): string {
  const items = schema.items as JsonSchema | undefined;
  return items && typeof items === 'object' && typeof items.type === 'string' ? items.type : '';
}

function propertySchema(parent: JsonSchema, member: string): JsonSchema | undefined {
  const properties = parent.properties as Record<string, JsonSchema> | undefined;
  return properties && Object.hasOwn(properties, member) ? properties[member] : undefined;
}

/** What a member holds, said briefly: `a string: IPv4 or IPv6 address`, `"start" or "terminate"`. */
function expectation(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (typeof schema.type === 'string') return schemaTypeName(schema.type);
  return '';
}
