import { Composer, Document, isMap, isScalar, isSeq, Lexer, Parser, type CST } from 'yaml';
import { aliasExpansion } from './aliases.js';
import { isPlainText, readBlock, streamParts, type BlockReading, type NoteVisitor, type StreamPart } from './block-yaml.js';
import { jsonDocument, readJson, type JsonReading } from './json-reader.js';
import { COMPOSE_OPTIONS, composedDocument } from './documents.js';
import { toPointer } from './pointer.js';
import { lineStarts, positionAt, withLineFeeds } from './lines.js';
import { BREAK_NAMES, eachToken, readerBreaks, type ReaderBreak } from './line-breaks.js';
import duplicateKey from '../../rules/yaml/duplicate-key.js';
import parseLimit from '../../rules/parse/limit.js';
import parseLineBreak from '../../rules/parse/line-break.js';
import parseSyntax from '../../rules/parse/syntax.js';
import parseWarning from '../../rules/parse/warning.js';
import { renderMessage, type StageRule } from '../define-rule.js';
import type { Finding, Range, Severity } from '../types.js';

export type SourceFormat = 'yaml' | 'json';

/** One YAML document of a file (a JSON file has exactly one). */
export interface SourceDocument {
  /** 0-based index in the stream. */
  index: number;
  /** Where the document starts in the text, its `---` line included: which comments are its own. */
  start: number;
  /**
   * The `yaml` document: nodes with source ranges, for locating findings and for fixes. Made the
   * first time something asks, where the reader that read the data did not make it already: a
   * clean file needs no positions.
   */
  readonly node: Document.Parsed;
  /** The document as plain data, aliases and merge keys resolved: what the API would receive. */
  value: unknown;
  /** False when the document could not be read (syntax error, limit hit): no schema or rule runs on it. */
  usable: boolean;
}

/** A `#` comment, with the offset of its `#`. */
export interface SourceComment {
  offset: number;
  line: number;
  /** The text after `#`. */
  text: string;
  /** True when nothing but white space precedes it on its line. */
  ownLine: boolean;
  range: Range;
}

/**
 * Which reader read a file's data: the block reader (src/parse/block-yaml.ts) for YAML in its
 * subset, the JSON reader (src/parse/json-reader.ts) for JSON, and `yaml` for the rest. The block reader takes no plain scalar that
 * YAML 1.1 reads as anything but a string: src/engine/yaml11.ts has nothing to find in its files.
 */
export type Reader = 'block' | 'json' | 'yaml';

/**
 * A file parsed once: its data and the parser's findings, read eagerly; its line index, its
 * comments and each document's nodes (SourceDocument.node) made the first time something asks.
 * Everything after the parse reads this one object.
 */
export interface ParsedFile {
  /** The text parsed: the file's text without a byte-order mark, if it had one. Fix offsets refer to it. */
  text: string;
  /** Whether the file began with a byte-order mark (to keep it when the file is written back). */
  bom: boolean;
  format: SourceFormat;
  reader: Reader;
  /** Where each line starts (src/parse/lines.ts): made for the first position asked for (a clean file asks none). */
  readonly lineStarts: readonly number[];
  documents: SourceDocument[];
  /**
   * The comments, in order: found the first time they are asked for (a modeline, a directive, a
   * fix): the block reader notes only where they are.
   */
  readonly comments: readonly SourceComment[];
  /** Syntax errors, duplicate keys and limits hit, already located. */
  findings: Finding[];
  /**
   * Where the text stops being read: the first document past maxDocuments, or 0 for a text refused
   * unread (past maxScalars). Masking cannot see the structure from there, so output shows no text
   * of it (src/schema/secrets.ts).
   */
  unreadFrom?: number;
  /**
   * The block reader's notes of every document's keys and values, walked in text order (see
   * NoteVisitor): what masking reads instead of the nodes, where the nodes are the reader's own.
   */
  readonly notes?: (visitor: NoteVisitor) => void;
}

export interface ParseOptions {
  /**
   * Most aliases one document may hold, and most alias expansions it may cause (as `yaml` counts
   * them), before it is refused ("billion laughs").
   */
  maxAliasCount?: number;
  /** Deepest nesting of collections (aliases expanded) before a document is refused. */
  maxDepth?: number;
  /** Most characters of text the aliases of one document may stand for before it is refused (see aliasExpansion). */
  maxAliasExpansion?: number;
  /** Most documents of a stream that are read; the rest are not, and one finding says so. */
  maxDocuments?: number;
  /** Most scalars (keys and values) a text may hold to be read, by either reader; past it the file is refused with one finding. */
  maxScalars?: number;
  /**
   * `yaml`: read with `yaml` whatever the text, for the differential tests that hold the block
   * reader and the JSON reader to it (test/properties/block-reader.test.ts). An option of no public function.
   */
  reader?: 'yaml';
}

