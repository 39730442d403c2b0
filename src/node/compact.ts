import type { FileResult } from '../formatters/types.js';
import type { Finding, Fix, RepositoryFacts, Suggestion } from '../types.js';
import { detached } from '../parse/detached.js';

/**
 * How a run holds what it has linted until the checks across files have run and the output is
 * written: every file's result is kept to the end (a label claimed by the last file read is a
 * finding of the first), so what is kept per file is kept small.
 *
 * - A finding is rebuilt with one shape (its members in the JSON output's order, set once each),
 *   where the engine's copies, spreads and rests left each with a hidden class and an out-of-object
 *   property store of its own: some 100 bytes a finding saved.
 * - The strings findings repeat — rule ids, data paths, messages (the same advisory on thousands
 *   of files), suggestions' descriptions, fixes' texts — are held once per run, not once per
 *   finding. A message of one file alone is held as it is.
 *
 * This is how lintFiles holds its results, which it returns as objects. The run (lintRunResults,
 * the CLI's and lintRun's) holds them as bytes instead ({@link PackedResults}), and makes them into
 * objects a file at a time as its output takes them.
 */
export class ResultStore {
  private readonly strings = new Map<string, string>();

  /** One copy of `text` for the run; the first copy seen is the one kept, detached from any larger string it was cut from. */
  private string(text: string): string {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    const own = detached(text);
    this.strings.set(own, own);
    return own;
  }

  private fix(fix: Fix): Fix {
    return { range: [fix.range[0], fix.range[1]], text: this.string(fix.text) };
  }

  private suggestion(suggestion: Suggestion): Suggestion {
    return { desc: this.string(suggestion.desc), fix: this.fix(suggestion.fix) };
  }

  /** The finding with one shape and shared strings; equal to it member for member. */
  finding(finding: Finding): Finding {
    const ruleId = this.string(finding.ruleId);
    const message = this.string(finding.message);
    const path = this.string(finding.path);
    const { severity, document, line, column, endLine, endColumn } = finding;
    const fix = finding.fix && this.fix(finding.fix);
    const suggestions = finding.suggestions?.map((s) => this.suggestion(s));
    // Literals, one per set of members, so that every member is stored in the object itself (a
    // member added afterwards goes to a store of its own, 50 bytes more).
    if (document !== undefined) {
      return { ruleId, severity, message, path, document, line, column, endLine, endColumn, ...(fix ? { fix } : {}), ...(suggestions ? { suggestions } : {}) };
    }
    if (fix && suggestions) return { ruleId, severity, message, path, line, column, endLine, endColumn, fix, suggestions };
    if (fix) return { ruleId, severity, message, path, line, column, endLine, endColumn, fix };
    if (suggestions) return { ruleId, severity, message, path, line, column, endLine, endColumn, suggestions };
    return { ruleId, severity, message, path, line, column, endLine, endColumn };
  }

  /** The findings, compact. */
  findings(findings: readonly Finding[]): Finding[] {
    const compact = new Array<Finding>(findings.length);
    for (let i = 0; i < compact.length; i++) compact[i] = this.finding(findings[i]);
    return compact;
  }

  /** The result, its findings compact (a result from another thread); the rest kept as it is. */
  result(result: FileResult): FileResult {
    return result.findings.length === 0 ? result : { ...result, findings: this.findings(result.findings) };
  }
}

/** A finding's optional members, as bits of the first number of its record. */
const HAS_DOCUMENT = 1;
const HAS_FIX = 2;
const HAS_SUGGESTIONS = 4;
/** A result's `screened: true`, as a bit of the first number of its record. */
const SCREENED = 1;
/** The record holds the lines of `shownSource` an output shows (a run that keeps only those). */
const HAS_SHOWN_LINES = 2;
/** The record holds the line lengths and line ends of `source` (a run that keeps only those). */
const HAS_LINE_LAYOUT = 4;
/** The result's `suppressed` is an empty list (a run that asks for them, SARIF's: most files). */
const NONE_SUPPRESSED = 8;
/**
 * The record holds the file's facts for the checks across files, as a text its caller makes (the
 * cache's packed form, cache.ts's factsText), right after its first number: held as objects to the end of the run, the facts of 100,000
 * cluster files took some 29 MB of the heap (issue 31).
 */
