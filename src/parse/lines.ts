/**
 * YAML 1.2 reads three line breaks: LF, CRLF and a lone CR (spec §5.4); so do PyYAML, js-yaml and
 * every editor. `yaml` reads a lone CR as a character of the line, so a comment ending in one hid
 * the next line from dplint that the others read (`# sizes\rnode_configuration: …`). dplint reads
 * every text as it would with the lone CRs made LFs: one character for one, so every offset (a
 * finding's, a fix's) stands in the text as written too.
 */
export function withLineFeeds(text: string): string {
  // A CRLF file (the common case with a CR) is looked through once and not copied.
  return text.includes('\r') && HAS_LONE_CR.test(text) ? text.replace(LONE_CR, '\n') : text;
}
const LONE_CR = /\r(?!\n)/g;
const HAS_LONE_CR = /\r(?!\n)/;

/** Offsets where each line starts (after LF, CRLF or a lone CR, as YAML counts lines), for {@link positionAt}. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  // A CRLF's line starts after its LF: only a lone CR needs every character looked at.
  if (!source.includes('\r') || !HAS_LONE_CR.test(source)) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && source.charCodeAt(i + 1) !== 0x0a)) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line and column (UTF-16 code units, as `Finding` counts them) of a 0-based offset. */
export function positionAt(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low] + 1 };
}