/**
 * A parser finding's rule, severity and message from the rule's table. The parser's findings
 * stay plain findings (no messageId): the rule tests match the message to the table.
 */
function plain<MessageId extends string>(rule: StageRule<MessageId>, messageId: NoInfer<MessageId>, data: Record<string, string | number>): { ruleId: string; severity: Severity; message: string } {
  return { ruleId: rule.id, severity: rule.severity, message: renderMessage(rule.messages[messageId], data) };
}

/**
 * A parser finding over [start, end) of the text, in `document` of a stream: at least one character
 * marked, never past the end of the text (an error "at" the end of a file has nothing after it).
 */
function marked(file: ParsedFile, found: ReturnType<typeof plain>, start: number, end = start, document?: number): Finding {
  const from = Math.min(start, file.text.length);
  const range = rangeOf(file.lineStarts, from, Math.min(Math.max(end, from + 1), file.text.length));
  return { ...found, path: '', ...(document === undefined ? {} : { document }), ...range };
}

export const DEFAULT_MAX_ALIAS_COUNT = 1000;
export const DEFAULT_MAX_DEPTH = 200;
/** What the parse/limit finding of a text too deep tells to do. */
const RAISE_MAX_DEPTH = 'raise limits.maxDepth in the config file to read it';
/** As much again as the largest file read by default (maxFileSize, 10 MiB): aliases may double the work, no more. */
export const DEFAULT_MAX_ALIAS_EXPANSION = 10 * 1024 * 1024;
/**
 * Far more bodies than one file holds by hand, and few enough that their nodes, data and findings
 * (a few KB a document) stay within tens of megabytes: a 10 MiB stream of 300,000 tiny documents
 * took 1.9 GB.
 */
export const DEFAULT_MAX_DOCUMENTS = 10_000;
/**
 * `yaml` keeps some 2.5 KB per key while it composes a document: 400,000 keys (a few MB of text)
 * took 810 MB. A cluster body holds a few hundred scalars; 200,000 keeps a file's nodes within some
 * 250 MB. Counted in a text over LARGE_TEXT, or wherever the caller sets the limit, with `yaml`'s
 * own lexer, which keeps nothing.
 */
export const DEFAULT_MAX_SCALARS = 200_000;
const LARGE_TEXT = 1024 * 1024;

/**
 * Whether a text is past maxScalars: counted in a large text only (a clean cluster file is never
 * slowed), or where the caller sets the limit (then every text is lexed once, some 15 µs for a
 * cluster file). Counted before either reader, which would hold the data of every key, as `yaml`'s
 * lexer reads them: a scalar token is U+001F, and each `---` starts a document.
 */
function holdsTooManyScalars(text: string, options: Pick<ParseOptions, 'maxScalars' | 'maxDocuments'>, counted?: number): boolean {
  if (text.length <= LARGE_TEXT && options.maxScalars === undefined) return false;
  const limit = options.maxScalars ?? DEFAULT_MAX_SCALARS;
  // A JSON text's scalars were counted by the JSON reader's scan, as the lexer counts them.
  if (counted !== undefined) return counted > limit;
  let scalars = 0;
  // `yaml` reads no more than maxDocuments documents, and they end by the (maxDocuments + 1)th `---`
  // (a stream that begins with `---` has one before its first): counting up to there never counts
  // less than is read, at most one document more.
  let separators = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === SCALAR) {
      if (++scalars > limit) return true;
    } else if (token === '---' && ++separators > (options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS)) {
      return false;
    }
  }
  return false;
}
const SCALAR = '\u001f';

/** `.json` files are JSON; everything else (`.yaml`, `.yml`, stdin without a name) is read as YAML. */
export function formatOf(filename: string | undefined): SourceFormat {
  return filename !== undefined && /\.json$/i.test(filename) ? 'json' : 'yaml';
}

/**
 * Parses YAML (any number of documents) or JSON, keeping the source position of every node.
 * Never throws: every problem of the text becomes a finding.
 */
