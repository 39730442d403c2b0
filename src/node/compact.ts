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
