import { type Document, Pair, Scalar, YAMLMap, YAMLSeq, type CST } from 'yaml';
import { jsonErrorAt, type JsonError } from './json-error.js';
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
    const found = jsonErrorAt(text);
    if (found) return { error: found };
    // JSON.parse refused what the scan takes (a nesting past its stack): the start of the text, no quoted text.
    return { error: { offset: 0, detail: error instanceof RangeError ? 'the value nests too deep to be read' : 'the text could not be read as JSON' } };
  }
  return scan(text, value, options.maxDepth);
}

/** One open object or array of the scan: the segment of the path into what it holds now. */
interface Open {
  /** An object's keys so far, each with the offset of its first occurrence; `undefined` for an array. */
  keys: Map<string, number> | undefined;
  /** An object's current key. */
  member: string;
  /** An array's current index. */
  index: number;
}

/** readJson's walk of a text JSON.parse took: duplicate keys, depth, scalars. */
function scan(text: string, value: unknown, maxDepth: number): JsonReading {
  const duplicates: JsonDuplicate[] = [];
  const open: Open[] = [];
  let scalars = 0;
  let plainScalars = 0;
  /** Whether the next string is a key (in an object, after `{` or `,`). */
  let atKey = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case SPACE:
      case TAB:
      case LF:
      case CR:
      case COLON:
        continue;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (open.length + 1 > maxDepth) return { tooDeep: i };
        open.push({ keys: c === OPEN_BRACE ? new Map() : undefined, member: '', index: 0 });
        atKey = c === OPEN_BRACE;
        continue;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        open.pop();
        atKey = false;
        continue;
      case COMMA: {
        const top = open[open.length - 1];
        if (top.keys) atKey = true;
        else top.index++;
        continue;
      }
      case QUOTE: {
        scalars++;
        const end = stringEnd(text, i);
        if (atKey) {
          const top = open[open.length - 1];
          const key = stringValue(text, i, end);
          top.member = key;
          const first = top.keys!.get(key);
          if (first === undefined) top.keys!.set(key, i);
          else duplicates.push({ key, path: pointerOf(open), range: [i, end], first });
          atKey = false;
        }
        i = end - 1;
        continue;
      }
      default: {
        // A number, true, false or null: up to the next delimiter.
        scalars++;
        plainScalars++;
        let end = i + 1;
        while (end < length && !isDelimiter(text.charCodeAt(end))) end++;
        i = end - 1;
      }
    }
  }
  return { value, duplicates, scalars, plainScalars, breaks: jsonBreaks(text) };
}

/**
 * readerBreaks for a JSON text: JSON takes U+0085, U+2028 and U+2029 inside strings only, so each
 * is inside a quoted scalar, and the one token handed to readerBreaks stands for all of them
 * (no break can be the text's first or last character, a string's quote).
 */
function jsonBreaks(text: string): ReaderBreak[] {
  return readerBreaks(text, [{ type: 'double-quoted-scalar', offset: 0, indent: 0, source: text } as CST.Token]);
}

/** The JSON Pointer of the member each open collection is at (an array's index is kept as a string). */
function pointerOf(open: readonly Open[]): string {
  const path: string[] = [];
  for (const { keys, member, index } of open) path.push(keys ? member : String(index));
  return toPointer(path);
}

/** After the closing quote of the string whose opening quote is at `start` (a quote after an even run of backslashes). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
}

/** The value of the string from `start` (its opening quote) to `end` (after its closing one). */
function stringValue(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : inner;
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === SPACE || c === LF || c === CR || c === TAB;
}

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

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
 * in one pass over the text and without `yaml`'s constructors. src/parse/locate.ts,
 * src/fix/render.ts and src/engine/source-types.ts read it as they read `yaml`'s.
 *
 * The text must be one readJson read without error or tooDeep: this reader checks no grammar, and
 * throws on a character no JSON value holds there.
 */
export function jsonDocument(text: string): Document.Parsed {
  return new NodeReader(text).document();
}

class NodeReader {
  private readonly length: number;
  /** Line breaks in the white space skipped last (by `space`). */
  private breaks = 0;
  private readonly stack: Building[] = [];
  private root: JsonNode | undefined;
  /** The pair whose value is read next (in an object, after its `:`). */
  private pair: Pair<Scalar, JsonNode> | undefined;
  /** Whether the node read next has a blank line before it, as `yaml` reads what precedes it. */
  private spaceBefore = false;

  constructor(private readonly text: string) {
    this.length = text.length;
  }

