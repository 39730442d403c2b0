import { withLineFeeds } from '../parse/lines.js';
import type { OperationId } from '../operations.js';
import { locate } from '../parse/locate.js';
import { DEFAULT_MAX_ALIAS_COUNT, DEFAULT_MAX_ALIAS_EXPANSION, DEFAULT_MAX_DEPTH, DEFAULT_MAX_DOCUMENTS, formatOf, parseText, type ParsedFile, type SourceComment, type SourceDocument, type SourceFormat } from '../parse/parse.js';
import { toPointer } from '../parse/pointer.js';
import { closest } from '../schema/did-you-mean.js';
import type { DocumentOperation, Finding, OperationSource, PathFinding, RuleLevel, RuleSettings, SuppressedFinding } from '../types.js';
import { inferOperation } from './infer-operation.js';
import { refineTypeFinding } from './source-types.js';
import { yaml11Findings } from './yaml11.js';
import { cleanResult, quickLook, type QuickLook } from './fast-path.js';
import { applyLevels, checkBody, isEmptyBody, levelOf } from './check-body.js';
import { sortFindings } from './order.js';
import { withRecommended } from '../config/presets.js';
import { applyDirectives, parseDirectives, withMaskedReason } from '../config/directives.js';
import type { CompiledPolicy } from '../config/policies.js';
import { ALL_RULES, findRule } from '../../rules/index.js';
import { asEnvelope, commentsOfDocument, fileOperation, resolveOperation, type Envelope, type ResolvedOperation } from './resolve-operation.js';
import { isObject } from '../../rules/support/rule-helpers.js';
import { withoutRepositoryRules } from './repository.js';
import { stageMessage } from '../define-rule.js';
import operationUnresolved from '../../rules/operation/unresolved.js';
import { fixRenderer, rebaseIntents, renderFix, renderSuggestions, type FixRenderer } from '../fix/render.js';
import { FileSecrets } from '../schema/secrets.js';

/** Options of {@link lintText}: everything the CLI knows about a file besides its text. */
export interface LintOptions {
  /** The operation, when the caller knows it (`--operation`); otherwise it is resolved from the file. */
  operation?: OperationId;
  /** The file's name: `.json` selects JSON, anything else YAML. Shown nowhere by the core. */
  filename?: string;
  /** Overrides the format the file name implies. */
  format?: SourceFormat;
  /** The operation the config file's `files` give this file. */
  configOperation?: OperationId;
  /** Rule levels and options by rule id (`off` switches a rule off). */
  rules?: RuleSettings;
  /** Most alias expansions one document may cause. */
  maxAliasCount?: number;
  /** Deepest nesting of collections a document may have (aliases expanded). */
  maxDepth?: number;
  /** Most characters of text the aliases of one document may stand for. */
  maxAliasExpansion?: number;
  /** Most documents of a stream that are read. */
  maxDocuments?: number;
  /** Most scalars a large text may hold (parse.ts DEFAULT_MAX_SCALARS). */
  maxScalars?: number;
  /**
   * Take the quick ways (default true; the results are the same either way): the quick look
   * (src/engine/fast-path.ts), after which a YAML file it proves clean is not parsed with
   * positions, and the block reader (src/parse/block-yaml.ts) in place of `yaml` for files in the
   * block subset. False sends everything through `yaml` (the tests compare the two).
   */
  quick?: boolean;
  /**
   * What `mayHoldDirectives` (src/engine/fast-path.ts) says of this very text, from a caller that
   * asked already (src/node/lint-files.ts, whose facts need the answer too): the quick look then
   * does not scan the text for it again. Default: the quick look asks.
   */
  mayHoldDirectives?: boolean;
  /** Organisation policies from the config file. */
  policies?: readonly CompiledPolicy[];
  /** Honour `# dplint-disable…` comments (`--no-inline-config` turns them off). Default true. */
  inlineConfig?: boolean;
  /** Level of findings for directives that silence nothing; default `off`. */
  reportUnusedDisableDirectives?: RuleLevel;
  /** The config file's `directives`: `requireReason` reports a disable directive that gives no reason (directive/reason). */
  directives?: { requireReason?: boolean };
  /**
   * Return the findings inline directives silenced, each with its directive's reason, in
   * `suppressed` (ESLint's `suppressedMessages`). Default false: the result has no `suppressed`.
   */
  includeSuppressed?: boolean;
}

