/**
 * dplint's public API: validate request bodies of the Account and Cluster Management API before
 * they are sent, lint YAML or JSON text with positions, and the catalogues tools build on.
 * Everything here is synchronous (except the fetch wrapper), does no I/O, and runs unchanged in
 * Node and in browsers; `lintFiles`, which reads files, is in the Node entry `dplint/node`.
 *
 * @packageDocumentation
 */
import { ALL_RULES, type RuleInfo } from '../rules/index.js';
import { FORMATTERS as ALL_FORMATTERS, type Formatter } from './formatters/index.js';
import { OPERATIONS, type Operation } from './operations.js';
import { BODY_SCHEMAS, DEFINITIONS, type BodyOperationId, type JsonSchema } from './schema/body-schemas.js';

export { validate, validateRequest, assertValid } from './api/validate.js';
export type { ValidationFinding, ValidationResult, ValidateOptions, RequestToValidate, BodyOf, NoBody } from './api/validate.js';
export { DplintValidationError } from './api/error.js';
export { withValidation } from './api/fetch.js';
export type { WithValidationOptions } from './api/fetch.js';
export { lintText } from './engine/lint.js';
export { applyFixes } from './fix/apply.js';
export type { ApplyFixesResult } from './fix/apply.js';
export { fixText } from './engine/fix-text.js';
export type { FixOptions, FixTextResult } from './engine/fix-text.js';
export type { LintOptions, LintResult } from './engine/lint.js';
export type { PolicyConfig } from './config/policies.js';
export type { DocumentOperation, Finding, Fix, OperationSource, Range, RuleLevel, RuleSetting, RuleSettings, Severity, Suggestion, SuppressedFinding, Suppression } from './types.js';
export type { HttpMethod, Operation, OperationId, PathParameterKind } from './operations.js';
export type { BodyOperationId, JsonSchema } from './schema/body-schemas.js';
export type { RuleInfo } from '../rules/index.js';
export type { FileResult, FormatOptions, Formatter, Summary } from './formatters/index.js';
export type {
  AddWhitelistIpRequest,
  CloneClusterRequest,
  CreateAccountRequest,
  EditAccountRequest,
  EditClusterRequest,
  OperationBodies,
  SetBootstrapRequest,
  SetClusterStateRequest,
  ViewBootstrapRequest,
} from './generated/body-types.js';

/**
 * The operations of the API: id, title, method, path template, path parameters, whether a
 * body is sent, spec section and deprecation.
 *
 * @example
 * ```ts
 * import { operations } from 'dplint';
 * for (const o of operations) console.log(o.id, o.method, o.path); // edit-cluster PUT /api/v1.3/clusters/<id_or_label> …
 * ```
 */
export const operations: readonly Operation[] = OPERATIONS;

/**
 * Every rule id dplint reports, sorted: built-in ones (`schema/…`, `yaml/…`, `operation/…`) and the
 * cross-field rules, each with its default severity and docs (summary, rationale, fix).
 *
 * @example
 * ```ts
 * import { rules } from 'dplint';
 * const errors = rules.filter((r) => r.severity === 'error').map((r) => r.id);
 * ```
 */
export const rules: readonly RuleInfo[] = ALL_RULES;

/**
 * The JSON Schema (draft-07) of each request body, by operation id, and under `definitions` the
 * shared definitions they `$ref` as `definitions.schema.json`: register that one under that
 * name before compiling a body schema yourself. The same files ship as `dplint/schemas/*`.
 *
 * @example
 * ```ts
 * import Ajv from 'ajv';
 * import { schemas } from 'dplint';
 * const ajv = new Ajv({ strict: false }).addSchema(schemas.definitions, 'definitions.schema.json');
 * const isStateBody = ajv.compile(schemas['set-cluster-state']);
 * ```
 */
export const schemas: Readonly<Record<BodyOperationId | 'definitions', JsonSchema>> = { ...BODY_SCHEMAS, definitions: DEFINITIONS };

/**
 * The output formats of `dplint --format`, by name (`stylish`, `compact`, `json`, `sarif`,
 * `junit`, `github`): pure functions from lint results to text.
 *
 * @example
 * ```ts
 * import { formatters, lintText } from 'dplint';
 * const result = lintText('# dplint: operation=set-cluster-state\nstate: stop\n');
 * console.log(formatters.json([{ file: 'state.yaml', ...result }]));
 * ```
 */
export const formatters: Readonly<Record<string, Formatter>> = ALL_FORMATTERS;
