import type { OperationId } from '../operations.js';
import { withLineFeeds } from '../parse/lines.js';
import { locate, placedFinding } from '../parse/locate.js';
import { DEFAULT_MAX_ALIAS_COUNT, DEFAULT_MAX_ALIAS_EXPANSION, DEFAULT_MAX_DEPTH, DEFAULT_MAX_DOCUMENTS, formatOf, parseText, type ParsedFile, type ParseOptions, type SourceComment, type SourceDocument, type SourceFormat } from '../parse/parse.js';
import { closest } from '../schema/did-you-mean.js';
import { FileSecrets } from '../schema/secrets.js';
import type { FileResult, Finding, PathFinding, RuleLevel, RuleSettings, SuppressedFinding } from '../types.js';
import { levelOf, withRecommended } from '../config/presets.js';
import { applyDirectives, mayHoldDirective, parseDirectives, withMaskedReason, type DirectivesApplied } from '../config/directives.js';
import type { CompiledPolicy } from '../config/policies.js';
import { fixRenderer, rebaseIntents, renderFix, renderSuggestions, type FixRenderer } from '../fix/render.js';
import { stageMessage } from '../define-rule.js';
import { ALL_RULES, findRule } from '../../rules/index.js';
import operationUnresolved from '../../rules/operation/unresolved.js';
import { isObject } from '../../rules/support/rule-helpers.js';
import { applyLevels, checkBody, isEmptyBody } from './check-body.js';
import { sortFindings } from './order.js';
import { withoutRepositoryRules } from './repository.js';
import { asEnvelope, commentsByDocument, fileOperation, mayHoldModeline, resolveOperation, type ResolvedOperation } from './resolve-operation.js';
import { refineTypeFinding } from './source-types.js';
import { yaml11Findings } from './yaml11.js';

