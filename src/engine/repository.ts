import { locate, placedFinding } from '../parse/locate.js';
import { formatOf, parseText } from '../parse/parse.js';
import type { FactPlace, FileResult, Located, Range, RepositoryFacts, RuleLevel, SuppressedFinding, ValueSpan } from '../types.js';
import { messageMask } from '../schema/secrets.js';
import { STAGE_RULES } from '../../rules/index.js';
import { applyDirectives, parseDirectives, withMaskedReason, type Directive } from '../config/directives.js';
import { sortFindings } from './order.js';
import { stageMessage, type StageRule } from '../define-rule.js';
import { getIn, isObject } from '../../rules/support/rule-helpers.js';
import type { BodyOfDocument, DetailedFinding, LintOptions } from './lint.js';
import { detached } from '../parse/detached.js';

/**
 * Checks that only show across the files of one run. Each file contributes a few small facts as
 * it is linted (its labels, its allow-list entry, its bootstrap settings, its idle timeout), so
 * the bodies themselves need not be kept; each rule's check (`checkFacts`, in its file under
 * rules/repository/) then compares the facts, and only files that get a finding are read again to locate it.
 */
const REPOSITORY_RULES: ReadonlyMap<string, StageRule> = new Map(STAGE_RULES.filter((rule) => rule.stage === 'repository').map((rule) => [rule.id, rule]));

/** A rule of the checks across files (`repository/*`): only a pass that sees every file of the repository judges its findings. */
export function isRepositoryRule(ruleId: string): boolean {
  return REPOSITORY_RULES.has(ruleId);
}

/** What a file's bodies tell the checks across files, each body read as its own document's operation. */
export function collectFacts(bodies: readonly BodyOfDocument[]): RepositoryFacts | undefined {
  const facts: RepositoryFacts = {};
  for (const { document, operation, prefix, value } of bodies) {
    // Built without spreading: a stream can hold thousands of bodies.
    const at = (path: ReadonlyArray<string | number>): ReadonlyArray<string | number> => (prefix.length === 0 ? path : [...prefix, ...path]);
    const fact = (found: string | number, path: ReadonlyArray<string | number>): Located =>
      document === undefined ? { value: found, path: at(path) } : { value: found, document, path: at(path) };
    if (operation === 'edit-cluster') {
      const labels = getIn(value, ['label']);
      if (Array.isArray(labels)) {
        for (let i = 0; i < labels.length; i++) {
          const label = labels[i];
          if (typeof label === 'string' && label.trim()) (facts.labels ??= []).push(fact(detached(label.trim()), labelPath(i)));
        }
      }
      const idle = getIn(value, ['node_configuration', 'idle_cluster_timeout']);
      if (typeof idle === 'number') (facts.clusterIdleTimeouts ??= []).push(fact(idle, CLUSTER_IDLE_TIMEOUT));
    } else if (operation === 'add-whitelist-ip') {
      const block = getIn(value, ['ip_cidr']);
      if (typeof block === 'string') (facts.ipBlocks ??= []).push(fact(detached(block.trim()), ['ip_cidr']));
    } else if (operation === 'set-bootstrap' && isObject(value) && typeof value.script === 'string') {
      const userLevel = value.is_user_bootstrap === true || value.is_user_bootstrap === 'true';
      (facts.bootstraps ??= []).push({
        userLevel,
        ...(document === undefined ? {} : { document }),
        keys: hiveSetKeys(value.script).map(({ key, within }) => (document === undefined ? { key: detached(key), path: at(['script']), within } : { key: detached(key), document, path: at(['script']), within })),
      });
    } else if (operation === 'edit-account' || operation === 'create-account') {
      const idle = getIn(value, ['account', 'idle_cluster_timeout']);
      if (typeof idle === 'number') (facts.accountIdleTimeouts ??= []).push(fact(idle, ['account', 'idle_cluster_timeout']));
    }
  }
  // A list grown by push keeps room for 16 more: some 140 bytes a file, held to the end of the run.
  // Every fact made above is a list (`directives` is set by the caller, after).
  const lists = facts as Record<string, unknown[]>;
  for (const key in lists) lists[key] = lists[key].slice();
  return Object.keys(facts).length ? facts : undefined;
}

