import type { CST } from 'yaml';

/** The line breaks of YAML 1.1 (PyYAML) that YAML 1.2 reads as ordinary characters. */
const READER_BREAK = /[\u0085\u2028\u2029]/g;
const HAS_READER_BREAK = /[\u0085\u2028\u2029]/;

export const BREAK_NAMES: Readonly<Record<string, { name: string; escape: string }>> = {
  '\u0085': { name: 'U+0085 (next line)', escape: '\\u0085' },
  '\u2028': { name: 'U+2028 (line separator)', escape: '\\u2028' },
  '\u2029': { name: 'U+2029 (paragraph separator)', escape: '\\u2029' },
};

/** A line break readers disagree on, at `offset`, inside a quoted scalar or not. */
export interface ReaderBreak {
  offset: number;
  character: string;
  quoted: boolean;
}

/**
 * The characters of `source` that PyYAML reads as line breaks and YAML 1.2 does not (see
 * rules/parse/line-break.ts). Outside a quoted scalar each one moves what follows it to a line of
 * its own for PyYAML (out of a comment, into a key). Inside one PyYAML folds it: a NEL always
 * becomes a space, a line or paragraph separator loses the white space beside it; one between two
 * other characters is kept, and the data is the same.
 *
 * Without `yaml`'s tokens the text is JSON, which takes these characters inside strings only: the
 * whole text then stands for one quoted scalar (none can be its first or last character, a quote).
 */
export function readerBreaks(source: string, tokens?: readonly CST.Token[]): ReaderBreak[] {
  if (!HAS_READER_BREAK.test(source)) return [];
  const quoted = tokens ? quotedRanges(tokens) : [[0, source.length]];
  const breaks: ReaderBreak[] = [];
  let range = 0;
  for (const match of source.matchAll(READER_BREAK)) {
    const offset = match.index!;
    while (range < quoted.length && quoted[range][1] <= offset) range++;
    const inside = range < quoted.length && quoted[range][0] < offset && offset < quoted[range][1] - 1;
    if (inside && match[0] !== '\u0085' && !isFoldedSpace(source.charCodeAt(offset - 1)) && !isFoldedSpace(source.charCodeAt(offset + 1))) continue;
    breaks.push({ offset, character: match[0], quoted: inside });
  }
  return breaks;
}

/** White space and breaks PyYAML folds together with a line break in a quoted scalar. */
function isFoldedSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/** The [start, end) of every quoted scalar in the tokens, in order. */
function quotedRanges(tokens: readonly CST.Token[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  eachToken(tokens, (token) => {
    const quoted = (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') && typeof token.offset === 'number' && typeof token.source === 'string';
    if (quoted) ranges.push([token.offset as number, (token.offset as number) + (token.source as string).length]);
    return quoted;
  });
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * Calls `visit` with each object in `yaml`'s tokens, in no order, and looks into those it returns
 * false for. Iterative: the tokens of a deeply nested document nest as deep.
 */
export function eachToken(tokens: readonly unknown[], visit: (token: { type?: unknown; offset?: unknown; source?: unknown }) => boolean): void {
  const stack: unknown[] = [tokens];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (value === null || typeof value !== 'object' || visit(value)) continue;
    for (const key of Object.keys(value)) if (key !== 'source') stack.push((value as Record<string, unknown>)[key]);
  }
}