const HAS_FACTS = 16;
/** A line's end in a line layout: none (the last line), LF, CRLF, a lone CR. */
const LINE_ENDS = ['', '\n', '\r\n', '\r'];

/**
 * What of a file's text a run's results keep: `whole`, `source` and `shownSource` as the lint
 * made them; `shown`, what an output shows of them (the CLI's run without --fix); `none`, neither.
 *
 * `shown` keeps of `shownSource` the lines around each finding (a code frame's three, the line a
 * fingerprint hashes) and its last line, every other line made empty, so that each line keeps its
 * number; and of `source` only where its lines start and end, each line's text made spaces, for
 * the line and column of a fix's offsets (SARIF): such a `source` is never shown nor written, and
 * it is there only where a finding has a fix. At 100,000 files of the findings-heavy corpus the
 * whole texts were most of the memory of a stylish or SARIF run (issue 31).
 */
export type KeptSources = 'whole' | 'shown' | 'none';
/** Records are written into blocks of this many bytes (a larger one for a record that needs it). */
const BLOCK_SIZE = 1 << 20;
/**
 * The most strings the table holds: rule ids, paths, severities and the messages many files share
 * come first and are held once; past it a string is written into its record (a message that
 * names a file's own values, held once anyway), where it takes its bytes and no object.
 */
export const MAX_SHARED_STRINGS = 1 << 14;

const LONE_SURROGATE = /[\uD800-\uDFFF]/;

/** Thrown by the writer for a member it cannot pack (not a whole number from 0 to 2^31): that result is then kept as it is. */
const UNPACKABLE = new Error('unpackable');

/**
 * A run's results held as bytes, not objects, until the output is written, and made into objects
 * again a file at a time each time they are iterated (the CLI's output takes them so): at the end
 * of a run over 100,000 files of the findings-heavy corpus the objects of some 300,000 findings
 * were most of its memory (BENCHMARKS.md).
 *
 * Each result is one record: its flags, operation and operation source, how many findings, then
 * each finding's members, every number as a variable-length integer (most take one byte) and
 * every string as the index of its one copy in the run's table of strings, as {@link ResultStore}
 * shares them, or past {@link MAX_SHARED_STRINGS} as its own UTF-8 bytes. The records are outside
 * V8's heap, which grows to a multiple of what it holds. What is rarely there (a result's text,
 * its suppressed findings) is kept as it is, beside the record. The results are iterated in the
 * order of the run's files, whatever the order they were packed in.
 */
export class PackedResults implements Iterable<FileResult> {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  private readonly blocks: Buffer[] = [];
  private block: Buffer = Buffer.alloc(0);
  private used = 0;
  /** The block and the offset in it where each file's record starts, by its index in the run's files (block -1: not packed). */
  private readonly startBlocks: Int32Array;
  private readonly startOffsets: Int32Array;
  /** The members of a result besides those in its record, by the file's index: for the few that have any. */
  private readonly others = new Map<number, Partial<FileResult>>();
  /** Results kept as objects: replaced after they were packed (by the checks across files), or that could not be packed. Few. */
  private readonly kept = new Map<number, FileResult>();
  /** The facts of results that could not be packed. */
  private readonly keptFacts = new Map<number, string>();
  /** The reader's place in the block it reads. */
  private reading = 0;

  constructor(
    private readonly files: readonly string[],
    private readonly sources: KeptSources = 'whole',
  ) {
    this.startBlocks = new Int32Array(files.length).fill(-1);
    this.startOffsets = new Int32Array(files.length);
  }

  get length(): number {
    return this.files.length;
  }

