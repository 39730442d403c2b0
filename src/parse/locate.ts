import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, type Alias, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import type { Range } from '../types.js';
import { aliasTargets } from './aliases.js';
import { rangeOf } from './parse.js';
import type { DataPath } from './pointer.js';

export type LocateTarget = 'key' | 'value';

/**
 * The one place where a data path becomes a source range.
 *
 * `key` points at the member's key (unknown, misspelt or duplicate members); `value` at its value,
 * except where the value is a block collection, where the key names the field better. A path that runs past what the document holds (a missing member) stops at the deepest
 * node that exists, so "required" findings land on the parent. Aliases and `<<` merge keys are
 * followed, so a finding points at the text the user wrote, where the anchor was defined.
 */
export function locate(file: LocateSource, doc: Document.Parsed, path: DataPath, target: LocateTarget = 'value'): Range {
  const [start, end] = locateOffsets(file.text, doc, path, target);
  return rangeOf(file.lineCounter, start, end);
}

export interface LocateSource {
  text: string;
  lineCounter: LineCounter;
}

export function locateOffsets(text: string, doc: Document.Parsed, path: DataPath, target: LocateTarget = 'value'): [number, number] {
  const { node, pair } = walkPath(doc, path);
  const keyNode = pair?.key as Node | undefined;
  if (pair && keyNode?.range && (target === 'key' || isBlockCollection(node) || !hasRange(node))) {
    return [keyNode.range[0], keyNode.range[1]];
  }
  if (hasRange(node)) {
    if (isCollection(node)) return firstLine(text, node.range[0], node.range[1]);
    // An empty value marks one character, unless the text ends there.
    return [node.range[0], Math.max(node.range[1], Math.min(node.range[0] + 1, text.length))];
  }
  return firstLine(text, doc.range[0], doc.range[1]);
}

/** The node at a data path (aliases followed), or the deepest existing ancestor. */
export function nodeAt(doc: Document.Parsed, path: DataPath): { node: unknown; pair?: Pair; complete: boolean } {
  return walkPath(doc, path);
}

function walkPath(doc: Document.Parsed, path: DataPath): { node: unknown; pair?: Pair; complete: boolean } {
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

interface MapIndex {
  members: Map<string, Pair>;
  merges: Pair[];
}

/**
 * A mapping's members by key name and its merge keys, made once per mapping: looking each finding's
 * key up by scanning would take quadratic time on a mapping with thousands of findings.
 *
 * The indexes of the last document located are kept, and only those: findings are located one
 * document at a time. (A module-wide WeakMap keyed on the mappings kept every document alive
 * through V8's young-generation collections; with the renderers' WeakMap (src/fix/render.ts) that
 * moved ~22 KB of each file with findings into the old generation, and peak memory grew with the
 * number of files.)
 */
let indexed: { doc: Document.Parsed; maps: Map<YAMLMap, MapIndex>; aliases?: Map<Alias, Node> } | undefined;

function indexOf(doc: Document.Parsed, node: YAMLMap): MapIndex {
  if (indexed?.doc !== doc) indexed = { doc, maps: new Map() };
  let index = indexed.maps.get(node);
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
  indexed.maps.set(node, index);
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
  if (indexed?.doc !== doc) indexed = { doc, maps: new Map() };
  const aliases = (indexed.aliases ??= aliasTargets(doc));
  for (let hops = 0; isAlias(node) && hops < 100; hops++) node = aliases.get(node);
  return node;
}

function hasRange(node: unknown): node is Node & { range: [number, number, number] } {
  return (isScalar(node) || isCollection(node)) && Array.isArray(node.range);
}

function isBlockCollection(node: unknown): boolean {
  return isCollection(node) && !node.flow;
}

/** A multi-line value is marked on its first line only: a code frame of forty lines helps no one. */
function firstLine(text: string, start: number, end: number): [number, number] {
  const newline = text.indexOf('\n', start);
  const lineEnd = newline === -1 || newline > end ? end : newline;
  return [start, Math.max(lineEnd, Math.min(start + 1, text.length))];
}

