import { relative, resolve, sep } from 'node:path';
import type { LoadedConfig } from '../config/config.js';
import { collectFacts, lintRepository, type RepositoryFacts } from '../engine/repository.js';
import type { RuleSettings } from '../engine/run-rules.js';
import { fixText, type FixOptions } from '../fix/fix-text.js';
import type { FileResult } from '../formatters/types.js';
import type { OperationId } from '../operations.js';
import type { RuleLevel } from '../types.js';
import { ConfigResolver } from './config-file.js';
import { collectFiles, readText, UsageError } from './files.js';

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
  /** Make the safe fixes (`--fix`, `--fix-dry-run`) in memory; results then carry the fixed text. Nothing is written. */
  fix?: FixOptions;
}

/** The config that applies to one file, and the file's path relative to the config's folder. */
interface Configured {
  config: LoadedConfig;
  path: string;
}

/**
 * Lints files and folders (searched for `*.yaml`, `*.yml`, `*.json`) with the config file that
 * applies, then runs the checks that look across files. Throws `UsageError` for a path that does
 * not exist or folders without a file to lint, and `ConfigError` for a bad config file; a file that
 * cannot be decoded or parsed is a finding.
 */
export function lintFiles(paths: readonly string[], options: LintFilesOptions = {}): FileResult[] {
  const cwd = options.cwd ?? process.cwd();
  const configs = options.config === false ? undefined : new ConfigResolver(cwd, options.config);
  const configured = (absolute: string): Configured | undefined => {
    const location = configs?.forFile(absolute);
    return location && { config: location.config, path: relative(location.directory, absolute).split(sep).join('/') };
  };
  const isIgnored = (absolute: string): boolean => {
    const found = configured(absolute);
    return found !== undefined && found.path !== '' && !found.path.startsWith('..') && found.config.isIgnored(found.path);
  };
  const { files, onlyFiles } = collectFiles(paths, { cwd, isIgnored });
  if (files.length === 0 && !onlyFiles) throw new UsageError(`no YAML or JSON files found in ${paths.map((p) => JSON.stringify(p)).join(', ')}`);
  return lintAll(
    files.map((file) => ({ file, configured: configured(resolve(cwd, file)) })),
    options,
    (file, configuredFile) => lintFile(file, resolve(cwd, file), options, configuredFile),
  );
}

/**
 * Lints text that did not come from a file dplint read — standard input — as if it were the file
 * `file` (for the config's `files`, `ignore` and `overrides`, and for the output).
 */
export function lintTextAs(text: string, file: string, options: LintFilesOptions = {}): FileResult[] {
  const cwd = options.cwd ?? process.cwd();
  const absolute = resolve(cwd, file);
  const location = options.config === false ? undefined : new ConfigResolver(cwd, options.config).forFile(absolute);
  const path = location && relative(location.directory, absolute).split(sep).join('/');
  if (location && path && !path.startsWith('..') && location.config.isIgnored(path)) return [];
  const configuredFile = location && path !== undefined ? { config: location.config, path } : undefined;
  return lintAll([{ file, configured: configuredFile }], options, (name, c) => lintSource(name, text, options, c));
}

function lintAll(
  files: ReadonlyArray<{ file: string; configured: Configured | undefined }>,
  options: LintFilesOptions,
  lintOne: (file: string, configured: Configured | undefined) => { result: FileResult; facts?: RepositoryFacts },
): FileResult[] {
  const facts = new Map<string, RepositoryFacts>();
  const results = files.map(({ file, configured }) => {
    const linted = lintOne(file, configured);
    if (linted.facts) facts.set(file, linted.facts);
    return linted.result;
  });
  const settingsOf = new Map(files.map(({ file, configured }) => [file, { ...configured?.config.settingsFor(configured.path).rules, ...options.rules }]));
  return lintRepository(results, facts, (file, ruleId) => {
    const setting = settingsOf.get(file)?.[ruleId];
    return Array.isArray(setting) ? setting[0] : setting;
  });
}

function lintFile(file: string, absolute: string, options: LintFilesOptions, configured: Configured | undefined): { result: FileResult; facts?: RepositoryFacts } {
  const settings = configured?.config.settingsFor(configured.path);
  const read = readText(absolute, settings?.limits.maxFileSize);
  if ('error' in read) {
    const ruleId = read.error.includes('maxFileSize') ? 'parse/limit' : 'parse/encoding';
    return {
      result: { file, operation: undefined, operationSource: 'none', findings: [{ ruleId, severity: 'error', message: read.error, path: '', line: 1, column: 1, endLine: 1, endColumn: 1 }] },
    };
  }
  return lintSource(file, read.text, options, configured);
}

function lintSource(file: string, text: string, options: LintFilesOptions, configured: Configured | undefined): { result: FileResult; facts?: RepositoryFacts } {
  const settings = configured?.config.settingsFor(configured.path);
  // Without fix options this is one lint; with them, the findings are those of the fixed text.
  const { bodies, output, fixed, applied: _applied, ...result } = fixText(text, {
    filename: file,
    operation: options.operation,
    configOperation: settings?.operation,
    rules: { ...settings?.rules, ...options.rules },
    policies: settings?.policies,
    maxAliasCount: settings?.limits.maxAliasCount,
    inlineConfig: options.inlineConfig,
    reportUnusedDisableDirectives: options.reportUnusedDisableDirectives ?? settings?.reportUnusedDisableDirectives,
  }, options.fix ?? { maxPasses: 0 });
  return { result: { file, ...result, source: output, ...(fixed ? { originalSource: text } : {}) }, facts: collectFacts(result.operation, bodies) };
}
