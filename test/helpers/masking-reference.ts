import { isAlias, isMap, isNode, isScalar, isSeq, Scalar } from 'yaml';
import { lineStarts, positionAt, withLineFeeds } from '../../src/parse/lines.js';
import { parseText } from '../../src/parse/parse.js';
import { isCredentialLike, maskFreeText, stretchedRanges, type MaskableFile, type SecretRange } from '../../src/schema/secrets.js';
import { isOnlyPlaceholders, isOnlyPlaceholdersQuoted, isUnset, MASK } from '../../src/schema/values.js';

/**
 * The masking of src/schema/secrets.ts as it was before its fast paths (maskLines copying the lines
 * that cannot change, ranges masked straight in the text, masked spans from the changed lines,
 * the rolling-hash filter of maskMessage), kept unchanged as the reference they are held to
 * (test/properties/masking-fast-paths.test.ts): the same text, the same messages, masked the same.
 * What it masks follows the code's changes of rule since: a credential's value is kept only when
 * it is placeholders and nothing else (isOnlyPlaceholders), where any placeholder in it once kept it;
 * a plain value runs on to where the line pass would end it (stretchedRanges); a lone CR ends a
 * line, as it does in YAML; a free-text setting named as a credential is masked to the end of its
 * line in each syntax, `name value` included, and a URL's password to its last `@` (maskFreeText,
 * the code's own, imported: it has no fast path to hold to a reference).
 */

export function referenceMaskSecrets(written: string, parsed?: MaskableFile): string {
  // Lines as YAML reads them (a lone CR ends one), as the code has read them since.
  const text = withLineFeeds(written);
  const file = parsed ?? parseText(text, 'yaml');
  const shown = maskLines(maskCredentialNodes(text, file), privateKeyLines(text));
  if (file.unreadFrom === undefined) return shown;
  // Past where the parse stopped, every line but a document marker is blank.
  const first = file.text.slice(0, file.unreadFrom).split('\n').length - 1;
  return shown
    .split('\n')
    .map((line, i) => (i < first || /^(?:---|\.\.\.)\r?$/.test(line) ? line : line.endsWith('\r') ? '\r' : ''))
    .join('\n');
}

export function referenceMessageMask(text: string, values: readonly unknown[], shown: string): (message: string) => string {
  const secrets = secretsIn(withLineFeeds(text), shown, values);
  return (message) => (secrets.empty ? message : maskMessage(message, secrets));
}

export function referenceSecretsOf(source: string, shown: string): (text: string) => boolean {
  const spans = maskedSpans(withLineFeeds(source), shown);
  return (text) => text.trim() !== '' && spans.some((span) => text.includes(span));
}

