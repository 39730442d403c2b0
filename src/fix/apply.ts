import type { Fix } from '../types.js';

/** What {@link applyFixes} returns: the new text, and which findings' fixes were made or skipped. */
export interface ApplyFixesResult<F> {
  /** The text with the fixes made. */
  text: string;
  /** Findings whose fix was made (or was the very edit of one made before it). */
  applied: F[];
  /** Findings whose fix overlapped one made before it; linting the new text again brings them back if they still apply. */
  skipped: F[];
}

const BOM = '\uFEFF';

/**
 * Makes the findings' fixes in one pass, as ESLint's SourceCodeFixer does: sorted by range, a fix
 * that overlaps one already made is skipped (the next pass, after linting the new text again,
 * decides whether it is still needed). Findings without a fix are ignored; suggestions are never
 * made. Offsets refer to the text without a byte-order mark (as `lintText` reports them); a mark
 * at the start of `text` is kept.
 *
 * @example
 * ```ts
 * import { applyFixes, lintText } from 'dplint';
 *
 * const text = '# dplint: operation=edit-cluster\nec2_settings:\n  cloud_region: us-east-1\n';
 * const { text: fixed, applied } = applyFixes(text, lintText(text).findings);
 * // fixed: '# dplint: operation=edit-cluster\nvm_settings:\n  cloud_region: us-east-1\n'; applied[0].ruleId: 'body/vendor-spelling'
 * ```
 */
export function applyFixes<F extends { fix?: Fix }>(text: string, findings: readonly F[]): ApplyFixesResult<F> {
  const bom = text.startsWith(BOM) ? BOM : '';
  const source = bom ? text.slice(1) : text;
  const fixable = findings
    .filter((finding): finding is F & { fix: Fix } => finding.fix !== undefined)
    .sort((a, b) => a.fix.range[0] - b.fix.range[0] || a.fix.range[1] - b.fix.range[1]);
  const applied: F[] = [];
  const skipped: F[] = [];
  let output = '';
  let position = 0;
  let last: Fix | undefined;
  for (const finding of fixable) {
    const { range, text: replacement } = finding.fix;
    const [start, end] = range;
    // Several findings may carry one edit (each flat member of a body carries the one move).
    if (last && last.range[0] === start && last.range[1] === end && last.text === replacement) {
      applied.push(finding);
      continue;
    }
    // Two insertions at one point have no order that is surely right.
    const secondInsertion = last !== undefined && last.range[0] === last.range[1] && start === end && start === position;
    if (start < position || start > end || end > source.length || secondInsertion) {
      skipped.push(finding);
      continue;
    }
    output += source.slice(position, start) + replacement;
    position = end;
    last = finding.fix;
    applied.push(finding);
  }
  output += source.slice(position);
  return { text: bom + output, applied, skipped };
}
