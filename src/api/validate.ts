import { compilePolicies, type CompiledPolicy, type PolicyConfig } from '../config/policies.js';
import { applyLevels, checkBody } from '../engine/check-body.js';
import type { RuleSettings } from '../types.js';
import { withRecommended } from '../config/presets.js';
import { refineTypeFindingByValue } from '../engine/source-types.js';
import type { OperationBodies } from '../generated/body-types.js';
import { isOperationId, matchRoute, type OperationId } from '../operations.js';
import { unknownOperationMessage } from '../schema/did-you-mean.js';
import { toPointer, valueAt } from '../parse/pointer.js';
import type { Finding, PathFinding } from '../types.js';
import { DplintValidationError } from './error.js';
import operationUnknown from '../../rules/operation/unknown.js';
import { renderMessage } from '../define-rule.js';
import parseLimit from '../../rules/parse/limit.js';
import { dataNesting, DEFAULT_MAX_DEPTH } from '../parse/parse.js';

/**
 * A finding of {@link validate}: a {@link Finding} without the parts that describe text. A body
 * given as data has no lines, columns, document index or offsets to edit, so positions, `fix` and
 * `suggestions` are left out rather than filled with zeros that would look like real positions.
 * `ruleId`, `severity`, `message` and `path` are those the CLI reports for the same body.
 */
export type ValidationFinding = Pick<Finding, 'ruleId' | 'severity' | 'message' | 'path'>;

/** What {@link validate} and {@link validateRequest} return. */
export interface ValidationResult {
  /** True when no finding is an error (warnings and infos do not make a body invalid). */
  valid: boolean;
  /** Sorted by path, then rule id, then message. */
  findings: ValidationFinding[];
}

/** Options of {@link validate}, {@link validateRequest}, {@link assertValid} and {@link withValidation}. */
export interface ValidateOptions {
  /**
   * Rule levels and options by rule id, as in the config file's `rules`:
   * `{ 'security/plaintext-secret': 'off', 'schema/unknown-member': 'error' }`.
   */
  rules?: RuleSettings;
  /**
   * Organisation policies, as in the config file's `policies`. They are compiled once per array,
   * so pass the same array on every call.
   */
  policies?: readonly PolicyConfig[];
}

/** An operation that takes no body: nothing, or an empty object, is what may be sent. */
export type NoBody = Record<string, never> | null | undefined;

/** The request body type of an operation: `BodyOf<'edit-cluster'>` is {@link EditClusterRequest}. */
export type BodyOf<Op extends OperationId> = Op extends keyof OperationBodies ? OperationBodies[Op] : NoBody;

/** A request as {@link validateRequest} takes it: a method, a URL or path, and the body as data. */
export interface RequestToValidate {
  method: string;
  /** A full URL: its base and query are ignored. Give `url` or `path`. */
  url?: string;
  /** The path, e.g. `/api/v1.3/clusters/etl`; a query is ignored. Give `url` or `path`. */
  path?: string;
  /** The body as data (parsed JSON), not as text. */
  body?: unknown;
  /** The request's headers, for the rules that read them (a literal `X-AUTH-TOKEN` is reported). */
  headers?: Readonly<Record<string, unknown>>;
}

/**
 * Checks a request body given as data against the operation's schema and rules: the same checks,
 * rule ids, severities, messages and JSON Pointers as the CLI on the same body written as JSON,
 * without parsing anything. Synchronous, no I/O; runs in Node and in browsers.
 *
 * The pitfalls that only text shows (YAML syntax, duplicate keys, `0.180` read as a number,
 * `# dplint-disable` directives) need {@link lintText}.
 *
 * A body whose objects and arrays nest more than 200 deep (lintText's limit) is not checked: it is
 * one `parse/limit` error finding, whatever `rules` says.
 *
 * @param operation - the operation id, e.g. `edit-cluster` (see {@link operations})
 * @param body - the body as data, e.g. the object you are about to `JSON.stringify`
 * @throws TypeError for an operation id that does not exist, or a body that is cyclic
 *
 * @example
 * ```ts
 * import { validate } from 'dplint';
 *
 * const result = validate('edit-cluster', { node_configuration: { initial_nodes: 4, max_nodes: 2 } });
 * // result.valid === false
 * // result.findings[0]: { ruleId: 'cluster/max-nodes-below-initial', severity: 'error',
 * //   message: 'node_configuration.max_nodes must be at least initial_nodes (4); got 2',
 * //   path: '/node_configuration/max_nodes' }
 * ```
 */
