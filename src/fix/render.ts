import { isCollection, isMap, isNode, isPair, isScalar, isSeq, parse as parseYaml, Scalar, type Document, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { DEFAULT_MAX_DEPTH, parseText, type ParsedFile, type SourceDocument } from '../parse/parse.js';
import { readBlockYaml } from '../parse/block-yaml.js';
import { hasRange } from '../parse/locate.js';
import type { DataPath } from '../parse/pointer.js';
import type { Fix, FixIntent, PathFinding, Suggestion, SuggestionIntent } from '../types.js';

/**
 * Fix intents → text edits. Rules and the schema stage see plain data, so they say *what* to
 * change ("rename this key to vm_settings"); this module says *where* in the text, using the
 * node's source range, and writes the new text in the file's own style. It never re-serialises
 * a document: every edit replaces one node's range (or inserts at line starts), so comments, key
 * order, quoting and indentation outside it stay byte for byte (yaml's Document API keeps ranges,
 * which is what makes this possible; `Document.toString()` would reformat the whole file).
 *
 * Every edit is checked before it is offered: the edited text is parsed and must read back
 * as exactly the intended data, in every document, with no new syntax error. (That parse, of a
 * text no one has read, is the only proof an edit means what it says; it is spared where the
 * edit's reading is known without it: one token for one value, a plain key renamed to a word.) An edit that would
 * land in an anchor other nodes alias, hit a merge key, or meet YAML's many corner cases is
 * dropped rather than risked; the finding is then reported without it.
 */

export function isFixIntent(fix: Fix | FixIntent): fix is FixIntent {
  return 'kind' in fix;
}

/** The finding's fix as a text edit, or undefined when the intent cannot be made safely. */
export function renderFix(renderer: FixRenderer, document: SourceDocument | undefined, findingPath: DataPath, fix: Fix | FixIntent): Fix | undefined {
  if (!isFixIntent(fix)) return document?.usable ? renderer.checked(document, findingPath, fix) : fix;
  if (!document?.usable) return undefined;
  return renderer.render(document, fix.path ?? findingPath, fix);
}

/** The finding's suggestions as text edits; those that cannot be made safely are left out. */
export function renderSuggestions(
  renderer: FixRenderer,
  document: SourceDocument | undefined,
  findingPath: DataPath,
  suggestions: ReadonlyArray<Suggestion | SuggestionIntent>,
): Suggestion[] {
  const out: Suggestion[] = [];
  for (const suggestion of suggestions) {
    if (!('kind' in suggestion)) {
      out.push(suggestion);
      continue;
    }
    if (!document?.usable) continue;
    const { desc, ...intent } = suggestion;
    const fix = renderer.render(document, intent.path ?? findingPath, intent);
    if (fix) out.push({ desc, fix });
  }
  return out;
}

/** A finding moved into another frame (a request envelope's `body`): explicit intent paths move with it. */
export function rebaseIntents(finding: PathFinding, prefix: DataPath): PathFinding {
  const move = <T extends object>(fix: T): T => ('kind' in fix && 'path' in fix && Array.isArray(fix.path) ? { ...fix, path: [...prefix, ...fix.path] } : fix);
  return {
    ...finding,
    ...(finding.fix ? { fix: move(finding.fix) } : {}),
    ...(finding.suggestions ? { suggestions: finding.suggestions.map(move) } : {}),
  };
}

/**
 * The renderer of one file's fixes: made once per file by whoever places its findings
 * (src/engine/lint.ts) and handed to {@link renderFix} and {@link renderSuggestions}, so that
 * nothing outside the call decides which file a cache belongs to. (A module-level WeakMap of
 * renderers kept every file's document alive through V8's young-generation collections; a
 * "last renderer" made which cache a call used depend on call order.)
 */
export function fixRenderer(file: ParsedFile): FixRenderer {
  return new FixRenderer(file);
}

/** Per file: the same intent (a flat body's one fix, carried by each member's finding) is made and checked once. */
export class FixRenderer {
  private readonly cache = new Map<string, Fix | undefined>();
  /**
   * What the file's whole text holds, looked for once and only when an edit asks: a renderer is made
   * for every file with a finding, and most of those findings have no edit that needs the answers.
   */
  private crlf: boolean | undefined;
  private star: boolean | undefined;
  private merge: boolean | undefined;
  private hashes: number[] | undefined;

  constructor(readonly file: ParsedFile) {
    this.readBacksLeft = Math.max(MIN_READ_BACKS, Math.floor(READ_BACK_CHARACTERS / Math.max(1, file.text.length)));
  }

  render(document: SourceDocument, path: DataPath, intent: FixIntent): Fix | undefined {
    // The intent less its own path (the path it applies at is in the key already); a replacer
    // function would make JSON.stringify call it for every value.
    const { path: _path, ...what } = intent;
    const key = `${document.index}\u0000${JSON.stringify(path)}\u0000${JSON.stringify(what)}`;
    // One lookup: a fix found is never undefined, and only an undefined answer is asked again whether it is known.
    const known = this.cache.get(key);
    if (known !== undefined || this.cache.has(key)) return known;
    let fix: Fix | undefined;
    try {
      fix = this.edit(document.node, path, intent);
      if (fix && !this.readsBackAs(document, path, intent, fix)) fix = undefined;
    } catch {
      // An intent the source's shape does not allow (a path into a scalar, say): no fix, the finding stays.
      fix = undefined;
    }
    this.cache.set(key, fix);
    return fix;
  }

  /**
   * A text edit a check made itself (a number's quotes dropped, a YAML 1.1 word quoted) is held to
   * the same read-back as an intent's: where it replaces the value at the finding's path, the file
   * must read back with that value — what the edit's text reads as — and nothing else changed, and
   * no comment may be lost inside it. A block scalar (`max_nodes: |-` then `25`) is written again
   * as a value on the key's line; the bare text in its place would run into the next line.
   */
  checked(document: SourceDocument, path: DataPath, fix: Fix): Fix | undefined {
    const key = `${document.index}\u0000${JSON.stringify(path)}\u0000${fix.range[0]}:${fix.range[1]}\u0000${fix.text}`;
    const known = this.cache.get(key);
    if (known !== undefined || this.cache.has(key)) return known;
    let checked: Fix | undefined;
    try {
      checked = this.check(document, path, fix);
    } catch {
      checked = undefined;
    }
    this.cache.set(key, checked);
    return checked;
  }

  private check(document: SourceDocument, path: DataPath, fix: Fix): Fix | undefined {
    const { node } = walk(document.node, path) ?? {};
    if (!isScalar(node) || !hasRange(node) || node.range[0] !== fix.range[0] || node.range[1] !== fix.range[1]) {
      return this.readsBackWhole(fix) ? fix : undefined;
    }
    // A one-token edit of printable ASCII reads in YAML as in JSON (see readsAlone), and JSON.parse reads it far faster.
    const value: unknown = this.file.format === 'json' || (ONE_TOKEN.test(fix.text) && PRINTABLE_ASCII.test(fix.text)) ? JSON.parse(fix.text) : parseYaml(fix.text);
    const intent: FixIntent = { kind: 'replaceValue', value };
    if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) return this.render(document, path, intent);
    if (this.hasCommentIn(fix.range[0], fix.range[1])) return undefined;
    // Not for an anchored or tagged value (its range leaves both out; an alias would change too), nor
    // where the file has aliases at all (a value reached through one is written where the anchor is).
    if (!node.anchor && !node.tag && !this.aliasMayReach(document, path) && isOneLineToken(this.file.text, fix) && readsAlone(fix.text, value)) return fix;
    return this.readsBackAs(document, path, intent, fix) ? fix : undefined;
  }

  /**
   * Each read-back parses the whole file (or its document's part) again, so a file is given a fixed
   * budget of them: past it, a fix that needs one is left out (the finding stays, and a later
   * `--fix` pass takes it), and a file with 160,000 findings costs linear time, not 160,000 parses.
   */
  private readBacksLeft: number;

  private mayReadBack(): boolean {
    return this.readBacksLeft-- > 0;
  }

  /**
   * A value written on one line replaced by one token that reads alone as the intended value (see
   * isOneLineToken): the edited text reads as the document with that one value changed, which is
   * what the intent means; check() makes the same judgement for a check's own edits.
   */
  private isTokenEdit(document: SourceDocument, path: DataPath, intent: FixIntent, fix: Fix): boolean {
    if (intent.kind !== 'replaceValue' || this.aliasMayReach(document, path)) return false;
    const { node } = walk(document.node, path) ?? {};
    if (!isScalar(node) || !hasRange(node) || node.anchor || node.tag || node.range[0] !== fix.range[0] || node.range[1] !== fix.range[1]) return false;
    return isOneLineToken(this.file.text, fix) && readsAlone(fix.text, intent.value);
  }

  /**
   * A plain key on one line renamed to a name of word characters that reads as itself (a
   * schema's member name, say): the edited text reads as the same mapping with the member renamed,
   * provided the mapping holds no other key of either name (renameKey refuses the new one; a
   * duplicate of the old one would keep its value) and nothing merges members into it (`<<`).
   */
  private isPlainRename(document: SourceDocument, path: DataPath, intent: FixIntent, fix: Fix): boolean {
    if (intent.kind !== 'renameKey' || this.file.format !== 'yaml' || path.length === 0 || (this.merge ??= this.file.text.includes('<<'))) return false;
    if (fix.text !== intent.to || !WORD_KEY.test(fix.text) || AMBIGUOUS_WORDS.test(fix.text)) return false;
    const { pair, parent } = walk(document.node, path) ?? {};
    if (!pair || !isMap(parent) || !isScalar(pair.key) || pair.key.type !== Scalar.PLAIN || !hasRange(pair.key)) return false;
    if (pair.key.range[0] !== fix.range[0] || pair.key.range[1] !== fix.range[1] || /[\r\n]/.test(this.file.text.slice(fix.range[0], fix.range[1]))) return false;
    const name = String(pair.key.value);
    return parent.items.filter((item) => isScalar(item.key) && String(item.key.value) === name).length === 1;
  }

  /**
   * Whether an alias may stand for the value at `path` or for a collection holding it, so that
   * an edit of its text changes more than that one value: only where an anchor stands on the way
   * down (walk() never goes through an alias, and an alias can name nothing but an anchor). A
   * file with no `*` has no alias at all. Asked of the edited value's path, not the file: one
   * credential named through an alias (`compute_secret_key: *s`) no longer sends each of ten
   * thousand token edits on a line to a read-back of the whole file.
   */
  private aliasMayReach(document: SourceDocument, path: DataPath): boolean {
    if (!(this.star ??= this.file.text.includes('*'))) return false;
    let node: unknown = document.node.contents;
    for (const segment of path) {
      if (hasAnchor(node)) return true;
      node = walk(document.node, [segment], node)?.node;
      if (node === undefined) return true;
    }
    return hasAnchor(node);
  }

  /** An edit not of one value: the whole file must still parse, into as many documents, with no new error. */
  private readsBackWhole(fix: Fix): boolean {
    if (!this.mayReadBack()) return false;
    const text = this.file.text;
    const reparsed = parseText(text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]), this.file.format);
    return reparsed.documents.length === this.file.documents.length && errorsIn(reparsed) <= errorsIn(this.file);
  }

  private edit(doc: Document.Parsed, path: DataPath, intent: FixIntent): Fix | undefined {
    const target = walk(doc, path);
    if (!target) return undefined;
    switch (intent.kind) {
      case 'replaceValue':
        return this.replaceValue(target, intent.value);
      case 'renameKey':
        return this.renameKey(target, intent.to);
      case 'removeMember':
        return this.removeMember(target);
      case 'nestMembers':
        return this.nestMembers(target, intent.under);
    }
  }

  private replaceValue(target: Target, value: unknown): Fix | undefined {
    const { node, pair } = target;
    if (!hasRange(node)) return undefined;
    const text = this.file.text;
    const json = this.file.format === 'json';
    const style = isScalar(node) ? node.type : undefined;
    const rendered = json ? JSON.stringify(value) : yamlValue(value, style, target.inFlow);
    if (rendered === undefined) return undefined;
    const [start] = node.range;
    let end = node.range[1];
    // Comments inside the old value would go with it; a person should decide that.
    if (this.hasCommentIn(start, end)) return undefined;
    // A block scalar's range runs to the end of its last line, line break included: the new value
    // ends where the old text did, so that the next line stays a line of its own.
    if (isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED)) return { range: [start, trimEnd(text, start, end)], text: rendered };
    if (!isCollection(node) || node.flow) {
      // An empty value (`label:`) gets the space a value needs after the colon.
      const gap = start === end && text[start - 1] === ':' ? ' ' : '';
      return { range: [start, end], text: gap + rendered };
    }
    // A block collection ends after its last line's newline; the new value ends where the old text did.
    end = trimEnd(text, start, end);
    const keyEnd = pair && hasRange(pair.key) ? pair.key.range[1] : undefined;
    if (keyEnd !== undefined) {
      const between = text.slice(keyEnd, start);
      const colon = /^[ \t]*:[ \t]*\r?\n[ \t]*$/.exec(between);
      // `subnet_id:\n  - a\n  - b` → `subnet_id: "a,b"`, on the key's line as one would write it.
      if (colon) return { range: [keyEnd + between.indexOf(':') + 1, end], text: ' ' + rendered };
    }
    return { range: [start, end], text: rendered };
  }

  private renameKey(target: Target, to: string): Fix | undefined {
    const { pair, parent } = target;
    if (!pair || !isMap(parent) || !isScalar(pair.key) || !hasRange(pair.key)) return undefined;
    if (parent.items.some((item) => isScalar(item.key) && String(item.key.value) === to)) return undefined;
    const rendered = this.file.format === 'json' ? JSON.stringify(to) : yamlKey(to, pair.key.type, target.inFlow || Boolean(parent.flow));
    return { range: [pair.key.range[0], pair.key.range[1]], text: rendered };
  }

  private removeMember(target: Target): Fix | undefined {
    const { pair, parent } = target;
    if (!pair || !isMap(parent) || !hasRange(pair.key)) return undefined;
    const text = this.file.text;
    const keyStart = pair.key.range[0];
    const valueEnd = hasRange(pair.value) ? pair.value.range[1] : pair.key.range[1];
    if (parent.flow) {
      const index = parent.items.indexOf(pair);
      const next = parent.items[index + 1];
      const previous = parent.items[index - 1];
      if (next && hasRange(next.key)) return { range: [keyStart, next.key.range[0]], text: '' };
      if (previous && hasRange(previous.value)) return { range: [previous.value.range[1], valueEnd], text: '' };
      return { range: [keyStart, valueEnd], text: '' };
    }
    const lineStart = text.lastIndexOf('\n', keyStart - 1) + 1;
    // A key that shares its line with something else (`- name: x`) takes more than its member with it.
    if (text.slice(lineStart, keyStart).trim() !== '') return undefined;
    let end = Math.max(valueEnd, hasRange(pair.value) ? pair.value.range[2] : 0);
    if (end > 0 && text[end - 1] !== '\n') {
      const newline = text.indexOf('\n', end);
      end = newline === -1 ? text.length : newline + 1;
    }
    return { range: [lineStart, end], text: '' };
  }

  private nestMembers(target: Target, under: string): Fix | undefined {
    const { node } = target;
    if (!isMap(node) || !hasRange(node) || node.items.length === 0) return undefined;
    if (node.items.some((item) => isScalar(item.key) && String(item.key.value) === under)) return undefined;
    const text = this.file.text;
    const eol = (this.crlf ??= this.file.text.includes('\r\n')) ? '\r\n' : '\n';
    const [start] = node.range;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const prefix = text.slice(lineStart, start);
    const json = this.file.format === 'json';
    // The new key is written as the mapping's first key is (`"account"` among quoted keys).
    const firstKey = node.items[0].key;
    const key = json ? JSON.stringify(under) : yamlKey(under, isScalar(firstKey) ? firstKey.type : Scalar.PLAIN, Boolean(node.flow) || target.inFlow);

    if (node.flow) {
      const end = node.range[1];
      const body = text.slice(start, end);
      if (!body.includes('\n')) return { range: [start, end], text: `{${key}: ${body}}` };
      const base = /^[ \t]*/.exec(prefix)![0];
      const firstMember = node.items[0];
      const memberIndent = hasRange(firstMember.key) ? text.slice(text.lastIndexOf('\n', firstMember.key.range[0] - 1) + 1, firstMember.key.range[0]) : '';
      const unit = /^[ \t]*$/.test(memberIndent) && memberIndent.length > base.length ? memberIndent.slice(base.length) : '  ';
      const inner = body
        .split('\n')
        .map((line, index) => (index === 0 || line.trim() === '' ? line : unit + line))
        .join('\n');
      return { range: [start, end], text: `{${eol}${base}${unit}${key}: ${inner}${eol}${base}}` };
    }

    // A block mapping: a new key line, and every line of the mapping two spaces further in, comments included.
    if (prefix.trim() !== '' || target.inFlow) return undefined;
    const end = trimEnd(text, start, node.range[1]);
    const indented = text
      .slice(lineStart, end)
      .split('\n')
      .map((line) => (line.trim() === '' ? line : '  ' + line))
      .join('\n');
    return { range: [lineStart, end], text: `${prefix}${key}:${eol}${indented}` };
  }

  /** Whether a comment starts in [start, end). */
  private hasCommentIn(start: number, end: number): boolean {
    // A comment's offset is its `#`: a range without one holds none, and the file's comments (a
    // walk of the whole text, made when first asked for) are not made for it; most edits replace
    // a value with no `#` in it. The `#`s are listed once a file: looking for the next one from
    // each range would read to the end of the text for every fix (quadratic in a file of many).
    const hashes = (this.hashes ??= offsetsOf(this.file.text, '#'));
    const hash = hashes[firstAtOrAfter(hashes.length, (i) => hashes[i], start)];
    if (hash === undefined || hash >= end) return false;
    const { comments } = this.file;
    const comment = comments[firstAtOrAfter(comments.length, (i) => comments[i].offset, start)];
    return comment !== undefined && comment.offset < end;
  }

  /**
   * readsBackAs in a stream of documents: the edit is read back within its own document's part of
   * the text, which must still be one document, of exactly the data meant, with no new error, and
   * still end its line before the next document's `---`. The other parts are not touched, so they
   * read as before; parsing the whole stream again for each edit would make a stream of thousands
   * of documents quadratic.
   */
  private readsBackInPart(document: SourceDocument, expected: unknown, fix: Fix): boolean {
    const [start, end] = partOf(this.file, document.index);
    if (fix.range[0] < start || fix.range[1] > end) return false;
    const text = this.file.text;
    const edited = text.slice(start, fix.range[0]) + fix.text + text.slice(fix.range[1], end);
    if (end < text.length && !edited.endsWith('\n')) return false;
    // A part the block reader takes, after its `---` line, is one document with no error.
    const readBack = this.file.format === 'yaml' ? blockReadsBackAs(edited.startsWith('---\n') ? edited.slice(4) : edited, expected) : undefined;
    if (readBack !== undefined) return document.usable && readBack;
    const reparsed = parseText(edited, this.file.format);
    const after = reparsed.documents;
    if (after.length !== 1 || !after[0].usable || !document.usable) return false;
    return errorsIn(reparsed) <= this.errorsInPart(document.index) && deepEqual(after[0].value, expected);
  }

  private readonly partErrors = new Map<number, number>();

  /** The errors of a document's part of the stream read alone (once per document). */
  private errorsInPart(index: number): number {
    let errors = this.partErrors.get(index);
    if (errors === undefined) {
      const [start, end] = partOf(this.file, index);
      errors = errorsIn(parseText(this.file.text.slice(start, end), this.file.format));
      this.partErrors.set(index, errors);
    }
    return errors;
  }

  /** The edit is kept only if the edited text parses to exactly the data the intent describes. */
  private readsBackAs(document: SourceDocument, path: DataPath, intent: FixIntent, fix: Fix): boolean {
    if (!intentApplies(document.value, path, intent) || !this.mayReadBack()) return false;
    // Edits whose reading is known without parsing the edited text (they still count against the
    // budget, so that which fixes a file keeps does not depend on how they were checked). Most
    // edits are such: the data they mean is made only for an edit read back.
    if (this.isTokenEdit(document, path, intent, fix) || this.isPlainRename(document, path, intent, fix)) return true;
    const expected = applyIntent(document.value, path, intent);
    const text = this.file.text;
    const edited = text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
    const readBack = this.file.format === 'yaml' && this.file.documents.length === 1 ? blockReadsBackAs(edited, expected) : undefined;
    if (readBack !== undefined) return this.file.documents[0].usable && readBack;
    if (this.file.documents.length > 1) return this.readsBackInPart(document, expected, fix);
    const reparsed = parseText(edited, this.file.format);
    if (errorsIn(reparsed) > errorsIn(this.file)) return false;
    if (reparsed.documents.length !== this.file.documents.length) return false;
    return this.file.documents.every((before, index) => {
      const after = reparsed.documents[index];
      if (before.usable !== after.usable) return false;
      return deepEqual(after.value, before.index === document.index ? expected : before.value);
    });
  }
}