  /** Whether results keep less of their texts than the lint made (KeptSources `shown`): a `source` is then no file's text. */
  get keepsPartOfSources(): boolean {
    return this.sources === 'shown';
  }

  /** How many results are held as objects, not packed: those replaced, and any that could not be packed. */
  get objectsHeld(): number {
    return this.kept.size;
  }

  /** Packs the result of the file at `index` in the run's files, with its facts for the checks across files as a text (`factsText`: held as it is). */
  pack(index: number, result: FileResult, factsText?: string): void {
    const { file, operation, operationSource, findings, screened, ...others } = result;
    if (file !== this.files[index]) (others as Partial<FileResult>).file = file;
    if (screened !== undefined && screened !== true) (others as Partial<FileResult>).screened = screened;
    let shown: ShownLines | undefined;
    let layout: string | undefined;
    // A fixed file's texts are kept whole whatever the run keeps: it is written, or shown as a diff, from them.
    if (this.sources !== 'whole' && result.originalSource === undefined) {
      const { source, shownSource } = others;
      delete others.source;
      delete others.shownSource;
      if (this.sources === 'shown' && shownSource !== undefined) shown = shownLinesOf(result, shownSource);
      if (this.sources === 'shown' && source !== undefined && hasFix(result)) layout = source;
    }
    // Most results of a run that asks for silenced findings have none: a bit, not an object held beside the record.
    const noneSuppressed = Array.isArray(others.suppressed) && others.suppressed.length === 0;
    if (noneSuppressed) delete others.suppressed;
    this.reserve(maxRecordSize(result) + (shown ? shown.size : 0) + (layout === undefined ? 0 : 6 * layout.length + 10) + (factsText === undefined ? 0 : 3 * factsText.length + 5));
    const start = this.used;
    try {
      this.uint((screened === true ? SCREENED : 0) | (shown ? HAS_SHOWN_LINES : 0) | (layout === undefined ? 0 : HAS_LINE_LAYOUT) | (noneSuppressed ? NONE_SUPPRESSED : 0) | (factsText === undefined ? 0 : HAS_FACTS));
      if (factsText !== undefined) this.text(factsText);
      this.uint(operation === undefined ? 0 : 1);
      if (operation !== undefined) this.string(operation);
      this.string(operationSource);
      this.uint(findings.length);
      for (const finding of findings) {
        const { fix, suggestions, document } = finding;
        this.uint((document === undefined ? 0 : HAS_DOCUMENT) | (fix ? HAS_FIX : 0) | (suggestions ? HAS_SUGGESTIONS : 0));
        this.string(finding.ruleId);
        this.string(finding.severity);
        this.string(finding.message);
        this.string(finding.path);
        if (document !== undefined) this.uint(document);
        this.uint(finding.line);
        this.uint(finding.column);
        this.uint(finding.endLine);
        this.uint(finding.endColumn);
        if (fix) this.fix(fix);
        if (suggestions) {
          this.uint(suggestions.length);
          for (const suggestion of suggestions) {
            this.string(suggestion.desc);
            this.fix(suggestion.fix);
          }
        }
      }
      if (shown) {
        this.uint(shown.count);
        this.uint(shown.kept.length);
        for (const [line, text] of shown.kept) {
          this.uint(line);
          this.text(text);
        }
      }
      if (layout !== undefined) this.lineLayout(layout);
    } catch (error) {
      if (error !== UNPACKABLE) throw error;
      this.used = start;
      if (factsText !== undefined) this.keptFacts.set(index, factsText);
      // Kept whole as it is, or as the run keeps sources: never more of the text than a packed one.
      this.kept.set(index, this.sources === 'whole' ? result : { file, operation, operationSource, findings, ...(screened === undefined ? {} : { screened }), ...(noneSuppressed ? { suppressed: [] } : {}), ...others });
      return;
    }
    this.startBlocks[index] = this.blocks.length - 1;
    this.startOffsets[index] = start;
    if (Object.keys(others).length > 0) this.others.set(index, others);
  }

