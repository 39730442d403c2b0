import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { DEFAULT_LIMITS, type FileSettings, type LoadedConfig } from '../config/config.js';
import { layered, levelOf } from '../config/presets.js';
import { mayHoldDirective } from '../config/directives.js';
import { collectFacts, isRepositoryRule, repositoryPass, type RepositoryPass } from '../engine/repository.js';
import type { FactPlace, RepositoryFacts, RuleSettings } from '../types.js';
import { fixText, type FixOptions } from '../engine/fix-text.js';
import { lintTextMasked, type LintOptions } from '../engine/lint.js';
import type { FileResult } from '../types.js';
import type { OperationId } from '../operations.js';
import type { RuleLevel } from '../types.js';
import { ConfigResolver, type ConfigLocation } from './config-file.js';
import { sha1 } from './crypto.js';
import { FileSecrets, maskSecrets, withoutRevealingEdits } from '../schema/secrets.js';
import { collectFiles, readText, UsageError, type FileStat } from './files.js';
import { gitListed } from './git.js';
import { ResultStore, type PackedResults } from './compact.js';
import { detached } from '../parse/detached.js';

export interface LintFilesOptions {
  /** Folder the paths are relative to; defaults to the process's. */
  cwd?: string;
  /** Lint every file as this operation's body, whatever the file or config says. */
  operation?: OperationId;
  /** A config file to use, or `false` for none; by default the nearest one (see ConfigResolver). */
  config?: string | false;
  /** Rule settings on top of the config file's (the CLI's `--rule`). */
  rules?: RuleSettings;
  /** Honour inline `# dplint-disable…` directives (default true). */
  inlineConfig?: boolean;
  /** Report directives that silence nothing, at this level (default: the config's, else off). */
  reportUnusedDisableDirectives?: RuleLevel;
  /** Keep the findings inline directives silence, with their reasons, in each result's `suppressed` (`--include-suppressed`, SARIF). */
  includeSuppressed?: boolean;
  /** Make the safe fixes (`--fix`, `--fix-dry-run`) in memory; results then carry the fixed text. Nothing is written. */
  fix?: FixOptions;
  /**
   * Keep the text of each file with findings (or fixes) in its result, as `source`: code frames,
   * SARIF fixes and fingerprints, and writing fixes need it. Default true; a run whose output needs
   * none of these sets it false, so that memory does not grow with the findings of a large repository.
   */
  keepSource?: boolean;
  /**
   * The files whose results the caller reports (`--repository-context`: the files named); the
   * others are read for the checks across files only, and their text is neither kept nor masked.
   * Default: all.
   */
  reported?: (file: string) => boolean;
  /** Return each file's content hash (for the lint cache). */
  hashContent?: boolean;
  /** Absolute paths of dplint's own files that are never bodies, besides its config files (the baseline in use): a walk skips them. */
  notBodies?: readonly string[];
}

/** The hash the lint cache keys a file's content on. */
export function contentHash(bytes: Uint8Array): string {
  return sha1(bytes);
}

/** The config that applies to one file, and the file's path relative to the config's folder. */
export interface Configured {
  config: LoadedConfig;
  path: string;
  /** The config file's hash (ConfigLocation.fingerprint). */
  fingerprint?: () => string;
  /** The config file, as shown (`--verbose`); absent for the defaults. */
  file?: string;
}

/**
 * Lints files and folders (searched for `*.yaml`, `*.yml`, `*.json`) with the config file that
 * applies, then runs the checks that look across files. Throws `UsageError` for a path that does
 * not exist or folders without a file to lint, and `ConfigError` for a bad config file; a file that
 * cannot be decoded or parsed is a finding.
 */
export function lintFiles(paths: readonly string[], options: LintFilesOptions = {}): FileResult[] {
  // A run that holds its results to the end holds them compactly; a caller that keeps only facts (the language server's index) gives no store.
  const run = { ...planRun(paths, options), store: new ResultStore() };
  return finishRun(run, run.files.map((file) => lintFileAt(file, run, options)), options);
}

/** What one run lints, and how each file is configured: shared by the sequential and the parallel run. */
export interface PlannedRun {
  cwd: string;
  files: string[];
  configured(file: string): Configured | undefined;
  /** `options.rules`, copied and frozen once for the run, so that files share their laid-out rules (src/config/presets.ts). */
  rules?: RuleSettings;
  /** Symbolic links the walks found leading out of their folder, not followed (collectFiles). */
  linksOutside?: string[];
  /** `.gitignore` files the walks did not read (a link, a device, too large), relative to `cwd`, with why: their patterns do not apply. */
  settingsUnread?: Array<{ file: string; why: string }>;

