import { Composer, Document, isMap, isScalar, isSeq, LineCounter, Parser } from 'yaml';
import { toPointer } from './pointer.js';
import type { Finding, Range } from '../types.js';

export type SourceFormat = 'yaml' | 'json';

/** One YAML document of a file (a JSON file has exactly one). */
export interface SourceDocument {
  /** 0-based index in the stream. */
  index: number;
  /** The `yaml` document: nodes with source ranges, for locating findings and for fixes. */
  node: Document.Parsed;
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

export interface ParsedFile {
  /** The text parsed: the file's text without a byte-order mark, if it had one. Fix offsets refer to it. */
  text: string;
  /** Whether the file began with a byte-order mark (to keep it when the file is written back). */
  bom: boolean;
  format: SourceFormat;
  lineCounter: LineCounter;
  documents: SourceDocument[];
  comments: SourceComment[];
  /** Syntax errors, duplicate keys and limits hit, already located. */
  findings: Finding[];
}

export interface ParseOptions {
  /** Most alias expansions one document may cause before it is refused ("billion laughs"). */
  maxAliasCount?: number;
}

export const DEFAULT_MAX_ALIAS_COUNT = 1000;

/** `.json` files are JSON; everything else (`.yaml`, `.yml`, stdin without a name) is read as YAML. */
export function formatOf(filename: string | undefined): SourceFormat {
  return filename !== undefined && /\.json$/i.test(filename) ? 'json' : 'yaml';
}

/**
 * Parses YAML (any number of documents) or JSON, keeping the source position of every node.
 * Never throws: every problem of the text becomes a finding.
 */
export function parseText(text: string, format: SourceFormat, options: ParseOptions = {}): ParsedFile {
  const lineCounter = new LineCounter();
  const findings: Finding[] = [];
  const comments: SourceComment[] = [];
  // Positions are those an editor shows, which does not count a byte-order mark.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

  if (format === 'json') {
    const syntaxError = jsonSyntaxError(source);
    if (syntaxError) {
      countLines(source, lineCounter);
      const offset = Math.min(syntaxError.offset, source.length);
      const range = rangeOf(lineCounter, offset, Math.min(offset + 1, source.length));
      findings.push({ ruleId: 'parse/syntax', severity: 'error', message: `JSON syntax error: ${syntaxError.message}`, path: '', ...range });
      return { text: source, bom: source !== text, format, lineCounter, documents: [], comments, findings };
    }
  }

  const parser = new Parser(lineCounter.addNewLine);
  const composer = new Composer({ uniqueKeys: false, merge: true, prettyErrors: false, strict: true });
  const tokens = [...parser.parse(source)];
  collectComments(tokens, source, lineCounter, comments);
  const docs = [...composer.compose(tokens, true, source.length)] as Document.Parsed[];

  const documents = docs.map((node, index): SourceDocument => {
    const documentIndex = docs.length > 1 ? index : undefined;
    const at = (start: number, end: number): Range & { document?: number } => ({
      ...rangeOf(lineCounter, start, end),
      ...(documentIndex === undefined ? {} : { document: documentIndex }),
    });
    // Later errors mostly follow from the first (as in ESLint, one fatal parse error per document).
    const error = node.errors[0];
    if (error) {
      const [start, end] = error.pos;
      findings.push({ ruleId: 'parse/syntax', severity: 'error', message: `YAML syntax error: ${firstSentence(error.message)}`, path: '', ...at(start, Math.max(end, start + 1)) });
    }
    for (const warning of node.warnings) {
      const [start, end] = warning.pos;
      findings.push({ ruleId: 'parse/warning', severity: 'warning', message: `YAML: ${firstSentence(warning.message)}`, path: '', ...at(start, Math.max(end, start + 1)) });
    }
    findings.push(...duplicateKeys(node, at));
    if (node.errors.length > 0) return { index, node, value: undefined, usable: false };
    try {
      const value = node.toJS({ maxAliasCount: options.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT });
      return { index, node, value, usable: true };
    } catch (error) {
      const [start] = node.range;
      findings.push({
        ruleId: 'parse/limit',
        severity: 'error',
        message: `document not read: ${error instanceof Error ? error.message : String(error)} (limit maxAliasCount = ${options.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT})`,
        path: '',
        ...at(start, Math.min(start + 1, source.length)),
      });
      return { index, node, value: undefined, usable: false };
    }
  });

  return { text: source, bom: source !== text, format, lineCounter, documents, comments, findings };
}

/** 1-based line and column of two offsets; `endColumn` is exclusive. */
export function rangeOf(lineCounter: LineCounter, start: number, end: number): Range {
  const from = lineCounter.linePos(start);
  const to = lineCounter.linePos(Math.max(end, start));
  return { line: from.line, column: from.col, endLine: to.line, endColumn: to.col };
}

function countLines(text: string, lineCounter: LineCounter): void {
  lineCounter.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
}

function firstSentence(message: string): string {
  return message.split('\n', 1)[0].replace(/ at line \d+, column \d+:?$/, '');
}

function jsonSyntaxError(text: string): { message: string; offset: number } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    return { message: message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, ''), offset };
  }
}

/**
 * A later key wins when the document is read, as with JSON.parse, so the finding sits on the
 * later key and names the line of the first one.
 */
function duplicateKeys(doc: Document.Parsed, at: (start: number, end: number) => Range & { document?: number }): Finding[] {
  const findings: Finding[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item, [...path, String(i)]));
      return;
    }
    if (!isMap(node)) return;
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const name = String(pair.key.value);
      walk(pair.value, [...path, name]);
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, pair.key.range[0]);
        continue;
      }
      const [start, end] = pair.key.range;
      findings.push({
        ruleId: 'yaml/duplicate-key',
        severity: 'error',
        message: `duplicate key "${name}": first defined on line ${at(first, first).line}; only the last value is sent`,
        path: toPointer([...path, name]),
        ...at(start, end),
      });
    }
  };
  walk(doc.contents, []);
  return findings;
}

interface CstLike {
  type?: unknown;
  offset?: unknown;
  source?: unknown;
}

function collectComments(tokens: unknown[], text: string, lineCounter: LineCounter, out: SourceComment[]): void {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const token = value as CstLike;
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
      const offset = token.offset;
      const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
      out.push({
        offset,
        line: lineCounter.linePos(offset).line,
        text: token.source.slice(1),
        ownLine: text.slice(lineStart, offset).trim() === '',
        range: rangeOf(lineCounter, offset, offset + token.source.length),
      });
      return;
    }
    for (const key of Object.keys(token)) if (key !== 'source') walk((token as Record<string, unknown>)[key]);
  };
  walk(tokens);
  out.sort((a, b) => a.offset - b.offset);
}