  /** The result of the file at `index`, a new object each time. */
  at(index: number): FileResult {
    const kept = this.kept.get(index);
    if (kept) return kept;
    const blockIndex = this.startBlocks[index];
    if (blockIndex < 0) throw new Error(`no result packed for ${this.files[index]}`);
    const block = this.blocks[blockIndex];
    this.reading = this.startOffsets[index];
    const flags = this.readUint(block);
    if (flags & HAS_FACTS) {
      // Read first: `reading += readUint()` would add to the place before the length was read.
      const length = this.readUint(block);
      this.reading += length;
    }
    const screened = (flags & SCREENED) !== 0;
    const operation = this.readUint(block) === 0 ? undefined : (this.readString(block) as FileResult['operation']);
    const operationSource = this.readString(block) as FileResult['operationSource'];
    const findings = new Array<Finding>(this.readUint(block));
    for (let i = 0; i < findings.length; i++) {
      const has = this.readUint(block);
      const ruleId = this.readString(block);
      const severity = this.readString(block) as Finding['severity'];
      const message = this.readString(block);
      const path = this.readString(block);
      const document = has & HAS_DOCUMENT ? this.readUint(block) : undefined;
      const line = this.readUint(block);
      const column = this.readUint(block);
      const endLine = this.readUint(block);
      const endColumn = this.readUint(block);
      const fix = has & HAS_FIX ? this.readFix(block) : undefined;
      let suggestions: Suggestion[] | undefined;
      if (has & HAS_SUGGESTIONS) {
        suggestions = new Array<Suggestion>(this.readUint(block));
        for (let j = 0; j < suggestions.length; j++) suggestions[j] = { desc: this.readString(block), fix: this.readFix(block) };
      }
      // The shapes ResultStore gives a finding, members in the same order.
      if (document !== undefined) {
        findings[i] = { ruleId, severity, message, path, document, line, column, endLine, endColumn, ...(fix ? { fix } : {}), ...(suggestions ? { suggestions } : {}) };
      } else if (fix && suggestions) findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn, fix, suggestions };
      else if (fix) findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn, fix };
      else if (suggestions) findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn, suggestions };
      else findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn };
    }
    const result: FileResult = { file: this.files[index], operation, operationSource, findings };
    if (screened) result.screened = true;
    if (flags & NONE_SUPPRESSED) result.suppressed = [];
    let shownSource: string | undefined;
    if (flags & HAS_SHOWN_LINES) {
      const lines = new Array<string>(this.readUint(block)).fill('');
      const kept = this.readUint(block);
      for (let i = 0; i < kept; i++) {
        const line = this.readUint(block);
        lines[line] = this.readText(block);
      }
      shownSource = lines.join('\n');
    }
    if (flags & HAS_LINE_LAYOUT) result.source = this.readLineLayout(block);
    if (shownSource !== undefined) result.shownSource = shownSource;
    const others = this.others.get(index);
    return others ? { ...result, ...others } : result;
  }

  /** The text of the facts the file at `index` was packed with. */
  factsAt(index: number): string | undefined {
    const blockIndex = this.startBlocks[index];
    if (blockIndex < 0) return this.keptFacts.get(index);
    const block = this.blocks[blockIndex];
    this.reading = this.startOffsets[index];
    return this.readUint(block) & HAS_FACTS ? this.readText(block) : undefined;
  }

  /**
   * The facts of every file, by its name, in the order of the run's files, for the checks across
   * files: made from the records by `read` each time they are asked for, never all held as objects.
   */
  facts(read: (text: string) => RepositoryFacts): ReadonlyMap<string, RepositoryFacts> {
    return new PackedFacts(this.files, this, read);
  }

  /** Puts `result` in place of the file's packed one (a result the checks across files added to). */
  replace(index: number, result: FileResult): void {
    this.kept.set(index, result);
  }

  *[Symbol.iterator](): Iterator<FileResult> {
    for (let i = 0; i < this.files.length; i++) yield this.at(i);
  }

  private fix(fix: Fix): void {
    this.uint(fix.range[0]);
    this.uint(fix.range[1]);
    this.string(fix.text);
  }

  private readFix(block: Buffer): Fix {
    const start = this.readUint(block);
    const end = this.readUint(block);
    return { range: [start, end], text: this.readString(block) };
  }

  /** A whole number from 0 to 2^31 - 1, seven bits a byte. */
  private uint(n: number): void {
    if (!(n >= 0 && n <= 0x7fffffff && Math.floor(n) === n)) throw UNPACKABLE;
    const block = this.block;
    while (n > 0x7f) {
      block[this.used++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    block[this.used++] = n;
  }

  private readUint(block: Buffer): number {
    let byte = block[this.reading++];
    let n = byte & 0x7f;
    for (let shift = 7; byte > 0x7f; shift += 7) {
      byte = block[this.reading++];
      n |= (byte & 0x7f) << shift;
    }
    return n >>> 0;
  }

  /** A string: twice its index in the table, or, past the table's room, twice its length in bytes plus one, then its bytes. */
  private string(text: string): void {
    if (typeof text !== 'string') throw UNPACKABLE;
    const known = this.ids.get(text);
    if (known !== undefined) return this.uint(known * 2);
    // UTF-8 has no lone surrogate (the bytes would come back as U+FFFD): such a string is held in the table.
    if (this.texts.length < MAX_SHARED_STRINGS || LONE_SURROGATE.test(text)) {
      const id = this.texts.length;
      const own = detached(text);
      this.texts.push(own);
      this.ids.set(own, id);
      return this.uint(id * 2);
    }
    const bytes = Buffer.byteLength(text);
    this.uint(bytes * 2 + 1);
    this.used += this.block.write(text, this.used, bytes, 'utf8');
  }

  /** A string as its own UTF-8 bytes, never in the table (a line of a file): its length in bytes, then the bytes. */
  private text(text: string): void {
    if (LONE_SURROGATE.test(text)) throw UNPACKABLE;
    const bytes = Buffer.byteLength(text);
    this.uint(bytes);
    this.used += this.block.write(text, this.used, bytes, 'utf8');
  }

  private readText(block: Buffer): string {
    const length = this.readUint(block);
    const start = this.reading;
    this.reading += length;
    return block.toString('utf8', start, this.reading);
  }

  /** Where the lines of `source` start and end: how many, then each line's length and its end (LINE_ENDS). */
  private lineLayout(source: string): void {
    const lines: number[] = [];
    let from = 0;
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      const end = c === 0x0a ? 1 : source.charCodeAt(i + 1) === 0x0a ? 2 : 3;
      lines.push(i - from, end);
      if (end === 2) i++;
      from = i + 1;
    }
    lines.push(source.length - from, 0);
    this.uint(lines.length / 2);
    for (const n of lines) this.uint(n);
  }

  private readLineLayout(block: Buffer): string {
    let text = '';
    for (let count = this.readUint(block); count > 0; count--) {
      const length = this.readUint(block);
      text += ' '.repeat(length) + LINE_ENDS[this.readUint(block)];
    }
    return text;
  }

  private readString(block: Buffer): string {
    const n = this.readUint(block);
    if ((n & 1) === 0) return this.texts[n >>> 1];
    const start = this.reading;
    this.reading += n >>> 1;
    return block.toString('utf8', start, this.reading);
  }

  /** Room for `size` more bytes in the block written: a new block when there is not. */
  private reserve(size: number): void {
    if (this.used + size <= this.block.length) return;
    this.block = Buffer.allocUnsafeSlow(Math.max(BLOCK_SIZE, size));
    this.blocks.push(this.block);
    this.used = 0;
  }
}

