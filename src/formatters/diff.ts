import { structuredPatch, type StructuredPatchHunk } from 'diff';
import { printable } from './source.js';

/**
 * The most edits (lines removed plus lines added) the line diff looks for, for texts of so many
 * lines in all: jsdiff's Myers diff takes time in their product, so the budget is about 2·10⁷
 * steps. Past it, the lines from the first change to the last are shown removed and added whole:
 * a longer diff, never a slower one.
 */
const editBudget = (lines: number): number => Math.max(100, Math.floor(20_000_000 / Math.max(1, lines)));

/**
 * A unified diff of two texts (`--fix-dry-run`), as `diff -u` and `git diff` print it, with three
 * lines of context. The line diff is jsdiff's (`structuredPatch`: Myers's, in time that grows with
 * the text times the edits and in space with the edits): a table of every line against every
 * other, as this diff once built, took 10 s and 2 GB for a 390 KB file fixed at its top and its
 * bottom. The package is loaded by the command-line program on the first diff
 * (scripts/build-cli.mjs): a lint that prints none does not start it.
 */
export function unifiedDiff(before: string, after: string, file: string, context = 3): string {
  if (before === after) return '';
  const name = shown(file);
  let out = `--- a/${name}\n+++ b/${name}\n`;
  const lineCount = (text: string): number => {
    let count = 1;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
    return count;
  };
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context, maxEditLength: editBudget(lineCount(before) + lineCount(after)) });
  const hunks = patch ? patch.hunks.map(fromJsdiff) : toHunks(replacedMiddle(splitLines(before), splitLines(after)), context);
  for (const hunk of hunks) {
    out += `@@ -${range(hunk.aStart, hunk.aLength)} +${range(hunk.bStart, hunk.bLength)} @@\n`;
    for (const line of hunk.lines) out += line;
  }
  return out;
}

/** A hunk of jsdiff's, its lines printed as this diff prints them (jsdiff's lines hold no line break; its `\` lines mark a last line without one). */
function fromJsdiff(hunk: StructuredPatchHunk): Hunk {
  return {
    // jsdiff counts an empty side's start as diff does not: `-0,0` is the line before the first.
    aStart: hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart,
    aLength: hunk.oldLines,
    bStart: hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart,
    bLength: hunk.newLines,
    lines: hunk.lines.map((line) => (line.startsWith('\\') ? `${line}\n` : `${line[0]}${shown(line.slice(1))}\n`)),
  };
}

interface Line {
  text: string;
  /** Whether the line ends with a newline (the last line of a file may not). */
  newline: boolean;
}

type Edit = { op: ' ' | '-' | '+'; line: Line };

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) {
      lines.push({ text: text.slice(start), newline: false });
      break;
    }
    lines.push({ text: text.slice(start, newline), newline: true });
    start = newline + 1;
  }
  return lines;
}

const same = (x: Line, y: Line): boolean => x.text === y.text && x.newline === y.newline;

/** The edits past the edit budget: the common head and tail kept, every line between them removed, then added. */
function replacedMiddle(a: Line[], b: Line[]): Edit[] {
  let head = 0;
  while (head < a.length && head < b.length && same(a[head], b[head])) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && same(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  const edits: Edit[] = a.slice(0, head).map((line) => ({ op: ' ', line }));
  for (const line of a.slice(head, a.length - tail)) edits.push({ op: '-', line });
  for (const line of b.slice(head, b.length - tail)) edits.push({ op: '+', line });
  for (const line of a.slice(a.length - tail)) edits.push({ op: ' ', line });
  return edits;
}

interface Hunk {
  aStart: number;
  aLength: number;
  bStart: number;
  bLength: number;
  lines: string[];
}

function toHunks(edits: Edit[], context: number): Hunk[] {
  const changed = edits.map((e, k) => (e.op === ' ' ? -1 : k)).filter((k) => k !== -1);
  const hunks: Hunk[] = [];
  let k = 0;
  while (k < changed.length) {
    const from = Math.max(0, changed[k] - context);
    let to = Math.min(edits.length, changed[k] + context + 1);
    while (k + 1 < changed.length && changed[k + 1] - context <= to) to = Math.min(edits.length, changed[++k] + context + 1);
    k++;
    let aLine = 1;
    let bLine = 1;
    for (const edit of edits.slice(0, from)) {
      if (edit.op !== '+') aLine++;
      if (edit.op !== '-') bLine++;
    }
    const slice = edits.slice(from, to);
    const aLength = slice.filter((e) => e.op !== '+').length;
    const bLength = slice.filter((e) => e.op !== '-').length;
    hunks.push({
      aStart: aLength === 0 ? aLine - 1 : aLine,
      aLength,
      bStart: bLength === 0 ? bLine - 1 : bLine,
      bLength,
      lines: slice.map((e) => `${e.op}${shown(e.line.text)}\n${e.line.newline ? '' : '\\ No newline at end of file\n'}`),
    });
  }
  return hunks;
}

function range(start: number, length: number): string {
  return length === 1 ? String(start) : `${start},${length}`;
}

/**
 * A file name or line as the diff prints it (a terminal, a CI log): control characters replaced,
 * as in every output, so a key cannot drive the terminal or forge a line; a CR ending a line of a
 * CRLF file stays, as `diff` prints it.
 */
function shown(text: string): string {
  const cr = text.endsWith('\r') ? '\r' : '';
  return printable(cr ? text.slice(0, -1) : text) + cr;
}
