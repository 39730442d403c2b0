import type { RuleInfo } from '../../rules/index.js';
import type { FileResult } from '../types.js';

/** The result a formatter takes (defined with the other shared shapes in src/types.ts). */
export type { FileResult };

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
  /** A baseline was applied to the results (SARIF only): every result gets a `baselineState`, `unchanged` for those in `heldBack`. */
  baseline?: boolean;
  /**
   * The results' {@link summarize}, where the caller has it (the CLI, for its exit code): not
   * counted again. A run's results may be made a file at a time each time they are iterated.
   */
  summary?: Summary;
}

/** An output format: a pure function from lint results to the text to print. */
export type Formatter = (results: readonly FileResult[], options?: FormatOptions) => string;

/**
 * An output format as a stream: the same text as its {@link Formatter}, in parts made as the
 * results are iterated (a head, then each file's part, then the closing parts), so that a run
 * over many files never holds its whole output. Still a pure function of the results; it may
 * iterate them more than once (the summary, SARIF's rule list), and each pass may make them anew
 * (the CLI's, src/node/compact.ts).
 */
export type FormatStream = (results: Iterable<FileResult>, options?: FormatOptions) => Iterable<string>;

/** The {@link Formatter} of a {@link FormatStream}: its parts joined. */
export function joined(stream: FormatStream): Formatter {
  return (results, options) => {
    let text = '';
    for (const part of stream(results, options)) text += part;
    return text;
  };
}

/** Counts over all results, as the JSON output's `summary`. */
export interface Summary {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  fixable: number;
  /**
   * Files a walk found that resolve to no operation and were left out as no API body (README
   * "Which operation a file is for"); present only when there were some. The CLI sets it.
   */
  skipped?: number;
  /** A `--fix` run only: the problems its fixes fixed in the files it wrote, and how many files that was. */
  fixed?: number;
  fixedFiles?: number;
}

/** How the summary line counts the files skipped as no API body (`--verbose` lists them on standard error). */
export function skippedNote(count: number): string {
  return `${count} file${count === 1 ? '' : 's'} skipped: no API body; --verbose lists ${count === 1 ? 'it' : 'them'}`;
}

/** Over an array, or over results made a file at a time (the CLI's, src/node/compact.ts). */
export function summarize(results: Iterable<FileResult>): Summary {
  const summary: Summary = { files: 0, errors: 0, warnings: 0, infos: 0, fixable: 0 };
  for (const result of results) {
    summary.files++;
    for (const finding of result.findings) {
      if (finding.severity === 'error') summary.errors++;
      else if (finding.severity === 'warning') summary.warnings++;
      else summary.infos++;
      if (finding.fix) summary.fixable++;
    }
  }
  return summary;
}
