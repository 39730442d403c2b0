import { resolve } from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import type { FileResult } from '../types.js';
import { UsageError } from './files.js';
import { maskSecrets } from '../schema/secrets.js';
import type { Finding } from '../types.js';
import { unifiedDiff } from '../formatters/diff.js';
import { ruleNamespace, type FixOptions } from '../engine/fix-text.js';
import { writeFixedFile, type FixWrite } from './write-fixed.js';

/** The lint command's fix options, as commander parses them. */
export interface FixCommandOptions {
  /** `--fix`: write the fixed files. */
  fix?: boolean;
  /** `--fix-dry-run`: fix in memory and print a unified diff; write nothing. */
  fixDryRun?: boolean;
  /** `--fix-type <namespaces>`: comma-separated rule namespaces whose fixes to make. */
  fixType?: string;
}

/** Formats whose standard output a program reads: a diff in front would break them, so it goes to standard error. */
const MACHINE_FORMATS = new Set(['json', 'sarif', 'junit']);

/** Rule namespaces `--fix-type` takes: those of every rule, and `policy` for the config file's policies. */
export function fixNamespaces(): string[] {
  return [...new Set([...ALL_RULES.map((rule) => ruleNamespace(rule.id)), 'policy'])].sort();
}

/**
 * The fix options of a run, or undefined when it fixes nothing; bad combinations are usage errors
 * (exit 2), as in ESLint: `--fix` and `--fix-dry-run` together, `--fix-type` alone, `--fix` with
 * standard input (there is no file to write).
 */
export function fixOptionsOf(options: FixCommandOptions & { quiet?: boolean; stdin?: boolean }): FixOptions | undefined {
  if (options.fix && options.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together: --fix writes the files, --fix-dry-run shows the diff');
  if (options.fixType !== undefined && !options.fix && !options.fixDryRun) throw new UsageError('--fix-type needs --fix or --fix-dry-run');
  if (options.fix && options.stdin) throw new UsageError('--fix writes files, and standard input is not one; use --fix-dry-run to see the fixed text as a diff');
  if (!options.fix && !options.fixDryRun) return undefined;
  let types: string[] | undefined;
  if (options.fixType !== undefined) {
    types = options.fixType.split(',').map((type) => type.trim()).filter(Boolean);
    const known = fixNamespaces();
    const unknown = types.filter((type) => !known.includes(type));
    if (types.length === 0 || unknown.length > 0) {
      throw new UsageError(`--fix-type takes rule namespaces separated by commas (${known.join(', ')}); got ${JSON.stringify(options.fixType)}`);
    }
  }
  // With --quiet only errors are reported, so only errors are fixed (ESLint does the same).
  const filter = options.quiet ? (finding: Finding) => finding.severity === 'error' : undefined;
  return { ...(types ? { types } : {}), ...(filter ? { filter } : {}) };
}

/** A file `--fix` did not write, and why. */
export interface UnwrittenFix {
  file: string;
  why: Exclude<FixWrite, 'written'>;
}

/**
 * `--fix`: writes every file whose text the fixes changed, each only if it still holds the text
 * that was linted; returns those left alone (changed during the run, or read-only), in order.
 */
export function writeFixes(results: readonly FileResult[], cwd: string): UnwrittenFix[] {
  const unwritten: UnwrittenFix[] = [];
  for (const result of results) {
    if (result.originalSource === undefined || result.source === undefined) continue;
    const outcome = writeFixedFile(resolve(cwd, result.file), result.originalSource, result.source);
    if (outcome !== 'written') unwritten.push({ file: result.file, why: outcome });
  }
  return unwritten;
}

/** What `--fix` fixed: the problems its fixes fixed in the files it wrote (not those left alone), and how many files. */
export function fixedCounts(results: readonly FileResult[], unwritten: readonly UnwrittenFix[]): { fixed: number; fixedFiles: number } {
  const left = new Set(unwritten.map((file) => file.file));
  const written = results.filter((result) => result.originalSource !== undefined && result.source !== undefined && !left.has(result.file));
  return { fixed: written.reduce((sum, result) => sum + (result.fixedCount ?? 0), 0), fixedFiles: written.length };
}

/** Formats that say what `--fix` fixed themselves: stylish above its summary line, JSON in `summary.fixed`; with any other on standard output it goes to standard error. */
export function showsFixedCount(stdoutFormat: string | undefined): boolean {
  return stdoutFormat === 'stylish' || stdoutFormat === 'json';
}

/** The line on standard error for a file `--fix` did not write. */
export function unwrittenMessage({ file, why }: UnwrittenFix): string {
  const reason = why === 'changed' ? 'it changed during the run (nothing was lost); run dplint --fix again' : 'it is read-only; make it writable to fix it';
  return `dplint: not fixed ${JSON.stringify(file)}: ${reason}\n`;
}

/** `--fix-dry-run`: the unified diff of every file the fixes would change, in the order of the results. */
export function fixDiffs(results: readonly FileResult[]): string {
  // The diff is output like any other (a CI log): credentials in the lines it shows are masked.
  return results.map((result) => (result.originalSource === undefined || result.source === undefined ? '' : unifiedDiff(maskSecrets(result.originalSource), maskSecrets(result.source), result.file))).join('');
}

/** Where `--fix-dry-run` prints its diff: standard error when standard output carries a machine format. */
export function diffGoesToStderr(stdoutFormat: string | undefined): boolean {
  return stdoutFormat !== undefined && MACHINE_FORMATS.has(stdoutFormat);
}
