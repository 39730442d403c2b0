import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../config/config.js';
import { collectFacts, lintRepository, type RepositoryFacts } from '../engine/repository.js';
import type { FileResult } from '../types.js';
import { lintText } from '../index.js';
import { ConfigResolver } from '../node/config-file.js';
import { CONFIG_FILE_NAMES, UsageError } from '../node/files.js';
import { lintFileAt, lintTextAs, planRun, type PlannedRun } from '../node/lint-files.js';
import type { Finding } from '../types.js';

/** The result of linting one open document as the CLI would lint the file. */
export interface DocumentLint {
  /** The file's path relative to the workspace folder, `/`-separated (as the CLI, run there, names it). */
  file: string;
  /** Undefined when the config ignores the file. */
  result?: FileResult;
  /** A finding across files, with the other places it names (for `relatedInformation`). */
  related: Map<Finding, Array<{ file: string; finding: Finding }>>;
  /** What this file tells the checks across files changed: other open files may gain or lose a finding. */
  factsChanged?: boolean;
  /** The config file could not be read: the CLI would stop with exit 2. */
  configError?: ConfigProblem;
}

export interface ConfigProblem {
  /** Absolute path of the config file at fault (best guess when the message names none). */
  path: string;
  line: number;
  column: number;
  message: string;
}

const REPOSITORY_RULE = /^repository\//;

/**
 * Lints documents of one workspace folder with the functions the CLI uses (`lintTextAs` for the
 * file, `lintRepository` over every file's facts for the checks across files), so the editor and a
 * `dplint` run in the folder report the same findings. The facts of files on disk are gathered
 * once, on the first lint that needs them, and again after anything on disk changes; open
 * documents contribute the facts of their current text.
 */
export class Workspace {
  private diskFacts?: Map<string, RepositoryFacts>;
  private readonly openFacts = new Map<string, RepositoryFacts | undefined>();
  /** Config files read once and kept until one changes ({@link reloadConfig}): a keystroke does not read them again. */
  private configs?: ConfigResolver;

  /**
   * @param root the workspace folder: paths, config discovery and the checks across files start there.
   * @param acrossFiles read the folder's files for the checks across files; off when the editor
   *   named no folder, not to read whatever folder the server happened to start in (a home folder).
   */
  constructor(
    readonly root: string,
    private readonly acrossFilesEnabled = true,
  ) {}

  /** The path the CLI would print for a file, run in the workspace folder. */
  relativePath(absolute: string): string {
    const path = relative(this.root, absolute).split(sep).join('/');
    return path === '' ? basename(absolute) : path;
  }

  /** Forget what was read from disk (a file or the config changed): the next lint reads it again. */
  invalidate(): void {
    this.diskFacts = undefined;
  }

  /** A config file changed: read the config files again on the next lint, and the files on disk with them. */
  reloadConfig(): void {
    this.configs = undefined;
    this.configStamps.clear();
    this.invalidate();
  }

  /** The config file that applies to a folder, as its path, size and time, when last linted there. */
  private readonly configStamps = new Map<string, string>();

  /**
   * Editors that do not report file changes (or a config changed by another program) still get the
   * new config: the nearest config file's size and time are compared at each lint (a few `stat`s).
   */
  private reloadConfigIfChanged(directory: string): void {
    const path = nearestConfig(directory);
    let stamp = 'none';
    if (path) {
      try {
        const stats = statSync(path);
        stamp = `${path}:${stats.size}:${stats.mtimeMs}`;
      } catch {
        stamp = `${path}:unreadable`;
      }
    }
    const before = this.configStamps.get(directory);
    if (before !== undefined && before !== stamp) this.reloadConfig();
    this.configStamps.set(directory, stamp);
  }

  private resolver(): ConfigResolver {
    return (this.configs ??= new ConfigResolver(this.root));
  }

  /** The document is closed: its facts are those of the file on disk again. */
  close(absolute: string): void {
    this.openFacts.delete(this.relativePath(absolute));
    // Saved or not, what is on disk now counts: the one file is read again.
    this.filesChanged([{ absolute, deleted: !existsSync(absolute) }]);
  }

  lint(absolute: string, text: string): DocumentLint {
    const file = this.relativePath(absolute);
    const related = new Map<Finding, Array<{ file: string; finding: Finding }>>();
    this.reloadConfigIfChanged(dirname(absolute));
    let results: FileResult[];
    try {
      results = lintTextAs(text, file, { cwd: this.root }, this.resolver());
    } catch (error) {
      if (error instanceof ConfigError) return { file, related, configError: this.configProblem(error, absolute) };
      throw error;
    }
    const [result] = results;
    const previous = JSON.stringify(this.openFacts.has(file) ? this.openFacts.get(file) : this.diskFacts?.get(file));
    if (!result) {
      this.openFacts.set(file, undefined);
      return { file, related, factsChanged: previous !== undefined };
    }
    // A file outside the workspace folder is no part of the folder's checks across files (nor of a `dplint` run there).
    const inFolder = !file.startsWith('../') && file !== '..';
    const facts = inFolder && result.operation ? collectFacts(result.operation, lintText(text, { filename: file, operation: result.operation }).bodies) : undefined;
    this.openFacts.set(file, facts);
    const across = this.acrossFiles(file, result, text, related);
    const findings = [...result.findings.filter((f) => !REPOSITORY_RULE.test(f.ruleId)), ...across].sort(byPosition);
    return { file, result: { ...result, findings }, related, factsChanged: JSON.stringify(facts) !== previous };
  }