export function parseText(text: string, format: SourceFormat, options: ParseOptions = {}): ParsedFile {
  // Positions are those an editor shows, which does not count a byte-order mark; lines are YAML's
  // (a lone CR ends one: withLineFeeds).
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const bom = unmarked !== text;
  const source = withLineFeeds(unmarked);
  const file = new SourceFile(source, bom, format);
  // `??`, not a default in a destructuring: a library caller's `null` (options read from JSON) is the default too.
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxDocuments = options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS;
  const json = format === 'json' ? readJson(source, { maxDepth }) : undefined;
  if (json && 'error' in json) {
    file.findings.push(marked(file, plain(parseSyntax, 'json', { detail: json.error.detail }), json.error.offset));
    return file;
  }
  // The limit holds whichever reader would read the text: the block reader's nodes are `yaml`'s
  // too, and a file is linted or refused the same way by either.
  if (holdsTooManyScalars(source, options, json && 'value' in json ? json.plainScalars : undefined)) {
    file.findings.push(marked(file, plain(parseLimit, 'tooManyScalars', { maxScalars: options.maxScalars ?? DEFAULT_MAX_SCALARS }), 0));
    file.unreadFrom = 0;
    return file;
  }
  // JSON nested past maxDepth is `yaml`'s to refuse, as any text too deep.
  if (json && 'value' in json && options.reader !== 'yaml') return jsonFile(file, json);
  if (format === 'yaml' && options.reader !== 'yaml') {
    const blocks = readBlocks(source, maxDepth, maxDocuments);
    // A node the block reader does not place as `yaml` would (an empty value, some comment
    // placements) is `yaml`'s to make: the whole text is then read again, once, with `yaml`.
    let yamlRead: ParsedFile | undefined;
    if (blocks) return blockFile(file, blocks, (index) => (yamlRead ??= readWithYaml(new SourceFile(source, bom, format), options)).documents[index].node);
  }
  return readWithYaml(file, options);
}

/** A JSON file: its data and what the JSON reader found, its nodes made when first asked for (jsonDocument). */
function jsonFile(file: SourceFile, json: Extract<JsonReading, { value: unknown }>): ParsedFile {
  for (const { key, path, range, first } of json.duplicates) file.findings.push(duplicateKeyFinding(file, key, path, first, range));
  for (const readerBreak of json.breaks) file.findings.push(lineBreakFinding(file, readerBreak));
  file.reader = 'json';
  file.documents = [new LazyDocument(0, 0, json.value, () => jsonDocument(file.text))];
  return file;
}

/** {@link ParsedFile}, its line index and comments made when first asked for. */
class SourceFile implements ParsedFile {
  reader: Reader = 'yaml';
  documents: SourceDocument[] = [];
  findings: Finding[] = [];
  unreadFrom?: number;
  /**
   * Where the block reader read the file: the comments are found from its notes when first asked
   * for. Kept as data, never as a closure assigned here: V8 makes a function that is assigned to
   * a property in its old generation, and such a closure, dead with its file, kept the file's whole
   * parse (notes, data, text) through every young-generation collection until the next full one.
   */
  blockParts: readonly BlockPart[] | undefined;
  /** Where `yaml` found the comments, in order (set by readWithYaml). */
  yamlComments: ReadonlyArray<[number, number]> | undefined;
  private lines: readonly number[] | undefined;
  private found: readonly SourceComment[] | undefined;

  constructor(
    readonly text: string,
    readonly bom: boolean,
    readonly format: SourceFormat,
  ) {}

  // Counted from the text, not taken from `yaml`'s parser: after some syntax errors it skips lines it never lexes.
  get lineStarts(): readonly number[] {
    return (this.lines ??= lineStarts(this.text));
  }

  /**
   * The block reader's notes, walked: made when asked for (masking), from the parts, for the reason
   * above. None where any part's nodes are `yaml`'s, since then so are the notes.
   */
  get notes(): ((visitor: NoteVisitor) => void) | undefined {
    const parts = this.blockParts;
    if (!parts?.every(({ reading }) => reading.visit)) return undefined;
    return (visitor) => {
      for (const { reading, start } of parts) reading.visit!(start, visitor);
    };
  }

  /** Those the block reader noted, or those `yaml` found as it read; none for JSON. */
  get comments(): readonly SourceComment[] {
    if (this.found) return this.found;
    const ranges = this.blockParts?.flatMap(({ reading, start }) => reading.comments(start)) ?? this.yamlComments ?? [];
    return (this.found = ranges.length === 0 ? [] : sourceComments(this.text, this.lineStarts, ranges));
  }
}

