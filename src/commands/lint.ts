import { realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { ALL_RULES, findRule } from '../../rules/index.js';
import type { RuleSettings } from '../types.js';
import { FORMATTERS, formatParts } from '../formatters/index.js';
import { skippedNote, summarize, type Summary } from '../formatters/types.js';
import { fixedLine } from '../formatters/stylish.js';
import type { FileResult } from '../types.js';
import { diffGoesToStderr, fixDiffs, fixedCounts, fixOptionsOf, showsFixedCount, unwrittenMessage, writeFixes, type FixCommandOptions } from '../node/cli-fix.js';
import { UsageError } from '../node/files.js';
import { changedFiles, repositoryRoot, topAndGitPath, verifyRef } from '../node/git.js';
import { configsUsed, lintTextAs, nestedConfigsUsed, maxInputSize, type LintFilesOptions, type PlannedRun } from '../node/lint-files.js';
import { userCacheFolder } from '../node/crypto.js';
import { lintRunResults } from '../node/lint-run.js';
import { inChunks, writeFileAtomic, type WriteTarget } from '../node/write-file.js';
import { applyBaseline, baselineSize, buildBaseline, pruneBaseline, type Baseline, type BaselineKey, type StaleEntry } from '../baseline/baseline.js';
import { baselineKeys, baselineRoot, DEFAULT_BASELINE, isGone, readBaseline, writeBaseline } from '../node/baseline-file.js';
import { printable } from '../formatters/source.js';
import { isOperationId, type OperationId } from '../operations.js';
import { unknownOperationMessage } from '../schema/did-you-mean.js';
import { closest } from '../schema/did-you-mean.js';
import { EXIT_FAILURE, EXIT_FINDINGS, EXIT_OK, type RuleLevel } from '../types.js';
import { isRepositoryRule } from '../engine/repository.js';

export interface LintCommandOptions extends FixCommandOptions {
  operation?: string;
  format: string[];
  outputFile: string[];
  /** A path with `--config`, false with `--no-config`, true otherwise. */
  config: string | boolean;
  inlineConfig: boolean;
  reportUnusedDisableDirectives?: string | true;
  /** `--include-suppressed`: the JSON output lists the findings directives silenced, with their reasons. */
  includeSuppressed?: boolean;
  rule: string[];
  color?: boolean;
  codeFrame: boolean;
  maxWarnings?: string;
  quiet?: boolean;
  stdin?: boolean;
  stdinFilename?: string;
  jobs?: string;
  cache?: boolean;
  cacheLocation?: string;
  shard?: string;
  changedSince?: string;
  /** `--repository-context`: lint the whole repository for the checks across files, report only the files named (the pre-commit hook). */
  repositoryContext?: boolean;
  /** `--verbose`: say on standard error which config file applied, and which links a walk did not follow. */
  verbose?: boolean;
  /** A path with `--baseline`, false with `--no-baseline`, true (or undefined) otherwise: the default file, if it exists. */
  baseline?: string | boolean;
  baselineUpdate?: boolean;
  baselinePrune?: boolean;
}

export interface LintCommandIo {
  cwd: string;
  env: Record<string, string | undefined>;
  isTTY: boolean;
  /** Writes to standard output; a return of false (as a Node stream's write) asks the writer to wait for {@link drained}. */
  stdout(text: string): unknown;
  /** Resolves when standard output has taken what it was given: a large output waits, rather than queueing up in memory. */
  drained?(): Promise<void>;
  /** For `--fix-dry-run`'s diff when standard output carries JSON, SARIF or JUnit. */
  stderr?(text: string): void;
  /** Standard input, no more than `limit` bytes (maxFileSize): more is a `UsageError`, or, where the reader does not count, a `parse/limit` finding. */
  readStdin(limit: number): Promise<string>;
  /** The worker module for parallel runs, where the program has one (the bundled CLI). */
  workerScript?: string;
}

/** Where one format's output goes: a file, or standard output. */
interface Output {
  format: string;
  file?: string;
}

/**
 * Whether standard output is coloured when neither `--color` nor `--no-color` is given, as chalk,
 * Node and ESLint decide: `FORCE_COLOR` first (`0`/`false` off; `1`–`3`, `true` or empty on, even into
 * a pipe), then `NO_COLOR` (set: off), then `TERM=dumb` (off), then whether it is a terminal.
 */
export function colorByDefault(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR?.toLowerCase();
  if (force === '0' || force === 'false') return false;
  if (force === '' || force === '1' || force === '2' || force === '3' || force === 'true') return true;
  if (env.NO_COLOR !== undefined) return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/** The lint run: lint, write each requested format, and return the exit code. */
export async function lintCommand(paths: string[], options: LintCommandOptions, io: LintCommandIo): Promise<number> {
  const outputs = planOutputs(options, io.env);
  // Read and checked before any file is linted: a malformed baseline fails the run at once.
  const baseline = planBaseline(options, paths, io.cwd);
  const lintOptions: LintFilesOptions = {
    cwd: io.cwd,
    operation: operationOption(options.operation),
    config: options.config === false ? false : typeof options.config === 'string' ? options.config : undefined,
    rules: parseRuleOptions(options.rule),
    inlineConfig: options.inlineConfig,
    reportUnusedDisableDirectives: unusedDirectivesLevel(options.reportUnusedDisableDirectives),
    fix: fixOptionsOf(options),
    // A baseline's fingerprints are taken from the (masked) lines of the findings.
    keepSource: needsSource(outputs, options) || (baseline !== undefined && (baseline.loaded !== undefined || baseline.update)),
    // SARIF always carries them (as results with `suppressions`): what code scanning shows as dismissed.
    ...(options.includeSuppressed || outputs.some((output) => output.format === 'sarif') ? { includeSuppressed: true } : {}),
    // The default baseline is never a body (a file merely named like it, elsewhere, is linted); one
    // named with --baseline is linted where it is one (and then never written over).
    // With --no-baseline, the default file is still dplint's own, not a body to count as skipped.
    ...(baseline && !baseline.explicit ? { notBodies: [baseline.path] } : options.baseline === false && !options.stdin ? { notBodies: [join(baselineRoot(io.cwd), DEFAULT_BASELINE)] } : {}),
  };
  const maxWarnings = options.maxWarnings === undefined ? -1 : Number(options.maxWarnings);
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`--max-warnings takes a whole number (-1 for no limit); got "${options.maxWarnings}"`);

  // An array (standard input), or results made a file at a time as they are iterated, each pass
  // anew (lintRunResults, src/node/compact.ts): what keeps a large run's memory flat.
  let results: Results;
  let planned: PlannedRun | undefined;
  // The same run without fixes, for a --fix run that could not write every file.
  let relint: (() => Promise<Results>) | undefined;
  let context: ReturnType<typeof repositoryContext> | undefined;
  // Named in the plan (a file given) or under a folder given: the rest of the repository was read for its facts only.
  const reported = (file: string): boolean => (planned?.named?.has(file) ?? false) || (context?.folders.some((folder) => resolve(io.cwd, file).startsWith(folder)) ?? false);
  // `-` is standard input, as for most Unix tools; --stdin-filename names that input and nothing else.
  if (paths.length === 1 && paths[0] === '-') [paths, options] = [[], { ...options, stdin: true }];
  else if (paths.includes('-')) throw new UsageError('"-" is standard input: give it alone, or name files');
  if (options.stdinFilename !== undefined && !options.stdin) throw new UsageError('--stdin-filename names the text of --stdin (or -); give it with --stdin');
  if (options.stdin) {
    if (paths.length > 0) throw new UsageError('--stdin reads one body from standard input; give no paths with it');
    const file = options.stdinFilename ?? '<stdin>';
    results = lintTextAs(await io.readStdin(maxInputSize(file, lintOptions)), file, lintOptions);
  } else {
    context = options.repositoryContext ? repositoryContext(paths, io.cwd) : undefined;
    const inputs = context?.inputs ?? (paths.length ? paths : ['.']);
    const cacheLocation = options.cache ? resolve(io.cwd, options.cacheLocation ?? context?.cacheLocation ?? '.dplintcache') : undefined;
    // Every file written after linting is checked against the files linted before one is read (src/node/write-file.ts).
    const writeTargets: WriteTarget[] = outputs.filter((output) => output.file !== undefined).map((output) => ({ path: resolve(io.cwd, output.file!), named: `--output-file ${JSON.stringify(output.file)}` }));
    if (cacheLocation) writeTargets.push({ path: cacheLocation, named: `--cache-location ${JSON.stringify(options.cacheLocation ?? '.dplintcache')}` });
    if (baseline && (baseline.update || baseline.prune)) writeTargets.push({ path: baseline.path, named: `the baseline ${JSON.stringify(baseline.shown)}` });
    // Decided once the plan is made (onPlanned, before any result is finished): the files named.
    if (context) lintOptions.reported = (file) => reported(file);
    results = await lintRunResults(inputs, lintOptions, {
      // What the outputs show of each file's text, not the text: a run that writes no file (no --fix) needs no more.
      keptSources: lintOptions.fix ? 'whole' : 'shown',
      jobs: jobsOption(options.jobs),
      workerScript: io.workerScript,
      cacheLocation,
      cacheKeyFolder: userCacheFolder(io.env),
      warn: (message) => io.stderr?.(`dplint: warning: ${message}\n`),
      shard: shardOption(options.shard),
      writeTargets,
      onPlanned: (run) => {
        planned = run;
        reportPlan(run, options.verbose === true, io);
      },
    });
    relint = () => lintRunResults(inputs, { ...lintOptions, fix: undefined }, { keptSources: 'shown', jobs: jobsOption(options.jobs), workerScript: io.workerScript, shard: shardOption(options.shard), writeTargets });
  }
  if (options.changedSince !== undefined) results = onlyChangedSince(results, options.changedSince, io.cwd);
  if (context) results = [...kept(results, (result) => reported(result.file))];
  const skipped = { count: 0 };
  // Standard input is named as a file is; a run without a plan read nothing else.
  const isNamed = options.stdin ? () => true : (file: string) => planned?.named?.has(file) ?? false;
  results = withoutNonBodies(results, isNamed, options.verbose === true, io, skipped);
  // A file --fix could not write keeps its old text, while the findings shown are those of the fixed
  // text: the run must not pass as clean, so it ends with exit 2 after the report (README "Exit codes").
  const unwritten = options.fix ? writeFixes(allOf(results), io.cwd) : [];
  for (const file of unwritten) io.stderr?.(unwrittenMessage(file));
  const fixed = options.fix ? fixedCounts(allOf(results), unwritten) : undefined;
  // The report is of the files as they are now on disk: a file left alone still has the problems
  // its fixes would have fixed, at their places in its old text (and the checks across files see it so).
  if (unwritten.length > 0 && relint) {
    results = await relint();
    if (options.changedSince !== undefined) results = onlyChangedSince(results, options.changedSince, io.cwd);
    if (context) results = [...kept(results, (result) => reported(result.file))];
    results = withoutNonBodies(results, isNamed, false, io, { count: 0 });
  }
  // Compared after fixing (what remains), before --quiet (a held warning is no stale entry).
  const baselineNotes: string[] = [];
  // Without a baseline file to apply or one to write, there is nothing to do (and no need to hold every result at once).
  if (baseline && (baseline.loaded !== undefined || baseline.update)) results = baselineRun(results, baseline, options.verbose === true, baselineNotes);
  if (options.fixDryRun) {
    const diff = fixDiffs(allOf(results));
    const stdoutFormat = outputs.find((o) => o.file === undefined)?.format;
    if (diffGoesToStderr(stdoutFormat)) io.stderr?.(diff);
    else io.stdout(diff);
  }
  // What --quiet leaves out is said, so that a run that hides warnings never reads as "no problems".
  const hiddenByQuiet = options.quiet ? hiddenCount(summarize(results)) : '';
  if (options.quiet) {
    results = mapped(results, (result) => ({
      ...result,
      findings: result.findings.filter((f) => f.severity === 'error'),
      ...(result.suppressed ? { suppressed: result.suppressed.filter((f) => f.severity === 'error') } : {}),
      ...(result.heldBack ? { heldBack: result.heldBack.filter((f) => f.severity === 'error') } : {}),
    }));
  }

  // Counted once, for the outputs and the exit code: each pass over a run's packed results makes them anew.
  const summary: Summary = fixed ? { ...summarize(results), ...fixed } : summarize(results);
  if (fixed && fixed.fixed > 0 && !showsFixedCount(outputs.find((o) => o.file === undefined)?.format)) io.stderr?.(`dplint: ${fixedLine(fixed.fixed, fixed.fixedFiles)}\n`);
  // Counted as the summary iterated the results (withoutNonBodies).
  if (skipped.count > 0) summary.skipped = skipped.count;
  // stylish and github end with a summary line, which says it; the other formats have none.
  if (skipped.count > 0 && !outputs.some((output) => output.file === undefined && (output.format === 'stylish' || output.format === 'github'))) {
    io.stderr?.(`dplint: ${skippedNote(skipped.count)}\n`);
  }
  for (const output of outputs) {
    const toTerminal = output.file === undefined;
    const color = toTerminal && (options.color ?? colorByDefault(io.env, io.isTTY));
    const parts = formatParts(output.format, results, { color, cwd: io.cwd, codeFrames: options.codeFrame, baseline: baseline?.applied, summary, ...(options.includeSuppressed ? { includeSuppressed: true } : {}) });
    if (!toTerminal) writeFileAtomic(resolve(io.cwd, output.file!), parts);
    else for (const chunk of inChunks(parts)) if (io.stdout(chunk) === false) await io.drained?.();
  }

  for (const note of baselineNotes) io.stderr?.(note);
  if (hiddenByQuiet) io.stderr?.(`dplint: ${hiddenByQuiet} hidden by --quiet\n`);

  if (unwritten.length > 0) return EXIT_FAILURE;
  if (summary.errors > 0) return EXIT_FINDINGS;
  if (maxWarnings >= 0 && summary.warnings > maxWarnings) {
    // As ESLint says it: the run fails for a count, and the count is the reason.
    io.stderr?.(`dplint: found too many warnings (${summary.warnings}; maximum: ${maxWarnings})\n`);
    return EXIT_FINDINGS;
  }
  return EXIT_OK;
}

/** The warnings and infos of a run's summary, as "2 warnings and 1 info" ('' for none). */
function hiddenCount(summary: { warnings: number; infos: number }): string {
  const count = (n: number, word: string): string => (n === 0 ? '' : `${n} ${word}${n === 1 ? '' : 's'}`);
  return [count(summary.warnings, 'warning'), count(summary.infos, 'info')].filter(Boolean).join(' and ');
}

/** The baseline of a run: where it is, how it names files, what it held when read, and what the run is to do with it. */
interface BaselinePlan {
  path: string;
  /** As given (or the default name), for messages. */
  shown: string;
  /** Named with --baseline (else the default file at the repository root). */
  explicit: boolean;
  /** The repository root, which the baseline names files from. */
  root: string;
  keyOf: BaselineKey;
  /** Undefined: there is no baseline file (the default name, absent). */
  loaded: Baseline | undefined;
  update: boolean;
  prune: boolean;
  /**
   * The run saw part of the repository (a list of paths, one shard): the checks across files did
   * not see every file, so their entries are neither judged stale nor dropped by an update.
   */
  partial: boolean;
  /** Whether a baseline was applied to the results (SARIF then gives every result a baselineState). */
  applied?: boolean;
}

/**
 * `--baseline <file>` (default dplint-baseline.json at the repository root, if it exists),
 * `--baseline-update`, `--baseline-prune`, `--no-baseline`. An explicitly named baseline that does
 * not exist is exit 2 (unless the run is to write it); a malformed one always is.
 */
function planBaseline(options: LintCommandOptions, paths: readonly string[], cwd: string): BaselinePlan | undefined {
  const update = options.baselineUpdate === true;
  const prune = options.baselinePrune === true;
  if (options.baseline === false) {
    if (update || prune) throw new UsageError(`--${update ? 'baseline-update' : 'baseline-prune'} writes a baseline; not with --no-baseline`);
    return undefined;
  }
  if ((update || prune) && options.fixDryRun) throw new UsageError(`--${update ? 'baseline-update' : 'baseline-prune'} records the findings of the files as they are written; not with --fix-dry-run, which writes nothing`);
  if ((update || prune) && options.stdin) throw new UsageError(`--${update ? 'baseline-update' : 'baseline-prune'} records the findings of the repository's files; not with --stdin`);
  const explicit = typeof options.baseline === 'string';
  const root = baselineRoot(cwd);
  const path = explicit ? resolve(cwd, options.baseline as string) : join(root, DEFAULT_BASELINE);
  // Named as given, or as the default is found: from the working directory.
  const shown = explicit ? (options.baseline as string) : relative(cwd, path).split(sep).join('/');
  const loaded = readBaseline(path, { required: explicit && !update, shown });
  const partial = options.shard !== undefined || (paths.length > 0 && !(paths.length === 1 && resolve(cwd, paths[0]) === root));
  return { path, shown, explicit, root, keyOf: baselineKeys(root, cwd), loaded, update, prune, partial };
}

/**
 * Applies the baseline (after writing it, with --baseline-update) and notes on standard error, after
 * the report: how many problems it held back, and what it holds that no longer occurs — of the
 * files this run reports, and of files gone from the disk (not those another shard or another
 * path list reports). --baseline-prune drops those; nothing is ever added but by --baseline-update.
 */
function baselineRun(results: Results, plan: BaselinePlan, verbose: boolean, notes: string[]): Results {
  const shown = printable(plan.shown);
  const problems = (count: number): string => `${count} problem${count === 1 ? '' : 's'}`;
  const reported = new Set<string | undefined>();
  for (const result of results) reported.add(plan.keyOf(result.file));
  const gone = (baseline: Baseline): StaleEntry[] =>
    Object.entries(baseline.files)
      .filter(([file]) => !reported.has(file) && isGone(plan.root, file))
      .flatMap(([file, rules]) => Object.entries(rules).flatMap(([ruleId, counts]) => Object.entries(counts).map(([fingerprint, count]) => ({ file, ruleId, fingerprint, count }))));
  let baseline = plan.loaded;
  if (plan.update) {
    const kept = baseline && pruneBaseline(baseline, gone(baseline));
    // buildBaseline takes each result once, in order: the run's, made a file at a time.
    const next = buildBaseline(results as readonly FileResult[], plan.keyOf, kept, plan.partial ? isRepositoryRule : undefined);
    const files = Object.keys(next.files).length;
    const written = writeBaseline(plan.path, next, { shown: plan.shown });
    notes.push(`dplint: ${written ? 'wrote the baseline' : 'the baseline is up to date:'} ${shown}, ${problems(baselineSize(next))} in ${files} file${files === 1 ? '' : 's'}\n`);
    baseline = next;
  }
  if (!baseline) return results;
  plan.applied = true;
  const applied = baseline;
  // Applied a file at a time (what applyBaseline does to each result is its own): once here for
  // what is held back and stale, and again as each pass takes the results, none of them held.
  let heldBack = 0;
  const found: StaleEntry[] = [];
  for (const result of results) {
    const outcome = applyBaseline([result], applied, plan.keyOf);
    heldBack += outcome.heldBack;
    for (const entry of outcome.stale) found.push(entry);
  }
  // In applyBaseline's order (file, rule, fingerprint), as one call over every result gives it.
  found.sort((a, b) => compare(a.file, b.file) || compare(a.ruleId, b.ruleId) || compare(a.fingerprint, b.fingerprint));
  const stale = [...found.filter((entry) => !(plan.partial && isRepositoryRule(entry.ruleId))), ...gone(baseline)];
  if (heldBack > 0) notes.push(`dplint: ${problems(heldBack)} held back by the baseline ${shown}\n`);
  const count = stale.reduce((sum, entry) => sum + entry.count, 0);
  if (count > 0) {
    if (verbose) for (const entry of stale) notes.push(`dplint: no longer occurs: ${printable(entry.file)} ${entry.ruleId} ${entry.fingerprint}${entry.count > 1 ? ` (${entry.count} times)` : ''}\n`);
    if (plan.prune) {
      writeBaseline(plan.path, pruneBaseline(baseline, stale), { shown: plan.shown });
      notes.push(`dplint: pruned ${problems(count)} that no longer occur${count === 1 ? 's' : ''} from the baseline ${shown}\n`);
    } else {
      notes.push(`dplint: the baseline ${shown} holds ${problems(count)} that no longer occur${count === 1 ? 's' : ''}; --baseline-prune drops ${count === 1 ? 'it' : 'them'}${verbose ? '' : ` (--verbose lists ${count === 1 ? 'it' : 'them'})`}\n`);
    }
  }
  return mapped(results, (result) => applyBaseline([result], applied, plan.keyOf).results[0]);
}

/**
 * `--repository-context` (the pre-commit hook, which names only the staged files): the walk of the
 * repository's top folder (git's file set) comes first, so that the checks across files see every
 * file, and each file named is given as that walk shows it, so that it is linted once, not twice
 * under two names (which would make it clash with itself). Only the files named, and those under a
 * folder named, are reported. The cache, if asked for, lives in the git directory: a hook leaves
 * no untracked file in the work tree.
 */
function repositoryContext(paths: readonly string[], cwd: string): { inputs: string[]; folders: string[]; cacheLocation: string } {
  if (paths.length === 0) throw new UsageError('--repository-context reports only the files named: name them (pre-commit does)');
  // One git process for both (each costs a commit tens of milliseconds): the top folder, and where the cache goes.
  const found = topAndGitPath(cwd, 'dplintcache');
  if (!found) throw new UsageError(`--repository-context: ${cwd} is not inside a git repository`);
  const { top: root, gitPath } = found;
  const top = relative(cwd, root).split(sep).join('/') || '.';
  const folders: string[] = [];
  const named = paths.map((path) => {
    const absolute = resolve(cwd, path);
    if (isFolder(absolute)) folders.push(absolute + sep);
    const inside = relative(root, absolute).split(sep).join('/');
    return inside === '' ? top : top === '.' ? inside : `${top}/${inside}`;
  });
  // The git path is relative to the folder git ran in.
  return { inputs: [top, ...named], folders, cacheLocation: resolve(cwd, gitPath) };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * `--changed-since <ref>`: the results of the files git says were added, modified or renamed since
 * `ref` (the work tree's untracked files included). Every file was linted, so the checks across
 * files saw the whole repository: a changed file that now clashes with an unchanged one is caught.
 */
function onlyChangedSince(results: Results, ref: string, cwd: string): FileResult[] {
  const root = repositoryRoot(cwd);
  verifyRef(root, ref);
  const changed = new Set(changedFiles(root, ref, undefined).filter((c) => c.status !== 'deleted').map((c) => resolve(root, c.path)));
  // git names the top folder by its real path; the results name files as they were given.
  const realPath = (file: string): string => {
    try {
      return realpathSync(resolve(cwd, file));
    } catch {
      return resolve(cwd, file);
    }
  };
  // Once, into an array: a path's real one is asked of the file system.
  return [...kept(results, (result) => changed.has(realPath(result.file)))];
}

/**
 * What the plan leaves out, on standard error: links out of the repository, found or named, in one line (each with
 * `--verbose`, which also says which config file applied to how many files).
 */
function reportPlan(run: PlannedRun, verbose: boolean, io: LintCommandIo): void {
  const links = run.linksOutside ?? [];
  // Always said, verbose or not: a folder's config changes what the gate checks there.
  const nested = nestedConfigsUsed(run);
  if (nested) io.stderr?.(`dplint: ${nested}\n`);
  // Always said, verbose or not: a .gitignore not read changes what the walk lints.
  for (const { file, why } of run.settingsUnread ?? []) io.stderr?.(`dplint: warning: not read ${JSON.stringify(file)}: it ${why}; its patterns do not apply\n`);
  if (verbose) {
    for (const line of configsUsed(run)) io.stderr?.(`dplint: ${line}\n`);
    for (const link of links) io.stderr?.(`dplint: skipped ${JSON.stringify(link)}: a symbolic link out of the repository\n`);
  } else if (links.length > 0) {
    const what = links.length === 1 ? `1 symbolic link (${JSON.stringify(links[0])})` : `${links.length} symbolic links`;
    io.stderr?.(`dplint: skipped ${what} leading out of the repository; --verbose lists them\n`);
  }
}

/**
 * A file a walk found that nothing declares and whose shape matches no operation (a CI workflow, a
 * package.json) is no API body: unless `operation/unresolved` is an error for it (`strict`), it is
 * left out of the report and counted as skipped (`--verbose` names it). A file named on the command
 * line is always reported, with its `operation/unresolved` finding: it is never dropped in silence
 * (an empty one is a file checked, with no problem). A file that does not parse keeps its findings. The count is `skipped.count` once the
 * results have been iterated to the end (the summary counts them first).
 */
function withoutNonBodies(results: Results, isNamed: (file: string) => boolean, verbose: boolean, io: LintCommandIo, skipped: { count: number }): Results {
  const shown = (result: FileResult): FileResult => (isNamed(result.file) ? result : asWalked(result));
  const isBody = (result: FileResult): boolean => isNamed(result.file) || holdsSomething(result);
  if (verbose) {
    for (const result of results) {
      if (!isBody(shown(result))) io.stderr?.(`dplint: skipped ${JSON.stringify(result.file)}: no API body (nothing declares an operation for it, and its shape matches none)\n`);
    }
  }
  if (Array.isArray(results)) {
    const kept = results.map(shown).filter(isBody);
    skipped.count = results.length - kept.length;
    return kept;
  }
  return {
    *[Symbol.iterator]() {
      let count = 0;
      for (const result of results) {
        const seen = shown(result);
        if (isBody(seen)) yield seen;
        else count++;
      }
      skipped.count = count;
    },
  };
}

const UNRESOLVED = 'operation/unresolved';

/**
 * A file's result as a walk of its folder reports it (not named on the command line): a file that
 * resolves to no operation loses its `operation/unresolved` notice unless that is an error. The
 * language server shows an open file so, as `dplint` run in the workspace folder would.
 */
export function asWalked(result: FileResult): FileResult {
  if (result.operation !== undefined) return result;
  const findings = result.findings.filter((f) => !(f.ruleId === UNRESOLVED && f.severity !== 'error'));
  return findings.length === result.findings.length ? result : { ...result, findings };
}

/** Whether a walk keeps a result in its report: an operation, or something to say of it once it is {@link asWalked}. */
export function isWalkedBody(result: FileResult): boolean {
  return holdsSomething(asWalked(result));
}

function holdsSomething(result: FileResult): boolean {
  return result.operation !== undefined || result.findings.length > 0 || (result.suppressed?.length ?? 0) > 0;
}

/** A run's results: an array, or results made a file at a time each time they are iterated (lintRunResults). */
type Results = readonly FileResult[] | Iterable<FileResult>;

/** Code-unit order, as a plain sort of strings. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The results as an array, for the steps that need them all at once (fixing). */
function allOf(results: Results): FileResult[] {
  return Array.isArray(results) ? results : [...results];
}

/** The results `keep` keeps: an array's filtered, or, lazily, each pass anew. */
function kept(results: Results, keep: (result: FileResult) => boolean): Results {
  if (Array.isArray(results)) return results.filter(keep);
  return {
    *[Symbol.iterator]() {
      for (const result of results) if (keep(result)) yield result;
    },
  };
}

/** Each result as `change` makes it: an array's mapped, or, lazily, each pass anew. */
function mapped(results: Results, change: (result: FileResult) => FileResult): Results {
  if (Array.isArray(results)) return results.map(change);
  return {
    *[Symbol.iterator]() {
      for (const result of results) yield change(result);
    },
  };
}

/** Whether any output shows source text: stylish's code frames, and SARIF's fixes and fingerprints (`--fix` keeps it anyway). */
function needsSource(outputs: readonly Output[], options: LintCommandOptions): boolean {
  // SARIF's and GitLab's fingerprints hash the (masked) line of each finding.
  return outputs.some((output) => output.format === 'sarif' || output.format === 'gitlab' || (output.format === 'stylish' && options.codeFrame !== false));
}

/**
 * Pairs formats with output files. `-o name=path` binds a path to a format; a bare `-o path` goes
 * to the formats not bound yet, in order. Formats left over print to standard output — at most one.
 * With no `--format`, the format is `github` inside GitHub Actions and `stylish` elsewhere.
 */
function planOutputs(options: LintCommandOptions, env: Record<string, string | undefined>): Output[] {
  const formats = options.format.length ? [...options.format] : [env.GITHUB_ACTIONS === 'true' ? 'github' : 'stylish'];
  const outputs: Output[] = formats.map((format) => ({ format }));
  for (const spec of options.outputFile) {
    const named = /^([a-z-]+)=(.+)$/.exec(spec);
    if (named && FORMATTERS[named[1]]) {
      const target = outputs.find((o) => o.format === named[1] && o.file === undefined);
      if (target) target.file = named[2];
      else outputs.push({ format: named[1], file: named[2] });
      continue;
    }
    // A bare path binds to the one format there is; among several it would bind to whichever came
    // first, not the one the user meant, so it is refused.
    const free = outputs.filter((o) => o.file === undefined);
    if (free.length > 1) throw new UsageError(`--output-file ${JSON.stringify(spec)} could be for any of ${free.map((o) => o.format).join(', ')}: name the format, e.g. -o ${free[free.length - 1].format}=${spec}`);
    const target = free[0];
    if (!target) throw new UsageError(`--output-file ${JSON.stringify(spec)} has no --format left to take it; write -o <format>=<path>`);
    target.file = spec;
  }
  for (const output of outputs) {
    if (!FORMATTERS[output.format]) throw new UsageError(`unknown format "${output.format}"; expected one of ${Object.keys(FORMATTERS).join(', ')} (see --list-formats)`);
  }
  const toStdout = outputs.filter((o) => o.file === undefined);
  if (toStdout.length > 1) throw new UsageError(`only one format can print to standard output; got ${toStdout.map((o) => o.format).join(', ')}: give the others an --output-file`);
  return outputs;
}

function shardOption(shard: string | undefined): { index: number; count: number } | undefined {
  if (shard === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(shard.trim());
  if (!match) throw new UsageError(`--shard takes <index>/<count>, e.g. 2/4; got "${shard}"`);
  return { index: Number(match[1]), count: Number(match[2]) };
}

function jobsOption(jobs: string | undefined): number | undefined {
  if (jobs === undefined || jobs === 'auto') return undefined;
  const count = Number(jobs);
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`--jobs takes a whole number of threads (at least 1) or auto; got "${jobs}"`);
  return count;
}

function operationOption(operation: string | undefined): OperationId | undefined {
  if (operation === undefined) return undefined;
  if (!isOperationId(operation)) throw new UsageError(unknownOperationMessage(operation));
  return operation;
}

function parseRuleOptions(specs: readonly string[]): RuleSettings {
  const settings: Record<string, RuleLevel> = {};
  for (const spec of specs) {
    const match = /^\s*([\w./-]+)\s*:\s*(off|info|warning|error)\s*$/.exec(spec);
    if (!match) throw new UsageError(`--rule takes "<rule-id>: <off|info|warning|error>"; got ${JSON.stringify(spec)}`);
    if (!findRule(match[1]) && !match[1].startsWith('policy/')) {
      const guess = closest(match[1], ALL_RULES.map((rule) => rule.id));
      throw new UsageError(`--rule names "${match[1]}", which is not a rule; ${guess ? `did you mean "${guess}"?` : '`dplint rules` lists them'}`);
    }
    settings[match[1]] = match[2] as RuleLevel;
  }
  return settings;
}

export function unusedDirectivesLevel(option: string | true | undefined): RuleLevel | undefined {
  if (option === undefined) return undefined;
  if (option === true) return 'warning';
  if (option === 'error' || option === 'warning' || option === 'info' || option === 'off') return option;
  throw new UsageError(`--report-unused-disable-directives takes error, warning, info or off; got "${option}"`);
}

export { parseRuleOptions };
