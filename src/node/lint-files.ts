import { resolve } from 'node:path';
import { lintText, type LintOptions } from '../engine/lint.js';
import type { FileResult } from '../formatters/types.js';
import { collectFiles, readText } from './files.js';

export interface LintFilesOptions extends Omit<LintOptions, 'filename'> {
  /** Directory the paths are relative to; defaults to the process's. */
  cwd?: string;
}

/**
 * Lints files and directories (searched for `*.yaml`, `*.yml`, `*.json`). Throws `UsageError` for
 * a path that does not exist; a file that cannot be decoded or parsed is a finding.
 */
export function lintFiles(paths: readonly string[], options: LintFilesOptions = {}): FileResult[] {
  const cwd = options.cwd ?? process.cwd();
  return collectFiles(paths, cwd).map((file) => lintFile(file, resolve(cwd, file), options));
}

export function lintFile(file: string, absolute: string, options: LintFilesOptions = {}): FileResult {
  const read = readText(absolute);
  if ('error' in read) {
    return {
      file,
      operation: undefined,
      operationSource: 'none',
      findings: [{ ruleId: 'parse/encoding', severity: 'error', message: read.error, path: '', line: 1, column: 1, endLine: 1, endColumn: 1 }],
    };
  }
  const result = lintText(read.text, { ...options, filename: file });
  return { file, ...result, source: read.text };
}