const PRIVATE_KEY_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const PRIVATE_KEY_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const KEY_VALUE = /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]+)\1(\s*:[ \t]*)("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|(?:\$\{[^}\n]*\}|[^,{}[\]\s#])(?:\$\{[^}\n]*\}|[^,}\]\n#])*)/g;
const KEY_BEFORE_FLOW = /(?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]+)\1\s*:[ \t]*(?=[[{])/g;

function privateKeyLines(text: string): Set<number> {
  const inside = new Set<number>();
  if (!text.includes('PRIVATE KEY')) return inside;
  const lines = text.split('\n');
  let inPrivateKey = false;
  for (let i = 0; i < lines.length; i++) {
    if (inPrivateKey || PRIVATE_KEY_BEGIN.test(lines[i])) {
      inPrivateKey = !PRIVATE_KEY_END.test(lines[i]);
      inside.add(i);
    }
  }
  return inside;
}

function maskLines(text: string, privateKey: ReadonlySet<number>): string {
  const lines = text.split('\n');
  const credential = isCredentialLike;
  let blockIndent = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (blockIndent >= 0) {
      if (line.trim() === '' || indentOf(line) > blockIndent) {
        lines[i] = maskSegment(line);
        continue;
      }
      blockIndent = -1;
    }
    if (privateKey.has(i)) {
      lines[i] = maskSegment(line);
      continue;
    }
    if (!namesCredentialBefore(line, ':', credential)) {
      lines[i] = maskFreeText(line, credential);
      continue;
    }
    const indent = indentOf(line);
    let masked = line.replace(KEY_VALUE, (whole, quote: string, key: string, colon: string, value: string) => {
      if (!credential(key)) return whole;
      const trimmed = value.trim();
      if (/^[|>][-+0-9]*$/.test(trimmed)) {
        blockIndent = indent;
        return whole;
      }
      const unquoted = trimmed.replace(/^["']|["']$/g, '');
      if (unquoted === '' || isOnlyPlaceholders(unquoted)) return whole;
      const masked = trimmed.startsWith('"') ? `"${MASK}"` : trimmed.startsWith("'") ? `'${MASK}'` : MASK;
      return `${quote}${key}${quote}${colon}${masked}${value.slice(trimmed.length + value.indexOf(trimmed))}`;
    });
    for (const match of masked.matchAll(KEY_BEFORE_FLOW)) {
      if (!credential(match[2])) continue;
      const cut = match.index + match[0].length;
      masked = masked.slice(0, cut) + maskSegment(masked.slice(cut));
      break;
    }
    lines[i] = maskFreeText(masked, credential);
  }
  return lines.join('\n');
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function isWhiteSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function isNameCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

function namesCredentialBefore(line: string, separator: string, credential: (key: string) => boolean): boolean {
  for (let at = line.indexOf(separator); at !== -1; at = line.indexOf(separator, at + 1)) {
    let end = at;
    while (end > 0 && isWhiteSpace(line.charCodeAt(end - 1))) end--;
    if (separator === ':' && end > 0 && (line.charCodeAt(end - 1) === 0x22 || line.charCodeAt(end - 1) === 0x27)) end--;
    let start = end;
    while (start > 0 && isNameCharacter(line.charCodeAt(start - 1))) start--;
    if (start < end && credential(line.slice(start, end))) return true;
  }
  return false;
}

function maskCredentialNodes(text: string, file: MaskableFile): string {
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const credential = isCredentialLike;
  const ranges: SecretRange[] = [];
  for (const { node: doc } of file.documents) {
    const stack: unknown[] = [doc.contents];
    while (stack.length > 0) {
      const node = stack.pop();
      if (isScalar(node) && typeof node.value === 'string' && node.range && node.type !== Scalar.BLOCK_LITERAL) {
        // Free text the line pass cannot see as it is: a private key whose marker is not written as
        // itself, or a credential setting whose value runs on to the next line of the file.
        const written = file.text.slice(node.range[0], node.range[1]);
        const value = node.value;
        const keyNotWritten = PRIVATE_KEY_BEGIN.test(value) && !PRIVATE_KEY_BEGIN.test(written);
        const settingRunsOn = written.includes('\n') && value.split('\n').some((line) => maskFreeText(line, credential) !== line);
        const range = keyNotWritten || settingRunsOn ? secretRange(file.text, node) : undefined;
        if (range) ranges.push(range);
        continue;
      }
      if (isSeq(node)) {
        for (const item of node.items) stack.push(item);
        continue;
      }
      if (!isMap(node)) continue;
      for (const pair of node.items) {
        const name = isScalar(pair.key) ? pair.key.value : undefined;
        if (typeof name === 'string' && credential(name)) {
          const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
          const range = secretRange(file.text, value);
          if (range) ranges.push(range);
        } else {
          stack.push(pair.value);
        }
      }
    }
  }
  if (ranges.length === 0) return text;
  const starts = lineStarts(file.text);
  const spans = new Map<number, Array<[number, number]>>();
  for (const [start, end] of stretchedRanges(file.text, ranges)) {
    for (let line = positionAt(starts, start).line - 1; line < starts.length && starts[line] < end; line++) {
      const lineEnd = line + 1 < starts.length ? starts[line + 1] - 1 : file.text.length;
      const from = Math.max(start, starts[line]);
      const to = Math.min(end, lineEnd);
      if (from < to) spans.set(line, [...(spans.get(line) ?? []), [from - starts[line], to - starts[line]]]);
    }
  }
  const lines = file.text.split('\n');
  for (const [line, list] of spans) {
    let value = lines[line];
    for (const [from, to] of list.sort((a, b) => b[0] - a[0])) value = value.slice(0, from) + maskSegment(value.slice(from, to)) + value.slice(to);
    lines[line] = value;
  }
  return text.slice(0, shift) + lines.join('\n');
}

function secretRange(text: string, node: unknown): SecretRange | undefined {
  if (!isNode(node) || !node.range) return undefined;
  let [start] = node.range;
  const end = node.range[1];
  if (isScalar(node)) {
    if (isUnset(node.value) || node.value === '' || isOnlyPlaceholders(node.value)) return undefined;
    if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) {
      const newline = text.indexOf('\n', start);
      if (newline === -1 || newline >= end) return undefined;
      start = newline + 1;
    }
    if (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) return start + 1 < end - 1 ? [start + 1, end - 1, false] : undefined;
  }
  return start < end ? [start, end, isScalar(node) && node.type === Scalar.PLAIN] : undefined;
}

function maskSegment(segment: string): string {
  const content = segment.trim();
  if (content === '') return segment;
  const lead = segment.length - segment.trimStart().length;
  return segment.slice(0, lead) + MASK + segment.slice(lead + content.length);
}

function maskedSpans(source: string, shown: string): string[] {
  if (shown === source) return [];
  const plain = source.split('\n');
  const masked = shown.split('\n');
  const spans: string[] = [];
  plain.forEach((line, i) => {
    const other = masked[i] ?? '';
    if (line !== other) spans.push(...hiddenPieces(line, other));
  });
  return spans;
}

function hiddenPieces(line: string, masked: string): string[] {
  const kept = masked.split(MASK);
  const pieces: string[] = [];
  if (!line.startsWith(kept[0])) return [line.trim()];
  let at = kept[0].length;
  for (let k = 1; k < kept.length; k++) {
    const next = k === kept.length - 1 ? (line.endsWith(kept[k]) ? line.length - kept[k].length : -1) : line.indexOf(kept[k], at + 1);
    if (next < at) return [line.slice(at).trim()].concat(pieces).filter((piece) => piece !== '');
    const piece = line.slice(at, next).trim();
    if (piece !== '') pieces.push(piece);
    at = next + kept[k].length;
  }
  return pieces;
}

const RUN = 8;
const NAME_LIKE = /^[a-z_.-]+$/;

interface Secrets {
  empty: boolean;
    runs: Set<string>;
    whole: Set<string>;
    short: Map<number, Set<string>>;
    tiny: Set<string>;
}

function secretsIn(text: string, shown: string, values: readonly unknown[]): Secrets {
  const found = new Set<string>(maskedSpans(text, shown));
  for (const value of values) collectCredentialValues(value, found);
  const secrets: Secrets = { empty: true, runs: new Set(), whole: new Set(), short: new Map(), tiny: new Set() };
  for (const raw of found) {
    const bare = raw.replace(/^[*&!]+/, '');
    for (const secret of new Set([raw, JSON.stringify(raw).slice(1, -1), bare])) {
      if (secret === '' || secret === MASK || isOnlyPlaceholdersQuoted(secret)) continue;
      secrets.empty = false;
      if (secret.length >= RUN) {
        let named = false;
        for (let i = 0; i + RUN <= secret.length; i++) {
          const run = secret.slice(i, i + RUN);
          if (NAME_LIKE.test(run)) named = true;
          else secrets.runs.add(run);
        }
        if (named) secrets.whole.add(secret);
      } else if (secret.length >= 4) {
        let ofLength = secrets.short.get(secret.length);
        if (!ofLength) secrets.short.set(secret.length, (ofLength = new Set()));
        ofLength.add(secret);
      } else {
        secrets.tiny.add(secret);
      }
    }
  }
  return secrets;
}

function collectCredentialValues(root: unknown, found: Set<string>): void {
  const credential = isCredentialLike;
  const seen = { true: new Set<object>(), false: new Set<object>() };
  const stack: Array<{ value: unknown; secret: boolean }> = [{ value: root, secret: false }];
  while (stack.length > 0) {
    const { value, secret } = stack.pop()!;
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object') {
      const shown = String(value);
      if (secret && shown.trim() !== '' && !isUnset(value) && !isOnlyPlaceholders(shown)) found.add(shown);
      continue;
    }
    const walked = seen[`${secret}`];
    if (walked.has(value)) continue;
    walked.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, secret });
      continue;
    }
    for (const [name, member] of Object.entries(value)) {
      if (secret) stack.push({ value: name, secret: true });
      stack.push({ value: member, secret: secret || credential(name) });
    }
  }
}