export function validate<Op extends OperationId>(operation: Op, body: unknown, options: ValidateOptions = {}): ValidationResult {
  if (!isOperationId(operation)) throw new TypeError(unknownOperationMessage(operation));
  const deep = tooDeep(body);
  if (deep) return { valid: false, findings: [deep] };
  return result(check(operation, body, options, {}, {}).map((finding) => saidOfText(toValidationFinding(finding, body), body)), options);
}

/**
 * Finds the operation from a request's method and URL (or path) and validates its body. Path
 * parameters (`/api/v2/clusters/<cluster_id>/clone`) are checked by the rules that read them; the
 * base URL and the query are ignored. A route the API does not have is one error finding,
 * `operation/unknown`.
 *
 * Findings point into the request as a request envelope of the CLI does: `/body/…` for the body,
 * `/path` (or `/url`) for the path, `/headers/<name>` for a header.
 *
 * @example
 * ```ts
 * import { validateRequest } from 'dplint';
 *
 * const result = validateRequest({ method: 'PUT', url: 'https://api.example.com/api/v2.0/clusters/etl/state', body: { state: 'stop' } });
 * // result.findings[0].message: 'state must be one of "start", "terminate"; got "stop" …', path '/body/state'
 * ```
 */
export function validateRequest(request: RequestToValidate, options: ValidateOptions = {}): ValidationResult {
  const target = request.url !== undefined ? 'url' : 'path';
  const where = request.url ?? request.path ?? '';
  const route = matchRoute(request.method, where);
  if (!route) {
    return result(
      [
        {
          ruleId: operationUnknown.id,
          severity: operationUnknown.severity,
          message: renderMessage(operationUnknown.messages.unknownRoute, { method: request.method.toUpperCase(), path: JSON.stringify(where) }),
          path: `/${target}`,
        },
      ],
      options,
    );
  }
  const operation = route.operation.id;
  const deep = tooDeep(request.body);
  if (deep) return { valid: false, findings: [{ ...deep, path: `/body${deep.path}` }] };
  const findings = check(operation, request.body, options, route.parameters as Record<string, string>, request.headers ?? {}).map((finding) => {
    const located = saidOfText(toValidationFinding(finding, request.body), request.body);
    if (!finding.fromDocumentRoot) return { ...located, path: `/body${located.path}` };
    // Rules name the envelope's `path` member; the caller may have given `url` instead.
    return located.path === '/path' ? { ...located, path: `/${target}` } : located;
  });
  return result(findings, options);
}

/**
 * Validates a body and returns it typed as the operation's body, or throws a
 * {@link DplintValidationError} listing the findings when there is an error finding.
 * Warnings do not throw: a body with an unlisted member (a warning) is returned as it is,
 * typed without that member.
 *
 * @example
 * ```ts
 * import { assertValid, DplintValidationError } from 'dplint';
 *
 * const edit = assertValid('edit-cluster', JSON.parse(text)); // edit: EditClusterRequest
 * await fetch(`${base}/api/v1.3/clusters/etl`, { method: 'PUT', body: JSON.stringify(edit) });
 * ```
 */
export function assertValid<Op extends OperationId>(operation: Op, body: unknown, options: ValidateOptions = {}): BodyOf<Op> {
  const { valid, findings } = validate(operation, body, options);
  if (!valid) throw new DplintValidationError(`${operation} body`, findings);
  return body as BodyOf<Op>;
}

/**
 * A body nested deeper than lintText reads (DEFAULT_MAX_DEPTH) is one parse/limit error, and
 * nothing else is checked: the rules walk a body by recursion, and 10,000 levels (20 KB of JSON)
 * overflowed the stack. As for a text, it is an error whatever the rule levels say: a body left
 * unchecked is not a valid one. A cycle is the caller's mistake, a TypeError (assertAcyclic).
 */
