import { isAlias, isMap, isNode, isScalar, isSeq, Scalar } from 'yaml';
import { lineStarts, positionAt, withLineFeeds } from '../../src/parse/lines.js';
import { parseText } from '../../src/parse/parse.js';
import { isCredentialLike, stretchedRanges, type MaskableFile, type SecretRange } from '../../src/schema/secrets.js';
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
 * the code's own, copied: it has no fast path).
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

const CREDENTIAL_WORDS = /secret|token|passw|private|fernet|credential|api[_.-]?key|account[_.-]?key|access[_.-]?key/gi;

function startsUrlSlashes(text: string, at: number): boolean {
  return text.charCodeAt(at) === 0x2f && text.charCodeAt(at + 1) === 0x2f;
}

function isNameCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

// `postgresql://user:pw@host`: a URL's scheme and user, up to the `:` before its password.
const URL_USER = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s:/@]*:/g;

/**
 * Credentials in free text, wherever a value holds a configuration file's text (a Hadoop
 * `custom_config`, Spark's defaults, an Airflow `overrides`, a script): a setting whose name says it
 * holds a credential, in each syntax of a properties file as the engines read one (Java's
 * `Properties`, which spark-defaults.conf is): `name=value`, `name: value` and `name value`; and
 * the password of a URL.
 *
 * A setting's value runs to the end of its line, white space, quotes and separators included; where
 * the setting stands inside a quoted string (a JSON or YAML string holding the text), to the
 * string's closing quote or a `\n` escape, escaped quotes included. `name: value` outside quotes is
 * read so for a dotted name (`fs.s3a.secret.key`), or up to a ` #` comment where no `{` or `[`
 * stands before it: in a flow collection, KEY_VALUE's reading stands (the node pass masks YAML's
 * own values). `name value` is read so only for a dotted name holding a credential's word
 * (`spark.hadoop.fs.s3a.secret.key`), not in prose. A value of placeholders alone is kept (outside
 * quotes, up to a ` #` comment).
 *
 * One pass over the line; a value is scanned once and the pass goes on past it: linear.
 */
function maskFreeText(line: string, credential: (key: string) => boolean): string {
  let out = '';
  let copied = 0;
  // Where the scan stands: outside quotes (0), or inside a double- or single-quoted string.
  let quote = 0;
  // Whether a `{` or `[` stands before here outside quotes: a YAML flow collection.
  let flow = false;
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (quote === 0x22 && c === 0x5c) {
      i += 2;
      continue;
    }
    if (c === 0x22 || c === 0x27) {
      if (quote === 0) quote = c;
      else if (quote === c) {
        if (c === 0x27 && line.charCodeAt(i + 1) === 0x27) {
          i += 2;
          continue;
        }
        quote = 0;
      }
      i++;
      continue;
    }
    if (quote === 0 && (c === 0x7b || c === 0x5b)) flow = true;
    if (!isNameCharacter(c)) {
      i++;
      continue;
    }
    let nameEnd = i + 1;
    while (nameEnd < line.length && isNameCharacter(line.charCodeAt(nameEnd))) nameEnd++;
    const setting = settingValue(line, i, nameEnd, quote, flow, credential);
    if (setting === undefined) {
      i = nameEnd;
      continue;
    }
    if (setting.masked) {
      out += line.slice(copied, setting.from) + MASK;
      copied = setting.to;
    }
    i = setting.resume;
  }
  const named = copied === 0 ? line : out + line.slice(copied);
  return named.includes('://') ? maskUrlPasswords(named) : named;
}

/**
 * The value of the setting named by `line[start, end)`, where the name says it holds a credential
 * and a separator follows it (see {@link maskFreeText}): its range, whether it is masked, and where
 * the scan goes on (past the value, or past what was judged of it).
 */
