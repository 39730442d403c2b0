import type { SourceComment } from '../parse/parse.js';
import type { Finding, Fix, Range, RuleLevel, SuppressedFinding } from '../types.js';
import unknownRule from '../../rules/directive/unknown-rule.js';
import unusedDirective from '../../rules/directive/unused.js';
import directiveReason from '../../rules/directive/reason.js';
import { stageMessage } from '../define-rule.js';

/**
 * Inline directives in YAML comments, as ESLint spells them:
 *   # dplint-disable-next-line cluster/idle-timeout-zero -- the sandbox must stop fast
 *   key: value  # dplint-disable-line schema/unknown-member
 *   # dplint-disable security/plaintext-secret  …  # dplint-enable security/plaintext-secret
 * Rule ids are separated by commas or spaces; none means every rule; `-- ` starts the reason.
 * A rule id is namespaced (`cluster/…`, `policy/…`): words after the ids that are not (`cluster/foo
 * because the vendor said so`) are a reason written without ` -- `, reported once as such
 * (directive/reason) rather than as an unknown rule for each word.
 */
export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable';

export interface Directive {
  kind: DirectiveKind;
  /** Rule ids; empty means every rule. */
  rules: string[];
  reason?: string;
  /** A reason written without ` -- ` before it: the words after the rule ids that are no rule ids. */
  unseparated?: string;
  /** The rule ids as written, where `rules` leaves some to a later pass (withoutRepositoryRules). */
  written?: string[];
  /** Checked (its reason, its rule ids) but silences nothing here: a later pass applies it (withoutRepositoryRules). */
  checkOnly?: boolean;
  comment: SourceComment;
}

/** A rule id as dplint spells them: a namespace, `/`, a name (`cluster/idle-timeout-zero`, `policy/cost-center`). */
const RULE_ID_SHAPE = /^[A-Za-z0-9_-]+\/[A-Za-z0-9_.\/-]+$/;

const DIRECTIVE = /^\s*dplint-(disable-next-line|disable-line|disable|enable)(?=\s|$)(.*)$/;

/** Whether a text (or a comment) may hold a directive: every directive names `dplint-` (DIRECTIVE); most texts hold none. */
export function mayHoldDirective(text: string): boolean {
  return text.includes('dplint-');
}

export function parseDirectives(comments: readonly SourceComment[]): Directive[] {
  const directives: Directive[] = [];
  for (const comment of comments) {
    // Most comments are prose: the expression runs on those that name a directive at all.
    if (!mayHoldDirective(comment.text)) continue;
    const match = DIRECTIVE.exec(comment.text);
    if (!match) continue;
    const [list, ...reason] = match[2].split(/\s--\s|\s--$/);
    const rules = list.split(/[\s,]+/).filter(Boolean);
    // Two or more words that are no rule ids are prose; one is left to the unknown-rule check, which may know the id it misspells.
    const prose = rules.findIndex((word) => !RULE_ID_SHAPE.test(word));
    const unseparated = prose >= 0 && rules.length - prose >= 2 ? list.slice(offsetOf(list, rules, prose)).trim() : undefined;
    directives.push({
      kind: match[1] as DirectiveKind,
      rules: unseparated === undefined ? rules : rules.slice(0, prose),
      ...(reason.length ? { reason: reason.join(' -- ').trim() } : {}),
      ...(unseparated === undefined ? {} : { unseparated }),
      comment,
    });
  }
  return directives;
}

/** Where the `index`th word of `words` (the list split at spaces and commas) starts in `list`. */
function offsetOf(list: string, words: readonly string[], index: number): number {
  let at = 0;
  for (let i = 0; i < index; i++) at = list.indexOf(words[i], at) + words[i].length;
  return list.indexOf(words[index], at);
}

export interface ApplyDirectivesOptions {
  /** Level of `directive/unused` findings; `off` reports none. */
  reportUnused: RuleLevel;
  /** Whether a rule id exists (a directive naming an unknown rule is reported). */
  isKnownRule: (id: string) => boolean;
  /** The rule id an unknown one probably meant, for "did you mean". */
  suggestRule?: (id: string) => string | undefined;
  /** The file's text, for the fix that removes an unused directive. */
  text: string;
  /** Report a disable directive that gives no reason (the config's `directives.requireReason`). */
  requireReason?: boolean;
  /** The configured level of a directive rule (`directive/reason`, `directive/unknown-rule`); `off` reports none. */
  levelOf?: (ruleId: string) => RuleLevel | undefined;
  /** Only silence: the directives were checked (and reported) by the file's own pass already. */
  silenceOnly?: boolean;
}