/** What {@link lintText} returns: the operation it checked the text as, how that was decided, and the sorted findings. */
export interface LintResult {
  /** The first document's operation that resolved; of a stream whose documents differ, `documents` has each one's. */
  operation: OperationId | undefined;
  operationSource: OperationSource;
  /** For a stream whose documents do not all share `operation` and `operationSource`: each document's (DESIGN.md: each document resolves its own). */
  documents?: DocumentOperation[];
  findings: Finding[];
  /**
   * The text as outputs may show it, with every credential masked (`****`), when there are
   * findings to show it for: code frames and fingerprints take their lines from here, never from
   * the text itself. Lines are those of the text (same count).
   */
  shownSource?: string;
  /** Each readable document's body as the API would receive it (for a request envelope, its `body`), with where it sits. */
  bodies: BodyOfDocument[];
  /**
   * With `includeSuppressed`: the findings inline directives silenced, sorted as `findings`, each
   * with `suppressions: [{kind: 'directive', justification}]` (the directive's reason, credentials
   * masked; no `justification` when it gives none).
   */
  suppressed?: SuppressedFinding[];
}

export interface BodyOfDocument {
  /** 0-based index in a multi-document stream; absent for a single document. */
  document?: number;
  /** The operation the document was checked as. */
  operation: OperationId;
  /** The data path of the body in the document: `[]`, or `['body']` in a request envelope. */
  prefix: string[];
  value: unknown;
}

/**
 * Lints one file's text: parse → operation → schema → rules → sorted findings. Pure: no file
 * system, no process, no clock; the same text and options give the same result.
 *
 * @example
 * ```ts
 * import { lintText } from 'dplint';
 *
 * const { operation, findings } = lintText('# dplint: operation=set-cluster-state\nstate: stop\n');
 * // operation === 'set-cluster-state'; findings[0]: { ruleId: 'schema/enum', line: 2, column: 8, … }
 * ```
 */
export function lintText(written: string, options: LintOptions = {}): LintResult {
  return lintMasked(written, options, true).result;
}

/**
 * `lintText` without `shownSource`, and the file's credentials (where it has findings): the caller
 * asks them for the shown text only if its output shows lines of the file (src/node/lint-files.ts).
 */
export function lintTextMasked(written: string, options: LintOptions = {}): { result: LintResult; secrets?: FileSecrets } {
  return lintMasked(written, options, false);
}

function lintMasked(written: string, options: LintOptions, shown: boolean): { result: LintResult; secrets?: FileSecrets } {
  // Lines as YAML reads them, in every stage (src/parse/lines.ts): offsets stay those of the text as written.
  const text = withLineFeeds(written);
  // The settings in force go to the quick look as they are: a clean file costs no copy of the options.
  const rules = withRecommended(options.rules);
  const look = options.quick === false ? undefined : quickLook(text, options, rules);
  const clean = look && cleanResult(look, rules);
  if (clean) return { result: options.includeSuppressed ? { ...clean, suppressed: [] } : clean };
  // Made without their messageId and data: the findings as they would be with those two taken out (the last keys), not copied again.
  return lintDetailed(text, { ...options, rules }, look, false, shown);
}

/** A finding as the engine keeps it before output: rule findings still carry their messageId and data (for rule tests). */
export type DetailedFinding = Finding & { messageId?: string; data?: Record<string, string | number> };

/** What {@link lintTextDetailed} returns: `lintText`'s result, each finding keeping its messageId and data. */
export type DetailedResult = Omit<LintResult, 'findings' | 'suppressed'> & { findings: DetailedFinding[]; suppressed?: Array<DetailedFinding & SuppressedFinding> };

/** `lintText`, keeping each rule finding's messageId and data. */
export function lintTextDetailed(text: string, options: LintOptions = {}): DetailedResult {
  return lintDetailed(withLineFeeds(text), { ...options, rules: withRecommended(options.rules) }, undefined, true, true).result;
}

/**
 * The full lint; `look`, the quick look's, gives each body's findings where it read the same
 * documents; `detailed`, whether rule findings keep their messageId and data.
 */