/** {@link PackedResults.facts}: a map whose values are made anew from the records as they are asked for. */
class PackedFacts implements ReadonlyMap<string, RepositoryFacts> {
  /** Where the last file asked for by name was: the checks ask in the run's order, so the next is found from there. */
  private cursor = 0;
  private counted: number | undefined;

  constructor(
    private readonly files: readonly string[],
    private readonly results: PackedResults,
    private readonly read: (text: string) => RepositoryFacts,
  ) {}

  get size(): number {
    if (this.counted === undefined) {
      let n = 0;
      for (let i = 0; i < this.files.length; i++) if (this.results.factsAt(i) !== undefined) n++;
      this.counted = n;
    }
    return this.counted;
  }

  get(file: string): RepositoryFacts | undefined {
    const count = this.files.length;
    for (let step = 0; step < count; step++) {
      const i = (this.cursor + step) % count;
      if (this.files[i] !== file) continue;
      this.cursor = i;
      const text = this.results.factsAt(i);
      return text === undefined ? undefined : this.read(text);
    }
    return undefined;
  }

  has(file: string): boolean {
    return this.get(file) !== undefined;
  }

  *entries(): MapIterator<[string, RepositoryFacts]> {
    for (let i = 0; i < this.files.length; i++) {
      const text = this.results.factsAt(i);
      if (text !== undefined) yield [this.files[i], this.read(text)];
    }
  }