function maskMessage(message: string, secrets: Secrets): string {
  const covered = new Uint8Array(message.length);
  let any = false;
  const cover = (from: number, to: number): void => {
    covered.fill(1, from, to);
    any = true;
  };
  if (secrets.runs.size > 0) for (let i = 0; i + RUN <= message.length; i++) if (secrets.runs.has(message.slice(i, i + RUN))) cover(i, i + RUN);
  for (const secret of secrets.whole) for (let at = message.indexOf(secret); at !== -1; at = message.indexOf(secret, at + 1)) cover(at, at + secret.length);
  const word = (at: number): boolean => at >= 0 && at < message.length && /[A-Za-z0-9_]/.test(message[at]);
  for (const [length, ofLength] of secrets.short) {
    for (let i = 0; i + length <= message.length; i++) if (ofLength.has(message.slice(i, i + length)) && !word(i - 1) && !word(i + length)) cover(i, i + length);
  }
  if (secrets.tiny.size > 0) {
    for (const quoted of message.matchAll(/(["'`])([^"'`\n]{1,3})\1/g)) if (secrets.tiny.has(quoted[2])) cover(quoted.index + 1, quoted.index + 1 + quoted[2].length);
  }
  if (!any) return message;
  let out = '';
  for (let i = 0; i < message.length; ) {
    if (!covered[i]) {
      out += message[i++];
      continue;
    }
    while (i < message.length && covered[i]) i++;
    out += MASK;
  }
  return out;
}
