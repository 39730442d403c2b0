import { type Document, Pair, Scalar, YAMLMap, YAMLSeq, type CST } from 'yaml';
import { scanJson, skipSpace, type JsonError, type JsonToken, type JsonTokens } from './json-error.js';
import { readerBreaks, type ReaderBreak } from './line-breaks.js';
import { toPointer } from './pointer.js';
import { composedDocument } from './documents.js';

/**
 * JSON files read without `yaml`: readJson gives the data (JSON.parse) and what the parser must
 * report of it (duplicate keys, nesting past the limit), jsonDocument the `yaml` nodes that
 * `yaml`'s own parse of the same text composes, for placing findings and rendering fixes. Both
 * read the text once, front to back, with no recursion: no nesting can overflow the stack.
 *
 * Both take the text as parseText reads it: no byte-order mark, lone CRs made LFs (withLineFeeds);
 * a CRLF is one line break, as for `yaml`.
 */

/** A key given twice in one object: reported at the later one (yaml/duplicate-key), as JSON.parse keeps the later value. */
export interface JsonDuplicate {
  /** The key as read (escapes decoded). */
  key: string;
  /** JSON Pointer of the later member: its object's path, then the key. */
  path: string;
  /** The later key's offsets, its quotes included (`yaml`'s key range): [start, end). */
  range: [number, number];
  /** Offset of the first key of that name in the same object (its opening quote), for the finding's "first defined on line". */
  first: number;
}

export type JsonReading =
  | {
      /** The data, as JSON.parse reads it (a repeated key: the later value). */
      value: unknown;
      /** Keys given twice in one object, in the order of the text. */
      duplicates: JsonDuplicate[];
      /** Keys and scalar values: the scalar nodes `yaml` would make (for maxScalars). */
      scalars: number;
      /**
       * Numbers, true, false and null: what parse.ts counts against maxScalars today, with `yaml`'s
       * lexer, which marks plain scalars only (not a string or key in quotes).
       */
      plainScalars: number;
      /** The line breaks of YAML 1.1 readers in the strings (parse/line-break), as readerBreaks finds them. */
      breaks: ReaderBreak[];
    }
  /** Not JSON: where and why, in words that quote nothing of the text (src/parse/json-error.ts). */
  | { error: JsonError }
  /** JSON, but an object or array nests deeper than maxDepth: the offset of the first such one's bracket. */
  | { tooDeep: number };

/**
 * The data of a JSON text, its duplicate keys, and its count of scalars; or why it is not JSON;
 * or where it nests deeper than `maxDepth` (the top-level object or array is at depth 1, as
 * parseText counts a document's collections). Linear in the text.
 */
export function readJson(text: string, options: { maxDepth: number }): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message is neither read for the position nor shown: it quotes the text around the
    // error (a credential's, maybe) and differs between Node versions. The scan says where and why.
    // (JSON.parse refused what the scan takes, a nesting past its stack: the start of the text, no quoted text.)
    return { error: scanJson(text) ?? { offset: 0, detail: error instanceof RangeError ? 'the value nests too deep to be read' : 'the text could not be read as JSON' } };
  }
  const reader = new DataReader(text, options.maxDepth);
  scanJson(text, reader);
  const { duplicates, scalars, plainScalars, tooDeep } = reader;
  return tooDeep === undefined ? { value, duplicates, scalars, plainScalars, breaks: jsonBreaks(text) } : { tooDeep };
}

/** readJson's reader of the scan's tokens: duplicate keys, depth, scalars. */
class DataReader implements JsonTokens {
  readonly duplicates: JsonDuplicate[] = [];
  scalars = 0;
  plainScalars = 0;
  tooDeep: number | undefined;
  /** Each open object's keys so far, each with the offset of its first occurrence (none for an array), and its current key or an array's current index. */
  private readonly open: Array<{ keys: Map<string, number> | undefined; key: string; index: number }> = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  token(token: JsonToken, start: number, end: number): boolean | void {
    const { open } = this;
    switch (token) {
      case '{':
      case '[':
        if (open.length + 1 > this.maxDepth) {
          this.tooDeep = start;
          return true;
        }
        open.push({ keys: token === '{' ? new Map() : undefined, key: '', index: 0 });
        return;
      case '}':
      case ']':
        open.pop();
        return;
      case ',': {
        open[open.length - 1].index++;
        return;
      }
      case 'plain':
        this.plainScalars++;
        this.scalars++;
        return;
      case 'string':
        this.scalars++;
        return;
      case 'key': {
        this.scalars++;
        const top = open[open.length - 1];
        const key = stringValue(this.text, start, end);
        top.key = key;
        const first = top.keys!.get(key);
        if (first === undefined) top.keys!.set(key, start);
        else this.duplicates.push({ key, path: toPointer(open.map(({ keys, key, index }) => (keys ? key : String(index)))), range: [start, end], first });
      }
    }
  }
}