/** What {@link applyDirectives} leaves: the findings to report (the directives' own included), and those the directives silenced, with why. */
export interface DirectivesApplied<F extends Finding> {
  findings: F[];
  suppressed: Array<F & SuppressedFinding>;
}

/** Findings the text itself produced cannot be silenced: a file that does not parse stays broken. */
const UNSILENCEABLE = /^parse\//;

/**
 * Drops the findings directives silence, keeping each with its directive's reason; reports unused
 * directives, unknown rule ids, and reasons written without ` -- ` or missing where required.
 */
export function applyDirectives<F extends Finding>(findings: F[], directives: readonly Directive[], options: ApplyDirectivesOptions): DirectivesApplied<F> {
  if (directives.length === 0) return { findings, suppressed: [] };
  const used = new Map<Directive, Set<string>>(directives.map((d) => [d, new Set()]));
  const index = indexDirectives(directives);
  const suppressed: Array<F & SuppressedFinding> = [];
  const kept = findings.filter((finding) => {
    if (UNSILENCEABLE.test(finding.ruleId)) return true;
    const silencer = silencerOf(finding, index);
    if (!silencer) return true;
    used.get(silencer)!.add(finding.ruleId);
    const reason = silencer.reason ?? silencer.unseparated;
    suppressed.push({ ...finding, suppressions: [{ kind: 'directive', ...(reason ? { justification: reason } : {}) }] });
    return false;
  });

  const reported: Finding[] = [];
  const report = (finding: Pick<Finding, 'ruleId' | 'severity' | 'message'>, at: Range & { path: string }): void => {
    const level = options.levelOf?.(finding.ruleId);
    if (level === 'off') return;
    reported.push({ ...finding, ...(level ? { severity: level } : {}), ...at } as Finding);
  };
  for (const directive of options.silenceOnly ? [] : directives) {
    const { comment } = directive;
    const at = { path: '', line: comment.range.line, column: comment.range.column, endLine: comment.range.endLine, endColumn: comment.range.endColumn };
    let oneWordReason = false;
    for (const id of directive.rules) {
      if (!options.isKnownRule(id)) {
        const guess = options.suggestRule?.(id);
        // One word that is no rule id and like none: a one-word reason written without ` -- `.
        if (!guess && !RULE_ID_SHAPE.test(id) && directive.rules.at(-1) === id && directive.unseparated === undefined) {
          report(stageMessage(directiveReason, 'noSeparator', { kind: directive.kind, written: written(directive, (directive.written ?? directive.rules).slice(0, -1), id) }), at);
          oneWordReason = true;
          continue;
        }
        const hint = guess ? `did you mean "${guess}"?` : '`dplint rules` lists them';
        report(stageMessage(unknownRule, 'notARule', { kind: directive.kind, id, hint }), at);
      }
    }
    if (directive.unseparated !== undefined) {
      report(stageMessage(directiveReason, 'noSeparator', { kind: directive.kind, written: written(directive, directive.written ?? directive.rules, directive.unseparated) }), at);
    } else if (options.requireReason && directive.kind !== 'enable' && !directive.reason && !oneWordReason) {
      report(stageMessage(directiveReason, 'missingReason', { kind: directive.kind, written: written(directive, directive.written ?? directive.rules, '<why the finding does not apply here>') }), at);
    }
    if (options.reportUnused === 'off' || directive.kind === 'enable' || directive.checkOnly) continue;
    const hits = used.get(directive)!;
    const unused = directive.rules.length === 0 ? (hits.size === 0 ? ['(all rules)'] : []) : directive.rules.filter((id) => options.isKnownRule(id) && !hits.has(id));
    if (unused.length === 0) continue;
    const whole = unused.length === directive.rules.length || directive.rules.length === 0;
    reported.push({
      ...stageMessage(unusedDirective, whole ? 'unusedDirective' : 'unusedRules', { kind: directive.kind, rules: unused.join(', '), scope: scopeOf(directive) }),
      severity: options.reportUnused,
      ...at,
      ...(whole ? { fix: removalOf(comment, options.text) } : {}),
    });
  }
  return { findings: [...kept, ...(reported as F[])], suppressed };
}

/** The directive as it should be written: its rule ids, then ` -- ` and the reason. */
function written(directive: Directive, rules: readonly string[], reason: string): string {
  return `# dplint-${directive.kind}${rules.length ? ` ${rules.join(', ')}` : ''} -- ${reason.replace(/^-+\s*/, '')}`;
}

/**
 * The directives indexed for {@link silencerOf}: a file may hold a directive for each finding, so
 * each finding looks up its own line and its rule's disable/enable comments rather than every
 * directive of the file (40,000 of each took 20 s).
 */