/**
 * Read-backs of the whole text one file is given (Renderer.mayReadBack): as many as read 2 MiB of
 * text again in all, and at least 10 — hundreds for a cluster file of a few KB, some 10 for a
 * 200 KB one — so that the fixes' cost stays linear in the file's size, whatever its findings.
 */
const READ_BACK_CHARACTERS = 2 * 1024 * 1024;
const MIN_READ_BACKS = 10;

/**
 * Whether an edit replaces one scalar written on one line (plain or quoted, not a block scalar)
 * with one token on that line: a number, `true`/`false`, or a double-quoted string. Such a token
 * means the same wherever a one-line scalar stood — in a block mapping, a flow list, after a `- ` —
 * so the edit cannot change anything but that value, and needs no read-back of the whole file.
 */
function isOneLineToken(text: string, fix: Fix): boolean {
  const replaced = text.slice(fix.range[0], fix.range[1]);
  return !/[\r\n]/.test(replaced) && !/^[|>]/.test(replaced) && ONE_TOKEN.test(fix.text);
}

/** A key name that reads as itself wherever a plain key stands: no indicator, no space, no `:` or `#`, short of YAML's implicit-key limit. */
const WORD_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,999}$/;

const ONE_TOKEN = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?|true|false|"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt])*")$/;