/**
 * A document read as data whose nodes are made the first time something asks (`make`). A class,
 * not an object literal with a getter: V8 keeps such literals in a slow form, and a run over many
 * clean files spent most of its time collecting them.
 */
class LazyDocument implements SourceDocument {
  readonly usable = true;
  private made: Document.Parsed | undefined;

  constructor(
    readonly index: number,
    readonly start: number,
    readonly value: unknown,
    private readonly make: () => Document.Parsed,
  ) {}

  get node(): Document.Parsed {
    return (this.made ??= this.make());
  }
}

/** A document's part of the text as the block reader read it: its offsets are moved on by `start`. */
type BlockPart = StreamPart & { reading: BlockReading };

/**
 * The text read by the block reader: one document, or a stream of them separated by lines that
 * are exactly `---`; `undefined` where any of it is outside the reader's subset.
 */
function readBlocks(source: string, maxDepth: number, maxDocuments: number): BlockPart[] | undefined {
  if (!isPlainText(source)) return undefined;
  // One document first: the reader declines at the first line that is exactly `---`, so a text it
  // takes is no stream, and a stream's text is looked for `---` only once the reader has declined it.
  const reading = readBlock(source, maxDepth);
  if (reading) return [{ reading, start: 0, end: source.length }];
  // A stream of more than maxDocuments is left to `yaml`, which reads it up to the limit.
  const parts = source.includes('---') ? streamParts(source, maxDocuments) : undefined;
  if (!parts) return undefined;
  const read: BlockPart[] = [];
  for (const { start, end, marker } of parts) {
    // (Each part of a plain text is plain.)
    const reading = readBlock(source.slice(start, end), maxDepth);
    if (reading === undefined) return undefined;
    read.push({ reading, start, end, marker });
  }
  return read;
}

/** A file the block reader read: usable documents whose nodes are built when first asked for, no findings. */
function blockFile(file: SourceFile, parts: readonly BlockPart[], yamlNode: (index: number) => Document.Parsed): ParsedFile {
  file.documents = parts.map(
    ({ reading, start, end, marker }, index) =>
      new LazyDocument(index, marker ?? start, reading.value, () => {
        const nodes = reading.nodes(start);
        return nodes ? composedDocument(nodes.contents, [marker ?? nodes.start, nodes.contents.range![2], end]) : yamlNode(index);
      }),
  );
  file.reader = 'block';
  file.blockParts = parts;
  return file;
}