interface DirectiveIndex {
  /** disable-line and disable-next-line directives by the line they silence, in the file's order. */
  byLine: Map<number, Directive[]>;
  /** disable and enable directives naming a rule, by rule id, in the file's order (with `order`, their place in it). */
  blocksByRule: Map<string, Array<{ directive: Directive; order: number }>>;
  /** disable and enable directives naming no rule (every rule), in the file's order. */
  blocksForAll: Array<{ directive: Directive; order: number }>;
}

function indexDirectives(directives: readonly Directive[]): DirectiveIndex {
  const index: DirectiveIndex = { byLine: new Map(), blocksByRule: new Map(), blocksForAll: [] };
  // Block directives ordered by where they stand (the comments come in the text's order; sorted to be sure).
  const blocks: Directive[] = [];
  for (const directive of directives) {
    if (directive.checkOnly) continue;
    if (directive.kind === 'disable-line' || directive.kind === 'disable-next-line') {
      const line = directive.comment.line + (directive.kind === 'disable-next-line' ? 1 : 0);
      const list = index.byLine.get(line);
      if (list) list.push(directive);
      else index.byLine.set(line, [directive]);
    } else {
      blocks.push(directive);
    }
  }
  const sorted = blocks.every((d, i) => i === 0 || !isAfter(blocks[i - 1], d.comment.line, d.comment.range.column)) ? blocks : blocks.map((d, i) => [d, i] as const).sort(([a, i], [b, j]) => a.comment.line - b.comment.line || a.comment.range.column - b.comment.range.column || i - j).map(([d]) => d);
  sorted.forEach((directive, order) => {
    if (directive.rules.length === 0) {
      index.blocksForAll.push({ directive, order });
      return;
    }
    for (const id of new Set(directive.rules)) {
      const list = index.blocksByRule.get(id);
      if (list) list.push({ directive, order });
      else index.blocksByRule.set(id, [{ directive, order }]);
    }
  });
  return index;
}

/** Whether the directive stands after a finding at this line and column (one at the same column comes before it). */
function isAfter(directive: Directive, line: number, column: number): boolean {
  return directive.comment.line > line || (directive.comment.line === line && directive.comment.range.column > column);
}

/** The last of these block directives (in the file's order) that stands at or before the finding: a binary search. */
function lastBefore(list: ReadonlyArray<{ directive: Directive; order: number }> | undefined, finding: Finding): { directive: Directive; order: number } | undefined {
  if (!list) return undefined;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isAfter(list[middle].directive, finding.line, finding.column)) high = middle;
    else low = middle + 1;
  }
  return low > 0 ? list[low - 1] : undefined;
}

/**
 * The directive that silences a finding: a disable-line or disable-next-line directive naming its
 * rule on its line (the first one); else the last disable or enable directive naming its rule
 * before it, when that is a disable.
 */
function silencerOf(finding: Finding, index: DirectiveIndex): Directive | undefined {
  const names = (d: Directive): boolean => d.rules.length === 0 || d.rules.includes(finding.ruleId);
  const onLine = index.byLine.get(finding.line)?.find(names);
  if (onLine) return onLine;
  const forRule = lastBefore(index.blocksByRule.get(finding.ruleId), finding);
  const forAll = lastBefore(index.blocksForAll, finding);
  const last = forRule && forAll ? (forRule.order > forAll.order ? forRule : forAll) : (forRule ?? forAll);
  return last?.directive.kind === 'disable' ? last.directive : undefined;
}

function scopeOf(directive: Directive): string {
  const line = directive.comment.line;
  if (directive.kind === 'disable-line') return `on line ${line}`;
  if (directive.kind === 'disable-next-line') return `on line ${line + 1}`;
  return `after line ${line}`;
}

/** The edit that removes a directive: its whole line when it stands alone, else the comment and the space before it. */
function removalOf(comment: SourceComment, text: string): Fix {
  const lineStart = text.lastIndexOf('\n', comment.offset - 1) + 1;
  const newline = text.indexOf('\n', comment.offset);
  let lineEnd = newline === -1 ? text.length : newline;
  if (text[lineEnd - 1] === '\r') lineEnd--;
  if (comment.ownLine) return { range: [lineStart, newline === -1 ? text.length : newline + 1], text: '' };
  let start = comment.offset;
  while (start > lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return { range: [start, lineEnd], text: '' };
}

/** A directive's reason is the file's text, like a message quoting it: a credential in it is masked. */
export function withMaskedReason<F extends SuppressedFinding>(finding: F, mask: (text: string) => string): F {
  const suppressions = finding.suppressions.map((s) => (s.justification === undefined ? s : { ...s, justification: mask(s.justification) }));
  return { ...finding, suppressions };
}