/** Options of {@link lintText}: everything the CLI knows about a file besides its text, its parse limits included. */
export interface LintOptions extends Omit<ParseOptions, 'reader'> {
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

/**
 * What {@link lintText} returns: the operation it checked the text as, how that was decided, the
 * sorted findings, the text as outputs may show it (where there are findings to show it for), and
 * the bodies read.
 */
export interface LintResult extends Pick<FileResult, 'operation' | 'operationSource' | 'documents' | 'findings' | 'shownSource' | 'suppressed'> {
  /** Each readable document's body as the API would receive it (for a request envelope, its `body`), with where it sits. */
  bodies: BodyOfDocument[];
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
export function lintText(text: string, options: LintOptions = {}): LintResult {
  return withShown(lintTextMasked(text, options));
}

/** The result with the text as outputs may show it (`shownSource`), where there are findings to show it for. */
export function withShown<R extends LintResult | DetailedResult>({ result, secrets }: { result: R; secrets?: FileSecrets }): R {
  if (!secrets) return result;
  const { suppressed, ...rest } = result;
  return { ...rest, shownSource: secrets.shown(), ...(suppressed ? { suppressed } : {}) } as R;
}

/**
 * `lintText` without `shownSource`, and the file's credentials where it has findings to show: the
 * caller asks them for the shown text only if its output shows lines of the file (src/node/lint-files.ts).
 * Findings are made without their messageId and data unless `detailed`: as they would be with those
 * two taken out (the last keys), not copied again.
 */
export function lintTextMasked(text: string, options: LintOptions = {}, detailed = false): MaskedLint {
  return lintParsed(parseText(text, options.format ?? formatOf(options.filename), options), text, options, detailed);
}

/** What {@link lintTextMasked} returns; `directives`: whether the text may hold an inline directive, asked once for the lint and for the file's facts (src/node/lint-files.ts). */
export type MaskedLint = { result: DetailedResult; secrets?: FileSecrets; directives: boolean };

/** A finding as the engine keeps it before output: rule findings still carry their messageId and data (for rule tests). */
export type DetailedFinding = Finding & { messageId?: string; data?: Record<string, string | number> };

/** What {@link lintTextDetailed} returns: `lintText`'s result, each finding keeping its messageId and data. */
export type DetailedResult = Omit<LintResult, 'findings' | 'suppressed'> & { findings: DetailedFinding[]; suppressed?: Array<DetailedFinding & SuppressedFinding> };

/** `lintText`, keeping each rule finding's messageId and data. */
export function lintTextDetailed(text: string, options: LintOptions = {}): DetailedResult {
  return withShown(lintTextMasked(text, options, true));
}

/**
 * The lint of a parsed file (`written`: the text as given, which output shows masked), in the
 * order it reads: each document's operation, its body checked as data, the configured levels;
 * then, only for what is left to show, positions, directives and masking. A clean file is done
 * before anything asks for nodes, so its data is all that is read. `detailed`: rule findings keep
 * their messageId and data. The result has no `shownSource`: `secrets`, the file's credentials
 * where there are findings to show, makes it when asked.
 */
export function lintParsed(file: ParsedFile, written: string, options: LintOptions, detailed: boolean): MaskedLint {
  const settings = withRecommended(options.rules);
  const directives = mayHoldDirective(file.text);
  const resolutions = resolveDocuments(file, options);
  const bodies: BodyOfDocument[] = [];
  // The findings of each document's body and operation, not placed in the text yet.
  const unplaced: Array<{ document: SourceDocument | undefined; finding: PathFinding }> = [];
  for (const { document, resolved } of resolutions) {
    for (const finding of resolved.findings) unplaced.push({ document, finding });
    if (!document?.usable) continue;
    const operation = resolved.operation;
    if (!operation) {
      if (resolved.findings.length === 0 && !isEmptyBody(document.value)) unplaced.push({ document, finding: { ...stageMessage(operationUnresolved, 'unresolved'), path: [] } });
      continue;
    }
    const envelope = resolved.source === 'envelope' ? asEnvelope(document.value) : undefined;
    const prefix = envelope ? ['body'] : [];
    const body = envelope ? envelope.body : document.value;
    bodies.push({ ...(file.documents.length > 1 ? { document: document.index } : {}), operation, prefix, value: body });
    const headers = isObject(envelope?.headers) ? envelope.headers : {};
    for (const finding of checkBody(operation, body, { rules: settings, policies: options.policies, pathParameters: resolved.pathParameters, headers })) {
      const inDocument = envelope && !finding.fromDocumentRoot ? rebaseIntents({ ...finding, path: ['body', ...finding.path] }, ['body']) : finding;
      // A type error is said as the text wrote the value (src/engine/source-types.ts): only such a finding asks for the nodes here.
      unplaced.push({ document, finding: inDocument.ruleId === 'schema/type' ? refineTypeFinding(inDocument, document.node, file.text, file.format) : inDocument });
    }
    // Only `yaml` reads the plain scalars YAML 1.1 reads otherwise; the nodes are there already.
    if (file.reader === 'yaml' && file.format === 'yaml') for (const finding of yaml11Findings(document.node, operation, prefix)) unplaced.push({ document, finding });
  }

  // Levels first: a finding turned off is never placed.
  const findings: DetailedFinding[] = applyLevels(file.findings, settings);
  // The fix renderer is the file's, made for the first finding placed: a clean file makes none.
  let renderer: FixRenderer | undefined;
  for (const { document, finding } of unplaced) {
    const level = levelOf(settings[finding.ruleId]);
    if (level !== 'off') findings.push(placed(file, (renderer ??= fixRenderer(file)), document, level ? { ...finding, severity: level } : finding, detailed));
  }
  const { operation, operationSource, documents } = fileOperation(resolutions.map((r, index) => ({ document: r.document?.index ?? index, resolved: r.resolved })));
  // The comments of a text that names no directive (most) are not read.
  const { findings: shown, suppressed } = directives && options.inlineConfig !== false ? directed(file, findings, settings, options) : { findings, suppressed: [] };
  return { ...shownResult(file, written, options, { operation, operationSource, ...(documents ? { documents } : {}), findings: shown, bodies }, suppressed), directives };
}

/** The findings with the file's inline directives applied: those left, and those they silenced. */
function directed(file: ParsedFile, findings: DetailedFinding[], settings: RuleSettings, options: LintOptions): DirectivesApplied<DetailedFinding> {
  const policyIds = new Set((options.policies ?? []).map((p) => p.ruleId));
  return applyDirectives(findings, withoutRepositoryRules(parseDirectives(file.comments)), {
    reportUnused: options.reportUnusedDisableDirectives ?? 'off',
    isKnownRule: (id) => findRule(id) !== undefined || policyIds.has(id),
    suggestRule: (id) => closest(id, [...ALL_RULES.map((rule) => rule.id), ...policyIds]),
    text: file.text,
    requireReason: options.directives?.requireReason,
    levelOf: (id) => levelOf(settings[id]),
  });
}

/**
 * The result as output may show it: findings sorted, with no credential of the file in a message;
 * and, where there is something to show, the file's credentials (`secrets`), which make the text
 * with every credential masked when an output asks for it.
 */
function shownResult(file: ParsedFile, written: string, options: LintOptions, result: DetailedResult, suppressed: Array<DetailedFinding & SuppressedFinding>): Omit<MaskedLint, 'directives'> {
  const kept = options.includeSuppressed ? suppressed : [];
  if (result.findings.length === 0 && kept.length === 0) return { result: options.includeSuppressed ? { ...result, suppressed: [] } : result };
  // Lines as YAML reads them (a lone CR ends one), offsets those of the text as written.
  const secrets = new FileSecrets(withLineFeeds(written), { parsed: maskable(file, options), values: file.documents.map((document) => document.value) });
  const mask = (message: string): string => secrets.message(message);
  return {
    result: {
      ...result,
      findings: sortFindings(withoutSecrets(result.findings, mask)),
      ...(options.includeSuppressed ? { suppressed: sortFindings(withoutSecrets(kept, mask).map((finding) => withMaskedReason(finding, mask))) } : {}),
    },
    secrets,
  };
}

/**
 * Each document's operation, from its own comments and value (DESIGN.md: each document resolves
 * its own). A file without a readable document (a syntax error in JSON) is resolved once, from its
 * comments, so that the result still says what it was meant for.
 */
function resolveDocuments(file: ParsedFile, options: LintOptions): Array<{ document: SourceDocument | undefined; resolved: ResolvedOperation }> {
  const resolve = (comments: readonly SourceComment[], value: unknown, streamModeline?: OperationId): ResolvedOperation =>
    resolveOperation({ operation: options.operation, comments, document: value, streamModeline, configOperation: options.configOperation });
  // Where the option decides, or no comment can be a modeline, the comments are not read (a clean file's never are).
  const modelines = options.operation === undefined && mayHoldModeline(file.text) ? file.comments : [];
  if (file.documents.length === 0) return [{ document: undefined, resolved: resolve(modelines, undefined) }];
  const comments = commentsByDocument(modelines, file.documents);
  const resolutions: Array<{ document: SourceDocument; resolved: ResolvedOperation }> = [];
  for (const document of file.documents) {
    const first = resolutions[0]?.resolved;
    const streamModeline = first?.source === 'modeline' ? first.operation : undefined;
    resolutions.push({ document, resolved: resolve(comments[document.index], document.usable ? document.value : undefined, streamModeline) });
  }
  return resolutions;
}

/**
 * The file as masking would parse it (`parseText(text, 'yaml')`, src/schema/secrets.ts), where it is
 * the same: read with the default limits (a limit of the config's may leave out, or stop at, what
 * the default reads), and YAML or JSON that parsed (JSON is read as YAML once it is known to be
 * JSON). Otherwise masking parses the text itself.
 */
function maskable(file: ParsedFile, options: LintOptions): ParsedFile | undefined {
  // maxScalars set at all, even to its default, counts a text that the default leaves uncounted.
  const defaults = options.maxScalars === undefined && LIMITS.every(([limit, value]) => (options[limit] ?? value) === value);
  return defaults && (file.format === 'yaml' || file.documents.length > 0) ? file : undefined;
}

const LIMITS = [['maxAliasCount', DEFAULT_MAX_ALIAS_COUNT], ['maxDepth', DEFAULT_MAX_DEPTH], ['maxAliasExpansion', DEFAULT_MAX_ALIAS_EXPANSION], ['maxDocuments', DEFAULT_MAX_DOCUMENTS]] as const;

/**
 * The findings with no credential of the file in their messages, whoever made them (a rule, a
 * policy constraining a credential, the parser quoting a token): the one place messages are
 * masked, so that every output, and the lint cache, only ever has masked ones.
 */
function withoutSecrets<F extends DetailedFinding>(findings: F[], mask: (text: string) => string): F[] {
  return findings.map((finding) => {
    const message = mask(finding.message);
    const suggestions = finding.suggestions?.map((suggestion) => {
      const desc = mask(suggestion.desc);
      return desc === suggestion.desc ? suggestion : { ...suggestion, desc };
    });
    return message === finding.message && suggestions?.every((s, i) => s === finding.suggestions![i]) !== false ? finding : { ...finding, message, ...(suggestions ? { suggestions } : {}) };
  });
}

/** A finding placed in the text: its range, and its fix intents made text edits, where the node's source range is known. */
function placed(file: ParsedFile, renderer: FixRenderer, document: SourceDocument | undefined, finding: PathFinding, detailed: boolean): DetailedFinding {
  const range = finding.range ?? (document ? locate(file, document.node, finding.path, finding.target, finding.within) : { line: 1, column: 1, endLine: 1, endColumn: 1 });
  const located: DetailedFinding = placedFinding(finding, finding.path, document && file.documents.length > 1 ? document.index : undefined, range);
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
