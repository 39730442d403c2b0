/**
 * The one scan of JSON text: front to back, without recursion (an explicit stack, so no nesting
 * can overflow it), by RFC 8259. It hands each token to its reader (readJson's walk and
 * jsonDocument's nodes, src/parse/json-reader.ts) and stops at the first character that is not
 * JSON, saying where and why. readJson runs it for the reasons only after JSON.parse has thrown.
 *
 * V8's messages give a position for some shapes only ("Unexpected token 's', ..." has none), differ
 * between Node 20 and 22, and quote the text around the error — which may be a credential's. So
 * the position is never read from V8's message, and the reason given is one of the fixed texts
 * below: no finding quotes a character of the file.
 */
export interface JsonError {
  /** Offset of the offending character in the text (the text's length when the text ends too early). */
  offset: number;
  /** Why, in words that quote nothing of the text. */
  detail: string;
}

const DETAIL = {
  empty: 'the file holds no JSON value',
  unexpectedEnd: 'the text ends before the JSON value does (an object or array is not closed)',
  trailing: 'text after the JSON value: a JSON file holds one value',
  value: 'expected a value: a string in double quotes, a number, true, false, null, an object or an array',
  unquoted: 'an unquoted word: a string must be in double quotes',
  literalCase: 'JSON writes true, false and null in lower case',
  notNumber: 'NaN and Infinity are not JSON numbers',
  singleQuote: 'a string must be in double quotes, not single quotes',
  comment: 'a comment is not JSON',
  memberName: "expected a member's name in double quotes",
  unquotedName: "a member's name must be in double quotes",
  colon: "expected ':' after a member's name",
  afterMember: "expected ',' or '}' after a member's value",
  afterItem: "expected ',' or ']' after an item",
  trailingCommaObject: "a comma before '}' starts no member: remove the trailing comma",
  trailingCommaArray: "a comma before ']' starts no item: remove the trailing comma",
  openString: 'a string is not closed: it has no closing double quote on its line',
  control: 'a control character (a line break or tab) inside a string must be escaped (\\n, \\t)',
  escape: 'a backslash in a string must start an escape: \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits',
  number: 'a malformed number: JSON writes -12, 0.5 or 1e3 (no leading zeros or +, a digit after the point)',
} as const;

const fail = (offset: number, detail: keyof typeof DETAIL): JsonError => ({ offset, detail: DETAIL[detail] });

/**
 * What reads the scan's tokens, each with the line breaks in the white space before it (a reader
 * that needs none takes fewer arguments). `open` stops the scan by returning true.
 */
export interface JsonReader {
  /** `{` (`object`) or `[` at `at`. */
  open(at: number, object: boolean, breaks: number): boolean | void;
  /** `}` or `]`, the character before `end`. */
  close(end: number): void;
  /** `,`, or `:` (`colon`). */
  separator(colon: boolean, breaks: number): void;
  /** A member's name over [start, end), its quotes included. */
  key(start: number, end: number, breaks: number): void;
  /** A string (`quoted`), number, true, false or null over [start, end). */
  scalar(start: number, end: number, quoted: boolean, breaks: number): void;
}

/** What the scan takes next. */
const VALUE = 0; // a value: at the top, after ':', after '[' or ',' in an array
const NAME = 1; // a member's name: after '{' or ',' in an object
const COLON_NEXT = 2;
const COMMA_NEXT = 3; // ',' or the closing bracket
const END = 4; // only white space

/**
 * Hands `reader` each token of `text` until it stops the scan; the text's first error, or
 * `undefined` where the scan finds none. A text handed on to a reader is one JSON.parse took: the
 * scan then checks no string's or number's inside again, and a clean file pays for its tokens only.
 */
