import type { FileResult } from '../formatters/types.js';
import type { Finding, Fix, Suggestion } from '../types.js';

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
 * At 100,000 files of the findings-heavy corpus (some 300,000 findings) this is what keeps the run
 * under its memory bound (BENCHMARKS.md).
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

  /** The result, its findings compact (a result from another thread, or from the cache); the rest kept as it is. */
  result(result: FileResult): FileResult {
    return result.findings.length === 0 ? result : { ...result, findings: this.findings(result.findings) };
  }
}

/**
 * A copy of a string that is not a slice of a larger one: V8 keeps a whole text alive for any
 * substring of it that lives on.
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A finding's optional members, as bits of the first number of its record. */
const HAS_DOCUMENT = 1;
const HAS_FIX = 2;
const HAS_SUGGESTIONS = 4;
/** A result's `screened: true`, as a bit of the first number of its record. */
const SCREENED = 1;
/** `operation: undefined`. */
const NONE = -1;
const NOT_PACKED = -1;

/**
 * A run's results held as numbers, not objects, until the output is written, and made into
 * objects again a file at a time each time they are iterated (the CLI's output takes them so): at
 * the end of a run over 100,000 files the objects of some 300,000 findings were most of its memory
 * (BENCHMARKS.md).
 *
 * Each result is one record in a growing array of 32-bit numbers: its flags, operation and
 * operation source, how many findings, then each finding's members — every string as the index
 * of its one copy in the run's table of strings (as {@link ResultStore} shares them). What is
 * rarely there (a result's text, its suppressed findings) is kept as it is, beside the record.
 * The results are iterated in the order of the run's files, whatever the order they were packed in.
 */
export class PackedResults implements Iterable<FileResult> {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  private numbers = new Int32Array(1 << 16);
  private used = 0;
  /** Where each file's record starts in `numbers`, by its index in the run's files. */
  private readonly starts: Int32Array;
  /** The members of a result besides those in its record, by the file's index: for the few that have any. */
  private readonly others = new Map<number, Partial<FileResult>>();
  /** Results replaced after they were packed (by the checks across files): kept as objects, being few. */
  private readonly replaced = new Map<number, FileResult>();

  constructor(private readonly files: readonly string[]) {
    this.starts = new Int32Array(files.length).fill(NOT_PACKED);
  }

  get length(): number {
    return this.files.length;
  }

  /** How many results are held as objects, not packed: those replaced. */
  get objectsHeld(): number {
    return this.replaced.size;
  }

  /** Packs the result of the file at `index` in the run's files. */
  pack(index: number, result: FileResult): void {
    const { file, operation, operationSource, findings, screened, ...others } = result;
    if (file !== this.files[index]) (others as Partial<FileResult>).file = file;
    if (screened !== undefined && screened !== true) (others as Partial<FileResult>).screened = screened;
    let size = 4;
    for (const finding of findings) size += 10 + (finding.fix ? 3 : 0) + (finding.suggestions ? 1 + 4 * finding.suggestions.length : 0);
    this.reserve(size);
    const numbers = this.numbers;
    let at = this.used;
    this.starts[index] = at;
    numbers[at++] = screened === true ? SCREENED : 0;
    numbers[at++] = operation === undefined ? NONE : this.id(operation);
    numbers[at++] = this.id(operationSource);
    numbers[at++] = findings.length;
    for (const finding of findings) {
      const { fix, suggestions, document } = finding;
      numbers[at++] = (document === undefined ? 0 : HAS_DOCUMENT) | (fix ? HAS_FIX : 0) | (suggestions ? HAS_SUGGESTIONS : 0);
      numbers[at++] = this.id(finding.ruleId);
      numbers[at++] = this.id(finding.severity);
      numbers[at++] = this.id(finding.message);
      numbers[at++] = this.id(finding.path);
      numbers[at++] = document ?? 0;
      numbers[at++] = finding.line;
      numbers[at++] = finding.column;
      numbers[at++] = finding.endLine;
      numbers[at++] = finding.endColumn;
      if (fix) at = this.packFix(fix, at);
      if (suggestions) {
        numbers[at++] = suggestions.length;
        for (const suggestion of suggestions) {
          numbers[at++] = this.id(suggestion.desc);
          at = this.packFix(suggestion.fix, at);
        }
      }
    }
    this.used = at;
    if (Object.keys(others).length > 0) this.others.set(index, others);
  }