/**
 * readerBreaks for a JSON text: JSON takes U+0085, U+2028 and U+2029 inside strings only, so each
 * is inside a quoted scalar, and the one token handed to readerBreaks stands for all of them
 * (no break can be the text's first or last character, a string's quote).
 */
function jsonBreaks(text: string): ReaderBreak[] {
  return readerBreaks(text, [{ type: 'double-quoted-scalar', offset: 0, indent: 0, source: text } as CST.Token]);
}

/** The value of the string from `start` (its opening quote) to `end` (after its closing one). */
function stringValue(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : inner;
}

const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;

/**
 * Blank nodes of each class, to make the nodes from (as src/parse/block-yaml.ts does): `yaml`'s
 * constructors mark every node with its kind by `Object.defineProperty`, which costs some ten
 * times the rest of making a node. A node made with `Object.create` of a blank inherits the mark:
 * `isScalar`, `isMap`, `isSeq`, `isPair` and `instanceof` work as on a constructed node.
 */
const BLANK = {
  scalar: new Scalar(null),
  map: new YAMLMap(),
  seq: new YAMLSeq(),
  pair: new Pair(null),
};
for (const blank of Object.values(BLANK)) {
  // Nothing of a blank's own but its mark is inherited: each node gets its members as its own.
  for (const key of Object.keys(blank)) delete (blank as unknown as Record<string, unknown>)[key];
}

type JsonNode = Scalar | YAMLMap<Scalar, JsonNode> | YAMLSeq<JsonNode>;

/**
 * Where a node stands, which decides how far the third offset of its range (where `yaml` ends the
 * node) reaches past the value: a key not at all; a member's value or the document's value over
 * the spaces and tabs after it and one line break; an array's item over all white space up to
 * its `,` or `]`.
 */
const KEY = 0;
const VALUE = 1;
const ITEM = 2;

/** One open object or array while jsonDocument reads: its node, whether it is an object, and where it stands. */
interface Building {
  node: YAMLMap<Scalar, JsonNode> | YAMLSeq<JsonNode>;
  map: boolean;
  place: typeof VALUE | typeof ITEM;
}

// Read once: a bundler may put a getter in front of each of `yaml`'s exports.
const QUOTE_DOUBLE = Scalar.QUOTE_DOUBLE;
const PLAIN = Scalar.PLAIN;

/**
 * The `yaml` Document that `yaml`'s parse of a JSON text composes (parseText's settings): flow
 * maps and sequences, QUOTE_DOUBLE strings and PLAIN numbers, booleans and nulls, with the same
 * values, sources, ranges, number formats (`format`, `minFractionDigits`) and `spaceBefore` marks,
 * in one scan of the text and without `yaml`'s constructors. src/parse/locate.ts,
 * src/fix/render.ts and src/engine/source-types.ts read it as they read `yaml`'s.
 *
 * The text must be one readJson read without error or tooDeep; this throws on any other.
 */
export function jsonDocument(text: string): Document.Parsed {
  const reader = new NodeReader(text);
  const error = scanJson(text, reader);
  if (error) throw new Error(`not JSON at offset ${error.offset}`);
  // The document starts at the start of the line of its first character: blank lines before it are the stream's.
  const start = skipSpace(text, 0);
  const end = reader.root!.range![2];
  // The document's value ends over the white space of its line; the document over that of one more line.
  return composedDocument(reader.root, [start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1, end, text.charCodeAt(end - 1) === LF ? lineEnd(text, end) : end]);
}

/** jsonDocument's reader of the scan's tokens. */
class NodeReader implements JsonTokens {
  root: JsonNode | undefined;
  private readonly stack: Building[] = [];
  /** The pair whose value is read next (in an object, after its `:`). */
  private pair: Pair<Scalar, JsonNode> | undefined;
  /** The token before, and the line breaks before it. */
  private last: JsonToken | undefined;
  private lastBreaks = 0;

  constructor(private readonly text: string) {}

