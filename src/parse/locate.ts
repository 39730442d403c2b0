import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, type Alias, type Document, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { Finding, PathFinding, Range, ValueSpan } from '../types.js';
import { aliasExpansion } from './aliases.js';
import { rangeOf, type ParsedFile } from './parse.js';
import { toPointer, type DataPath } from './pointer.js';

/**
 * The one place where a data path becomes a source range.
 *
 * `key` points at the member's key (unknown, misspelt or duplicate members); `value` at its value,
 * except where the value is a block collection, where the key names the field better. A path that runs past what the document holds (a missing member) stops at the deepest
 * node that exists, so "required" findings land on the parent. Aliases and `<<` merge keys are
 * followed, so a finding points at the text the user wrote, where the anchor was defined.
 *
 * `within` narrows a string value to the characters a finding is about (see {@link spanOffsets}).
 */
export function locate(file: Pick<ParsedFile, 'text' | 'lineStarts'>, doc: Document.Parsed, path: DataPath, target: PathFinding['target'] = 'value', within?: ValueSpan): Range {
  const [start, end] = (within && target === 'value' && spanOffsets(file.text, doc, path, within)) || locateOffsets(file.text, doc, path, target);
  return rangeOf(file.lineStarts, start, end);
}

/**
 * A finding at its place, its fields in the order every output writes them: a file's own findings
 * (src/engine/lint.ts) and those across files (src/engine/repository.ts) are made the same way.
 */
export function placedFinding(found: Pick<Finding, 'ruleId' | 'severity' | 'message'>, path: DataPath, document: number | undefined, range: Range): Finding {
  return {
    ruleId: found.ruleId,
    severity: found.severity,
    message: found.message,
    path: toPointer(path),
    ...(document === undefined ? {} : { document }),
    line: range.line,
    column: range.column,
    endLine: range.endLine,
    endColumn: range.endColumn,
  };
}

function locateOffsets(text: string, doc: Document.Parsed, path: DataPath, target: PathFinding['target'] = 'value'): [number, number] {
  const { node, pair } = nodeAt(doc, path);
  const key = pair?.key;
  if (hasRange(key) && (target === 'key' || (isCollection(node) && !node.flow) || !hasRange(node))) return [key.range[0], key.range[1]];
  if (hasRange(node)) {
    if (isCollection(node)) return firstLine(text, node.range[0], node.range[1]);
    // An empty value marks one character, unless the text ends there.
    return [node.range[0], Math.max(node.range[1], Math.min(node.range[0] + 1, text.length))];
  }
  return firstLine(text, doc.range[0], doc.range[1]);
}

/** The node at a data path (aliases followed), or the deepest existing ancestor. */
export function nodeAt(doc: Document.Parsed, path: DataPath): { node: unknown; pair?: Pair; complete: boolean } {
  let node: unknown = doc.contents;
  let pair: Pair | undefined;
  let complete = true;
  for (const segment of path) {
    node = resolveAlias(doc, node);
    const next = child(doc, node, segment);
    if (!next) {
      complete = false;
      break;
    }
    ({ node, pair } = next);
  }
  return { node: resolveAlias(doc, node), pair, complete };
}

