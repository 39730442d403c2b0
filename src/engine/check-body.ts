import { getOperation, type OperationId } from '../operations.js';
import { toPointer } from '../parse/pointer.js';
import { hasBodySchema } from '../schema/body-schemas.js';
import { validateBody } from '../schema/validate-body.js';
import type { PathFinding, RuleContext, RuleSettings, Severity } from '../types.js';
import type { LintOptions } from './lint.js';
import { clusterKind } from '../../rules/support/cluster-kind.js';
import unexpectedBody from '../../rules/operation/unexpected-body.js';
import { runPolicies } from '../config/policies.js';
import { levelOf } from '../config/presets.js';
import { stageMessage } from '../define-rule.js';
import { runRules } from './run-rules.js';

/** The settings and policies of the lint (of `rules`, only `off` matters here: the caller applies the levels), and what the rules read of a request envelope. */
export type CheckBodyOptions = Pick<LintOptions, 'rules' | 'policies'> & Partial<Pick<RuleContext, 'pathParameters' | 'headers'>>;

/**
 * The checks that need only the body as data: unexpected body, schema, rules and policies, with
 * rule findings explaining or deferring to schema findings. Shared by `lintText` (which then
 * locates the findings in the text) and `validate` (which has no text).
 */
export function checkBody(operation: OperationId, body: unknown, options: CheckBodyOptions = {}): PathFinding[] {
  const takesBody = getOperation(operation).body !== 'none';
  const value = takesBody ? (body ?? {}) : body;

  const bodyFindings: PathFinding[] = [];
  if (!takesBody && !isEmptyBody(body)) bodyFindings.push({ ...stageMessage(unexpectedBody, 'noBody', { operation, section: getOperation(operation).specSection }), path: [] });
  if (hasBodySchema(operation)) for (const finding of validateBody(operation, value)) bodyFindings.push(finding);
  const ruleFindings = runRules({
    operation,
    body: value,
    clusterKind: operation === 'edit-cluster' ? clusterKind(value) : 'unknown',
    pathParameters: options.pathParameters ?? {},
    headers: options.headers ?? {},
    settings: options.rules ?? {},
  });
  if (options.policies?.length) for (const finding of runPolicies(options.policies, operation, value)) ruleFindings.push(finding);
  if (bodyFindings.length === 0) return ruleFindings;
  const findings = explained(bodyFindings, ruleFindings);
  // One push each: a spread of 160,000 findings is as many arguments, past V8's stack.
  for (const finding of withoutSchemaDuplicates(ruleFindings, bodyFindings)) findings.push(finding);
  return findings;
}

/**
 * A rule that names what an unknown member really is (a vendor spelling, a v1.2 wrapper, a flat
 * account body) explains the schema's "unknown member" at the same key, which then goes.
 */
function explained(schemaFindings: PathFinding[], ruleFindings: PathFinding[]): PathFinding[] {
  if (!schemaFindings.some((f) => f.ruleId === 'schema/unknown-member')) return [...schemaFindings];
  const keys = new Set(ruleFindings.filter((f) => f.target === 'key').map((f) => toPointer(f.path)));
  return schemaFindings.filter((f) => f.ruleId !== 'schema/unknown-member' || !keys.has(toPointer(f.path)));
}

/** A rule does not repeat what the schema already said about the same value (or anything inside it). */
function withoutSchemaDuplicates(ruleFindings: PathFinding[], schemaFindings: PathFinding[]): PathFinding[] {
  const judged = new Set(schemaFindings.filter((f) => f.ruleId.startsWith('schema/') && f.ruleId !== 'schema/unknown-member' && f.ruleId !== 'schema/required').map((f) => toPointer(f.path)));
  if (judged.size === 0) return ruleFindings;
  // The value's pointer and its ancestors' looked up, not every judged pointer compared: both lists grow with the input.
  return ruleFindings.filter((finding) => {
    const pointer = toPointer(finding.path);
    for (let end = pointer.length; end !== -1; end = end === 0 ? -1 : pointer.lastIndexOf('/', end - 1)) if (judged.has(pointer.slice(0, end))) return false;
    return true;
  });
}

export function isEmptyBody(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
}

/** Configured levels apply to every finding, built-in ones included (`schema/unknown-member: error`). */
export function applyLevels<F extends { ruleId: string; severity: Severity }>(findings: F[], settings: RuleSettings): F[] {
  const out: F[] = [];
  for (const finding of findings) {
    const level = levelOf(settings[finding.ruleId]);
    if (level === 'off') continue;
    out.push(level ? { ...finding, severity: level } : finding);
  }
  return out;
}