/** Whether the token, read alone, is the value the check meant. */
function readsAlone(token: string, value: unknown): boolean {
  // A token of printable ASCII (a number, true/false, a double-quoted string with JSON's escapes,
  // all of which YAML's double quotes share) reads in YAML as it does in JSON, and JSON.parse
  // reads it some hundred times faster than yaml's parse of a one-token document.
  return deepEqual(PRINTABLE_ASCII.test(token) ? JSON.parse(token) : parseYaml(token), value);
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Whether a YAML text reads back as `expected`, judged without building nodes where the block
 * reader takes the text: it gives the full parse's data, and takes nothing the full parse would
 * report (src/parse/block-yaml.ts). `undefined` where the reader declines the text.
 */
function blockReadsBackAs(text: string, expected: unknown): boolean | undefined {
  const block = readBlockYaml(text, DEFAULT_MAX_DEPTH);
  return block === undefined ? undefined : deepEqual(block, expected);
}

function errorsIn(file: ParsedFile): number {
  return file.findings.filter((f) => f.severity === 'error').length;
}

/** The part of a stream that is one document's: from the end of the one before (its directives and `---` included) to its own end. */
function partOf(file: ParsedFile, index: number): [number, number] {
  const start = index === 0 ? 0 : file.documents[index - 1].node.range[2];
  const end = index === file.documents.length - 1 ? file.text.length : file.documents[index].node.range[2];
  return [start, end];
}

interface Target {
  /** The node at the path (null for an empty value). */
  node: unknown;
  /** The member whose value it is, when its parent is a mapping. */
  pair?: Pair<unknown, unknown>;
  parent?: YAMLMap | YAMLSeq;
  /** Whether the node sits inside a flow collection (`[a, b]`, `{a: b}`), where `,[]{}` end a plain scalar. */
  inFlow: boolean;
}

/**
 * The node at a data path, through mappings and sequences as written. Unlike `locate`, it does not
 * follow aliases or merge keys: an edit there would change every place the anchor is used.
 */
function walk(doc: Document.Parsed, path: DataPath, from: unknown = doc.contents): Target | undefined {
  let target: Target = { node: from, inFlow: false };
  for (const segment of path) {
    const { node } = target;
    const inFlow = target.inFlow || ((isMap(node) || isSeq(node)) && Boolean(node.flow));
    if (isSeq(node)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= node.items.length) return undefined;
      target = { node: node.items[index], parent: node, inFlow };
      continue;
    }
    if (!isMap(node)) return undefined;
    let found: Pair<unknown, unknown> | undefined;
    // The last of duplicate keys is the one that is sent.
    for (let i = node.items.length - 1; i >= 0 && !found; i--) {
      const pair = node.items[i];
      if (isPair(pair) && isScalar(pair.key) && typeof pair.key.value !== 'symbol' && String(pair.key.value) === String(segment)) found = pair;
    }
    if (!found) return undefined;
    target = { node: found.value, pair: found, parent: node, inFlow };
  }
  return target;
}

