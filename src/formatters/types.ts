import type { RuleInfo } from '../engine/registry.js';
import type { OperationId } from '../operations.js';
import type { Finding, OperationSource, SuppressedFinding } from '../types.js';

/** One linted file as formatters see it. */
export interface FileResult {
  /** The path as given on the command line, `/`-separated. */
  file: string;
  operation: OperationId | undefined;
  operationSource: OperationSource;
  findings: Finding[];
  /**
   * The findings inline directives silenced, with their reasons, when the run asked for them
   * (`--include-suppressed`, or a SARIF output): the JSON output lists them under that flag, SARIF
   * as results with `suppressions`. They count towards nothing: not the summary, not the exit code.
   */
  suppressed?: SuppressedFinding[];
  /** The file's text, for writing fixes and for the line and column of a fix's offsets (SARIF); never shown. */
  source?: string;
  /**
   * The file's text as outputs may show it, every credential masked (`****`): the engine's
   * (`LintResult.shownSource`). Code frames and SARIF fingerprints take their lines from here
   * only; formatters mask nothing themselves, so without it there is no code frame.
   */
  shownSource?: string;
  /**
   * Its fixes and suggestions were screened for credentials (`withoutRevealingEdits`): a fix whose
   * text would show one is left out. Formatters print the fixes a result holds as they are, so
   * whoever makes results for output screens them (lintFiles, lintRun and the cache do).
   */
  screened?: boolean;
  /** Set when `--fix` or `--fix-dry-run` changed the text: the text as read (`source` and the findings are then those of the fixed text). */
  originalSource?: string;
}

/** Options a formatter may honour; each ignores those that do not apply to it. */
export interface FormatOptions {
  /** Colour the output (stylish only); the CLI decides it from the terminal and `NO_COLOR`. */
  color?: boolean;
  /** Show the source around each finding (stylish only; `--no-code-frame` turns it off). Default true. */
  codeFrames?: boolean;
  /** Working directory, for repository-relative paths (SARIF, GitHub annotations); absolute, `/` or `\\` separated. */
  cwd?: string;
  /** List each result's `suppressed` findings and count them in the summary (JSON only; `--include-suppressed`). SARIF shows them whenever results carry them. */
  includeSuppressed?: boolean;
  /** The rule catalogue SARIF describes; every rule dplint has when absent (tests pass a fixed one). */
  rules?: readonly RuleInfo[];
}

/** An output format: a pure function from lint results to the text to print. */
export type Formatter = (results: readonly FileResult[], options?: FormatOptions) => string;

/** Counts over all results, as the JSON output's `summary`. */
export interface Summary {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  fixable: number;
}

export function summarize(results: readonly FileResult[]): Summary {
  const summary: Summary = { files: results.length, errors: 0, warnings: 0, infos: 0, fixable: 0 };
  for (const result of results) {
    for (const finding of result.findings) {
      if (finding.severity === 'error') summary.errors++;
      else if (finding.severity === 'warning') summary.warnings++;
      else summary.infos++;
      if (finding.fix) summary.fixable++;
    }
  }
  return summary;
}
