import type { Document, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { lineEnd, scanJson, skipSpace, type JsonError, type JsonReader } from './json-error.js';
import { readerBreaks, type ReaderBreak } from './line-breaks.js';
import { toPointer } from './pointer.js';
import { collectionNode, composedDocument, pairNode, scalarNode } from './documents.js';

/**
 * JSON files read without `yaml`: readJson gives the data (JSON.parse) and what the parser must
 * report of it (duplicate keys, nesting past the limit), jsonDocument the `yaml` nodes that
 * `yaml`'s own parse of the same text composes, for placing findings and rendering fixes. Each is
 * a reader of the one scan of JSON text (src/parse/json-error.ts), which no nesting can overflow.
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
  const { duplicates, plainScalars, tooDeep } = reader;
  return tooDeep === undefined ? { value, duplicates, plainScalars, breaks: readerBreaks(text) } : { tooDeep };
}

/** readJson's reader of the scan's tokens: duplicate keys, depth, plain scalars. */
class DataReader implements JsonReader {
  readonly duplicates: JsonDuplicate[] = [];
  plainScalars = 0;
  tooDeep: number | undefined;
  /** Each open object's keys so far, each with the offset of its first occurrence (none for an array), and its current key or an array's current index. */
  private readonly stack: Array<{ keys: Map<string, number> | undefined; key: string; index: number }> = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  open(at: number, object: boolean): boolean | void {
    if (this.stack.length + 1 > this.maxDepth) {
      this.tooDeep = at;
      return true;
    }
    this.stack.push({ keys: object ? new Map() : undefined, key: '', index: 0 });
  }

  close(): void {
    this.stack.pop();
  }

  separator(colon: boolean): void {
    if (!colon) this.stack[this.stack.length - 1].index++;
  }

  key(start: number, end: number): void {
    const { stack } = this;
    const top = stack[stack.length - 1];
    const key = stringValue(this.text, start, end);
    top.key = key;
    const first = top.keys!.get(key);
    if (first === undefined) top.keys!.set(key, start);
    else this.duplicates.push({ key, path: toPointer(stack.map(({ keys, key, index }) => (keys ? key : String(index)))), range: [start, end], first });
  }

  scalar(start: number, end: number, quoted: boolean): void {
    if (!quoted) this.plainScalars++;
  }
}

/** The value of the string from `start` (its opening quote) to `end` (after its closing one). */
function stringValue(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : inner;
}

type JsonNode = Scalar | YAMLMap<Scalar, JsonNode> | YAMLSeq<JsonNode>;

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
  return composedDocument(reader.root, [start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1, end, text[end - 1] === '\n' ? lineEnd(text, end) : end]);
}

/** jsonDocument's reader of the scan's tokens. */
class NodeReader implements JsonReader {
  root: JsonNode | undefined;
  /** Each open object or array: its node, whether it is an object, and whether it is an array's item (see nodeEnd). */
  private readonly stack: Array<{ node: YAMLMap<Scalar, JsonNode> | YAMLSeq<JsonNode>; map: boolean; item: boolean }> = [];
  /** The pair whose value is read next (in an object, after its `:`). */
  private pair: Pair<Scalar, JsonNode> | undefined;
  /** The token before a node (`[`, `{`, `,` or `:`; none before the document's value), and the line breaks before that token. */
  private before: '{' | ',' | ':' | undefined;
  private beforeBreaks = 0;

  constructor(private readonly text: string) {}

  open(at: number, object: boolean, breaks: number): void {
    const node = collectionNode<JsonNode>(object);
    node.flow = true;
    node.range = [at, at, at];
    this.stack.push({ node, map: object, item: this.place(node, breaks) });
    this.before = '{';
  }

  close(end: number): void {
    const { node, item } = this.stack.pop()!;
    node.range = [node.range![0], end, this.nodeEnd(item, end)];
  }

  separator(colon: boolean, breaks: number): void {
    this.before = colon ? ':' : ',';
    this.beforeBreaks = breaks;
  }

  key(start: number, end: number, breaks: number): void {
    const node = quoted(this.text, start, end, end);
    if (this.spaceBefore(breaks)) node.spaceBefore = true;
    const pair = pairNode<JsonNode>(node, null);
    (this.stack[this.stack.length - 1].node as YAMLMap<Scalar, JsonNode>).items.push(pair);
    this.pair = pair;
  }

  scalar(start: number, end: number, isQuoted: boolean, breaks: number): void {
    const nodeEnd = this.nodeEnd(!this.pair && this.stack.length > 0, end);
    this.place(isQuoted ? quoted(this.text, start, end, nodeEnd) : plain(this.text.slice(start, end), [start, end, nodeEnd]), breaks);
  }

  /**
   * Whether the node that starts after `breaks` line breaks has a blank line before it, as `yaml`
   * reads what precedes it: for a member's value, before its `:` or after; for an item, after its
   * `[` or `,`; for a key, after its `{` or `,`, or before that `,` past the first line break,
   * which ends the value before (nodeEnd; no lone CR is left in the text).
   */
  private spaceBefore(breaks: number): boolean {
    if (this.before === ':') return this.beforeBreaks >= 2 || breaks >= 2;
    if (this.before === ',') return breaks >= 2 || (this.stack[this.stack.length - 1].map && this.beforeBreaks >= 3);
    return this.before === '{' && breaks >= 2;
  }

  /** Puts a node where the reader is: the document's value, a pair's value, an array's item; returns whether an item. */
  private place(node: JsonNode, breaks: number): boolean {
    if (this.spaceBefore(breaks)) node.spaceBefore = true;
    if (this.pair) {
      this.pair.value = node;
      this.pair = undefined;
    } else if (this.stack.length === 0) {
      this.root = node;
    } else {
      (this.stack[this.stack.length - 1].node as YAMLSeq<JsonNode>).items.push(node);
      return true;
    }
    return false;
  }

  /**
   * Where `yaml` ends a node whose value ends at `end`: an array's item over all white space up to
   * its `,` or `]`; a member's value or the document's value over the spaces and tabs after it and
   * one line break.
   */
  private nodeEnd(item: boolean, end: number): number {
    return item ? skipSpace(this.text, end) : lineEnd(this.text, end);
  }
}

/** A string's node over [start, end), whose node ends at `nodeEnd`. */
function quoted(text: string, start: number, end: number, nodeEnd: number): Scalar {
  const value = stringValue(text, start, end);
  return scalarNode(value, 'QUOTE_DOUBLE', value, [start, end, nodeEnd]);
}

/**
 * A number's, true's, false's or null's node, valued under the core schema as `yaml` resolves it
 * (an integer by parseInt, other numbers by parseFloat), with the number format `yaml` marks.
 */
function plain(source: string, range: [number, number, number]): Scalar {
  if (source === 'true' || source === 'false' || source === 'null') return scalarNode(source === 'null' ? null : source === 'true', 'PLAIN', source, range);
  if (INTEGER.test(source)) return scalarNode(parseInt(source, 10), 'PLAIN', source, range);
  const node = scalarNode(parseFloat(source), 'PLAIN', source, range);
  const dot = source.indexOf('.');
  if (EXPONENT.test(source)) node.format = 'EXP';
  // `yaml` keeps a float's trailing zeros (`1.50`) to write it back.
  else if (dot !== -1 && source.endsWith('0')) node.minFractionDigits = source.length - dot - 1;
  return node;
}
const INTEGER = /^-?[0-9]+$/;
const EXPONENT = /[eE]/;