  *keys(): MapIterator<string> {
    for (const [file] of this.entries()) yield file;
  }

  *values(): MapIterator<RepositoryFacts> {
    for (const [, facts] of this.entries()) yield facts;
  }

  [Symbol.iterator](): MapIterator<[string, RepositoryFacts]> {
    return this.entries();
  }

  forEach(callback: (value: RepositoryFacts, key: string, map: ReadonlyMap<string, RepositoryFacts>) => void, thisArg?: unknown): void {
    for (const [file, facts] of this.entries()) callback.call(thisArg, facts, file, this);
  }
}

/** The lines of a shown text an output shows (0-based, with their text), how many it has, and the most bytes they take packed. */
interface ShownLines {
  count: number;
  kept: Array<[number, string]>;
  size: number;
}

/**
 * The lines of `shownSource` an output shows of the result: a code frame's (the finding's line and
 * one each side), for every finding reported, held back or silenced, and the last line (a code
 * frame tells by it whether the text ends with a line break). Split as the formatters split it.
 */
function shownLinesOf(result: FileResult, shownSource: string): ShownLines {
  const lines = shownSource.split('\n');
  const wanted = new Set<number>([lines.length - 1]);
  const want = (finding: Finding): void => {
    for (let line = finding.line - 2; line <= finding.line; line++) if (line >= 0 && line < lines.length) wanted.add(line);
  };
  result.findings.forEach(want);
  result.suppressed?.forEach(want);
  result.heldBack?.forEach(want);
  const kept = [...wanted].sort((a, b) => a - b).map((line): [number, string] => [line, lines[line]]);
  let size = 10;
  for (const [, text] of kept) size += 10 + 3 * text.length;
  return { count: lines.length, kept, size };
}

/** Whether a finding of the result has a fix whose offsets an output turns into lines and columns (SARIF). */
function hasFix(result: FileResult): boolean {
  return result.findings.some((finding) => finding.fix) || (result.heldBack?.some((finding) => finding.fix) ?? false);
}

/** The most bytes a result's record can take: five a number, three a UTF-16 unit of a string and five for its length. */
function maxRecordSize(result: FileResult): number {
  const text = (value: unknown): number => 5 + (typeof value === 'string' ? 3 * value.length : 0);
  let size = 15 + text(result.operation) + text(result.operationSource);
  for (const finding of result.findings) {
    size += 5 * 6 + text(finding.ruleId) + text(finding.severity) + text(finding.message) + text(finding.path);
    if (finding.fix) size += 10 + text(finding.fix.text);
    if (finding.suggestions) {
      size += 5;
      for (const suggestion of finding.suggestions) size += 10 + text(suggestion.desc) + text(suggestion.fix?.text);
    }
  }
  return size;
}