  /** The files named on the command line (collectFiles): the others a walk found. */
  named?: ReadonlySet<string>;
  /** Links whose target the run lints too (collectFiles): only the checks across files report on them. */
  aliases?: ReadonlySet<string>;
  /** Holds the run's results compactly until the output is written (src/node/compact.ts). */
  store?: ResultStore;
}

export function planRun(paths: readonly string[], options: LintFilesOptions): PlannedRun {
  const cwd = options.cwd ?? process.cwd();
  const configs = options.config === false ? undefined : new ConfigResolver(cwd, options.config);
  // Looked up once per folder: its files share the config and the path to it from the config's
  // folder (resolving and relating a path per file was a tenth of a run over 10,000 files). Folders
  // are kept as they are spelled — absolute, or relative to `cwd` as the walk gave them — so that
  // neither is resolved again per file.
  const folders = new Map<string, { location: ConfigLocation; prefix: string }>();
  const folderOf = (folder: string): { location: ConfigLocation; prefix: string } => {
    let known = folders.get(folder);
    if (!known) {
      const absoluteFolder = resolve(cwd, folder);
      const location = configs!.forFolder(absoluteFolder);
      const relativeFolder = relative(location.directory, absoluteFolder).split(sep).join('/');
      known = { location, prefix: relativeFolder === '' ? '' : `${relativeFolder}/` };
      folders.set(detached(folder), known);
    }
    return known;
  };
  const configuredIn = (folder: string, name: string): Configured => {
    const { location, prefix } = folderOf(folder);
    return { config: location.config, path: prefix + name, fingerprint: location.fingerprint, file: location.file };
  };
  const configuredAt = (absolute: string): Configured | undefined => configs && configuredIn(dirname(absolute), basename(absolute));
  // A planned file's path as the walk gave it (relative to `cwd`, or absolute).
  const configuredFile = (file: string): Configured => {
    const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf(sep));
    // A name alone lies in `cwd`; `/name` in the root folder.
    return configuredIn(cut < 0 ? '' : file.slice(0, Math.max(cut, 1)), file.slice(cut + 1));
  };
  const notBodies = new Set(options.notBodies ?? []);
  const isIgnored = (absolute: string): boolean => {
    if (notBodies.has(absolute)) return true;
    const found = configuredAt(absolute);
    return found !== undefined && found.path !== '' && !found.path.startsWith('..') && found.config.isIgnored(found.path);
  };
  const { files, onlyFiles, linksOutside, gitignoresUnread, named, aliases } = collectFiles(paths, { cwd, isIgnored, gitFiles: gitListed });
  if (files.length === 0 && !onlyFiles) throw new UsageError(`no YAML or JSON files found in ${paths.map((p) => JSON.stringify(p)).join(', ')}`);
  // Held to the end of the run, and each a string joined from the folder's path and the name (a
  // pair of strings, and the joined copy once read): one string each is some 30 bytes less a file.
  for (let i = 0; i < files.length; i++) files[i] = detached(files[i]);
  // Without config files (`--no-config`) no file has one: no path to resolve, ten thousand times over.
  const rules = options.rules && Object.freeze({ ...options.rules });
  const settingsUnread = gitignoresUnread.map(({ path, why }) => ({ file: relative(cwd, path).split(sep).join('/') || path, why }));
  return { cwd, files, configured: configs ? configuredFile : () => undefined, rules, linksOutside, settingsUnread, named, ...(aliases.size > 0 ? { aliases } : {}) };
}

