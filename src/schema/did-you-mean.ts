import { OPERATION_IDS } from '../operations.js';

/**
 * "Did you mean": one ranking for every name dplint suggests — members, enum values, rule ids in
 * `explain`, `--rule`, the config file and directives. A candidate is a probable intent when, in
 * this order of preference:
 *
 * 1. it is the word within a few edits (a quarter of the longer word, at least one), a swap of two
 *    neighbouring letters counting as one edit (`lable` → `label`);
 * 2. it begins with the word, or the word with it, at a boundary of its parts (`node_bootstrap` →
 *    `node_bootstrap_file`, `slave_instance` → `slave_instance_type`, `2.2` → `2.2-latest`);
 * 3. the word's parts are all parts of it, in order (`spot-block-duration` →
 *    `cluster/spot-block-duration`).
 *
 * Within a tier the fewest edits (or extra characters) win, and a tie goes to the first candidate.
 * `typosOnly` keeps tier 1: a misspelling, not a name that merely shares a part.
 */
export function closest(word: string, candidates: Iterable<string>, options: { typosOnly?: boolean } = {}): string | undefined {
  const lower = word.toLowerCase();
  const wordParts = partsOf(lower);
  let best: string | undefined;
  let bestTier = Infinity;
  let bestCost = Infinity;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    let tier = Infinity;
    let cost = Infinity;
    const limit = Math.max(1, Math.floor(Math.max(word.length, candidate.length) / 4));
    if (Math.abs(other.length - lower.length) <= limit) {
      const distance = editDistance(lower, other, bestTier === 1 ? Math.min(limit, bestCost - 1) : limit);
      if (distance <= limit) [tier, cost] = [1, distance];
    }
    if (options.typosOnly) {
      // Only tier 1 (secrets.ts: a misspelt credential name, where a shared word is no evidence).
    } else if (tier > 2 && lower.length >= 3 && other !== lower && (startsAtBoundary(other, lower) || startsAtBoundary(lower, other))) {
      [tier, cost] = [2, Math.abs(other.length - lower.length)];
    }
    if (!options.typosOnly && tier > 3 && wordParts.length > 0 && containsInOrder(partsOf(other), wordParts)) [tier, cost] = [3, other.length - lower.length];
    if (tier < bestTier || (tier === bestTier && cost < bestCost)) {
      best = candidate;
      bestTier = tier;
      bestCost = cost;
    }
  }
  return best;
}

/** The parts of a name: split at `_`, `-`, `/`, `.` and spaces. */
function partsOf(name: string): string[] {
  return name.split(/[_\-/. ]+/).filter((part) => part.length > 0);
}

/** Whether `long` begins with `short` and the next character of `long` is a separator. */
function startsAtBoundary(long: string, short: string): boolean {
  return long.length > short.length && long.startsWith(short) && /[_\-/. ]/.test(long[short.length]);
}

function containsInOrder(parts: readonly string[], wanted: readonly string[]): boolean {
  let at = 0;
  for (const part of parts) if (at < wanted.length && part === wanted[at]) at++;
  return at === wanted.length && parts.length > wanted.length;
}

/** Three rows of the edit-distance table, kept between calls: an unknown member is compared with every member its object allows. */
let beforePrevious = new Uint32Array(64);
let previous = new Uint32Array(64);
let current = new Uint32Array(64);

/**
 * The optimal-string-alignment distance of `a` and `b` (Levenshtein plus the swap of two
 * neighbouring characters as one edit), or any number above `limit` once it must exceed it.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (b.length + 1 > previous.length) {
    beforePrevious = new Uint32Array(2 * (b.length + 1));
    previous = new Uint32Array(2 * (b.length + 1));
    current = new Uint32Array(2 * (b.length + 1));
  }
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, beforePrevious[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // Every later row is at least this row's minimum, or one more than the row before (a swap reaches back a row).
    if (Math.min(rowMin, previousMin + 1) > limit) return limit + 1;
    previousMin = rowMin;
    const done = beforePrevious;
    beforePrevious = previous;
    previous = current;
    current = done;
  }
  return previous[b.length];
}

/** What to say of a word that is no operation id: the closest id first, as for rule ids and members. */
export function unknownOperationMessage(word: string): string {
  const guess = closest(word, OPERATION_IDS);
  return `unknown operation ${JSON.stringify(word)}; ${guess ? `did you mean "${guess}"? ` : ''}expected one of ${OPERATION_IDS.join(', ')}`;
}
