import { applyFixes } from '../fix/apply.js';
import { MAX_FIX_PASSES } from '../engine/fix-text.js';
import type { Finding, Fix } from '../types.js';
import { isRepositoryRule } from '../engine/repository.js';

/** A replacement of the text from `start` to `end` (offsets) by `text`. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

const BOM = '\uFEFF';

/**
 * The edits that make every safe fix of a text as `dplint --fix` makes them (a pass applies the
 * fixes that do not overlap, as `applyFixes` does; the text is linted again and fixed again, up to
 * ten passes), as a few edits of the original text rather than the whole fixed text, so that an
 * editor keeps the cursor, folds and undo history. The edits are the fixes' own, in order and
 * apart; a fix of a later pass that touches an earlier one's edit is merged with it into one.
 * Offsets count from after a byte-order mark, as the findings' do.
 *
 * @param findings the text's findings (with their fixes)
 * @param lint the findings of a text (a later pass's)
 * @returns the edits, and the fixed text they make (the mark kept)
 */
export function fixAllEdits(text: string, findings: readonly Finding[], lint: (text: string) => readonly Finding[]): { edits: OffsetEdit[]; output: string } {
  const bom = text.startsWith(BOM) ? BOM : '';
  let current = bom ? text.slice(1) : text;
  let edits: OffsetEdit[] = [];
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    // The checks across files make no fixes of `dplint --fix` (it fixes each file alone).
    const fixable = findings.filter((f) => f.fix !== undefined && !isRepositoryRule(f.ruleId));
    if (fixable.length === 0) break;
    const { text: next, applied } = applyFixes(current, fixable);
    if (next === current) break;
    edits = composeEdits(edits, ownEdits(applied), current);
    current = next;
    findings = lint(bom + current);
  }
  return { edits, output: bom + current };
}

/** The edits the applied findings made, each once (findings may share one edit), in order. */
function ownEdits(applied: ReadonlyArray<{ fix?: Fix }>): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  for (const { fix } of applied) {
    if (!fix) continue;
    const last = edits[edits.length - 1];
    if (last && last.start === fix.range[0] && last.end === fix.range[1] && last.text === fix.text) continue;
    edits.push({ start: fix.range[0], end: fix.range[1], text: fix.text });
  }
  return edits.sort((a, b) => a.start - b.start || a.end - b.end);
}

interface Span {
  /** Where it lies in the text between the two sets of edits. */
  start: number;
  end: number;
  /** An edit of the first set (the length it adds), or of the second. */
  delta: number;
  second?: OffsetEdit;
}

/**
 * Two sets of edits as one: `first` (sorted, apart) made `between` from a text; `second` (sorted,
 * apart) edits `between`. The result edits the original text into what `second` makes of
 * `between`: each edit of either set kept as it is, except where an edit of `second` overlaps or
 * touches one of `first`, which become one edit over both.
 */
export function composeEdits(first: readonly OffsetEdit[], second: readonly OffsetEdit[], between: string): OffsetEdit[] {
  const spans: Span[] = [];
  let shift = 0;
  for (const edit of first) {
    const start = edit.start + shift;
    const delta = edit.text.length - (edit.end - edit.start);
    spans.push({ start, end: start + edit.text.length, delta });
    shift += delta;
  }
  for (const edit of second) spans.push({ start: edit.start, end: edit.end, delta: 0, second: edit });
  spans.sort((a, b) => a.start - b.start || a.end - b.end || (a.second ? 1 : 0) - (b.second ? 1 : 0));

  const result: OffsetEdit[] = [];
  // The length the first set's edits before the group added: a place of `between` outside any edit is that much further on.
  let before = 0;
  let at = 0;
  while (at < spans.length) {
    const group = [spans[at]];
    let end = spans[at].end;
    let hasSecond = spans[at].second !== undefined;
    for (at++; at < spans.length; at++) {
      const span = spans[at];
      const joins = span.start < end || (span.start === end && (hasSecond || span.second !== undefined));
      if (!joins) break;
      group.push(span);
      end = Math.max(end, span.end);
      hasSecond ||= span.second !== undefined;
    }
    const start = group[0].start;
    const added = group.reduce((sum, span) => sum + span.delta, 0);
    let text = '';
    let position = start;
    for (const span of group) {
      if (!span.second) continue;
      text += between.slice(position, span.start) + span.second.text;
      position = span.end;
    }
    text += between.slice(position, end);
    result.push({ start: start - before, end: end - before - added, text });
    before += added;
  }
  return result;
}
