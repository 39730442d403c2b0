import { printable } from './source.js';

/**
 * A unified diff of two texts (`--fix-dry-run`), as `diff -u` and `git diff` print it, with three
 * lines of context. Fixes touch a few lines of a file, so the common head and tail are cut first
 * and only the changed middle is compared line by line (longest common subsequence).
 */
export function unifiedDiff(before: string, after: string, file: string, context = 3): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const edits = diffLines(a, b);
  const hunks = toHunks(edits, context);
  const name = shown(file);
  let out = `--- a/${name}\n+++ b/${name}\n`;
  for (const hunk of hunks) {
    out += `@@ -${range(hunk.aStart, hunk.aLength)} +${range(hunk.bStart, hunk.bLength)} @@\n`;
    for (const line of hunk.lines) out += line;
  }
  return out;
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

function diffLines(a: Line[], b: Line[]): Edit[] {
  let head = 0;
  while (head < a.length && head < b.length && same(a[head], b[head])) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && same(a[a.length - 1 - tail], b[b.length - 1 - tail])) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  // lcs[i][j]: length of the longest common subsequence of midA[i..] and midB[j..].
  const lcs = Array.from({ length: midA.length + 1 }, () => new Array<number>(midB.length + 1).fill(0));
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) lcs[i][j] = same(midA[i], midB[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const edits: Edit[] = a.slice(0, head).map((line) => ({ op: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && same(midA[i], midB[j])) {
      edits.push({ op: ' ', line: midA[i++] });
      j++;
    } else if (j < midB.length && (i === midA.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      edits.push({ op: '+', line: midB[j++] });
    } else {
      edits.push({ op: '-', line: midA[i++] });
    }
  }
  // Removals before additions within a change, as diff prints them.
  for (let k = 0; k < edits.length; k++) {
    if (edits[k].op !== '+') continue;
    let end = k;
    while (end < edits.length && edits[end].op !== ' ') end++;
    const block = edits.slice(k, end);
    edits.splice(k, block.length, ...block.filter((e) => e.op === '-'), ...block.filter((e) => e.op === '+'));
    k = end - 1;
  }
  edits.push(...a.slice(a.length - tail).map((line): Edit => ({ op: ' ', line })));
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