  /** The text fixed as `dplint --fix` would fix the file: the config's settings, every pass. */
  fixAll(absolute: string, text: string): FileResult[] {
    return lintTextAs(text, this.relativePath(absolute), { cwd: this.root, fix: {} }, this.resolver());
  }

  /**
   * Files changed on disk (not through the editor): a file the scan knew is read again alone; a new
   * one may or may not be linted (the config's ignores, .gitignore), so the folder is read again.
   */
  filesChanged(changes: ReadonlyArray<{ absolute: string; deleted: boolean }>): void {
    const run = this.scanned;
    if (!this.diskFacts || !run) return;
    const known = new Set(run.files);
    for (const { absolute, deleted } of changes) {
      const file = this.relativePath(absolute);
      if (!known.has(file)) {
        // A new file may be one to lint (or one the config ignores): only a new scan knows.
        if (!deleted && /\.(ya?ml|json)$/i.test(file)) {
          this.invalidate();
          return;
        }
        continue;
      }
      const facts = deleted ? undefined : lintFileAt(file, run, { cwd: this.root, keepSource: false }).facts;
      if (facts) this.diskFacts.set(file, facts);
      else this.diskFacts.delete(file);
    }
  }

  private scanned?: PlannedRun;

  private allFacts(): Map<string, RepositoryFacts> {
    if (!this.diskFacts) {
      this.diskFacts = new Map();
      this.scanned = undefined;
      try {
        const run = planRun(['.'], { cwd: this.root });
        this.scanned = run;
        for (const file of run.files) {
          const { result, facts } = lintFileAt(file, run, { cwd: this.root, keepSource: false });
          if (facts) this.diskFacts.set(result.file.split(sep).join('/'), facts);
        }
      } catch (error) {
        // A folder without files to lint has no facts; a bad config is reported by the document's lint.
        if (!(error instanceof UsageError) && !(error instanceof ConfigError)) throw error;
      }
    }
    const facts = new Map(this.diskFacts);
    for (const [file, open] of this.openFacts) {
      if (open) facts.set(file, open);
      else facts.delete(file);
    }
    return facts;
  }

  private acrossFiles(file: string, result: FileResult, text: string, related: DocumentLint['related']): Finding[] {
    if (!this.acrossFilesEnabled) return [];
    const facts = this.allFacts();
    if (!facts.has(file)) return [];
    const resolver = this.resolver();
    const levelFor = (of: string, ruleId: string) => {
      const location = resolver.forFile(resolve(this.root, of));
      const setting = location.config.settingsFor(relative(location.directory, resolve(this.root, of)).split(sep).join('/')).rules?.[ruleId];
      return Array.isArray(setting) ? setting[0] : setting;
    };
    const sourceOf = (of: string) => (of === file ? text : undefined);
    const stub = (of: string): FileResult => ({ file: of, operation: undefined, operationSource: 'none', findings: [] });
    const [own] = lintRepository([{ ...stub(file), source: text }], facts, levelFor, sourceOf);
    const found = own.findings;
    // The other places of a duplicate label: the files whose facts claim the same label.
    const labels = facts.get(file)?.labels ?? [];
    for (const finding of found) {
      if (finding.ruleId !== 'repository/duplicate-label') continue;
      const label = labels.find((l) => pointerOf(l.path) === finding.path && (l.document ?? undefined) === finding.document)?.value;
      if (label === undefined) continue;
      const others = [...facts].filter(([of, f]) => of !== file && f.labels?.some((l) => l.value === label)).map(([of]) => of);
      const readOther = (of: string) => readFromDisk(resolve(this.root, of));
      const located = lintRepository(others.map(stub), facts, levelFor, (of) => this.openText?.(of) ?? readOther(of));
      const places: Array<{ file: string; finding: Finding }> = [];
      for (const other of located) {
        const otherLabels = facts.get(other.file)?.labels ?? [];
        for (const f of other.findings) {
          const claimed = otherLabels.find((l) => pointerOf(l.path) === f.path && (l.document ?? undefined) === f.document)?.value;
          if (f.ruleId === 'repository/duplicate-label' && claimed === label) places.push({ file: other.file, finding: f });
        }
      }
      related.set(finding, places);
    }
    return found;
  }

  /** The text of an open document by its relative path (set by the server). */
  openText?: (file: string) => string | undefined;

  private configProblem(error: ConfigError, absolute: string): ConfigProblem {
    const match = /^(.*?):(\d+):(\d+): ([\s\S]*)$/.exec(error.message);
    if (match && CONFIG_FILE_NAMES.includes(basename(match[1]))) {
      return { path: resolve(this.root, match[1]), line: Number(match[2]), column: Number(match[3]), message: match[4] };
    }
    return { path: nearestConfig(dirname(absolute)) ?? join(this.root, CONFIG_FILE_NAMES[0]), line: 1, column: 1, message: error.message };
  }
}

function pointerOf(path: ReadonlyArray<string | number>): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function byPosition(a: Finding, b: Finding): number {
  return (a.document ?? 0) - (b.document ?? 0) || a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);
}

function nearestConfig(directory: string): string | undefined {
  for (let at = directory; ; at = dirname(at)) {
    const name = CONFIG_FILE_NAMES.find((candidate) => existsSync(join(at, candidate)));
    if (name) return join(at, name);
    if (existsSync(join(at, '.git')) || dirname(at) === at) return undefined;
  }
}

function readFromDisk(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