function child(doc: Document.Parsed, node: unknown, segment: string | number): { node: unknown; pair?: Pair } | undefined {
  if (isSeq(node)) {
    const index = Number(segment);
    return Number.isInteger(index) && index >= 0 && index < node.items.length ? { node: node.items[index] } : undefined;
  }
  if (!isMap(node)) return undefined;
  const { members, merges } = indexOf(doc, node);
  const pair = members.get(String(segment));
  if (pair) return { node: pair.value, pair };
  for (const pair of merges) {
    const sources = resolveAlias(doc, pair.value);
    for (const source of isSeq(sources) ? sources.items : [sources]) {
      const found = child(doc, resolveAlias(doc, source), segment);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A mapping's members by key name and its merge keys, made once per mapping: looking each finding's
 * key up by scanning would take quadratic time on a mapping with thousands of findings.
 */
interface MapIndex {
  members: Map<string, Pair>;
  merges: Pair[];
}

interface DocumentIndex {
  maps: Map<YAMLMap, MapIndex>;
  aliases?: Map<Alias, Node>;
}

/**
 * Where a document keeps its index: on the document itself, so that the index lives and dies with
 * it. (Not a module-wide map: a WeakMap keyed on the mappings kept every document alive through
 * V8's young-generation collections, and a "last document" variable made the result depend on
 * call order.)
 */
const INDEX = Symbol('dplint.locate-index');

function documentIndex(doc: Document.Parsed): DocumentIndex {
  const held = doc as Document.Parsed & { [INDEX]?: DocumentIndex };
  return (held[INDEX] ??= { maps: new Map() });
}

function indexOf(doc: Document.Parsed, node: YAMLMap): MapIndex {
  const { maps } = documentIndex(doc);
  let index = maps.get(node);
  if (index) return index;
  index = { members: new Map(), merges: [] };
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const name = keyName(pair.key);
    if (name === undefined) continue;
    // The last of duplicate keys is the one that is sent, so a later one replaces an earlier.
    index.members.set(name, pair);
    if (name === '<<') index.merges.push(pair);
  }
  maps.set(node, index);
  return index;
}

function keyName(key: unknown): string | undefined {
  if (!isScalar(key)) return undefined;
  // With merge keys on, `yaml` gives `<<` the value Symbol(<<).
  return typeof key.value === 'symbol' ? key.source : String(key.value);
}

/**
 * The node an alias names (another alias is followed on), or the node itself. The document's
 * aliases are resolved once, with its mappings' indexes: `yaml`'s `Alias.resolve` walks the whole
 * document on every call, and a finding under an alias would take one such walk each.
 */
function resolveAlias(doc: Document.Parsed, node: unknown): unknown {
  if (!isAlias(node)) return node;
  const index = documentIndex(doc);
  const aliases = (index.aliases ??= aliasExpansion(doc, { maxAliases: Infinity, maxCharacters: Infinity }).targets);
  for (let hops = 0; isAlias(node) && hops < 100; hops++) node = aliases.get(node);
  return node;
}

/** Whether a node carries its source range (a Pair has none; src/fix/render.ts asks too). */
export function hasRange(node: unknown): node is Node & { range: [number, number, number] } {
  return node !== null && typeof node === 'object' && Array.isArray((node as { range?: unknown }).range);
}

/** A multi-line value is marked on its first line only: a code frame of forty lines helps no one. */
function firstLine(text: string, start: number, end: number): [number, number] {
  const newline = text.indexOf('\n', start);
  const lineEnd = newline === -1 || newline > end ? end : newline;
  return [start, Math.max(lineEnd, Math.min(start + 1, text.length))];
}

/**
 * Where the characters `within` of the string scalar at `path` are written, or undefined when the
 * path ends elsewhere or the span is not in the value (the caller then points at the whole value).
 *
 * The value's characters are matched to the source in order (see {@link alignSpan}), so every
 * style lands on the characters themselves: a line of a `|` or `>` block on its own line, a
 * line of a plain or quoted scalar written over several lines on the line that holds it. A line
 * that exists only as a `\n` escape (a JSON string, a double-quoted YAML one) has no line of its
 * own in the file: the span is then the line's characters after the escape, on the string's line,
 * which is where a person edits it.
 */
function spanOffsets(text: string, doc: Document.Parsed, path: DataPath, within: ValueSpan): [number, number] | undefined {
  const { node, complete } = nodeAt(doc, path);
  if (!complete || !isScalar(node) || typeof node.value !== 'string' || !Array.isArray(node.range)) return undefined;
  const value = node.value;
  const start = Math.max(0, Math.floor(within.start));
  // An empty span (an empty line) marks one character: the line break that ends it.
  const end = Math.min(value.length, Math.max(Math.floor(within.end), start + 1));
  if (!(start < end)) return undefined;
  return alignSpan(text, node.type, node.range[0], node.range[1], value, start, end);
}

/** Characters of a source line break: a CR alone ends a line too (YAML 1.2). */
function isBreak(c: string | undefined): boolean {
  return c === '\n' || c === '\r';
}

/** The offset after the line break at `p` (CRLF is one). */
function afterBreak(text: string, p: number): number {
  return text[p] === '\r' && text[p + 1] === '\n' ? p + 2 : p + 1;
}

/** How many characters a double-quoted escape at `p` takes (`\x41`, `\u0041`, `\U00000041`, `\n`). */
function escapeLength(text: string, p: number): number {
  const kind = text[p + 1];
  return kind === 'x' ? 4 : kind === 'u' ? 6 : kind === 'U' ? 10 : 2;
}

/**
 * The source offsets of value characters [start, end) of a scalar written at [from, to): the
 * value is walked beside its source, each value character matched to the next source character
 * that makes it. Source characters that make none (quotes, indentation, a line break folded
 * away, the spaces that start a continued line, an escaped line break) are stepped over; a
 * folded line break is matched by the space or line feed it became; an escape by the character
 * it stands for. Linear in the value up to `end`. A walk that runs out of source before `end`
 * (the value is not what was written there) gives undefined.
 */
function alignSpan(text: string, type: Scalar['type'], from: number, to: number, value: string, start: number, end: number): [number, number] | undefined {
  const block = type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED';
  const doubleQuoted = type === 'QUOTE_DOUBLE';
  const singleQuoted = type === 'QUOTE_SINGLE';
  let p = from;
  let indent = 0;
  if (block) {
    // The content starts on the line after the header (`|`, `>-`, `|2 # comment`).
    let header = from;
    while (header < to && !isBreak(text[header])) header++;
    p = afterBreak(text, header);
    indent = blockIndent(text, p, to, value);
  } else if (doubleQuoted || singleQuoted) {
    p = from + 1;
  }
  let lineStart = block;
  let sourceStart = -1;
  for (let i = 0; i < end; i++) {
    const c = value[i];
    let at = -1;
    while (p < to) {
      if (lineStart) {
        // A block scalar's indentation is not content; a more-indented line keeps the rest.
        for (let n = 0; n < indent && text[p] === ' '; n++) p++;
        lineStart = false;
        if (p >= to) break;
      }
      const s = text[p];
      if (doubleQuoted && s === '\\') {
        if (isBreak(text[p + 1])) {
          // An escaped line break continues the line: it and the next line's leading blanks make nothing.
          p = afterBreak(text, p + 1);
          while (text[p] === ' ' || text[p] === '\t') p++;
          continue;
        }
        at = p;
        p += escapeLength(text, p);
        break;
      }
      if (singleQuoted && s === "'" && text[p + 1] === "'") {
        at = p;
        p += 2;
        break;
      }
      if (isBreak(s) && (c === '\n' || c === ' ')) {
        // A line break as written, or folded into a space or a line feed.
        at = p;
        p = afterBreak(text, p);
        if (block) lineStart = true;
        else while (text[p] === ' ' || text[p] === '\t') p++;
        break;
      }
      if (s === c) {
        at = p;
        p++;
        break;
      }
      if (isBreak(s)) {
        p = afterBreak(text, p);
        if (block) lineStart = true;
        continue;
      }
      p++;
    }
    if (at < 0) return undefined;
    if (i === start) sourceStart = at;
  }
  return sourceStart < 0 ? undefined : [sourceStart, p];
}

/**
 * A block scalar's indentation: the leading spaces of its first line with content, less those the
 * value keeps on that line (an indentation indicator, `|2`, leaves spaces in the value).
 */
function blockIndent(text: string, p: number, to: number, value: string): number {
  while (p < to) {
    let spaces = 0;
    while (text[p + spaces] === ' ') spaces++;
    const next = text[p + spaces];
    if (next !== undefined && !isBreak(next) && p + spaces < to) {
      const firstLine = /^\n*( *)/.exec(value)![1].length;
      return Math.max(0, spaces - firstLine);
    }
    p = p + spaces < to ? afterBreak(text, p + spaces) : to;
  }
  return 0;
}
