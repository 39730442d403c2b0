/** How values are read and shown: placeholders, unset values, and masking of secrets. */

const PLACEHOLDER = /\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*\}/;

/** `${VAR}` or `${env:VAR}` anywhere in a string: filled in at deploy time, so never range- or format-checked. */
export function isPlaceholder(value: unknown): value is string {
  return typeof value === 'string' && PLACEHOLDER.test(value);
}

/** `null` means "unset" (the default applies), as does an absent member. */
export function isUnset(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** A value a check can judge: set, and not a placeholder. */
export function isKnown(value: unknown): boolean {
  return !isUnset(value) && !isPlaceholder(value);
}

export const MASK = '"****"';

/** A value as a message shows it: strings quoted, long ones cut, secrets masked. */
export function describeValue(value: unknown, secret = false): string {
  if (secret && !isUnset(value) && !isPlaceholder(value)) return MASK;
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list (${value.length} item${value.length === 1 ? '' : 's'})`;
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}

/** The JSON type of a value as a message names it. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

/** Ajv's type names as a person reads them. */
export function schemaTypeName(type: string): string {
  return (
    { object: 'an object', array: 'a list', string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'a boolean (true or false)', null: 'null' }[type] ??
    type
  );
}

/** The closest candidate by edit distance, if close enough to be a probable typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    // Only a distance within the limit matters, and below the best so far.
    const limit = Math.min(limitFor(word, candidate), bestDistance - 1);
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), limit);
    if (distance <= limit) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** How many edits still make a probable typo: a quarter of the longer word, at least one. */
function limitFor(a: string, b: string): number {
  return Math.max(1, Math.floor(Math.max(a.length, b.length) / 4));
}

/** Two rows of the edit-distance table, kept between calls: an unknown member is compared with every member its object allows. */
let previous = new Uint32Array(64);
let current = new Uint32Array(64);

/** Levenshtein distance of `a` and `b`, or any number above `limit` once the distance must exceed it. */
function editDistance(a: string, b: string, limit: number): number {
  if (b.length + 1 > previous.length) {
    previous = new Uint32Array(2 * (b.length + 1));
    current = new Uint32Array(2 * (b.length + 1));
  }
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = previous[j - 1] + (ai === b.charCodeAt(j - 1) ? 0 : 1);
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // Every later row is at least this row's minimum.
    if (rowMin > limit) return rowMin;
    const done = previous;
    previous = current;
    current = done;
  }
  return previous[b.length];
}