// Facts are kept for every file until the run ends, so they are kept small: the paths every
// cluster file has are one frozen array each, shared by all files (nothing edits a fact's path).
export const CLUSTER_IDLE_TIMEOUT = Object.freeze(['node_configuration', 'idle_cluster_timeout']);
const LABEL_PATHS: Array<ReadonlyArray<string | number>> = [];

export function labelPath(index: number): ReadonlyArray<string | number> {
  return (LABEL_PATHS[index] ??= Object.freeze(['label', index]));
}

/** A range kept with a fact that can be used as it is: one of the cache's, which is signed, but checked all the same. */
function usableRange(range: Range | undefined): range is Range {
  const position = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 1;
  return range !== undefined && range !== null && typeof range === 'object' && position(range.line) && position(range.column) && position(range.endLine) && position(range.endColumn);
}

/**
 * The keys a Hive script `SET`s (`SET hive.exec.parallel=true;` → `hive.exec.parallel`), in order,
 * each once, with its line's place in the script (where a finding about it points).
 */
function hiveSetKeys(script: string): Array<{ key: string; within: ValueSpan }> {
  const keys: Array<{ key: string; within: ValueSpan }> = [];
  for (let start = 0; start <= script.length; ) {
    let end = script.indexOf('\n', start);
    if (end === -1) end = script.length;
    const line = script.slice(start, end);
    const match = /^(\s*)set\s+([^\s=;]+)\s*=/i.exec(line);
    // The line's text without the blanks around it: where a finding about the key points.
    if (match && !keys.some((k) => k.key === match[2])) keys.push({ key: match[2], within: { start: start + match[1].length, end: start + line.trimEnd().length } });
    start = end + 1;
  }
  return keys;
}

/** A finding across files before it is located: its file, its level there, and its message from the rule's table. */
interface RepositoryFinding extends ReturnType<typeof stageMessage<string>> {
  file: string;
  /** The fact the finding is about: its range is set here once located, for the cache to keep. */
  at: FactPlace;
}

/** Directives are honoured, and the findings they silence added to each result's `suppressed`, as a file's own lint does. */
export interface RepositoryOptions extends Pick<LintOptions, 'inlineConfig' | 'includeSuppressed'> {
  /**
   * Whether a result that gets a finding across files must carry the file's text (`source`), for
   * outputs that show it. Default true; false lets a finding whose place is known already (a
   * fact's range, from the cache) be added without reading the file.
   */
  keepSource?: boolean;
  /** Told of each file whose findings across files were located by parsing it, with the facts they are about, now with their ranges (the lint cache keeps them). */
  onLocated?: (file: string, places: readonly FactPlace[]) => void;
  /** Each finding keeps its messageId and data (for the rule tests). */
  detailed?: boolean;
}

/** {@link repositoryPass} over results held as objects: each with its file's findings across files added. */
export function lintRepository(results: FileResult[], ...pass: Parameters<typeof repositoryPass>): FileResult[] {
  const found = repositoryPass(...pass);
  return found ? results.map((result) => found.withFindings(result)) : results;
}

/** The findings across files, found once the facts of every file are in, to be added to the results of the files they are in. */
export interface RepositoryPass {
  /** The files that get a finding across files: every other result stays as it is. */
  readonly files: ReadonlySet<string>;
  /** The result with its file's findings across files, located (its own when it gets none). */
  withFindings(result: FileResult): FileResult;
}

/**
 * Runs the repository rules' checks over the facts of every file, for their findings to be added, located,
 * a result at a time (a run that does not hold every result as an object, the CLI's, adds them as
 * it writes); undefined when no file gets a finding. `levelFor` gives the configured level of a rule
 * for a file (its overrides). The file's inline directives silence them as any other finding.
 */