/** The text read with `yaml`: every document's nodes, data and comments, and what `yaml` and the checks around it find. */
function readWithYaml(file: SourceFile, options: ParseOptions): ParsedFile {
  const { text: source, findings } = file;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxAliasCount = options.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
  const maxAliasExpansion = options.maxAliasExpansion ?? DEFAULT_MAX_ALIAS_EXPANSION;
  const maxDocuments = options.maxDocuments ?? DEFAULT_MAX_DOCUMENTS;
  // Tokens are taken up to the first document past maxDocuments: the parser reads no further.
  const tokens: CST.Token[] = [];
  let unread: number | undefined;
  let documentTokens = 0;
  for (const token of new Parser().parse(source)) {
    if (token.type === 'document' && ++documentTokens > maxDocuments) {
      unread = token.offset;
      break;
    }
    tokens.push(token);
  }
  const comments: Array<[number, number]> = [];
  eachToken(tokens, (token) => {
    const { type, offset, source: written } = token;
    if (type !== 'comment' || typeof offset !== 'number' || typeof written !== 'string') return false;
    comments.push([offset, offset + written.length]);
    return true;
  });
  // The tokens come in no order.
  file.yamlComments = comments.sort((a, b) => a[0] - b[0]);
  // yaml's parser is iterative, but composing and everything after it recurse: a document nested
  // deeper than maxDepth is refused here, on the tokens, and composed empty.
  const tooDeep: Array<number | undefined> = [];
  const composable = tokens.map((token) => {
    if (token.type !== 'document') return token;
    const offset = deepCollection(token, maxDepth);
    tooDeep.push(offset);
    return offset === undefined ? token : { ...token, value: undefined };
  });
  // YAML 1.2's core schema whatever a `%YAML 1.1` directive says, and no "known" tags (`!!binary`,
  // `!!set`, `!!omap`, `!!timestamp`): those would make Buffers, Sets, Maps and Dates, where a
  // request body is plain JSON data. They are reported as unresolved tags and read as plain data.
  const docs = [...new Composer(COMPOSE_OPTIONS).compose(composable, true, unread ?? source.length)] as Document.Parsed[];

  const hasAliases = source.includes('*');
  file.documents = docs.map((node, index): SourceDocument => {
    const document = docs.length > 1 ? index : undefined;
    const unusable = (): SourceDocument => ({ index, start: node.range[0], node, value: undefined, usable: false });
    const refuse = (found: ReturnType<typeof plain>, start = node.range[0], end = start): SourceDocument => {
      findings.push(marked(file, found, start, end, document));
      return unusable();
    };
    const deepAt = tooDeep[index];
    if (deepAt !== undefined) return refuse(plain(parseLimit, 'tooDeep', { maxDepth, remedy: RAISE_MAX_DEPTH }), deepAt);
    // Later errors mostly follow from the first (as in ESLint, one fatal parse error per document).
    const error = node.errors[0];
    if (error) findings.push(marked(file, plain(parseSyntax, 'yaml', { detail: firstSentence(error.message) }), ...error.pos, document));
    for (const warning of node.warnings) findings.push(marked(file, plain(parseWarning, 'warning', { detail: firstSentence(warning.message) }), ...warning.pos, document));
    // One push each: a spread of 120,000 duplicate keys is as many arguments, past V8's stack.
    for (const finding of duplicateKeys(file, node, document)) findings.push(finding);
    if (error) return unusable();
    // Before the data is made: `<<` merges copy what they name while it is made. (No `*`, no alias.)
    const expansion = hasAliases ? aliasExpansion(node, { maxAliases: maxAliasCount, maxCharacters: maxAliasExpansion }) : undefined;
    // An alias naming no anchor set before it is a syntax error at the alias (yaml would only throw when making the data).
    if (expansion?.unresolved) {
      const [start, end] = expansion.unresolved.range ?? node.range;
      return refuse(plain(parseSyntax, 'undefinedAlias', {}), start, end);
    }
    const passed = expansion?.passed;
    if (passed?.limit === 'maxAliasCount') return refuse(plain(parseLimit, 'aliasesHeld', { maxAliasCount }), passed.at.range?.[0]);
    if (passed) return refuse(plain(parseLimit, 'aliasExpansion', { maxAliasExpansion }), passed.at.range?.[0]);
    let value: unknown;
    try {
      value = node.toJS({ maxAliasCount });
    } catch (error) {
      return refuse(plain(parseLimit, 'aliasCount', { reason: error instanceof Error ? error.message : String(error), maxAliasCount }));
    }
    // Aliases can nest what the text does not: deeper than the limit, or into themselves (`&a [*a]`).
    const nesting = dataNesting(value, maxDepth);
    if (nesting === 'cycle') return refuse(plain(parseLimit, 'aliasCycle', { maxDepth }));
    if (nesting === 'too deep') return refuse(plain(parseLimit, 'tooDeepExpanded', { maxDepth }));
    return { index, start: node.range[0], node, value, usable: true };
  });

  for (const readerBreak of readerBreaks(source, tokens)) {
    const document = docs.length > 1 ? docs.findIndex((doc) => readerBreak.offset < doc.range[2]) : -1;
    findings.push(lineBreakFinding(file, readerBreak, document === -1 ? undefined : document));
  }
  if (unread !== undefined) findings.push(marked(file, plain(parseLimit, 'tooManyDocuments', { maxDocuments }), unread, unread, maxDocuments));
  if (unread !== undefined) file.unreadFrom = unread;
  return file;
}

/** Whether nothing but white space stands between `from` and `to` (`text.slice(from, to).trim() === ''`, mostly without the slice). */
function onlySpaceBetween(text: string, from: number, to: number): boolean {
  let at = to;
  while (at > from && (text.charCodeAt(at - 1) === 0x20 || text.charCodeAt(at - 1) === 0x09)) at--;
  return at === from || text.slice(from, at).trim() === '';
}

/** A line break YAML 1.1 readers read and YAML 1.2 does not (rules/parse/line-break.ts). */
function lineBreakFinding(file: ParsedFile, { offset, character, quoted }: ReaderBreak, document?: number): Finding {
  return marked(file, plain(parseLineBreak, quoted ? 'quoted' : 'outside', BREAK_NAMES[character]), offset, offset + 1, document);
}