export function scanJson(text: string, reader?: JsonReader): JsonError | undefined {
  const length = text.length;
  /** Whether each open collection is an object; whether the innermost is. */
  const objects: boolean[] = [];
  let object = false;
  let next = VALUE;
  /** The first character of the token before, and its offset. */
  let before = -1;
  let beforeAt = -1;
  for (let at = 0, c = 0, start = 0; ; before = c, beforeAt = start) {
    // (No character is read past the end: a charCodeAt that may give NaN makes every comparison a slow one.)
    let breaks = 0;
    for (; at < length && ((c = text.charCodeAt(at)) === SPACE || c === TAB || c === LF || c === CR); at++) if (c === LF) breaks++;
    if (at >= length) return next === END ? undefined : fail(length, next === VALUE && objects.length === 0 ? 'empty' : 'unexpectedEnd');
    if (c === SLASH && (text.charCodeAt(at + 1) === SLASH || text.charCodeAt(at + 1) === STAR)) return fail(at, 'comment');
    if (next === END) return fail(at, 'trailing');
    start = at;
    if (next === COLON_NEXT) {
      if (c !== COLON) return fail(at, 'colon');
      reader?.separator(true, breaks);
      next = VALUE;
      at++;
    } else if (c === (object ? CLOSE_BRACE : CLOSE_BRACKET) && (next === COMMA_NEXT || before === OPEN_BRACE || before === OPEN_BRACKET || before === COMMA)) {
      // A comma the closing bracket follows is the error, not the bracket.
      if (before === COMMA) return fail(beforeAt, object ? 'trailingCommaObject' : 'trailingCommaArray');
      objects.pop();
      object = objects[objects.length - 1] === true;
      at++;
      reader?.close(at);
      next = objects.length === 0 ? END : COMMA_NEXT;
    } else if (next === COMMA_NEXT) {
      if (c !== COMMA) return fail(at, object ? 'afterMember' : 'afterItem');
      reader?.separator(false, breaks);
      next = object ? NAME : VALUE;
      at++;
    } else if (next === NAME) {
      if (c !== QUOTE) return fail(at, c === APOSTROPHE ? 'singleQuote' : isWordStart(c) ? 'unquotedName' : 'memberName');
      const end = reader ? closingQuote(text, at) : stringEnd(text, at);
      if (typeof end !== 'number') return end;
      reader?.key(at, end, breaks);
      next = COLON_NEXT;
      at = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (reader?.open(at, c === OPEN_BRACE, breaks) === true) return undefined;
      objects.push((object = c === OPEN_BRACE));
      next = c === OPEN_BRACE ? NAME : VALUE;
      at++;
    } else {
      const end = !reader ? scalarEnd(text, at, c) : c === QUOTE ? closingQuote(text, at) : plainEnd(text, at);
      if (typeof end !== 'number') return end;
      reader?.scalar(at, end, c === QUOTE, breaks);
      next = objects.length === 0 ? END : COMMA_NEXT;
      at = end;
    }
  }
}

/** Past the white space from `at`. */
export function skipSpace(text: string, at: number): number {
  for (let c; at < text.length && ((c = text.charCodeAt(at)) === SPACE || c === TAB || c === LF || c === CR); ) at++;
  return at;
}

/** Past the spaces and tabs from `at`, and one line break if one follows them. */
export function lineEnd(text: string, at: number): number {
  let c = text.charCodeAt(at);
  while (c === SPACE || c === TAB) c = text.charCodeAt(++at);
  if (c === LF) return at + 1;
  if (c === CR && text.charCodeAt(at + 1) === LF) return at + 2;
  return at;
}

/** A-Z, a-z, _ or $ (a word's first character). */
const isWordStart = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/**
 * A number by RFC 8259, that runs into no letter, digit or point JSON would not take there (`010`,
 * `10GB`, `1.2.3`, `1.`, `1e`): then the number is the error. (Linear: a shorter match is always
 * followed by a digit, a point or an `e`.)
 */
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?(?![A-Za-z0-9_$.])/y;

/** After the string, number or literal whose first character `c` is at `at`, or the error in it. */
function scalarEnd(text: string, at: number, c: number): number | JsonError {
  if (c === QUOTE) return stringEnd(text, at);
  if (c === APOSTROPHE) return fail(at, 'singleQuote');
  if (c === MINUS && /^-Infinity\b/.test(text.slice(at, at + 10))) return fail(at, 'notNumber');
  if (c === MINUS || isDigit(c)) {
    NUMBER.lastIndex = at;
    return NUMBER.test(text) ? NUMBER.lastIndex : fail(at, 'number');
  }
  if (!isWordStart(c)) return fail(at, 'value');
  let end = at + 1;
  while (isWordStart(text.charCodeAt(end)) || isDigit(text.charCodeAt(end))) end++;
  const word = text.slice(at, end);
  if (word === 'true' || word === 'false' || word === 'null') return end;
  const lower = word.toLowerCase();
  if (lower === 'true' || lower === 'false' || lower === 'null') return fail(at, 'literalCase');
  return fail(at, word === 'NaN' || word === 'Infinity' ? 'notNumber' : 'unquoted');
}

/** After the closing quote of the string whose opening quote is at `at`, or the error in it. */
function stringEnd(text: string, at: number): number | JsonError {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return c === LF || c === CR ? fail(at, 'openString') : fail(i, 'control');
    if (c === BACKSLASH) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) return fail(i, 'escape');
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i++;
      else return fail(i, 'escape');
    }
  }
  return fail(at, 'openString');
}

/** After the closing quote of the string whose opening quote is at `at` (a quote after an even run of backslashes), in a text that is JSON. */
function closingQuote(text: string, at: number): number {
  for (let end = text.indexOf('"', at + 1); ; end = text.indexOf('"', end + 1)) {
    // (None: not JSON after all. The scan goes on from the end, never back.)
    if (end === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
  }
}

/** After the number, true, false or null at `at`, in a text that is JSON: up to the next delimiter. */
function plainEnd(text: string, at: number): number {
  for (let c; ++at < text.length && (c = text.charCodeAt(at)) !== COMMA && c !== CLOSE_BRACE && c !== CLOSE_BRACKET && c !== SPACE && c !== LF && c !== CR && c !== TAB; );
  return at;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const STAR = 0x2a;
const COMMA = 0x2c;
const MINUS = 0x2d;
const SLASH = 0x2f;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
