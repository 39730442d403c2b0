/**
 * Where a text that JSON.parse refused goes wrong, and why, found by a scan of our own: V8's
 * messages give a position for some shapes only ("Unexpected token 's', ..." has none), differ
 * between Node 20 and 22, and quote the text around the error — which may be a credential's. So
 * the position is never read from V8's message, and the reason given is one of the fixed texts
 * below: no finding quotes a character of the file.
 *
 * The scan follows RFC 8259 and stops at the first character that is not JSON. It runs only
 * after JSON.parse has thrown (a file that parses never pays for it), in one pass without
 * recursion (an explicit stack), so no nesting can overflow it.
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

type Expect =
  | 'value' // a value (top level, after ':' or ',' in an array)
  | 'firstItem' // a value or ']'
  | 'firstMember' // a name or '}'
  | 'member' // a name, after ','
  | 'colon'
  | 'afterMember' // ',' or '}'
  | 'afterItem' // ',' or ']'
  | 'end'; // only white space

/** The first error of a text JSON.parse refused, or `undefined` when the scan finds none. */
export function jsonErrorAt(text: string): JsonError | undefined {
  const stack: Array<'object' | 'array'> = [];
  let expect: Expect = 'value';
  let at = 0;
  const fail = (offset: number, detail: keyof typeof DETAIL): JsonError => ({ offset, detail: DETAIL[detail] });
  /** After a value is complete: what the container around it takes next. */
  const afterValue = (): Expect => (stack.length === 0 ? 'end' : stack[stack.length - 1] === 'object' ? 'afterMember' : 'afterItem');

  for (;;) {
    at = skipSpace(text, at);
    if (at >= text.length) {
      if (expect === 'end') return undefined;
      return fail(text.length, expect === 'value' && stack.length === 0 ? 'empty' : 'unexpectedEnd');
    }
    const c = text[at];
    if (c === '/' && (text[at + 1] === '/' || text[at + 1] === '*')) return fail(at, 'comment');
    switch (expect) {
      case 'end':
        return fail(at, 'trailing');
      case 'colon':
        if (c !== ':') return fail(at, 'colon');
        at++;
        expect = 'value';
        continue;
      case 'afterMember':
      case 'afterItem': {
        const close = expect === 'afterMember' ? '}' : ']';
        if (c === ',') {
          const next = skipSpace(text, at + 1);
          if (text[next] === close) return fail(at, expect === 'afterMember' ? 'trailingCommaObject' : 'trailingCommaArray');
          at++;
          expect = expect === 'afterMember' ? 'member' : 'value';
          continue;
        }
        if (c === close) {
          stack.pop();
          at++;
          expect = afterValue();
          continue;
        }
        return fail(at, expect);
      }
      case 'firstMember':
      case 'member': {
        if (c === '}' && expect === 'firstMember') {
          stack.pop();
          at++;
          expect = afterValue();
          continue;
        }
        if (c === '"') {
          const end = scanString(text, at);
          if (typeof end !== 'number') return end;
          at = end;
          expect = 'colon';
          continue;
        }
        if (c === "'") return fail(at, 'singleQuote');
        return fail(at, isWordStart(c) ? 'unquotedName' : 'memberName');
      }
      case 'firstItem':
      case 'value': {
        if (c === ']' && expect === 'firstItem') {
          stack.pop();
          at++;
          expect = afterValue();
          continue;
        }
        if (c === '{' || c === '[') {
          stack.push(c === '{' ? 'object' : 'array');
          at++;
          expect = c === '{' ? 'firstMember' : 'firstItem';
          continue;
        }
        const end = scanScalar(text, at);
        if (typeof end !== 'number') return end;
        at = end;
        expect = afterValue();
        continue;
      }
    }
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    at++;
  }
  return at;
}

function isWordStart(c: string): boolean {
  return /[A-Za-z_$]/.test(c);
}

/** A string, number or literal at `at`: the offset after it, or the error in it. */
function scanScalar(text: string, at: number): number | JsonError {
  const c = text[at];
  if (c === '"') return scanString(text, at);
  if (c === "'") return { offset: at, detail: DETAIL.singleQuote };
  if (c === '-' || (c >= '0' && c <= '9')) {
    if (c === '-' && /^-Infinity\b/.test(text.slice(at, at + 10))) return { offset: at, detail: DETAIL.notNumber };
    return scanNumber(text, at);
  }
  if (isWordStart(c)) {
    let end = at;
    while (end < text.length && /[A-Za-z0-9_$]/.test(text[end])) end++;
    const word = text.slice(at, end);
    if (word === 'true' || word === 'false' || word === 'null') return end;
    const lower = word.toLowerCase();
    if (lower === 'true' || lower === 'false' || lower === 'null') return { offset: at, detail: DETAIL.literalCase };
    if (word === 'NaN' || word === 'Infinity') return { offset: at, detail: DETAIL.notNumber };
    return { offset: at, detail: DETAIL.unquoted };
  }
  return { offset: at, detail: DETAIL.value };
}

/** The string whose opening quote is at `at`: the offset after its closing quote, or its error. */
function scanString(text: string, at: number): number | JsonError {
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return code === 0x0a || code === 0x0d ? { offset: at, detail: DETAIL.openString } : { offset: i, detail: DETAIL.control };
    if (code === 0x5c) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) return { offset: i, detail: DETAIL.escape };
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i++;
      else return { offset: i, detail: DETAIL.escape };
    }
  }
  return { offset: at, detail: DETAIL.openString };
}

/** The number at `at` (its first character a digit or `-`): the offset after it, or the offending character. */
function scanNumber(text: string, at: number): number | JsonError {
  const digits = (from: number): number => {
    let i = from;
    while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
    return i;
  };
  let i = at;
  if (text[i] === '-') i++;
  if (text[i] === '0') {
    i++;
    if (text[i] >= '0' && text[i] <= '9') return { offset: at, detail: DETAIL.number };
  } else {
    const end = digits(i);
    if (end === i) return { offset: at, detail: DETAIL.number };
    i = end;
  }
  if (text[i] === '.') {
    const end = digits(i + 1);
    if (end === i + 1) return { offset: at, detail: DETAIL.number };
    i = end;
  }
  if (text[i] === 'e' || text[i] === 'E') {
    let from = i + 1;
    if (text[from] === '+' || text[from] === '-') from++;
    const end = digits(from);
    if (end === from) return { offset: at, detail: DETAIL.number };
    i = end;
  }
  // A number runs into a letter or digit JSON would not take there (`10GB`, `1.2.3`): the number is the error.
  if (i < text.length && /[A-Za-z0-9_.$]/.test(text[i])) return { offset: at, detail: DETAIL.number };
  return i;
}