/** 1-based line and column of two offsets; `endColumn` is exclusive. */
export function rangeOf(starts: readonly number[], start: number, end: number): Range {
  const from = positionAt(starts, start);
  const to = positionAt(starts, Math.max(end, start));
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

function firstSentence(message: string): string {
  return message.split('\n', 1)[0].replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * A later key wins when the document is read, as with JSON.parse, so the finding sits on the
 * later key and names the line of the first one.
 */
function duplicateKeys(file: ParsedFile, doc: Document.Parsed, document: number | undefined): Finding[] {
  const findings: Finding[] = [];
  // Iterative, so no nesting the composer accepted can overflow the stack here.
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: doc.contents, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (isSeq(node)) {
      node.items.forEach((item, i) => stack.push({ node: item, path: [...path, String(i)] }));
      continue;
    }
    if (!isMap(node)) continue;
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const name = String(pair.key.value);
      stack.push({ node: pair.value, path: [...path, name] });
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, pair.key.range[0]);
        continue;
      }
      findings.push(duplicateKeyFinding(file, name, toPointer([...path, name]), first, pair.key.range, document));
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** yaml/duplicate-key at the later key (`range`), naming the line of the first (at offset `first`); by both readers. */
function duplicateKeyFinding(file: ParsedFile, key: string, path: string, first: number, range: readonly number[], document?: number): Finding {
  const found = plain(duplicateKey, 'duplicateKey', { key, firstLine: rangeOf(file.lineStarts, first, first).line });
  return { ...found, path, ...rangeOf(file.lineStarts, range[0], range[1]), ...(document === undefined ? {} : { document }) };
}

/** The offset of the first collection in a document's tokens that lies deeper than `maxDepth`, if any. */
function deepCollection(document: CST.Document, maxDepth: number): number | undefined {
  const stack: Array<{ token: CST.Token | null | undefined; depth: number }> = [{ token: document.value, depth: 0 }];
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!;
    if (!token || (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection')) continue;
    if (depth + 1 > maxDepth) return token.offset;
    // Pushed last to first, so the first too-deep collection in the text is the one reported.
    for (let i = token.items.length - 1; i >= 0; i--) {
      const item = token.items[i];
      stack.push({ token: item.value, depth: depth + 1 });
      if ('key' in item) stack.push({ token: item.key, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Whether plain data (aliases resolved, so collections may be shared or even contain themselves)
 * nests collections deeper than `maxDepth`. Iterative, and each collection is walked once.
 */
export function dataNesting(root: unknown, maxDepth: number): 'cycle' | 'too deep' | undefined {
  const isCollection = (value: unknown): value is object => value !== null && typeof value === 'object';
  if (!isCollection(root)) return undefined;
  /** Collections walked, with how many levels of collections they hold (themselves included). */
  const height = new Map<object, number>();
  const onPath = new Set<object>();
  const stack: Array<{ node: object; children: unknown[]; next: number; height: number }> = [];
  const enter = (node: object): void => {
    onPath.add(node);
    stack.push({ node, children: Object.values(node), next: 0, height: 1 });
  };
  enter(root);
  while (stack.length > 0) {
    if (stack.length > maxDepth) return 'too deep';
    const frame = stack[stack.length - 1];
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++];
      if (!isCollection(child)) continue;
      if (onPath.has(child)) return 'cycle';
      const known = height.get(child);
      if (known === undefined) enter(child);
      else if (stack.length + known > maxDepth) return 'too deep';
      else frame.height = Math.max(frame.height, known + 1);
      continue;
    }
    stack.pop();
    onPath.delete(frame.node);
    height.set(frame.node, frame.height);
    const parent = stack[stack.length - 1];
    if (parent) parent.height = Math.max(parent.height, frame.height + 1);
  }
  return undefined;
}

/**
 * The comments over `ranges` (each from its `#` to the end of its line), which must come in text
 * order (both readers record them so): each one's line is found by walking the line starts
 * forward rather than by a search for each of its two ends, as a cluster file has dozens.
 */
function sourceComments(text: string, lineStarts: readonly number[], ranges: ReadonlyArray<readonly [number, number]>): SourceComment[] {
  let line = 0;
  const lineOf = (offset: number): number => {
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++;
    return line;
  };
  return ranges.map(([start, end]) => {
    const first = lineOf(start);
    const last = lineOf(Math.max(end, start));
    return {
      offset: start,
      line: first + 1,
      text: text.slice(start + 1, end),
      ownLine: onlySpaceBetween(text, lineStarts[first], start),
      range: { line: first + 1, column: start - lineStarts[first] + 1, endLine: last + 1, endColumn: Math.max(end, start) - lineStarts[last] + 1 },
    };
  });
}