function hasAnchor(node: unknown): boolean {
  return isNode(node) && Boolean(node.anchor);
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1])) end--;
  return end;
}

/** Words YAML 1.1 reads as booleans or null: never written plain, so no YAML reader mistakes them. */
const AMBIGUOUS_WORDS = /^(y|n|yes|no|on|off|true|false|null|~)$/i;
const PLAIN_BLOCK = /^[^\s\-?:,[\]{}#&*!|>'"%@`]([^:#\r\n]*[^\s:#])?$/;
const PLAIN_FLOW = /^[^\s\-?:,[\]{}#&*!|>'"%@`]([^:#,[\]{}\r\n]*[^\s:#,[\]{}])?$/;

/** Whether a string can be written without quotes and still read back as that string. */
function plainSafe(value: string, inFlow: boolean): boolean {
  if (!(inFlow ? PLAIN_FLOW : PLAIN_BLOCK).test(value) || AMBIGUOUS_WORDS.test(value)) return false;
  let safe = READS_BACK_PLAIN.get(value);
  if (safe === undefined) {
    try {
      safe = parseYaml(value) === value;
    } catch {
      safe = false;
    }
    // The same names come back in file after file (a misspelt key's right spelling), and yaml's parse costs more than the rest of the edit.
    if (READS_BACK_PLAIN.size < 10_000) READS_BACK_PLAIN.set(value, safe);
  }
  return safe;
}

const READS_BACK_PLAIN = new Map<string, boolean>();

/** A value in YAML, in the style of the scalar it replaces: a quoted string stays quoted the same way. */
function yamlValue(value: unknown, style: Scalar.Type | undefined, inFlow: boolean): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') {
    if (style === Scalar.QUOTE_SINGLE && !/[\r\n]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
    if (style !== Scalar.QUOTE_DOUBLE && plainSafe(value, inFlow)) return value;
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    // `label: "etl"` becomes `["etl"]`: the item keeps the quotes the value had.
    const items = value.map((item) => yamlValue(item, style === Scalar.PLAIN ? undefined : style, true));
    return items.includes(undefined) ? undefined : `[${items.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
      const rendered = yamlValue(v, undefined, true);
      return rendered === undefined ? undefined : `${yamlKey(k, Scalar.PLAIN, true)}: ${rendered}`;
    });
    return members.includes(undefined) ? undefined : `{${members.join(', ')}}`;
  }
  return undefined;
}

function yamlKey(name: string, style: Scalar.Type | undefined, inFlow: boolean): string {
  if (style === Scalar.QUOTE_SINGLE && !/[\r\n]/.test(name)) return `'${name.replace(/'/g, "''")}'`;
  if (style !== Scalar.QUOTE_DOUBLE && plainSafe(name, inFlow)) return name;
  return JSON.stringify(name);
}