  document(): Document.Parsed {
    const { text, stack } = this;
    let i = this.space(0);
    // The document starts at the start of the line of its first character: blank lines before it are the stream's.
    const documentStart = i === 0 ? 0 : text.lastIndexOf('\n', i - 1) + 1;
    for (;;) {
      // Here a value starts (after `:`, `,` in an array, `[`, or at the top).
      const c = text.charCodeAt(i);
      let end: number;
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const map = c === OPEN_BRACE;
        const node: YAMLMap<Scalar, JsonNode> | YAMLSeq<JsonNode> = Object.create(map ? BLANK.map : BLANK.seq);
        node.items = [];
        node.flow = true;
        node.range = [i, i, i];
        const at = this.placeNow();
        this.place(node);
        i = this.space(i + 1);
        this.spaceBefore = this.breaks >= 2;
        if (text.charCodeAt(i) !== (map ? CLOSE_BRACE : CLOSE_BRACKET)) {
          stack.push({ node, map, place: at });
          if (map) i = this.key(i);
          continue;
        }
        // An empty object or array.
        this.spaceBefore = false;
        end = this.nodeEnd(at, i + 1);
        node.range = [node.range[0], i + 1, end];
      } else {
        end = this.scalar(i);
      }
      // A node ended at `end`: close what ends with it, then on to the next value.
      for (;;) {
        const top = stack[stack.length - 1];
        if (!top) {
          // The document's value: the document ends over the white space of one more line.
          const documentEnd = text.charCodeAt(end - 1) === LF ? this.lineEnd(end) : end;
          return composedDocument(this.root!, [documentStart, end, documentEnd]);
        }
        // The white space after the node, up to `,` or the closing bracket (none after an item's).
        const after = this.space(end);
        const next = text.charCodeAt(after);
        if (next === COMMA) {
          const rest = this.breaks;
          i = this.space(after + 1);
          // A blank line before the comma counts for a key (its white space is the key's), not for an item (it is the item before's).
          this.spaceBefore = this.breaks >= 2 || (top.map && rest >= 2);
          if (top.map) i = this.key(i);
          break;
        }
        if (next !== (top.map ? CLOSE_BRACE : CLOSE_BRACKET)) throw new Error(`not JSON at offset ${after}`);
        stack.pop();
        end = this.nodeEnd(top.place, after + 1);
        top.node.range = [top.node.range![0], after + 1, end];
      }
    }
  }

  /** Past white space from `from`, counting its line breaks in `breaks`. */
  private space(from: number): number {
    const { text, length } = this;
    let breaks = 0;
    let at = from;
    for (; at < length; at++) {
      const c = text.charCodeAt(at);
      if (c === LF) breaks++;
      else if (c !== SPACE && c !== TAB && c !== CR) break;
    }
    this.breaks = breaks;
    return at;
  }

  /** Past the spaces and tabs after `from`, and one line break if one follows them. */
  private lineEnd(from: number): number {
    const { text } = this;
    let at = from;
    let c = text.charCodeAt(at);
    while (c === SPACE || c === TAB) c = text.charCodeAt(++at);
    if (c === LF) return at + 1;
    if (c === CR && text.charCodeAt(at + 1) === LF) return at + 2;
    return at;
  }

  /** Where a node that stands at `place` and whose value ends at `end` ends for `yaml`. */
  private nodeEnd(place: number, end: number): number {
    return place === KEY ? end : place === VALUE ? this.lineEnd(end) : this.space(end);
  }

  /** Where the node read next stands. */
  private placeNow(): typeof VALUE | typeof ITEM {
    return this.pair || this.stack.length === 0 ? VALUE : ITEM;
  }

  /** Puts a node where the reader is: the document's value, a pair's value, an array's item. */
  private place(node: JsonNode): void {
    if (this.spaceBefore) {
      node.spaceBefore = true;
      this.spaceBefore = false;
    }
    if (this.pair) {
      this.pair.value = node;
      this.pair = undefined;
    } else if (this.stack.length > 0) {
      (this.stack[this.stack.length - 1].node as YAMLSeq<JsonNode>).items.push(node);
    } else {
      this.root = node;
    }
  }

  /** The scalar at `start`, placed; returns where its node ends (as `yaml` ends it). */
  private scalar(start: number): number {
    const { text } = this;
    const node: Scalar = Object.create(BLANK.scalar);
    let end: number;
    const at = this.placeNow();
    if (text.charCodeAt(start) === QUOTE) {
      end = stringEnd(text, start);
      const value = stringValue(text, start, end);
      node.value = value;
      node.range = [start, end, this.nodeEnd(at, end)];
      node.source = value;
      node.type = QUOTE_DOUBLE;
    } else {
      end = start + 1;
      while (end < this.length && !isDelimiter(text.charCodeAt(end))) end++;
      const source = text.slice(start, end);
      const exponent = plainValue(node, source);
      node.range = [start, end, this.nodeEnd(at, end)];
      node.source = source;
      node.type = PLAIN;
      if (exponent) node.format = 'EXP';
    }
    this.place(node);
    return node.range[2];
  }

  /** The key at `start` (a string), its `:` and the white space to its value; returns where the value starts. */
  private key(start: number): number {
    const { text } = this;
    if (text.charCodeAt(start) !== QUOTE) throw new Error(`not JSON at offset ${start}`);
    const node: Scalar = Object.create(BLANK.scalar);
    const end = stringEnd(text, start);
    const value = stringValue(text, start, end);
    node.value = value;
    node.range = [start, end, end];
    node.source = value;
    node.type = QUOTE_DOUBLE;
    if (this.spaceBefore) node.spaceBefore = true;
    const pair: Pair<Scalar, JsonNode> = Object.create(BLANK.pair);
    pair.key = node;
    pair.value = null;
    (this.stack[this.stack.length - 1].node as YAMLMap<Scalar, JsonNode>).items.push(pair);
    this.pair = pair;
    let at = this.space(end);
    const before = this.breaks;
    if (text.charCodeAt(at) !== COLON) throw new Error(`not JSON at offset ${at}`);
    at = this.space(at + 1);
    this.spaceBefore = before >= 2 || this.breaks >= 2;
    return at;
  }
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

