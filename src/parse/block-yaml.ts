import type { Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { collectionNode, pairNode, scalarNode } from './documents.js';

/**
 * A reader for the YAML that configuration repositories hold almost always — one document, block
 * mappings and sequences, one-line scalars, literal and folded block scalars, one-line flow lists,
 * comments — that returns the same data as the full parse (`parseText`, the `yaml` package with
 * the YAML 1.2 core schema) or `undefined` for any text outside that subset or with something the
 * full parse would report. It makes no findings. parseText takes its data for files in the
 * subset (a document, or each of a stream's documents separated by `---` lines), and has it build
 * the very nodes `yaml` would compose (BlockReading.nodes) only when a finding needs placing;
 * everything it declines goes to `yaml`. It is written for speed — one screen of the text, then
 * one pass over the characters, no tokens — and for caution: when in doubt, it declines.
 *
 * Declined, among others: tabs, carriage returns, control characters, a byte-order mark; `---`,
 * `...` and `%` directives; anchors, aliases, tags, merge keys, complex and quoted keys, keys that
 * are not plain words with single spaces between them (or read as null, booleans or numbers),
 * duplicate keys; multi-line plain and
 * quoted scalars, escapes in double quotes; flow mappings other than `{}`, nested flow lists;
 * numbers other than plain decimals; plain strings YAML 1.1 reads as booleans or numbers (the full
 * parse warns of those); block scalars with keep chomping, an indentation indicator, or
 * more-indented lines in a folded one.
 */
export function readBlockYaml(text: string, maxDepth: number): Record<string, unknown> | undefined {
  return isPlainText(text) ? readBlock(text, maxDepth, false)?.value : undefined;
}

/**
 * A document read once: its data, and what the reader noted of its nodes on the way (offsets,
 * styles, comments, in a flat list), from which `nodes()` builds the `yaml` nodes when
 * something asks for them, without reading the text again. `nodes()` is `undefined` where the
 * reader takes the data but does not place the nodes as `yaml` would (an empty value, some
 * comment placements): those nodes are `yaml`'s to make.
 */
export interface BlockReading {
  value: Record<string, unknown>;
  /**
   * The `yaml` nodes the full parse would compose (classes, values, styles and source ranges), and
   * where the document's content starts, its offsets moved `shift` characters on (a stream's part in
   * the whole text).
   */
  nodes(shift: number): { contents: YAMLMap<Scalar, unknown>; start: number } | undefined;
  /** Each comment's offsets, moved `shift` characters on: from its `#` to the end of its line. */
  comments(shift: number): Array<[number, number]>;
  /**
   * The notes walked in text order for a reader of keys and values (masking's credentials,
   * src/schema/secrets.ts), offsets moved `shift` on; `undefined` where `nodes()` gives
   * `undefined` (the nodes are then `yaml`'s, and so are their offsets).
   */
  visit: ((shift: number, visitor: NoteVisitor) => void) | undefined;
}

/**
 * What {@link BlockReading.visit} tells of a document's nodes, as a walk of the nodes `nodes()`
 * would build tells it: every key (it is judged once, and chooses whether its value is taken
 * whole), every scalar outside a taken value, and each taken value with the data inside it.
 */
export interface NoteVisitor {
  /** A key outside taken values, and the offset of its `:` (always right after it): whether its value is taken. */
  key(name: string, colon: number): boolean;
  /** A scalar outside taken values (keys left out): its data, style and source range. */
  scalar(value: unknown, type: Scalar.Type, start: number, end: number): void;
  /**
   * A taken value: a scalar's data and style (a collection's: `undefined`, no style), its source
   * range, and the data of every scalar in it, keys included (a scalar's own data for a scalar).
   */
  taken(value: unknown, type: Scalar.Type | undefined, start: number, end: number, inside: readonly unknown[]): void;
}

/**
 * readBlockYaml, noting the nodes as it goes (see BlockReading; `record` false: the data alone, some
 * 20 % fewer instructions, for a fix's read-back), of a text the caller has found plain
 * (isPlainText), or a part of one.
 */
export function readBlock(text: string, maxDepth: number, record = true): BlockReading | undefined {
  const reader = new BlockReader(text, maxDepth, record);
  try {
    const indent = reader.nextContentIndent();
    if (indent !== 0 || reader.atSequenceEntry()) return undefined;
    const start = reader.content;
    const value = reader.mapping(0, 1, true);
    if (reader.nextContentIndent() !== -1) return undefined;
    return {
      value,
      nodes: (shift) => (reader.placeable ? { contents: buildNodes(reader.ops, reader.values, shift) as YAMLMap<Scalar, BuiltNode>, start: start + shift } : undefined),
      comments: (shift) => reader.commentRanges(shift),
      visit: reader.placeable ? (shift, visitor) => visitNotes(reader.ops, reader.values, shift, visitor) : undefined,
    };
  } catch (error) {
    if (error === DECLINE) return undefined;
    throw error;
  }
}

/** One document's part of a stream: its `---` line, and where its text starts and ends. */
export interface StreamPart {
  marker?: number;
  start: number;
  end: number;
}

/**
 * The parts of a stream separated by lines that are exactly `---`: what precedes the first such
 * line (unless nothing does), then what follows each. `undefined` for a text with no such line,
 * or with more than `maxParts` parts (the full parse reads such a stream up to its limit).
 */
export function streamParts(text: string, maxParts = Infinity): StreamPart[] | undefined {
  const markers: number[] = [];
  for (let at = text.indexOf('---'); at !== -1; at = text.indexOf('---', at + 3)) {
    if ((at === 0 || text.charCodeAt(at - 1) === NEWLINE) && (at + 3 === text.length || text.charCodeAt(at + 3) === NEWLINE)) {
      // (One more marker than parts allowed is too many whether or not text precedes the first.)
      if (markers.length >= maxParts) return undefined;
      markers.push(at);
    }
  }
  if (markers.length === 0 || (markers[0] > 0 && markers.length >= maxParts)) return undefined;
  const parts: StreamPart[] = [];
  if (markers[0] > 0) parts.push({ start: 0, end: markers[0] });
  markers.forEach((marker, i) => parts.push({ marker, start: Math.min(marker + 4, text.length), end: markers[i + 1] ?? text.length }));
  return parts;
}

/** Thrown from anywhere in the reader when the text leaves the subset; caught at the top. */
const DECLINE = Symbol('decline');

const NEWLINE = 10;
const SPACE = 32;
const HASH = 35;
const COLON = 58;
const DASH = 45;

/**
 * Text the reader can take character by character: line feeds and printable characters only. Not
 * tabs, carriage returns and other control characters (C0, DEL, C1), surrogates (lone or paired),
 * line and paragraph separators, a BOM, the non-characters U+FFFE and U+FFFF. Written as the
 * characters it takes, from the start to the end (a regular expression scans faster than a loop,
 * and this one faster than a search for the characters it refuses).
 */
const PLAIN_TEXT = /^[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*$/;

/** Whether the reader can take the text character by character (see PLAIN_TEXT). */
export function isPlainText(text: string): boolean {
  return PLAIN_TEXT.test(text);
}

/** A plain key: a word of letters, digits and `_ - . /`, starting with a letter or `_`. */
function isKeyStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isKeyPart(c: number): boolean {
  return isKeyStart(c) || (c >= 48 && c <= 57) || c === DASH || c === 46 || c === 47;
}

/** The words the core schema reads as null or booleans. */
const CORE_WORDS = new Map<string, null | boolean>([
  ...['~', 'null', 'Null', 'NULL'].map((word) => [word, null] as const),
  ...['true', 'True', 'TRUE'].map((word) => [word, true] as const),
  ...['false', 'False', 'FALSE'].map((word) => [word, false] as const),
]);
/** The words YAML 1.1 reads as booleans (YAML 1.2, and dplint, read them as strings). */
const YAML11_BOOLEAN = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
/** Keys the core schema reads as null or booleans, or YAML 1.1 as booleans (none longer than five characters). */
const NOT_STRING_KEY = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
/**
 * Text that YAML 1.1 (src/engine/yaml11.ts) may read as a number or a date where YAML 1.2 reads
 * a string, beyond OTHER_NUMBER: underscores (`1_000`), binary and signed hex (`0b1`, `+0x1F`), a
 * date's start (`2024-01-01`). Some strings it takes are strings to YAML 1.1 too: declined all the same.
 */
const YAML11_OTHER = /_|^[-+]?0[bx]|^[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?/;
const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
/**
 * Every other number of the core schema (signs, leading zeros, leading or trailing dots,
 * exponents, hex, octal, infinities, NaN), and YAML 1.1's octals and base-60 numbers.
 */
const OTHER_NUMBER =
  /^(?:[-+]?(?:[0-9]+|\.[0-9]+|[0-9]+\.[0-9]*|(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|\.(?:inf|Inf|INF)|0[0-7_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?)|0x[0-9a-fA-F]+|0o[0-7]+|\.nan|\.NaN|\.NAN)$/;

type BuiltNode = Scalar | YAMLMap<Scalar, BuiltNode> | YAMLSeq<BuiltNode>;

/**
 * What the reader notes of the nodes, in the order the full parse nests them: a scalar is
 * SCALAR, its style, its range (three offsets), with its value and source in `values`; a
 * collection is MAP or SEQ, whether it is a flow one, its items (a mapping's: key, value, key,
 * value…), then CLOSE and its range.
 */
const SCALAR = 0;
const MAP = 1;
const SEQ = 2;
const CLOSE = 3;
const STYLES = ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;
const PLAIN = 0;
const LITERAL = 3;
const FOLDED = 4;

/** The `yaml` nodes noted in `ops` and `values` (see SCALAR), their offsets moved `shift` on. */
function buildNodes(ops: readonly number[], values: readonly unknown[], shift: number): BuiltNode {
  let op = 0;
  let at = 0;
  const next = (): BuiltNode => {
    const kind = ops[op++];
    if (kind === SCALAR) {
      const value = values[at++];
      const type = STYLES[ops[op++]];
      return scalarNode(value, type, values[at++] as string, [ops[op++] + shift, ops[op++] + shift, ops[op++] + shift]);
    }
    const flow = ops[op++] === 1;
    const node = collectionNode<BuiltNode>(kind === MAP);
    if (kind === MAP) {
      const map = node as YAMLMap<Scalar, BuiltNode>;
      while (ops[op] !== CLOSE) map.items.push(pairNode(next() as Scalar, next()));
    } else {
      const seq = node as YAMLSeq<BuiltNode>;
      while (ops[op] !== CLOSE) seq.items.push(next());
    }
    if (flow) node.flow = true;
    op++;
    node.range = [ops[op++] + shift, ops[op++] + shift, ops[op++] + shift];
    return node;
  };
  return next();
}

/**
 * The notes walked for a {@link NoteVisitor}, in the order `buildNodes` reads them (the text's),
 * without building a node: a mapping's items are key, value, key, value…, and a taken value is
 * walked only for the data of its scalars. One loop over the notes, with a stack of what each open
 * collection expects next (no call a node: a cluster file's few hundred nodes are walked for
 * every file with findings).
 */
function visitNotes(ops: readonly number[], values: readonly unknown[], shift: number, visitor: NoteVisitor): void {
  const open: number[] = [];
  // The data of the taken collection being walked, and how many collections were open around it.
  let inside: unknown[] | undefined;
  let insideAt = 0;
  // Whether the next node is the value of a key the visitor took.
  let taken = false;
  let at = 0;
  for (let op = 0; op < ops.length; ) {
    const kind = ops[op];
    if (kind === SCALAR) {
      const value = values[at];
      at += 2;
      const top = open.length - 1;
      const expects = open[top];
      open[top] = expects === KEY_NEXT ? VALUE_NEXT : expects === VALUE_NEXT ? KEY_NEXT : expects;
      if (inside) inside.push(value);
      // A key is always plain, its `:` right after it (its end).
      else if (expects === KEY_NEXT) taken = visitor.key(value as string, ops[op + 3] + shift);
      else if (taken) {
        visitor.taken(value, STYLES[ops[op + 1]], ops[op + 2] + shift, ops[op + 3] + shift, [value]);
        taken = false;
      } else visitor.scalar(value, STYLES[ops[op + 1]], ops[op + 2] + shift, ops[op + 3] + shift);
      op += 5;
    } else if (kind === CLOSE) {
      open.pop();
      if (inside && open.length === insideAt) {
        visitor.taken(undefined, undefined, ops[op + 1] + shift, ops[op + 2] + shift, inside);
        inside = undefined;
      }
      const top = open.length - 1;
      if (top >= 0 && open[top] === VALUE_NEXT) open[top] = KEY_NEXT;
      op += 4;
    } else {
      if (taken) {
        inside = [];
        insideAt = open.length;
        taken = false;
      }
      open.push(kind === MAP ? KEY_NEXT : ITEM_NEXT);
      op += 2;
    }
  }
}

/** What an open collection expects next (visitNotes): a mapping's key or value, or a sequence's item. */
const KEY_NEXT = 0;
const VALUE_NEXT = 1;
const ITEM_NEXT = 2;

class BlockReader {
  /** Offset of the start of the line the reader is on. */
  private line = 0;
  /** Offset of the first non-space character of that line, set by nextContentIndent. */
  content = 0;
  /** When recording: the nodes noted (see SCALAR), and the values and sources of their scalars. */
  readonly ops: number[] = [];
  readonly values: unknown[] = [];
  /** When recording: the end (third offset) of the node noted last. */
  private lastEnd = 0;
  /** When recording: false once the reader meets nodes it does not place as `yaml` would (their data is right). */
  placeable = true;
  /**
   * When recording: the comments passed, each its `#` and its line's end, in one flat list (not a
   * pair each: a clean file's comments are never asked for).
   */
  private readonly comments: number[] = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly record: boolean,
  ) {}

  private scalar(value: unknown, style: number, source: string, start: number, end: number, nodeEnd: number): void {
    this.ops.push(SCALAR, style, start, end, nodeEnd);
    this.values.push(value, source);
    this.lastEnd = nodeEnd;
  }

  private close(start: number, end: number, nodeEnd: number): void {
    this.ops.push(CLOSE, start, end, nodeEnd);
    this.lastEnd = nodeEnd;
  }

  /** The comments passed, each its `#` and its line's end, moved `shift` characters on. */
  commentRanges(shift: number): Array<[number, number]> {
    const ranges: Array<[number, number]> = [];
    for (let i = 0; i < this.comments.length; i += 2) ranges.push([this.comments[i] + shift, this.comments[i + 1] + shift]);
    return ranges;
  }

  /**
   * Moves to the next line with content (skipping empty and comment-only lines) and returns its
   * indentation, or -1 at the end of the text.
   */
  nextContentIndent(): number {
    const { text } = this;
    let line = this.line;
    while (line < text.length) {
      let i = line;
      while (text.charCodeAt(i) === SPACE) i++;
      const c = text.charCodeAt(i);
      if (i < text.length && c !== NEWLINE && c !== HASH) {
        this.line = line;
        this.content = i;
        return i - line;
      }
      const end = text.indexOf('\n', i);
      if (this.record && c === HASH) this.comments.push(i, end === -1 ? text.length : end);
      line = end === -1 ? text.length : end + 1;
    }
    this.line = line;
    this.content = line;
    return -1;
  }

  /** Whether the current content line starts with a sequence entry (`-` then a space or the line's end). */
  atSequenceEntry(): boolean {
    return this.text.charCodeAt(this.content) === DASH && this.isBlankOrEnd(this.content + 1);
  }

  private isBlankOrEnd(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return i >= this.text.length || c === SPACE || c === NEWLINE;
  }

  /** A block mapping whose keys sit at `indent`; the reader is on its first key's line. */
  mapping(indent: number, depth: number, atRoot = false): Record<string, unknown> {
    if (depth >= this.maxDepth) throw DECLINE;
    const map: Record<string, unknown> = {};
    const start = this.content;
    if (this.record) this.ops.push(MAP, 0);
    this.entry(map, this.content, indent, depth);
    for (;;) {
      const next = this.nextContentIndent();
      if (next < indent) break;
      if (next > indent || this.atSequenceEntry()) throw DECLINE;
      this.entry(map, this.content, indent, depth);
    }
    if (this.record) this.collection(start, this.lastEnd, indent, atRoot ? 'root' : 'nested');
    return map;
  }

  /** One `key: value` starting at `start`, whose key sits at column `indent`. */
  private entry(map: Record<string, unknown>, start: number, indent: number, depth: number): void {
    const { text } = this;
    const i = this.keyEnd(start);
    if (i === -1 || i - start > 1000) throw DECLINE;
    const key = text.slice(start, i);
    if (Object.prototype.hasOwnProperty.call(map, key) || key === '__proto__' || (i - start <= 5 && NOT_STRING_KEY.test(key))) throw DECLINE;
    if (this.record) this.scalar(key, PLAIN, key, start, i, i);
    map[key] = this.valueAfter(i + 1, indent, true, depth);
  }

  /**
   * Where a plain key starting at `start` ends, when `: ` (or `:` at the line's end) follows it;
   * else -1. Words of the key may be separated by single spaces (`cost center`): a plain scalar
   * keeps its inner spaces, and no word character after a space starts anything else.
   */
  private keyEnd(start: number): number {
    const { text } = this;
    if (!isKeyStart(text.charCodeAt(start))) return -1;
    let i = start + 1;
    for (;;) {
      const c = text.charCodeAt(i);
      if (isKeyPart(c) || (c === SPACE && isKeyPart(text.charCodeAt(i + 1)))) i++;
      else break;
    }
    return text.charCodeAt(i) === COLON && this.isBlankOrEnd(i + 1) ? i : -1;
  }

  /**
   * A block collection's range as the full parse gives it: from its first item to the end of its
   * last value; with comment lines of its own after that (at its indentation or deeper), on up
   * to whatever comes next. The document's own trailing comments are the document's.
   */
  private collection(start: number, end: number, indent: number, placement: 'root' | 'compact' | 'nested'): void {
    const { text } = this;
    let hasComments = false;
    let shallower = false;
    for (let line = end; placement !== 'root' && line < this.line; ) {
      let i = line;
      while (text.charCodeAt(i) === SPACE) i++;
      if (text.charCodeAt(i) === HASH) {
        // A sequence at its key's indentation in the document's own mapping leaves comments at
        // that indentation to the mapping; deeper ones are placed by rules not worth copying.
        if (placement === 'compact') {
          if (i - line > indent) this.placeable = false;
        } else if (i - line < indent) shallower = true;
        // A comment of its own after one of its parent's: placed by rules not worth copying.
        else if (shallower) this.placeable = false;
        else hasComments = true;
      }
      line = this.endOfLine(i);
    }
    this.close(start, end, hasComments ? this.content : end);
  }

  /**
   * The value that follows an indicator (`key:` or `-`) ending before `from`: on the same line, or
   * in the lines below. `indent` is the column of the key or dash, which a block scalar's lines
   * must pass; `inMapping` allows a sequence at the key's own indentation.
   */
  private valueAfter(from: number, indent: number, inMapping: boolean, depth: number): unknown {
    const { text } = this;
    let i = from;
    while (text.charCodeAt(i) === SPACE) i++;
    const c = text.charCodeAt(i);
    if (i >= text.length || c === NEWLINE || (c === HASH && i > from)) {
      if (c === HASH && this.record) this.comments.push(i, this.lineEnd(i));
      this.line = this.endOfLine(i);
      const next = this.nextContentIndent();
      if (next > indent) return this.atSequenceEntry() ? this.sequence(next, depth + 1, false) : this.mapping(next, depth + 1);
      if (next === indent && inMapping && this.atSequenceEntry()) return this.sequence(next, depth + 1, true);
      // An empty value: its node's range is placed by rules not worth copying.
      this.placeable = false;
      return null;
    }
    if (i === from) throw DECLINE;
    return this.inline(i, indent, depth);
  }

  /** A block sequence whose dashes sit at `indent`; `compact` when it is a mapping value at the key's own indentation. */
  private sequence(indent: number, depth: number, compact: boolean): unknown[] {
    if (depth >= this.maxDepth) throw DECLINE;
    const items: unknown[] = [];
    const start = this.content;
    if (this.record) this.ops.push(SEQ, 0);
    for (;;) {
      items.push(this.item(indent, depth));
      const next = this.nextContentIndent();
      if (next < indent) break;
      if (next > indent) throw DECLINE;
      if (!this.atSequenceEntry()) {
        if (compact) break;
        throw DECLINE;
      }
    }
    // (depth 2: the value of a key of the document's own mapping)
    if (this.record) this.collection(start, this.lastEnd, indent, compact && depth === 2 ? 'compact' : 'nested');
    return items;
  }

  /** One `- …` entry whose dash is at the reader's content offset. */
  private item(indent: number, depth: number): unknown {
    const { text } = this;
    const dash = this.content;
    let i = dash + 1;
    while (text.charCodeAt(i) === SPACE) i++;
    // `- key: value`: a mapping whose keys line up with the first one.
    if (this.keyEnd(i) !== -1) {
      this.content = i;
      return this.mapping(indent + (i - dash), depth + 1);
    }
    return this.valueAfter(dash + 1, indent, false, depth);
  }

  /** A value written on the line of its key or dash (at column `indent`), starting at `start`. */
  private inline(start: number, indent: number, depth: number): unknown {
    const { text } = this;
    switch (text.charCodeAt(start)) {
      case 0x7c /* | */:
      case 0x3e /* > */:
        return this.blockScalar(start, indent);
      case 0x22 /* " */:
      case 0x27 /* ' */: {
        const [value, end] = this.quoted(start);
        this.line = this.endOfLine(this.afterValue(end));
        if (this.record) this.scalar(value, quoteStyle(text.charCodeAt(start)), value, start, end, this.nodeEnd(indent));
        return value;
      }
      case 0x5b /* [ */:
        if (depth + 1 >= this.maxDepth) throw DECLINE;
        return this.flowList(start, indent);
      case 0x7b /* { */: {
        if (text.charCodeAt(start + 1) !== 0x7d || depth + 1 >= this.maxDepth) throw DECLINE;
        this.line = this.endOfLine(this.afterValue(start + 2));
        if (this.record) {
          this.ops.push(MAP, 1);
          this.close(start, start + 2, this.nodeEnd(indent));
        }
        return {};
      }
      default: {
        const end = this.plainEnd(start);
        const source = text.slice(start, end);
        const value = plainValue(source);
        if (this.record) this.scalar(value, PLAIN, source, start, end, this.nodeEnd(indent));
        return value;
      }
    }
  }

  /**
   * Where the node of a value that ends its line ends, for the full parse: after the line, and
   * after the comment lines right below it that sit deeper than its key or dash.
   */
  private nodeEnd(indent: number): number {
    const { text } = this;
    let line = this.line;
    while (line < text.length) {
      let i = line;
      while (text.charCodeAt(i) === SPACE) i++;
      if (i - line <= indent || text.charCodeAt(i) !== HASH) break;
      line = this.endOfLine(i);
    }
    return line;
  }

  /**
   * Where a one-line plain scalar starting at `start` ends (trailing spaces and a comment left
   * out); moves the reader to the next line.
   */
  private plainEnd(start: number): number {
    const { text } = this;
    const first = text.charCodeAt(start);
    // Indicators that begin something other than a plain scalar; `-`, `?` and `:` only before a space.
    if (
      first === 0x2c || first === 0x5d || first === 0x7d || first === 0x26 || first === 0x2a || first === 0x21 ||
      first === 0x25 || first === 0x40 || first === 0x60 || first === 0x3f || first === COLON ||
      (first === DASH && this.isBlankOrEnd(start + 1))
    ) {
      throw DECLINE;
    }
    let end = start;
    let i = start;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NEWLINE) break;
      if (c === SPACE) {
        if (text.charCodeAt(i + 1) === HASH) {
          if (this.record) this.comments.push(i + 1, this.lineEnd(i));
          break;
        }
        continue;
      }
      // `a: b` on one line would be a mapping inside a mapping; a plain scalar may not hold it.
      if (c === COLON && this.isBlankOrEnd(i + 1)) throw DECLINE;
      end = i + 1;
    }
    this.line = this.endOfLine(i);
    return end;
  }

  /** A one-line quoted scalar: its value and the offset after the closing quote. */
  private quoted(start: number): [string, number] {
    const { text } = this;
    const quote = text.charCodeAt(start);
    let value = '';
    let from = start + 1;
    for (let i = from; ; i++) {
      if (i >= text.length) throw DECLINE;
      const c = text.charCodeAt(i);
      if (c === NEWLINE || (c === 0x5c /* \ */ && quote === 0x22)) throw DECLINE;
      if (c !== quote) continue;
      // '' inside single quotes is one quote.
      if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) {
        value += text.slice(from, i + 1);
        from = ++i + 1;
        continue;
      }
      return [value + text.slice(from, i), i + 1];
    }
  }

  /** After a complete value: only spaces and a comment may follow on the line. Returns where the line's content ends. */
  private afterValue(i: number): number {
    const { text } = this;
    const from = i;
    while (text.charCodeAt(i) === SPACE) i++;
    if (i >= text.length || text.charCodeAt(i) === NEWLINE) return i;
    if (text.charCodeAt(i) === HASH && i > from) {
      if (this.record) this.comments.push(i, this.lineEnd(i));
      return i;
    }
    throw DECLINE;
  }

  /** The start of the line after the one holding `i`. */
  private endOfLine(i: number): number {
    const end = this.text.indexOf('\n', i);
    return end === -1 ? this.text.length : end + 1;
  }

  /** Where the line holding `i` ends, before its line break. */
  private lineEnd(i: number): number {
    const end = this.text.indexOf('\n', i);
    return end === -1 ? this.text.length : end;
  }

  /** `[a, b, "c"]` on one line, the value of a key or dash at column `indent`: plain or quoted scalars, no nesting. */
  private flowList(start: number, indent: number): unknown[] {
    const { text } = this;
    const items: unknown[] = [];
    if (this.record) this.ops.push(SEQ, 1);
    let i = start + 1;
    while (text.charCodeAt(i) === SPACE) i++;
    let close = i;
    if (text.charCodeAt(i) !== 0x5d /* ] */) {
      for (;;) {
        const c = text.charCodeAt(i);
        let itemEnd: number;
        /** The item's value, style, source and end, noted once the spaces after it are known. */
        let value: unknown;
        let style: number;
        let source: string;
        let end: number;
        if (c === 0x22 || c === 0x27) {
          [value, end] = this.quoted(i);
          style = quoteStyle(c);
          source = value as string;
          itemEnd = end;
        } else {
          end = i;
          let j = i;
          for (; j < text.length; j++) {
            const d = text.charCodeAt(j);
            if (d === 0x2c || d === 0x5d) break;
            if (d === NEWLINE || d === 0x5b || d === 0x7b || d === 0x7d || d === 0x22 || d === 0x27 || d === HASH || d === COLON) throw DECLINE;
            if (d !== SPACE) end = j + 1;
          }
          source = text.slice(i, end);
          if (source === '' || /^[-?&*!|>%@`]/.test(source)) throw DECLINE;
          value = plainValue(source);
          style = PLAIN;
          itemEnd = j;
        }
        items.push(value);
        while (text.charCodeAt(itemEnd) === SPACE) itemEnd++;
        // An item's node takes the spaces before its comma or bracket.
        if (this.record) this.scalar(value, style, source, i, end, itemEnd);
        const separator = text.charCodeAt(itemEnd);
        if (separator === 0x5d) {
          close = itemEnd;
          break;
        }
        if (separator !== 0x2c) throw DECLINE;
        i = itemEnd + 1;
        while (text.charCodeAt(i) === SPACE) i++;
        // A trailing comma, or two in a row.
        if (text.charCodeAt(i) === 0x5d || text.charCodeAt(i) === 0x2c) throw DECLINE;
      }
    }
    this.line = this.endOfLine(this.afterValue(close + 1));
    if (this.record) this.close(start, close + 1, this.nodeEnd(indent));
    return items;
  }

  /**
   * A literal (`|`) or folded (`>`) block scalar, with clip or strip (`-`) chomping; its lines
   * must be indented deeper than `parentIndent`.
   */
  private blockScalar(start: number, parentIndent: number): string {
    const { text } = this;
    const folded = text.charCodeAt(start) === 0x3e;
    let i = start + 1;
    const strip = text.charCodeAt(i) === DASH;
    if (strip) i++;
    let lineStart = this.endOfLine(this.afterValue(i));
    if (lineStart >= text.length || text.charCodeAt(lineStart - 1) !== NEWLINE) throw DECLINE;

    const lines: string[] = [];
    let indent = -1;
    let contentEnd = lineStart;
    /** Empty lines seen since the last line with content. */
    let empty = 0;
    while (lineStart < text.length) {
      let j = lineStart;
      while (text.charCodeAt(j) === SPACE) j++;
      const spaces = j - lineStart;
      if (j >= text.length || text.charCodeAt(j) === NEWLINE) {
        // An empty line; one with more spaces than the content's indentation holds text.
        if (indent !== -1 ? spaces > indent : spaces > parentIndent) throw DECLINE;
        empty++;
        lineStart = Math.min(j + 1, text.length);
        continue;
      }
      if (indent === -1) {
        if (spaces <= parentIndent) break;
        indent = spaces;
      } else if (spaces < indent) {
        break;
      }
      if (folded && spaces > indent) throw DECLINE;
      const lineEnd = text.indexOf('\n', j);
      // A last line without a line break: the full parse's chomping of it is not worth copying.
      if (lineEnd === -1) throw DECLINE;
      if (lines.length > 0) lines.push(folded ? (empty === 0 ? ' ' : '\n'.repeat(empty)) : '\n'.repeat(empty + 1));
      else if (empty > 0) lines.push('\n'.repeat(empty));
      lines.push(text.slice(lineStart + indent, lineEnd));
      empty = 0;
      lineStart = lineEnd + 1;
      contentEnd = lineStart;
    }
    if (indent === -1) throw DECLINE;
    this.line = lineStart;
    const body = lines.join('');
    const value = strip ? body : `${body}\n`;
    if (this.record) this.scalar(value, folded ? FOLDED : LITERAL, value, start, contentEnd, contentEnd);
    return value;
  }
}

/** The style (an index into STYLES) of a scalar quoted with `quote`. */
function quoteStyle(quote: number): number {
  return quote === 0x22 ? 1 : 2;
}

/** A one-line plain scalar's value under the core schema, or a decline where the subset stops. */
function plainValue(source: string): unknown {
  // (Every word either schema reads as null or a boolean is five characters or fewer: a longer value is not hashed or matched for them.)
  if (source.length <= 5) {
    const word = CORE_WORDS.get(source);
    if (word !== undefined) return word;
    if (YAML11_BOOLEAN.test(source)) throw DECLINE;
  }
  const first = source.charCodeAt(0);
  // Digits, signs and dots: a plain decimal is a number; every other reading of such text is the full parse's to make.
  if ((first >= 48 && first <= 57) || first === DASH || first === 0x2b || first === 0x2e) {
    if (DECIMAL.test(source)) {
      const number = Number(source);
      // Long digit strings round, and -0 is a value of its own: the full parse's to read.
      if (source.length > 15 || (number === 0 && first === DASH)) throw DECLINE;
      return number;
    }
    if (OTHER_NUMBER.test(source)) throw DECLINE;
    // A string to YAML 1.2 that YAML 1.1 reads as a number or a date: yaml/yaml11-ambiguous's, after the full parse.
    if (YAML11_OTHER.test(source)) throw DECLINE;
  }
  return source;
}
