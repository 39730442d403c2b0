import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { settingsFileExists } from '../node/read-settings.js';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ConfigError } from '../config/config.js';
import { levelOf } from '../config/presets.js';
import { isRepositoryRule, lintRepository } from '../engine/repository.js';
import type { FileResult, RepositoryFacts } from '../types.js';
import { ConfigResolver } from '../node/config-file.js';
import { CONFIG_FILE_NAMES, LINTED_EXTENSIONS, UsageError } from '../node/files.js';
import { factsOfPlannedFile } from './facts.js';
import { FactsIndex } from './facts-index.js';
import { lintTextAs, lintTextWithFacts, planRun, type PlannedRun } from '../node/lint-files.js';
import type { Finding } from '../types.js';
import { sortFindings } from '../engine/order.js';
import { toPointer } from '../parse/pointer.js';

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


/** How long the first index reads files before it lets the server answer what came meanwhile. */
const INDEX_SLICE_MS = 10;

/**
 * Lints documents of one workspace folder with the functions the CLI uses (`lintTextAs` for the
 * file, `lintRepository` over every file's facts for the checks across files), so the editor and a
 * `dplint` run in the folder report the same findings. The facts of files on disk are gathered
 * on the first lint that needs them, and again after anything on disk changes: the CLI's walk of
 * the folder (its .gitignore files, the config's ignores, no link followed out of it), then each
 * file read and linted as the CLI would, with its size limit, a few milliseconds at a time so that
 * the server answers requests meanwhile. Until the index is complete a document gets no finding
 * across files; `onIndexed` is called when it is. Open documents contribute the facts of their
 * current text.
 */