const NOT_APPLICABLE = Symbol('not applicable');

/** The data the intent means: the document's value with the edit made on the data itself (NOT_APPLICABLE where {@link intentApplies} says no). */
export function applyIntent(value: unknown, path: DataPath, intent: FixIntent): unknown {
  if (!intentApplies(value, path, intent)) return NOT_APPLICABLE;
  if (intent.kind === 'replaceValue') return updateIn(value, path, () => intent.value);
  if (intent.kind === 'nestMembers') return updateIn(value, path, (old) => ({ [intent.under]: old }));
  const member = String(path[path.length - 1]);
  return updateIn(value, path.slice(0, -1), (parent) => {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(parent as Record<string, unknown>)) {
      if (key !== member) out[key] = child;
      else if (intent.kind === 'renameKey') out[intent.to] = child;
    }
    return out;
  });
}

/**
 * Whether the intent applies to the data: its path leads to a value (a mapping, to nest its
 * members), or, to remove or rename a member, to a mapping's own member. Asked without copying any
 * of the data: most edits are checked without the data they mean (FixRenderer.readsBackAs).
 */
export function intentApplies(value: unknown, path: DataPath, intent: FixIntent): boolean {
  if (intent.kind === 'replaceValue' || intent.kind === 'nestMembers') {
    const old = dataAt(value, path);
    return old !== NOT_APPLICABLE && (intent.kind === 'replaceValue' || isRecord(old));
  }
  if (path.length === 0) return false;
  const parent = dataAt(value, path.slice(0, -1));
  return isRecord(parent) && Object.hasOwn(parent, String(path[path.length - 1]));
}