  /** The result of the file at `index`, a new object each time. */
  at(index: number): FileResult {
    const replaced = this.replaced.get(index);
    if (replaced) return replaced;
    let at = this.starts[index];
    if (at === NOT_PACKED) throw new Error(`no result packed for ${this.files[index]}`);
    const { numbers, texts } = this;
    const screened = numbers[at++] === SCREENED;
    const operationId = numbers[at++];
    const operationSource = texts[numbers[at++]] as FileResult['operationSource'];
    const findings = new Array<Finding>(numbers[at++]);
    for (let i = 0; i < findings.length; i++) {
      const flags = numbers[at];
      const ruleId = texts[numbers[at + 1]];
      const severity = texts[numbers[at + 2]] as Finding['severity'];
      const message = texts[numbers[at + 3]];
      const path = texts[numbers[at + 4]];
      const document = numbers[at + 5];
      const line = numbers[at + 6];
      const column = numbers[at + 7];
      const endLine = numbers[at + 8];
      const endColumn = numbers[at + 9];
      at += 10;
      let fix: Fix | undefined;
      let suggestions: Suggestion[] | undefined;
      if (flags & HAS_FIX) {
        fix = { range: [numbers[at], numbers[at + 1]], text: texts[numbers[at + 2]] };
        at += 3;
      }
      if (flags & HAS_SUGGESTIONS) {
        suggestions = new Array<Suggestion>(numbers[at++]);
        for (let j = 0; j < suggestions.length; j++) {
          suggestions[j] = { desc: texts[numbers[at]], fix: { range: [numbers[at + 1], numbers[at + 2]], text: texts[numbers[at + 3]] } };
          at += 4;
        }
      }
      // The shapes ResultStore gives a finding, members in the same order.
      if (flags & HAS_DOCUMENT) {
        findings[i] = { ruleId, severity, message, path, document, line, column, endLine, endColumn, ...(fix ? { fix } : {}), ...(suggestions ? { suggestions } : {}) };
      } else if (fix && suggestions) findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn, fix, suggestions };
      else if (fix) findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn, fix };
      else if (suggestions) findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn, suggestions };
      else findings[i] = { ruleId, severity, message, path, line, column, endLine, endColumn };
    }
    const operation = operationId === NONE ? undefined : (texts[operationId] as FileResult['operation']);
    const result: FileResult = { file: this.files[index], operation, operationSource, findings };
    if (screened) result.screened = true;
    const others = this.others.get(index);
    return others ? { ...result, ...others } : result;
  }

  /** Puts `result` in place of the file's packed one (a result the checks across files added to). */
  replace(index: number, result: FileResult): void {
    this.replaced.set(index, result);
  }

  *[Symbol.iterator](): Iterator<FileResult> {
    for (let i = 0; i < this.files.length; i++) yield this.at(i);
  }

  private packFix(fix: Fix, at: number): number {
    this.numbers[at] = fix.range[0];
    this.numbers[at + 1] = fix.range[1];
    this.numbers[at + 2] = this.id(fix.text);
    return at + 3;
  }

  /** The index of `text` in the table of strings, which holds it once, detached from any larger string it was cut from. */
  private id(text: string): number {
    const known = this.ids.get(text);
    if (known !== undefined) return known;
    const id = this.texts.length;
    const own = detached(text);
    this.texts.push(own);
    this.ids.set(own, id);
    return id;
  }

  private reserve(size: number): void {
    if (this.used + size <= this.numbers.length) return;
    let length = this.numbers.length * 2;
    while (length < this.used + size) length *= 2;
    const grown = new Int32Array(length);
    grown.set(this.numbers.subarray(0, this.used));
    this.numbers = grown;
  }
}