export class Workspace {
  private readonly facts = new FactsIndex();
  /** Whether the facts of the files on disk are all read (and nothing changed since). */
  private indexed = false;
  /**
   * Whether an index was ever complete: while the folder is read again (a config or a new file),
   * the findings across files are those of the last index, not none.
   */
  private everIndexed = false;
  /** The index being made, if one is; a newer generation makes an older one stop. */
  private indexing?: Promise<void>;
  private generation = 0;
  /** Config files read once and kept until one changes ({@link reloadConfig}): a keystroke does not read them again. */
  private configs?: ConfigResolver;
  /** Called when an index of the folder starts reading its files: how many. */
  onIndexing?: (files: number) => void;
  /** Called between two slices of an index: how many files of how many are read. */
  onIndexProgress?: (read: number, files: number) => void;
  /** Called when an index of the folder is complete: the open documents' findings across files are known. */
  onIndexed?: () => void;

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
    this.generation++;
    this.indexed = false;
    this.indexing = undefined;
    this.scanned = this.reading = undefined;
    this.changedMeanwhile.clear();
  }

  /** Whether the index of the files on disk is complete. */
  get isIndexed(): boolean {
    return this.indexed;
  }

  /** Starts the index of the folder's files, unless it is complete or under way; resolves when it ends (complete or superseded). */
  index(): Promise<void> {
    if (!this.acrossFilesEnabled || this.indexed) return Promise.resolve();
    return (this.indexing ??= this.readFolder(this.generation));
  }

  private async readFolder(generation: number): Promise<void> {
    // Never within the lint that asked: its diagnostics go out first.
    await yieldToEvents();
    if (generation !== this.generation) return;
    const disk = new Map<string, RepositoryFacts>();
    let run: PlannedRun | undefined;
    try {
      run = planRun(['.'], { cwd: this.root });
      this.reading = { run, known: new Set(run.files) };
      this.onIndexing?.(run.files.length);
      let slice = performance.now();
      for (let i = 0; i < run.files.length; i++) {
        try {
          const { file, facts } = factsOfPlannedFile(run.files[i], run);
          if (facts) disk.set(file, facts);
        } catch (error) {
          // A file that cannot be read (a link that leads nowhere) tells the checks nothing; the CLI would say why.
          if (!(error instanceof UsageError)) throw error;
        }
        if (performance.now() - slice >= INDEX_SLICE_MS) {
          await yieldToEvents();
          // The config or the folder changed meanwhile: a newer index reads it.
          if (generation !== this.generation) return;
          this.onIndexProgress?.(i + 1, run.files.length);
          slice = performance.now();
        }
      }
    } catch (error) {
      // A folder without files to lint has no facts; a bad config is reported by the document's lint;
      // a file the walk cannot name (src/node/files.ts) leaves the folder without checks across files.
      // Anything else is a fault of dplint, said on standard error, and the server goes on without them.
      if (!(error instanceof UsageError) && !(error instanceof ConfigError)) console.error(`dplint: could not read the workspace folder: ${error instanceof Error ? error.message : String(error)}`);
      run = undefined;
      disk.clear();
    }
    if (generation !== this.generation) return;
    this.facts.replaceDisk(disk);
    this.scanned = this.reading;
    this.reading = undefined;
    this.indexed = this.everIndexed = true;
    this.indexing = undefined;
    // Files changed on disk while the index read the folder (a document closed): read again alone.
    const changed = [...this.changedMeanwhile];
    this.changedMeanwhile.clear();
    if (run) for (const [file, deleted] of changed) this.readAgain(file, deleted, run);
    this.onIndexed?.();
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
        // lstat: a linked config is refused, whatever its target does (a device's times move as it is read).
        const stats = lstatSync(path);
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
    this.facts.closeOpen(this.relativePath(absolute));
    // Saved or not, what is on disk now counts: the one file is read again.
    this.filesChanged([{ absolute, deleted: !existsSync(absolute) }]);
  }

  lint(absolute: string, text: string): DocumentLint {
    const file = this.relativePath(absolute);
    const related = new Map<Finding, Array<{ file: string; finding: Finding }>>();
    this.reloadConfigIfChanged(dirname(absolute));
    let results: FileResult[];
    let linted: RepositoryFacts | undefined;
    try {
      ({ results, facts: linted } = lintTextWithFacts(text, file, { cwd: this.root }, this.resolver()));
    } catch (error) {
      if (error instanceof ConfigError) return { file, related, configError: this.configProblem(error, absolute) };
      throw error;
    }
    const [result] = results;
    const previous = factsKey(this.facts.get(file));
    if (!result) {
      this.facts.setOpen(file, undefined);
      return { file, related, factsChanged: this.acrossKnown && previous !== undefined };
    }
    // A file outside the workspace folder is no part of the folder's checks across files (nor of a `dplint` run there).
    const inFolder = !file.startsWith('../') && file !== '..';
    // The facts the lint gathered, under the config's settings and limits, as a `dplint` run takes them.
    const facts = inFolder ? linted : undefined;
    this.facts.setOpen(file, facts);
    const across = this.acrossFiles(file, result, text, related);
    const findings = sortFindings([...result.findings.filter((f) => !isRepositoryRule(f.ruleId)), ...across]);
    return { file, result: { ...result, findings }, related, factsChanged: this.acrossKnown && factsKey(facts) !== previous };
  }

  /** The text fixed as `dplint --fix` would fix the file: the config's settings, every pass. */
  fixAll(absolute: string, text: string): FileResult[] {
    return lintTextAs(text, this.relativePath(absolute), { cwd: this.root, fix: {} }, this.resolver());
  }

  /** The findings of a text as the file (the config's settings; no checks across files): a pass of "fix all". */
  findingsOf(absolute: string, text: string): Finding[] {
    return lintTextAs(text, this.relativePath(absolute), { cwd: this.root }, this.resolver())[0]?.findings ?? [];
  }

  /**
   * Files changed on disk (not through the editor): a file the scan knew is read again alone; a new
   * one may or may not be linted (the config's ignores, .gitignore), so the folder is read again.
   */
  filesChanged(changes: ReadonlyArray<{ absolute: string; deleted: boolean }>): void {
    // Nothing read yet: the index, when it starts, reads the folder as it is then.
    if (!this.indexed && !this.reading) return;
    const walked = this.indexed ? this.scanned : this.reading;
    if (!walked) {
      // The last walk found nothing to lint (or could not walk): a new file may change that.
      if (changes.some((change) => !change.deleted && LINTED_EXTENSIONS.test(change.absolute))) this.invalidate();
      return;
    }
    for (const { absolute, deleted } of changes) {
      const file = this.relativePath(absolute);
      if (!walked.known.has(file)) {
        // A new file may be one to lint (or one the config ignores): only a new walk knows.
        if (!deleted && LINTED_EXTENSIONS.test(file)) {
          this.invalidate();
          return;
        }
        continue;
      }
      // While the index reads the folder, it may have read the file before it changed: read again once it is complete.
      if (this.indexed) this.readAgain(file, deleted, walked.run);
      else this.changedMeanwhile.set(file, deleted);
    }
  }

  private readAgain(file: string, deleted: boolean, run: PlannedRun): void {
    let facts;
    try {
      facts = deleted ? undefined : factsOfPlannedFile(file, run).facts;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
    }
    this.facts.setDisk(file, facts);
  }

  /** The walk of the complete index, and of the one under way: its files, and the same as a set. */
  private scanned?: { run: PlannedRun; known: ReadonlySet<string> };
  private reading?: { run: PlannedRun; known: ReadonlySet<string> };
  /** Files changed on disk while the index was read, and whether deleted. */
  private readonly changedMeanwhile = new Map<string, boolean>();

  private acrossFiles(file: string, result: FileResult, text: string, related: DocumentLint['related']): Finding[] {
    if (!this.acrossFilesEnabled) return [];
    void this.index();
    if (!this.everIndexed) return [];
    const facts = this.facts.relevantTo(file);
    if (!facts.has(file)) return [];
    const resolver = this.resolver();
    const levelFor = (of: string, ruleId: string) => {
      const location = resolver.forFile(resolve(this.root, of));
      return levelOf(location.config.settingsFor(relative(location.directory, resolve(this.root, of)).split(sep).join('/')).rules?.[ruleId]);
    };
    const sourceOf = (of: string) => (of === file ? text : undefined);
    const stub = (of: string): FileResult => ({ file: of, operation: undefined, operationSource: 'none', findings: [] });
    const [own] = lintRepository([{ ...stub(file), source: text }], facts, levelFor, sourceOf);
    const found = own.findings;
    // The other places of a duplicate label: the files whose facts claim the same label.
    const labels = facts.get(file)?.labels ?? [];
    for (const finding of found) {
      if (finding.ruleId !== 'repository/duplicate-label') continue;
      const label = labels.find((l) => toPointer(l.path) === finding.path && (l.document ?? undefined) === finding.document)?.value;
      if (label === undefined) continue;
      const claimants = [...this.facts.claimants(String(label))].sort();
      const owners = new Map(claimants.map((of) => [of, this.facts.get(of)!]));
      const others = claimants.filter((of) => of !== file);
      const readOther = (of: string) => readFromDisk(resolve(this.root, of));
      const located = lintRepository(others.map(stub), owners, levelFor, (of) => this.openText?.(of) ?? readOther(of));
      const places: Array<{ file: string; finding: Finding }> = [];
      for (const other of located) {
        const otherLabels = owners.get(other.file)?.labels ?? [];
        for (const f of other.findings) {
          const claimed = otherLabels.find((l) => toPointer(l.path) === f.path && (l.document ?? undefined) === f.document)?.value;
          if (f.ruleId === 'repository/duplicate-label' && claimed === label) places.push({ file: other.file, finding: f });
        }
      }
      related.set(finding, places);
    }
    return found;
  }

  /**
   * Whether other documents have findings across files that a change of this one could change: not
   * before the first index is complete (they have none, and get them all when it is), so that opening
   * many documents at once does not lint every open one again per document.
   */
  private get acrossKnown(): boolean {
    return this.acrossFilesEnabled && this.everIndexed;
  }

  /** The text of an open document by its relative path (set by the server). */
  openText?: (file: string) => string | undefined;

  private configProblem(error: ConfigError, absolute: string): ConfigProblem {
    const match = /^(.*?):(\d+):(\d+): ([\s\S]*)$/.exec(error.message);
    if (match && CONFIG_FILE_NAMES.includes(basename(match[1]))) {
      return { path: resolve(this.root, match[1]), line: Number(match[2]), column: Number(match[3]), message: match[4] };
    }
    // A config refused before it was parsed (a link, a pipe, too large) names itself.
    return { path: error.file ?? nearestConfig(dirname(absolute)) ?? join(this.root, CONFIG_FILE_NAMES[0]), line: 1, column: 1, message: error.message };
  }
}

function nearestConfig(directory: string): string | undefined {
  for (let at = directory; ; at = dirname(at)) {
    // By its own name, as the config search looks (a linked config is found, and refused there).
    const name = CONFIG_FILE_NAMES.find((candidate) => settingsFileExists(join(at, candidate)));
    if (name) return join(at, name);
    if (existsSync(join(at, '.git')) || dirname(at) === at) return undefined;
  }
}

/**
 * What a file's facts tell the checks across files, to compare: without the ranges a located finding
 * leaves on them (src/engine/repository.ts keeps them for the cache), which say where in this file,
 * not what, so that a file opened as it is on disk does not make every other open file be linted again.
 */
function factsKey(facts: RepositoryFacts | undefined): string | undefined {
  return facts === undefined ? undefined : JSON.stringify(facts, (key, value: unknown) => (key === 'range' ? undefined : value));
}

function readFromDisk(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