/** One step along a path: an array's item by its index, a mapping's own member; NOT_APPLICABLE where there is none. */
function childAt(value: unknown, head: string | number): unknown {
  if (Array.isArray(value)) {
    const index = Number(head);
    return Number.isInteger(index) && index >= 0 && index < value.length ? value[index] : NOT_APPLICABLE;
  }
  return isRecord(value) && Object.hasOwn(value, String(head)) ? value[String(head)] : NOT_APPLICABLE;
}

/** The data at a path ({@link childAt} step by step), or NOT_APPLICABLE. */
function dataAt(value: unknown, path: DataPath): unknown {
  let at = value;
  for (const head of path) if ((at = childAt(at, head)) === NOT_APPLICABLE) break;
  return at;
}

/** A copy of the data with the value at `path` updated (the path is one {@link intentApplies} found). */
function updateIn(value: unknown, path: DataPath, update: (old: unknown) => unknown): unknown {
  if (path.length === 0) return update(value);
  const [head, ...rest] = path;
  const child = updateIn(childAt(value, head), rest, update);
  return Array.isArray(value) ? value.map((item, i) => (i === Number(head) ? child : item)) : { ...(value as Record<string, unknown>), [String(head)]: child };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Data equality as the API sees it: member order does not matter, types do (1 is not "1"). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/** Every offset of `char` in `text`, in order. */
function offsetsOf(text: string, char: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) offsets.push(at);
  return offsets;
}

/** The index of the first of `count` ascending offsets (`offsetAt(i)`) at or after `start`, found by halving; `count` if none is. */
function firstAtOrAfter(count: number, offsetAt: (index: number) => number, start: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offsetAt(middle) < start) low = middle + 1;
    else high = middle;
  }
  return low;
}
