import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { OperationId } from '../operations.js';
import type { FileResult } from '../types.js';
import { baselineRoot } from '../node/baseline-file.js';
import { CONFIG_FILE_NAMES, UsageError } from '../node/files.js';
import { lintRun } from '../node/lint-run.js';
import { schemaUrl } from '../schema/schema-url.js';
import { isWalkedBody, lintCommand, type LintCommandIo, type LintCommandOptions } from './lint.js';

const CONFIG_FILE = 'dplint.config.yaml';
const CONFIG_SCHEMA = 'node_modules/dplint/schemas/config/dplint.config.schema.json';

export interface InitIo {
  cwd: string;
  stdout(text: string): unknown;
  stderr(text: string): void;
  workerScript?: string;
}

/**
 * `dplint init`: writes a `dplint.config.yaml` for the folder it stands in, from what a lint with
 * no config sees there. Each folder whose files are inferred as one operation (the files
 * `operation/inferred` reports) is mapped to it, so that the inference becomes a declaration; the
 * YAML and JSON files that are no API body (workflows, docs) are listed under `ignore`; and when the
 * repository has findings today, a baseline holds them back (`--baseline-update`), so the first
 * run passes and only new problems fail it. An existing config file is never written over.
 */
export async function initCommand(io: InitIo): Promise<number> {
  const existing = CONFIG_FILE_NAMES.find((name) => existsSync(join(io.cwd, name)));
  if (existing) throw new UsageError(`${existing} already exists here; edit it, or remove it to have dplint init write a new one`);
  const results = await lintRun(['.'], { cwd: io.cwd, config: false }, { workerScript: io.workerScript });
  const files = folderOperations(results);
  const ignore = notBodies(results);
  writeFileSync(join(io.cwd, CONFIG_FILE), configText(files, ignore, schemaPath(io.cwd)));
  const mapped = files.reduce((sum, entry) => sum + entry.count, 0);
  io.stdout(`wrote ${CONFIG_FILE}: ${plural(mapped, 'file')} mapped to ${plural(files.length, 'operation')}, ${plural(ignore.length, 'path')} ignored\n`);

  // Nothing but files that are no body: nothing to lint (a run would find no file), nothing to hold back.
  if (!results.some(isWalkedBody)) return 0;
  // What the repository has today, under the new config: held back by a baseline, if anything.
  const lint = (options: Partial<LintCommandOptions>, lintIo: Partial<LintCommandIo>): Promise<number> =>
    lintCommand(['.'], { format: ['json'], outputFile: [], config: true, inlineConfig: true, rule: [], codeFrame: false, ...options }, { cwd: io.cwd, env: {}, isTTY: false, stdout: () => true, readStdin: async () => '', workerScript: io.workerScript, ...lintIo });
  let report = '';
  await lint({ baseline: false }, { stdout: (text) => (report += text) });
  const { summary } = JSON.parse(report) as { summary: { errors: number; warnings: number; infos: number } };
  if (summary.errors + summary.warnings + summary.infos > 0) {
    // The lint's note on what it wrote is init's to say; any other (a warning) stays on standard error.
    await lint({ baselineUpdate: true }, { stderr: (text) => (text.startsWith('dplint: wrote the baseline') ? io.stdout(text.replace(/^dplint: /, '')) : text.includes('held back by the baseline') ? undefined : io.stderr(text)) });
  }
  return 0;
}

interface FilesEntry {
  match: string[];
  operation: OperationId;
  /** How many files it maps. */
  count: number;
}

/**
 * The inferred files, a folder to an operation: `clusters/*.yaml` where every inferred file of the
 * folder has one operation, the files themselves where a folder's files have several (or stand at
 * the top, where a glob would take in every new file). One entry per operation, in path order.
 */
function folderOperations(results: readonly FileResult[]): FilesEntry[] {
  const byFolder = new Map<string, FileResult[]>();
  for (const result of results) {
    if (result.operationSource !== 'inferred' || result.operation === undefined) continue;
    const folder = posix.dirname(result.file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), result]);
  }
  const entries = new Map<OperationId, FilesEntry>();
  const add = (operation: OperationId, match: string, count: number): void => {
    const entry = entries.get(operation) ?? { match: [], operation, count: 0 };
    entry.match.push(match);
    entry.count += count;
    entries.set(operation, entry);
  };
  for (const [folder, inFolder] of byFolder) {
    const operations = new Set(inFolder.map((result) => result.operation!));
    if (operations.size === 1 && folder !== '.') {
      const extensions = [...new Set(inFolder.map((result) => posix.extname(result.file)))].sort();
      for (const extension of extensions) add(inFolder[0].operation!, `${folder}/*${extension}`, inFolder.filter((result) => posix.extname(result.file) === extension).length);
    } else {
      for (const result of inFolder) add(result.operation!, result.file, 1);
    }
  }
  for (const entry of entries.values()) entry.match.sort();
  return [...entries.values()].sort((a, b) => (a.match[0] < b.match[0] ? -1 : 1));
}

/**
 * The YAML and JSON files that are no API body, as the lint leaves them out of its report (nothing
 * declares an operation for them, their shape matches none, and they have no finding): a folder
 * that holds no body is ignored whole (`docs/**`), the topmost such; any other file by its path.
 */
function notBodies(results: readonly FileResult[]): string[] {
  const bodies = results.filter(isWalkedBody).map((result) => result.file);
  const patterns = new Set<string>();
  for (const result of results) {
    if (isWalkedBody(result)) continue;
    const segments = result.file.split('/');
    let pattern = result.file;
    for (let depth = 1; depth < segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      if (!bodies.some((body) => body.startsWith(`${folder}/`))) {
        pattern = `${folder}/**`;
        break;
      }
    }
    patterns.add(pattern);
  }
  return [...patterns].sort();
}

/**
 * The config schema for the `$schema` modeline: the installed package's, found from here up to the
 * repository root; else, in a repository with no dplint installed (YAML files alone, dplint run
 * from elsewhere), the schema of this version at its URL (docs/editors.md, "Schemas at a URL").
 */
function schemaPath(cwd: string): string {
  const root = baselineRoot(cwd);
  for (let folder = cwd; ; folder = dirname(folder)) {
    if (existsSync(join(folder, CONFIG_SCHEMA))) return relative(cwd, join(folder, CONFIG_SCHEMA)).split(sep).join('/');
    if (folder === root || dirname(folder) === folder) return schemaUrl(`schemas/config/${posix.basename(CONFIG_SCHEMA)}`);
  }
}

function configText(files: readonly FilesEntry[], ignore: readonly string[], schema: string): string {
  const list = (items: readonly string[]): string => `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
  const lines = [
    `# yaml-language-server: $schema=${schema}`,
    '# Written by `dplint init` from what it found here: each folder mapped to the operation its files look like.',
    'extends: recommended',
  ];
  if (files.length > 0) {
    lines.push('', 'files:');
    for (const entry of files) lines.push(`  - match: ${list(entry.match)}`, `    operation: ${entry.operation}`);
  }
  if (ignore.length > 0) lines.push('', '# YAML and JSON files that are no API body.', `ignore: ${list(ignore)}`);
  return `${lines.join('\n')}\n`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