function lintDetailed(text: string, options: LintOptions, look: QuickLook | undefined, detailed: boolean, shownSource: boolean): { result: DetailedResult; secrets?: FileSecrets } {
  // The quick look's reading gives the nodes; of a stream, only the documents with something to
  // place need theirs: a finding of their own, or one of their resolution's.
  const withNodes = look?.read.parts ? (index: number) => look.documents[index].findings.length > 0 || look.documents[index].resolved.findings.length > 0 : undefined;
  const file = parseText(text, options.format ?? formatOf(options.filename), { maxAliasCount: options.maxAliasCount, maxDepth: options.maxDepth, maxAliasExpansion: options.maxAliasExpansion, maxDocuments: options.maxDocuments, maxScalars: options.maxScalars, blockReader: options.quick, read: look?.read, withNodes });
  const findings: DetailedFinding[] = [...file.findings];
  const renderer = fixRenderer(file);
  const located = (document: SourceDocument | undefined, finding: PathFinding): DetailedFinding => locateFinding(file, renderer, document, finding, detailed);

  // Each document resolves its own operation; the quick look's resolutions stand where it read these very documents.
  const resolutions = resolveDocuments(file, options, look);
  const bodies: BodyOfDocument[] = [];
  for (const { document, resolved } of resolutions) {
    for (const finding of resolved.findings) findings.push(located(document, finding));
    const operation = resolved.operation;
    if (!document?.usable) continue;
    if (!operation) {
      if (resolved.findings.length === 0 && !isEmptyBody(document.value)) findings.push(located(document, { ...stageMessage(operationUnresolved, 'unresolved'), path: [] }));
      continue;
    }
    const envelope = resolved.source === 'envelope' ? asEnvelope(document.value) : undefined;
    const prefix = envelope ? ['body'] : [];
    bodies.push({ ...(file.documents.length > 1 ? { document: document.index } : {}), operation, prefix, value: envelope ? envelope.body : document.value });
    // The quick look read these very documents as the same data, under the same resolution.
    const known = look && file.documents.length === look.documents.length ? look.documents[document.index].findings : undefined;
    const documentFindings = lintDocument(document, operation, envelope, resolved.pathParameters, options, known);
    // One push each: a spread of 120,000 findings is as many arguments, past V8's stack.
    for (const f of documentFindings) findings.push(located(document, refineTypeFinding(f, document.node, file.text, file.format)));
    if (file.format === 'yaml' && !file.blockRead) for (const f of yaml11Findings(document.node, operation, prefix)) findings.push(located(document, f));
  }
  const { operation, operationSource, documents } = fileOperation(resolutions.map((r, index) => ({ document: r.document?.index ?? index, resolved: r.resolved })));

  const settings = options.rules ?? {};
  let final = applyLevels(findings, settings);
  let suppressed: Array<DetailedFinding & SuppressedFinding> = [];
  if (options.inlineConfig !== false) {
    const policyIds = new Set((options.policies ?? []).map((p) => p.ruleId));
    ({ findings: final, suppressed } = applyDirectives(final, withoutRepositoryRules(parseDirectives(file.comments)), {
      reportUnused: options.reportUnusedDisableDirectives ?? 'off',
      isKnownRule: (id) => findRule(id) !== undefined || policyIds.has(id),
      suggestRule: (id) => closest(id, [...ALL_RULES.map((rule) => rule.id), ...policyIds]),
      text: file.text,
      requireReason: options.directives?.requireReason,
      levelOf: (id) => levelOf(settings, id),
    }));
  }
  const kept = options.includeSuppressed ? suppressed : [];
  // The file's credentials, for the findings to show: masks are worked out when first asked for.
  const secrets = final.length > 0 || kept.length > 0 ? new FileSecrets(text, { parsed: maskable(file, options), values: file.documents.map((document) => document.value) }) : undefined;
  const mask = (message: string): string => (secrets ? secrets.message(message) : message);
  const result: DetailedResult = {
    operation,
    operationSource,
    ...(documents ? { documents } : {}),
    findings: sortFindings(withoutSecrets(final, mask)),
    bodies,
    ...(secrets && shownSource ? { shownSource: secrets.shown() } : {}),
    ...(options.includeSuppressed ? { suppressed: sortFindings(withoutSecrets(kept, mask).map((finding) => withMaskedReason(finding, mask))) } : {}),
  };
  return { result, ...(secrets ? { secrets } : {}) };
}

/**
 * Each document's operation: the quick look's resolution where it read these very documents (it
 * resolved them as below: the text holds no modeline, see fast-path.ts), else each document's own
 * from its comments and value. A file without a readable document (a syntax error in JSON) is
 * resolved once, from its comments, so that the result still says what it was meant for.
 */