  token(token: JsonToken, start: number, end: number, breaks: number): void {
    const { text, stack } = this;
    const top = stack[stack.length - 1];
    // Whether a node that starts here has a blank line before it, as `yaml` reads what precedes it: the
    // white space before `:` and after it for a member's value; after `,`, and for a key also before
    // it past the line of the value before (a blank line there is the key's, not the value's).
    const spaceBefore =
      this.last === ':' ? this.lastBreaks >= 2 || breaks >= 2 : this.last === ',' ? breaks >= 2 || (top.map && this.lastBreaks >= 3) : this.last !== undefined && breaks >= 2;
    this.last = token;
    this.lastBreaks = breaks;
    switch (token) {
      case '{':
      case '[': {
        const node: YAMLMap<Scalar, JsonNode> | YAMLSeq<JsonNode> = Object.create(token === '{' ? BLANK.map : BLANK.seq);
        node.items = [];
        node.flow = true;
        node.range = [start, start, start];
        stack.push({ node, map: token === '{', place: this.place(node, spaceBefore) });
        return;
      }
      case '}':
      case ']':
        stack.pop();
        top.node.range = [top.node.range![0], end, this.nodeEnd(top.place, end)];
        return;
      case 'key': {
        const node = quoted(text, start, end, end);
        if (spaceBefore) node.spaceBefore = true;
        const pair: Pair<Scalar, JsonNode> = Object.create(BLANK.pair);
        pair.key = node;
        pair.value = null;
        (top.node as YAMLMap<Scalar, JsonNode>).items.push(pair);
        this.pair = pair;
        return;
      }
      case 'string': {
        const node = quoted(text, start, end, this.nodeEnd(this.pair || !top ? VALUE : ITEM, end));
        this.place(node, spaceBefore);
        return;
      }
      case 'plain': {
        const node: Scalar = Object.create(BLANK.scalar);
        const source = text.slice(start, end);
        const exponent = plainValue(node, source);
        node.range = [start, end, this.nodeEnd(this.pair || !top ? VALUE : ITEM, end)];
        node.source = source;
        node.type = PLAIN;
        if (exponent) node.format = 'EXP';
        this.place(node, spaceBefore);
      }
    }
  }

  /** Puts a node where the reader is: the document's value, a pair's value, an array's item; returns where it stands. */
  private place(node: JsonNode, spaceBefore: boolean): typeof VALUE | typeof ITEM {
    if (spaceBefore) node.spaceBefore = true;
    if (this.pair) {
      this.pair.value = node;
      this.pair = undefined;
      return VALUE;
    }
    if (this.stack.length === 0) {
      this.root = node;
      return VALUE;
    }
    (this.stack[this.stack.length - 1].node as YAMLSeq<JsonNode>).items.push(node);
    return ITEM;
  }

  /** Where a node that stands at `place` and whose value ends at `end` ends for `yaml`. */
  private nodeEnd(place: number, end: number): number {
    return place === KEY ? end : place === VALUE ? lineEnd(this.text, end) : skipSpace(this.text, end);
  }
}

/** A string's node over [start, end), whose node ends at `nodeEnd`. */
function quoted(text: string, start: number, end: number, nodeEnd: number): Scalar {
  const node: Scalar = Object.create(BLANK.scalar);
  const value = stringValue(text, start, end);
  node.value = value;
  node.range = [start, end, nodeEnd];
  node.source = value;
  node.type = QUOTE_DOUBLE;
  return node;
}

/** Past the spaces and tabs after `from`, and one line break if one follows them. */
function lineEnd(text: string, from: number): number {
  let at = from;
  let c = text.charCodeAt(at);
  while (c === SPACE || c === TAB) c = text.charCodeAt(++at);
  if (c === LF) return at + 1;
  if (c === CR && text.charCodeAt(at + 1) === LF) return at + 2;
  return at;
}

/**
 * A plain scalar's value under the core schema, as `yaml` resolves it (an integer by parseInt,
 * other numbers by parseFloat); true for a number with an exponent (`yaml` marks its format).
 */
function plainValue(node: Scalar, source: string): boolean {
  switch (source) {
    case 'true':
      node.value = true;
      return false;
    case 'false':
      node.value = false;
      return false;
    case 'null':
      node.value = null;
      return false;
  }
  if (INTEGER.test(source)) {
    node.value = parseInt(source, 10);
    return false;
  }
  node.value = parseFloat(source);
  if (EXPONENT.test(source)) return true;
  const dot = source.indexOf('.');
  // `yaml` keeps a float's trailing zeros (`1.50`) to write it back.
  if (dot !== -1 && source.charCodeAt(source.length - 1) === 0x30) node.minFractionDigits = source.length - dot - 1;
  return false;
}
const INTEGER = /^-?[0-9]+$/;
const EXPONENT = /[eE]/;