export function repositoryPass(
  facts: ReadonlyMap<string, RepositoryFacts>,
  levelFor: (file: string, ruleId: string) => RuleLevel | undefined = () => undefined,
  sourceOf: (file: string) => string | undefined = () => undefined,
  options: RepositoryOptions = {},
): RepositoryPass | undefined {
  const byFile = new Map<string, RepositoryFinding[]>();
  const report = (file: string, rule: StageRule, messageId: string, data: () => Record<string, string | number>, at: FactPlace): void => {
    const severity = levelFor(file, rule.id) ?? rule.severity;
    if (severity === 'off') return;
    const finding: RepositoryFinding = { file, ...stageMessage(rule, messageId, data()), severity, at };
    const list = byFile.get(file);
    if (list) list.push(finding);
    else byFile.set(file, [finding]);
  };
  const checks = [...REPOSITORY_RULES.values()].map((rule) => rule.checkFacts!((file, messageId, data, at) => report(file, rule, messageId, data, at)));
  // One read of every file's facts feeds every check; a check reads them again only in its `end`.
  for (const [file, fact] of facts) for (const check of checks) check.file(file, fact);
  for (const check of checks) check.end(facts);
  if (byFile.size === 0) return undefined;
  return { files: new Set(byFile.keys()), withFindings: (result) => withRepositoryFindings(result, byFile.get(result.file), facts, sourceOf, options) };
}

function withRepositoryFindings(result: FileResult, extra: RepositoryFinding[] | undefined, facts: ReadonlyMap<string, RepositoryFacts>, sourceOf: (file: string) => string | undefined, options: RepositoryOptions): FileResult {
  if (!extra) return result;
  // Every finding's place known (kept by the cache), and no directive that could silence one:
  // the file need not be parsed again, nor read unless the output shows its text.
  const known = extra.every((finding) => usableRange(finding.at.range)) && (options.inlineConfig === false || facts.get(result.file)?.directives !== true);
  const unread = known && options.keepSource === false;
  const source = result.source ?? (unread ? undefined : sourceOf(result.file));
  if (source === undefined && !unread) return result;
  const parsed = known ? undefined : parseText(source!, formatOf(result.file));
  let located = extra.map((finding): DetailedFinding => {
    if (parsed) {
      const document = parsed.documents[finding.at.document ?? 0];
      // Kept with the fact: the cache stores it, and a later run over the same text needs no parse.
      finding.at.range = document ? locate(parsed, document.node, finding.at.path, 'value', finding.at.within) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
    }
    const placed = placedFinding(finding, finding.at.path, finding.at.document, finding.at.range!);
    return options.detailed ? { ...placed, messageId: finding.messageId, ...(finding.data ? { data: finding.data } : {}) } : placed;
  });
  if (parsed) options.onLocated?.(result.file, extra.map((finding) => finding.at));
  // The file's own pass left these ids to this one (see `withoutRepositoryRules`); unknown ids,
  // reasons and unused directives it has reported already.
  let suppressed: SuppressedFinding[] = [];
  if (parsed && options.inlineConfig !== false) ({ findings: located, suppressed } = applyDirectives(located, parseDirectives(parsed.comments), { reportUnused: 'off', isKnownRule: () => true, text: source!, silenceOnly: true }));
  if (parsed && options.includeSuppressed && suppressed.length > 0) {
    // A reason is the file's text: a credential in it is masked, as the file's own lint masks it.
    const mask = messageMask(source!, parsed.documents.map((document) => document.value));
    const reasons = suppressed.map((finding) => withMaskedReason(finding, mask));
    result = { ...result, source, suppressed: sortFindings([...(result.suppressed ?? []), ...reasons]) };
  }
  if (located.length === 0) return result;
  // The text read for the finding goes with the result only where an output shows it: held to the end of the run otherwise.
  return { ...result, ...(source === undefined || options.keepSource === false ? {} : { source }), findings: sortFindings([...result.findings, ...located]) };
}

/**
 * The directives as a file's own lint applies them: without the ids of repository rules, whose
 * findings come only once every file is linted (lintRepository applies the directives to them
 * then), so that the file's lint neither counts them as unused nor removes them with `--fix`.
 * A directive that named only such ids is kept to be checked only (its reason, as every
 * directive's), silencing nothing (with no ids it would name every rule).
 */
export function withoutRepositoryRules(directives: Directive[]): Directive[] {
  if (!directives.some((directive) => directive.rules.some((id) => isRepositoryRule(id)))) return directives;
  return directives.map((directive) => {
    const rules = directive.rules.filter((id) => !isRepositoryRule(id));
    return rules.length === directive.rules.length ? directive : rules.length > 0 ? { ...directive, rules, written: directive.rules } : { ...directive, checkOnly: true };
  });
}