function resolveDocuments(file: ParsedFile, options: LintOptions, look: QuickLook | undefined): Array<{ document: SourceDocument | undefined; resolved: ResolvedOperation }> {
  if (look && file.documents.length === look.documents.length) return file.documents.map((document) => ({ document, resolved: look.documents[document.index].resolved }));
  const resolve = (comments: readonly SourceComment[], value: unknown, streamModeline?: OperationId): ResolvedOperation =>
    resolveOperation({ option: options.operation, comments, document: value, streamModeline, configOperation: options.configOperation, infer: inferOperation });
  if (file.documents.length === 0) return [{ document: undefined, resolved: resolve(file.comments, undefined) }];
  if (file.documents.length === 1) return [{ document: file.documents[0], resolved: resolve(file.comments, file.documents[0].usable ? file.documents[0].value : undefined) }];
  const starts = file.documents.map((document) => document.node.range?.[0] ?? 0);
  const resolutions: Array<{ document: SourceDocument; resolved: ResolvedOperation }> = [];
  for (const document of file.documents) {
    const first = resolutions[0]?.resolved;
    const streamModeline = first?.source === 'modeline' ? first.operation : undefined;
    resolutions.push({ document, resolved: resolve(commentsOfDocument(file.comments, starts, document.index), document.usable ? document.value : undefined, streamModeline) });
  }
  return resolutions;
}

/**
 * The file as masking would parse it (`parseText(text, 'yaml')`, src/schema/secrets.ts), where it is
 * the same: read with the default limits (a limit of the config's may leave out, or stop at, what
 * the default reads), every document with its nodes, and YAML or JSON that parsed (JSON is read
 * as YAML once it is known to be JSON). Otherwise masking parses the text itself.
 */
function maskable(file: ParsedFile, options: LintOptions): ParsedFile | undefined {
  const defaults =
    (options.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT) === DEFAULT_MAX_ALIAS_COUNT &&
    (options.maxDepth ?? DEFAULT_MAX_DEPTH) === DEFAULT_MAX_DEPTH &&
    (options.maxAliasExpansion ?? DEFAULT_MAX_ALIAS_EXPANSION) === DEFAULT_MAX_ALIAS_EXPANSION &&
    (options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS) === DEFAULT_MAX_DOCUMENTS &&
    options.maxScalars === undefined;
  if (!defaults || file.documents.some((document) => document.dataOnly)) return undefined;
  return file.format === 'yaml' || file.documents.length > 0 ? file : undefined;
}

/**
 * The findings with no credential of the file in their messages, whoever made them (a rule, a
 * policy constraining a credential, the parser quoting a token): the one place messages are
 * masked, so that every output, and the lint cache, only ever has masked ones.
 */
function withoutSecrets<F extends DetailedFinding>(findings: F[], mask: (text: string) => string): F[] {
  if (findings.length === 0) return findings;
  return findings.map((finding) => {
    const message = mask(finding.message);
    const suggestions = finding.suggestions?.map((suggestion) => {
      const desc = mask(suggestion.desc);
      return desc === suggestion.desc ? suggestion : { ...suggestion, desc };
    });
    return message === finding.message && suggestions?.every((s, i) => s === finding.suggestions![i]) !== false ? finding : { ...finding, message, ...(suggestions ? { suggestions } : {}) };
  });
}

/** One document's body checked as data; findings come back with paths into the document as written. */
function lintDocument(
  document: SourceDocument,
  operation: OperationId,
  envelope: Envelope | undefined,
  pathParameters: Record<string, string>,
  options: LintOptions,
  known: PathFinding[] | undefined,
): PathFinding[] {
  const body = envelope ? envelope.body : document.value;
  const toDocument = (finding: PathFinding): PathFinding =>
    envelope && !finding.fromDocumentRoot ? rebaseIntents({ ...finding, path: ['body', ...finding.path] }, ['body']) : finding;
  const headers = isObject(envelope?.headers) ? envelope.headers : {};
  return (known ?? checkBody(operation, body, { rules: options.rules, policies: options.policies, pathParameters, headers })).map(toDocument);
}

function locateFinding(file: ParsedFile, renderer: FixRenderer, document: SourceDocument | undefined, finding: PathFinding, detailed: boolean): DetailedFinding {
  const range = finding.range ?? (document ? locate(file, document.node, finding.path, finding.target, finding.within) : { line: 1, column: 1, endLine: 1, endColumn: 1 });
  const located: DetailedFinding = {
    ruleId: finding.ruleId,
    severity: finding.severity,
    message: finding.message,
    path: toPointer(finding.path),
    ...(document && file.documents.length > 1 ? { document: document.index } : {}),
    line: range.line,
    column: range.column,
    endLine: range.endLine,
    endColumn: range.endColumn,
  };
  // Fix intents become text edits here, where the node's source range is known.
  const fix = finding.fix && renderFix(renderer, document, finding.path, finding.fix);
  if (fix) located.fix = fix;
  const suggestions = finding.suggestions && renderSuggestions(renderer, document, finding.path, finding.suggestions);
  if (suggestions?.length) located.suggestions = suggestions;
  if (detailed && finding.messageId) {
    located.messageId = finding.messageId;
    if (finding.data) located.data = finding.data;
  }
  return located;
}