function settingValue(line: string, start: number, end: number, quote: number, flow: boolean, credential: (key: string) => boolean): { from: number; to: number; masked: boolean; resume: number } | undefined {
  let at = end;
  while (line.charCodeAt(at) === 0x20 || line.charCodeAt(at) === 0x09) at++;
  const separator = line.charCodeAt(at);
  const name = line.slice(start, end);
  const dotted = name.includes('.');
  let from: number;
  // Outside quotes, `name: value` with a name YAML may hold is YAML's, up to its comment.
  let yamlLike = false;
  if (separator === 0x3d) {
    from = at + 1;
  } else if (separator === 0x3a && !startsUrlSlashes(line, at + 1) && (dotted || quote !== 0 || !flow)) {
    from = at + 1;
    yamlLike = !dotted && quote === 0;
  } else if (at > end && at < line.length && dotted && quote === 0x22 ? !(separator === 0x5c && isLineEscape(line, at)) : at > end && at < line.length && dotted) {
    if (name.search(CREDENTIAL_WORDS) === -1) return undefined;
    from = at;
  } else {
    return undefined;
  }
  if (!credential(name)) return undefined;
  while (line.charCodeAt(from) === 0x20 || line.charCodeAt(from) === 0x09) from++;
  let to: number;
  let resume: number;
  let judged: number;
  if (quote !== 0) {
    to = closingQuote(line, from, quote);
    judged = resume = to;
  } else {
    const first = line.charCodeAt(from);
    if (first === 0x22 || first === 0x27) {
      const close = closingQuote(line, from + 1, first);
      if (close < line.length) {
        // A quoted value: its quotes stay.
        from++;
        to = judged = close;
        resume = close + 1;
      } else {
        to = judged = resume = line.length;
      }
    } else {
      // Up to a YAML comment the value is judged; the whole line's rest is what is masked.
      judged = commentStart(line, from);
      to = yamlLike ? judged : line.length;
      resume = judged;
    }
  }
  while (to > from && isWhiteSpace(line.charCodeAt(to - 1))) to--;
  let kept = judged;
  while (kept > from && isWhiteSpace(line.charCodeAt(kept - 1))) kept--;
  const value = line.slice(from, kept);
  const masked = value !== '' && value !== MASK && !isOnlyPlaceholders(value) && !(yamlLike && /^[|>][-+0-9]*$/.test(value));
  return { from, to, masked, resume: masked ? Math.max(to, resume) : resume };
}

/** Whether a `\` at `at` starts a `\n` or `\r` escape: a line break of the text a double-quoted string holds. */
function isLineEscape(line: string, at: number): boolean {
  const next = line.charCodeAt(at + 1);
  return next === 0x6e || next === 0x72;
}

/** Where a string quoted by `quote` that goes on at `from` ends: its closing quote, a `\n` escape in a double-quoted one, or the line's end. */
function closingQuote(line: string, from: number, quote: number): number {
  for (let at = from; at < line.length; at++) {
    const c = line.charCodeAt(at);
    if (quote === 0x22 && c === 0x5c) {
      if (isLineEscape(line, at)) return at;
      at++;
    } else if (c === quote) {
      if (quote === 0x27 && line.charCodeAt(at + 1) === 0x27) at++;
      else return at;
    }
  }
  return line.length;
}

/** Where a YAML comment (` #`) starts on the line at or after `from`, or the line's end. */
function commentStart(line: string, from: number): number {
  for (let at = from; at < line.length; at++) if (line.charCodeAt(at) === 0x23 && at > from && isWhiteSpace(line.charCodeAt(at - 1))) return at;
  return line.length;
}

/**
 * The password of each URL's user information: from the `:` after the user to the last `@` of the
 * URL (a run without white space), so a password holding `/` or `@` is masked whole.
 */
function maskUrlPasswords(line: string): string {
  let out = '';
  let copied = 0;
  // The run of the last URL looked at and its last `@`: URLs of one run share them (linear time).
  let runEnd = -1;
  let lastAt = -1;
  URL_USER.lastIndex = 0;
  for (let match = URL_USER.exec(line); match !== null; match = URL_USER.exec(line)) {
    const from = match.index + match[0].length;
    if (from > runEnd) {
      runEnd = from;
      while (runEnd < line.length && !isWhiteSpace(line.charCodeAt(runEnd))) runEnd++;
      lastAt = line.lastIndexOf('@', runEnd - 1);
    }
    if (lastAt <= from) continue;
    const password = line.slice(from, lastAt);
    if (password === MASK || isOnlyPlaceholders(password)) continue;
    out += line.slice(copied, from) + MASK;
    copied = lastAt;
    URL_USER.lastIndex = lastAt;
  }
  return copied === 0 ? line : out + line.slice(copied);
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