function tooDeep(body: unknown): ValidationFinding | undefined {
  assertAcyclic(body);
  if (dataNesting(body, DEFAULT_MAX_DEPTH) === undefined) return undefined;
  const message = renderMessage(parseLimit.messages.tooDeep, { maxDepth: DEFAULT_MAX_DEPTH, remedy: 'no request body of the API nests that deep' });
  return { ruleId: parseLimit.id, severity: 'error', message, path: '' };
}

const compiledPolicies = new WeakMap<readonly PolicyConfig[], CompiledPolicy[]>();

/** The checks of a body that {@link tooDeep} let through (acyclic, and no deeper than a text may nest). */
function check(operation: OperationId, body: unknown, options: ValidateOptions, pathParameters: Record<string, string>, headers: Readonly<Record<string, unknown>>): PathFinding[] {
  let policies: CompiledPolicy[] | undefined;
  if (options.policies?.length) {
    policies = compiledPolicies.get(options.policies);
    if (!policies) compiledPolicies.set(options.policies, (policies = compilePolicies(options.policies)));
  }
  return checkBody(operation, body, { rules: withRecommended(options.rules), policies, pathParameters, headers: { ...headers } });
}

/**
 * A body is data as JSON would carry it; a cycle (`o.self = o`) is a caller's mistake, not a
 * finding, and the checks that walk the body would never finish. Each object is entered once,
 * so a value shared by two members (no cycle) costs nothing more.
 * @throws TypeError naming the member that refers back to an object containing it
 */
function assertAcyclic(body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const onPath = new Set<object>();
  const done = new Set<object>();
  const path: Array<string | number> = [];
  // Frames of an explicit stack: a body nested 10,000 deep must not overflow the call stack.
  const stack: Array<{ value: object; keys: Array<string | number>; next: number }> = [{ value: body, keys: keysOf(body), next: 0 }];
  onPath.add(body);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.keys.length) {
      stack.pop();
      path.pop();
      onPath.delete(frame.value);
      done.add(frame.value);
      continue;
    }
    const key = frame.keys[frame.next++];
    const child = (frame.value as Record<string | number, unknown>)[key];
    if (child === null || typeof child !== 'object' || done.has(child)) continue;
    if (onPath.has(child)) {
      throw new TypeError(
        `the body is cyclic: ${toPointer([...path, key])} refers back to the object at ${JSON.stringify(toPointer(ancestorPath(stack, path, child)))}; validate takes JSON-like data, as JSON.stringify does`,
      );
    }
    path.push(key);
    onPath.add(child);
    stack.push({ value: child, keys: keysOf(child), next: 0 });
  }
}

function keysOf(value: object): Array<string | number> {
  return Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
}

/** The path of an object on the stack: its frame's depth gives how much of the current path leads to it. */
function ancestorPath(stack: ReadonlyArray<{ value: object }>, path: ReadonlyArray<string | number>, ancestor: object): Array<string | number> {
  return path.slice(0, stack.findIndex((frame) => frame.value === ancestor));
}

function toValidationFinding(finding: PathFinding, body: unknown): ValidationFinding {
  const refined = refineTypeFindingByValue(finding, valueAt(body, finding.path));
  return { ruleId: refined.ruleId, severity: refined.severity, message: refined.message, path: toPointer(refined.path) };
}

/**
 * A body handed over as its JSON text rather than the parsed object is a caller's slip the type
 * finding alone does not explain ("must be an object; got string …"): say what to pass.
 */
function saidOfText(finding: ValidationFinding, body: unknown): ValidationFinding {
  if (typeof body !== 'string' || finding.ruleId !== 'schema/type' || finding.path !== '') return finding;
  return { ...finding, message: `${finding.message}: pass the parsed object (JSON.parse(text)), not the text` };
}

function result(findings: ValidationFinding[], options: ValidateOptions): ValidationResult {
  const leveled = applyLevels(findings, withRecommended(options.rules)).sort(
    (a, b) => compare(a.path, b.path) || compare(a.ruleId, b.ruleId) || compare(a.message, b.message),
  );
  return { valid: !leveled.some((f) => f.severity === 'error'), findings: leveled };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

