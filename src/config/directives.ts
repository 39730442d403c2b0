import type { SourceComment } from '../parse/parse.js';
import type { Finding, Fix, RuleLevel } from '../types.js';
import unknownRule from '../../rules/directive/unknown-rule.js';
import unusedDirective from '../../rules/directive/unused.js';
import { stageMessage } from '../define-rule.js';

/**
 * Inline directives in YAML comments, as ESLint spells them:
 *   # dplint-disable-next-line cluster/idle-timeout-zero -- the sandbox must stop fast
 *   key: value  # dplint-disable-line schema/unknown-member
 *   # dplint-disable security/plaintext-secret  …  # dplint-enable security/plaintext-secret
 * Rule ids are separated by commas or spaces; none means every rule; `-- ` starts the reason.
 */
export type DirectiveKind = 'disable-next-line' | 'disable-line' | 'disable' | 'enable';

export interface Directive {
  kind: DirectiveKind;
  /** Rule ids; empty means every rule. */
  rules: string[];
  reason?: string;
  comment: SourceComment;
}

const DIRECTIVE = /^\s*dplint-(disable-next-line|disable-line|disable|enable)(?=\s|$)(.*)$/;

export function parseDirectives(comments: readonly SourceComment[]): Directive[] {
  const directives: Directive[] = [];
  for (const comment of comments) {
    const match = DIRECTIVE.exec(comment.text);
    if (!match) continue;
    const [list, ...reason] = match[2].split(/\s--\s|\s--$/);
    directives.push({
      kind: match[1] as DirectiveKind,
      rules: list.split(/[\s,]+/).filter(Boolean),
      ...(reason.length ? { reason: reason.join(' -- ').trim() } : {}),
      comment,
    });
  }
  return directives;
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
}

/** Findings the text itself produced cannot be silenced: a file that does not parse stays broken. */
const UNSILENCEABLE = /^parse\//;

/** Drops the findings directives silence; reports unused directives and unknown rule ids. */
export function applyDirectives<F extends Finding>(findings: F[], directives: readonly Directive[], options: ApplyDirectivesOptions): F[] {
  if (directives.length === 0) return findings;
  const used = new Map<Directive, Set<string>>(directives.map((d) => [d, new Set()]));
  const kept = findings.filter((finding) => {
    if (UNSILENCEABLE.test(finding.ruleId)) return true;
    const silencer = silencerOf(finding, directives);
    if (!silencer) return true;
    used.get(silencer)!.add(finding.ruleId);
    return false;
  });

  const reported: Finding[] = [];
  for (const directive of directives) {
    const { comment } = directive;
    const at = { path: '', line: comment.range.line, column: comment.range.column, endLine: comment.range.endLine, endColumn: comment.range.endColumn };
    for (const id of directive.rules) {
      if (!options.isKnownRule(id)) {
        const guess = options.suggestRule?.(id);
        const hint = guess ? `did you mean "${guess}"?` : '`dplint rules` lists them';
        reported.push({ ...stageMessage(unknownRule, 'notARule', { kind: directive.kind, id, hint }), ...at });
      }
    }
    if (options.reportUnused === 'off' || directive.kind === 'enable') continue;
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
  return [...kept, ...(reported as F[])];
}

function silencerOf(finding: Finding, directives: readonly Directive[]): Directive | undefined {
  const names = (d: Directive): boolean => d.rules.length === 0 || d.rules.includes(finding.ruleId);
  let block: Directive | undefined;
  for (const directive of directives) {
    const line = directive.comment.line;
    if (directive.kind === 'disable-line' && line === finding.line && names(directive)) return directive;
    if (directive.kind === 'disable-next-line' && line + 1 === finding.line && names(directive)) return directive;
    if (line > finding.line || (line === finding.line && directive.comment.range.column > finding.column)) continue;
    if (directive.kind === 'disable' && names(directive)) block = directive;
    if (directive.kind === 'enable' && block && (directive.rules.length === 0 || directive.rules.includes(finding.ruleId))) block = undefined;
  }
  return block;
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