/** `--verbose`: which config file applied to how many of the planned files, one line each, in order of first use. */
export function configsUsed(run: PlannedRun): string[] {
  const counts = new Map<string, number>();
  for (const file of run.files) {
    const shown = run.configured(file)?.file;
    const key = shown === undefined ? '' : JSON.stringify(shown);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const files = (count: number): string => `${count} file${count === 1 ? '' : 's'}`;
  return [...counts].map(([shown, count]) => (shown ? `config file ${shown} applies to ${files(count)}` : `no config file applies to ${files(count)}: the recommended defaults`));
}

/**
 * The config files in folders below another that applied to the planned files (each layered over
 * the config above it, src/config/config.ts NestedMode), with how many files each: a run names
 * them, so that a folder's settings never change the gate unseen.
 */
export function nestedConfigsUsed(run: PlannedRun): string | undefined {
  const counts = new Map<string, number>();
  for (const file of run.files) {
    const configured = run.configured(file);
    if (configured?.file !== undefined && configured.config.layeredOver.length > 0) counts.set(configured.file, (counts.get(configured.file) ?? 0) + 1);
  }
  if (counts.size === 0) return undefined;
  const each = [...counts].map(([file, count]) => `${JSON.stringify(file)} (${count} file${count === 1 ? '' : 's'})`);
  return `nested config file${counts.size === 1 ? '' : 's'} applied, each layered over the config above it: ${each.join(', ')}`;
}

/** The most bytes standard input may hold when it is linted as `file`: its maxFileSize. */
export function maxInputSize(file: string, options: LintFilesOptions = {}): number {
  const cwd = options.cwd ?? process.cwd();
  const absolute = resolve(cwd, file);
  const location = options.config === false ? undefined : new ConfigResolver(cwd, options.config).forFile(absolute);
  const path = location && relative(location.directory, absolute).split(sep).join('/');
  return (location && path !== undefined ? location.config.settingsFor(path).limits.maxFileSize : undefined) ?? DEFAULT_LIMITS.maxFileSize;
}

/** Lints one planned file: its result and the facts the checks across files need. */
export function lintFileAt(file: string, run: PlannedRun, options: LintFilesOptions): LintedFile {
  return lintFile(file, pathToOpen(run, file), options, run.configured(file), run.rules, run.store);
}

/**
 * The path to open a planned file by: as planned when the run's folder is the process's (the CLI),
 * which spares the file system a few folders to look up and Node a path to resolve, per file.
 */
export function pathToOpen(run: PlannedRun, file: string): string {
  return run.cwd === process.cwd() && !isAbsolute(file) ? file : resolve(run.cwd, file);
}

/** The checks across files, over every file's result and facts, in the order the files were planned. */
export function finishRun(run: PlannedRun, linted: readonly LintedFile[], options: LintFilesOptions, onLocated?: (file: string, places: readonly FactPlace[]) => void): FileResult[] {
  const results = lintAll(linted, run.configured, rereadOf(run), options, onLocated);
  const aliases = run.aliases;
  return aliases ? results.map((result) => (aliases.has(result.file) ? asAlias(result) : result)) : results;
}

/**
 * A link whose target the run lints under the target's own path: the target's findings are not
 * told twice, but the link is a file of its own to the checks across files (a tool that globs it
 * sends the body again: two files, one label). Done after the lint and its cache, since whether
 * the target is linted depends on the run, not on the file.
 */
function asAlias(result: FileResult): FileResult {
  const findings = result.findings.filter((finding) => isRepositoryRule(finding.ruleId));
  const suppressed = result.suppressed?.filter((finding) => isRepositoryRule(finding.ruleId));
  return { ...result, findings, ...(suppressed ? { suppressed } : {}) };
}

function rereadOf(run: PlannedRun): (file: string) => string | undefined {
  return (file) => {
    const read = readText(pathToOpen(run, file));
    return 'text' in read ? read.text : undefined;
  };
}

export interface LintedFile {
  result: FileResult;
  facts?: RepositoryFacts;
  /** The SHA-1 of the bytes linted, when the run keeps a cache. */
  contentHash?: string;
  /** The file's size, times and identity, taken before its bytes were read, when the run keeps a cache. */
  contentStat?: FileStat;
}

/**
 * Lints text that did not come from a file dplint read — standard input — as if it were the file
 * `file` (for the config's `files`, `ignore` and `overrides`, and for the output).
 */
export function lintTextAs(text: string, file: string, options: LintFilesOptions = {}, configs?: ConfigResolver): FileResult[] {
  return lintTextWithFacts(text, file, options, configs).results;
}

/**
 * {@link lintTextAs}, with the facts the same lint gathered for the checks across files (the
 * language server keeps an open document's facts from its lint, not from a second reading).
 */
export function lintTextWithFacts(text: string, file: string, options: LintFilesOptions = {}, configs?: ConfigResolver): { results: FileResult[]; facts?: RepositoryFacts } {
  const cwd = options.cwd ?? process.cwd();
  const absolute = resolve(cwd, file);
  // A caller that lints the same folder again and again (the language server) keeps its resolver, not to read the config on every keystroke.
  const location = options.config === false ? undefined : (configs ?? new ConfigResolver(cwd, options.config)).forFile(absolute);
  const path = location && relative(location.directory, absolute).split(sep).join('/');
  if (location && path && !path.startsWith('..') && location.config.isIgnored(path)) return { results: [] };
  const configuredFile = location && path !== undefined ? { config: location.config, path } : undefined;
  const maxFileSize = configuredFile?.config.settingsFor(configuredFile.path).limits.maxFileSize ?? DEFAULT_LIMITS.maxFileSize;
  const size = Buffer.byteLength(text);
  const linted: LintedFile =
    size > maxFileSize
      ? unread(file, 'parse/limit', `the input is ${size} bytes, over the limit maxFileSize = ${maxFileSize}; raise limits.maxFileSize in the config file to lint it`)
      : lintSource(file, text, options, configuredFile?.config.settingsFor(configuredFile.path), options.rules);
  return { results: lintAll([linted], () => configuredFile, () => text, options), ...(linted.facts ? { facts: linted.facts } : {}) };
}

function lintAll(
  linted: readonly LintedFile[],
  configuredOf: (file: string) => Configured | undefined,
  reread: (file: string) => string | undefined,
  options: LintFilesOptions,
  onLocated?: (file: string, places: readonly FactPlace[]) => void,
): FileResult[] {
  const facts = new Map<string, RepositoryFacts>();
  for (const { result, facts: found } of linted) if (found) facts.set(result.file, found);
  const results = linted.map(({ result }) => result);
  const pass = passAcrossFiles(facts, configuredOf, reread, options, onLocated);
  const shown = options.reported === undefined ? withShownSource : (result: FileResult) => (options.reported!(result.file) ? withShownSource(result) : withoutSource(result));
  return (pass ? results.map((result) => pass.withFindings(result)) : results).map(shown);
}

/** A result no output shows: its text (a cached one's, read again) need not be masked, nor kept. */
function withoutSource(result: FileResult): FileResult {
  if (result.source === undefined) return result;
  const { source: _source, shownSource: _shown, ...rest } = result;
  return rest;
}

/**
 * The checks across files of a run that holds its results packed (the CLI's, lint-run.ts), over
 * the facts packed with its results (PackedResults.facts): the few results they add to are replaced,
 * each made into an object once; the others stay packed.
 */
export function finishPackedRun(
  run: PlannedRun,
  packed: PackedResults,
  facts: ReadonlyMap<string, RepositoryFacts>,
  options: LintFilesOptions,
  onLocated?: (file: string, places: readonly FactPlace[]) => void,
): void {
  const reread = rereadOf(run);
  // In the order the files were planned, as lintAll's: messages name the other files in that order.
  const pass = passAcrossFiles(facts, run.configured, reread, options, onLocated);
  const aliases = run.aliases;
  if (!pass && !aliases) return;
  for (let i = 0; i < run.files.length; i++) {
    const file = run.files[i];
    const across = pass?.files.has(file) === true;
    const alias = aliases?.has(file) === true;
    if (!across && !alias) continue;
    let result = packed.at(i);
    if (across) {
      // A run that keeps only the lines its outputs show has no whole text left: the file is read
      // again, as a clean file's is, for the checks to locate their findings and the output to show them.
      if (packed.keepsPartOfSources && (result.source !== undefined || result.shownSource !== undefined)) {
        const { source: _source, shownSource: _shown, ...rest } = result;
        const text = reread(file);
        result = text === undefined ? rest : { ...rest, source: text };
      }
      result = withShownSource(pass!.withFindings(result));
    }
    packed.replace(i, alias ? asAlias(result) : result);
  }
}

function passAcrossFiles(
  facts: ReadonlyMap<string, RepositoryFacts>,
  configuredOf: (file: string) => Configured | undefined,
  reread: (file: string) => string | undefined,
  options: LintFilesOptions,
  onLocated?: (file: string, places: readonly FactPlace[]) => void,
): RepositoryPass | undefined {
  const extraRules: RuleSettings = options.rules ?? {};
  return repositoryPass(
    facts,
    // Asked only for the files that get a finding across files, so nothing is made per file.
    (file, ruleId) => {
      const configured = configuredOf(file);
      return levelOf(extraRules[ruleId] ?? configured?.config.settingsFor(configured.path).rules?.[ruleId]);
    },
    // A clean file's text is not kept; the rare one that gets a finding across files is read again.
    reread,
    { inlineConfig: options.inlineConfig, includeSuppressed: options.includeSuppressed, keepSource: options.keepSource, onLocated },
  );
}

/**
 * A cached result, or a clean file that got a finding across files, has its text but not the
 * engine's masked one: masked here, by the same function, before any output sees it.
 */
export function withShownSource(result: FileResult): FileResult {
  return result.source !== undefined && result.shownSource === undefined ? { ...result, shownSource: maskSecrets(result.source) } : result;
}

function lintFile(file: string, absolute: string, options: LintFilesOptions, configured: Configured | undefined, rules: RuleSettings | undefined, store: ResultStore | undefined): LintedFile {
  const settings = configured?.config.settingsFor(configured.path);
  // Without a config file (`--no-config`) the default limit still holds.
  // Stat'ed only for the cache, which keeps the file's size and times.
  const read = readText(absolute, settings?.limits.maxFileSize ?? DEFAULT_LIMITS.maxFileSize, options.hashContent === true);
  if ('error' in read) return unread(file, read.error.includes('maxFileSize') ? 'parse/limit' : 'parse/encoding', read.error);
  // Hashed now: the next read reuses the buffer the bytes are in.
  const hash = options.hashContent ? contentHash(read.bytes) : undefined;
  const linted = lintSource(file, read.text, options, settings, rules, store);
  return hash ? { ...linted, contentHash: hash, ...(read.stat ? { contentStat: read.stat } : {}) } : linted;
}

/** The result for a file that was not read: one finding, at its start, saying why. */
function unread(file: string, ruleId: string, message: string): { result: FileResult } {
  return { result: { file, operation: undefined, operationSource: 'none', findings: [{ ruleId, severity: 'error', message, path: '', line: 1, column: 1, endLine: 1, endColumn: 1 }] } };
}

function lintSource(
  file: string,
  text: string,
  options: LintFilesOptions,
  settings: FileSettings | undefined,
  rules: RuleSettings | undefined,
  store?: ResultStore,
): { result: FileResult; facts?: RepositoryFacts } {
  const lintOptions: LintOptions = {
    filename: file,
    operation: options.operation,
    configOperation: settings?.operation,
    rules: layered(settings?.rules, rules),
    policies: settings?.policies,
    maxAliasCount: settings?.limits.maxAliasCount,
    maxDepth: settings?.limits.maxDepth,
    inlineConfig: options.inlineConfig,
    reportUnusedDisableDirectives: options.reportUnusedDisableDirectives ?? settings?.reportUnusedDisableDirectives,
    ...(settings?.directives ? { directives: settings.directives } : {}),
    ...(options.includeSuppressed ? { includeSuppressed: true } : {}),
  };
  // Without fix options this is one lint; with them, the findings are those of the fixed text.
  const fixedText = options.fix ? fixText(text, lintOptions, options.fix) : undefined;
  const linted = fixedText ? undefined : lintTextMasked(text, lintOptions);
  const { operation, operationSource, documents, findings, bodies, suppressed } = fixedText ?? linted!.result;
  const output = fixedText?.output ?? text;
  const fixed = fixedText?.fixed ?? false;
  // The file's credentials, as the engine found them: the shown text is made only if it is kept.
  const secrets = linted ? linted.secrets : fixedText?.shownSource !== undefined ? new FileSecrets(output, { shown: fixedText.shownSource }) : undefined;
  // Screened here, on the thread that linted the file, rather than by each output format afterwards.
  const screened = withoutRevealingEdits(findings, secrets ?? output);
  // Held to the end of the run: compactly (src/node/compact.ts).
  const result: FileResult = { file, operation, operationSource, ...(documents ? { documents } : {}), findings: store && screened.length > 0 ? store.findings(screened) : screened, screened: true };
  // A suppressed finding's fix is never shown (SARIF prints none for it), but screened all the same.
  if (suppressed) result.suppressed = withoutRevealingEdits(suppressed, secrets ?? output);
  // Only findings and fixes need the text again (code frames, SARIF fixes and fingerprints, writing); a clean file's is dropped, so memory stays flat.
  if (fixed || (options.keepSource !== false && (findings.length > 0 || (suppressed?.length ?? 0) > 0))) {
    result.source = output;
    // The engine's masked text, for outputs to show.
    if (secrets) result.shownSource = secrets.shown();
  }
  if (fixed) {
    result.originalSource = text;
    result.fixedCount = fixedText?.applied.length ?? 0;
  }
  const facts = collectFacts(bodies);
  // Whether a finding across files must be checked against the file's directives (lintRepository).
  if (facts && (linted ? linted.directives : mayHoldDirective(output))) facts.directives = true;
  return { result, facts };
}
