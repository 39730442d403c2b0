import { closeSync, existsSync, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isatty } from 'node:tty';
import ignore, { type Ignore } from 'ignore';
import encoding from '../../rules/parse/encoding.js';
import { renderMessage } from '../define-rule.js';
import { readSettingsFile, refusalText, settingsFileExists } from './read-settings.js';

export const LINTED_EXTENSIONS = /\.(ya?ml|json)$/i;
/** dplint's own config files are settings, not request bodies: a folder walk skips them. */
export const CONFIG_FILE_NAMES = ['dplint.config.yaml', 'dplint.config.yml', '.dplint.yaml', '.dplint.yml'];
/** dplint's own files, which are no request bodies: its config files and the default baseline (src/node/baseline-file.ts). */
/** dplint's own files, never bodies: its config files (the baseline in use is skipped by its path, LintFilesOptions.notBodies). */
const OWN_FILE_NAMES = CONFIG_FILE_NAMES;
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

/** A run-level failure: the CLI prints its message on one line and exits 2. */
export class UsageError extends Error {}

export interface CollectOptions {
  cwd: string;
  /** Whether a file or folder (absolute path) is excluded by the config file's `ignore`. */
  isIgnored?: (absolutePath: string) => boolean;
  /** Leave out what git ignores when walking folders (default true). */
  gitignore?: boolean;
  /**
   * The files git sees under a folder, relative to it (src/node/git.ts's `gitListed`), or undefined
   * outside a work tree. Without it, the .gitignore files decide.
   */
  gitFiles?: (folder: string) => ReadonlySet<string> | undefined;
}

export interface Collected {
  /** Paths in the form they were given in, `/`-separated, in a stable order. */
  files: string[];
  /** Whether every path given was a file (pre-commit passes files; an empty result is then no error). */
  onlyFiles: boolean;
  /**
   * Symbolic links, found in a walk or named, that lead out of the repository: not read, shown as
   * found or given (`/`-separated).
   */
  linksOutside: string[];
  /** `.gitignore` files not read (a link, not a regular file, too large; readGitignore), absolute, with why. */
  gitignoresUnread: Array<{ path: string; why: string }>;

  /**
   * The files named on the command line, as they are in `files`: a file a walk found that resolves
   * to no operation is counted as skipped, where one named is reported (`operation/unresolved`).
   */
  named: Set<string>;
  /**
   * Links in `files` whose target is linted in the same run under its own path: the target's
   * findings are not repeated under the link, but the link counts as a file of its own for the
   * checks across files (a deploy tool that globs the link sends the body twice).
   */
  aliases: Set<string>;
}

/** A symbolic link inside the repository to a regular file: linted under its own path, unless its target is linted anyway. */
interface LinkInside {
  shown: string;
  /** The target's real path. */
  real: string;
}

/**
 * The files to lint: each file named, and under each folder every `*.yaml`, `*.yml` and `*.json`
 * that git would see and the config's `ignore` does not exclude (skipping `node_modules` and
 * `.git`), sorted so the output does not depend on the file system. A named file is linted
 * whatever its extension, unless the config ignores it or it is one of dplint's own config files.
 *
 * Inside a git work tree, a walk sees exactly git's files: `git ls-files --cached --others
 * --exclude-standard` (nested `.gitignore` negations, `.git/info/exclude`, `core.excludesFile`).
 * Outside one, or where git cannot be run, the `.gitignore` files from the repository's root down
 * are read as the `ignore` package reads them.
 *
 * A walk never follows a symbolic link, and no link — found or named — is read when it leads out
 * of the repository (the folder holding `.git` above the path; outside one, the folder walked, or
 * for a named file the working folder): a pull request's `x.yaml -> ~/.aws/credentials` is listed
 * in `linksOutside`. A link inside it to a regular file is linted under its own path, since a tool
 * that globs `clusters/*.yaml` sends what it points at, whatever that is (`../data/x.txt`, a file
 * under `node_modules/` or an ignored folder); when its target is linted in the same run, it is an
 * alias (see `aliases`). A dangling link or a loop of links is kept, so that reading it fails with
 * one line rather than a file being skipped in silence.
 */
export function collectFiles(paths: readonly string[], options: CollectOptions): Collected {
  // A walk's files, sorted, or one named file: links inside a walk join its files once they are placed.
  const segments: string[][] = [];
  const linksOutside: string[] = [];
  const gitignoresUnread: Collected['gitignoresUnread'] = [];
  const unread = (path: string, why: string): void => {
    if (!gitignoresUnread.some((known) => known.path === path)) gitignoresUnread.push({ path, why });
  };

  const named = new Set<string>();
  // A walk's links carry the files they join; a named one is in place already.
  const linksInside: Array<LinkInside & { segment?: string[] }> = [];
  // What each walk and each named file lints, to tell whether a link's target is linted in this run.
  const walks: Array<{ root: string; realRoot: string; found: readonly string[] }> = [];
  const namedReal = new Set<string>();
  let onlyFiles = true;
  for (const given of paths) {
    const absolute = resolve(options.cwd, given);
    let stats;
    try {
      stats = statSync(absolute);
    } catch (error) {
      throw new UsageError(`cannot read ${JSON.stringify(given)}: ${reason(error)}`);
    }
    if (stats.isDirectory()) {
      onlyFiles = false;
      const found: string[] = [];
      const outside: string[] = [];
      const inside: Array<{ path: string; real: string }> = [];
      const listed = options.gitignore === false ? undefined : options.gitFiles?.(absolute);
      const rules = options.gitignore === false || listed ? [] : gitignoresAbove(absolute, unread);
      const walk = new Walk(absolute, repositoryOf(absolute) ?? absolute, found, outside, inside, options.isIgnored ?? (() => false), unread, listed);
      walk.folder(absolute, rules);
      // Every file found lies under the folder: its path inside is the rest of the string.
      const within = (file: string): string => (file.startsWith(absolute + sep) ? file.slice(absolute.length + 1) : relative(absolute, file));
      const display = displayPathsUnder(given);
      const files: string[] = [];
      segments.push(files);
      // One at a time: a spread of 130,000 paths into push() overflows the call stack.
      for (const file of found.sort()) files.push(display(within(file)));
      for (const link of outside.sort()) linksOutside.push(display(within(link)));
      for (const link of inside) linksInside.push({ shown: display(within(link.path)), real: link.real, segment: files });
      walks.push({ root: absolute, realRoot: walk.realRoot, found });
    } else if (!options.isIgnored?.(absolute) && !OWN_FILE_NAMES.includes(basename(absolute))) {
      // dplint's own config file is never a body, though a hook or a glob names it.
      const shown = given.split(sep).join('/');
      const real = realpathSync(absolute);
      if (real !== absolute) {
        // A link on the way: named files get the walk's rule (`dplint $(git diff --name-only …)`
        // with a pull request that adds `clusters/x.yaml -> ~/.docker/config.json`).
        const boundary = withSeparator(realpathSync(repositoryOf(dirname(absolute)) ?? options.cwd));
        if (!insideRepository(real, boundary)) {
          linksOutside.push(shown);
          continue;
        }
        linksInside.push({ shown, real });
      } else {
        // Only a file, not a link: two links to one file would otherwise each leave it to the other.
        namedReal.add(real);
      }
      segments.push([shown]);
      named.add(shown);
    }
  }
  const aliases = new Set<string>();
  if (linksInside.length > 0) {
    const found = walks.map((walk) => ({ ...walk, set: new Set(walk.found) }));
    // The lexical path a walk found a file under is its real path, the walk's root aside: it never went through a link.
    const linted = (real: string): boolean => namedReal.has(real) || found.some((walk) => real.startsWith(walk.realRoot) && walk.set.has(join(walk.root, real.slice(walk.realRoot.length))));
    const placed = new Set<string[]>();
    for (const link of linksInside) {
      if (linted(link.real)) aliases.add(link.shown);
      if (!link.segment) continue;
      link.segment.push(link.shown);
      placed.add(link.segment);
    }
    for (const segment of placed) segment.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  const files: string[] = [];
  for (const segment of segments) for (const file of segment) files.push(file);
  return { files: [...new Set(files)], onlyFiles, linksOutside, gitignoresUnread, named, aliases };
}

/**
 * Whether a link's real target is a file of the repository: under its folder, and not in its `.git`
 * folder, which holds no file of the work tree but may hold a CI's credentials (actions/checkout
 * keeps its token in `.git/config`): a link to it is a link out.
 */
function insideRepository(real: string, boundary: string): boolean {
  return real.startsWith(boundary) && !real.startsWith(`${boundary}.git${sep}`);
}

function withSeparator(folder: string): string {
  return folder.endsWith(sep) ? folder : folder + sep;
}

/** The folder holding `.git` at or above `folder` (a work tree's root), if any. */
function repositoryOf(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

interface GitignoreRules {
  base: string;
  rules: Ignore;
}

/** One folder's walk: what it finds, and where it may not lead. */
class Walk {
  /** The folder's real path, with a trailing separator. */
  readonly realRoot: string;
  /** The repository's real path, with a trailing separator: a link's target must start with it. */
  private readonly realBoundary: string;
  /** The walked folder's path with a trailing separator: a found path less it is git's name for it. */
  private readonly prefix: string;
  /** Every folder holding a file git lists, by git's name for it (`a/b`; `` for the root). */
  private readonly listedFolders?: Set<string>;

  constructor(
    root: string,
    boundary: string,
    private readonly out: string[],
    private readonly outside: string[],
    private readonly inside: Array<{ path: string; real: string }>,
    private readonly isIgnored: (path: string) => boolean,
    private readonly unread: (path: string, why: string) => void,
    private readonly listed?: ReadonlySet<string>,
  ) {
    this.realRoot = withSeparator(realpathSync(root));
    this.realBoundary = withSeparator(realpathSync(boundary));
    this.prefix = withSeparator(root);
    if (listed) {
      this.listedFolders = new Set(['']);
      for (const path of listed) {
        for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
          const folder = path.slice(0, cut);
          if (this.listedFolders.has(folder)) break;
          this.listedFolders.add(folder);
        }
      }
    }
  }

  /**
   * Folders are walked by name, never through a link, so a walk ends: its depth is that of the
   * folders on disk (bounded by the longest path the system allows), whatever their number.
   */
  folder(directory: string, gitignores: GitignoreRules[]): void {
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    const own = this.listed || !(gitignores.length || settingsFileExists(join(directory, '.gitignore'))) ? gitignores : [...gitignores, ...readGitignore(directory, this.unread)];
    // (No join per entry: the folder's path is already normal, and an entry's name holds no separator.)
    const prefix = directory.endsWith(sep) ? directory : directory + sep;
    for (const entry of entries) {
      const path = prefix + entry.name;
      if (entry.isSymbolicLink()) {
        this.link(entry, path, own);
        continue;
      }
      const isDirectory = entry.isDirectory();
      if (isDirectory && SKIPPED_DIRECTORIES.has(entry.name)) continue;
      if (!isDirectory && !this.lintsName(entry.name)) continue;
      if (this.isIgnored(path) || this.gitExcludes(own, path, isDirectory)) continue;
      if (isDirectory) this.folder(path, own);
      // A named pipe, socket or device found in a walk is not a file to lint: reading a pipe blocks until someone writes.
      else if (entry.isFile()) this.out.push(notMisread(path, entry.name));
    }
  }

  private lintsName(name: string): boolean {
    return LINTED_EXTENSIONS.test(name) && !OWN_FILE_NAMES.includes(name);
  }

  /** Whether git leaves the path out: by its listing in a work tree (a link is a file to git), by the .gitignore files read otherwise. */
  private gitExcludes(gitignores: readonly GitignoreRules[], path: string, isDirectory: boolean): boolean {
    if (!this.listed) return gitIgnored(gitignores, path, isDirectory);
    const name = path.slice(this.prefix.length);
    const named = sep === '/' ? name : name.split(sep).join('/');
    return isDirectory ? !this.listedFolders!.has(named) : !this.listed.has(named);
  }

  /**
   * A link is not followed. One that leads out of the repository is listed, if it would have been
   * linted; one to a regular file inside it is kept for the run to lint under its own path (or
   * count as an alias); one to a folder inside it names what the walk reaches anyway; one that
   * leads nowhere is kept, if its name is linted, so that reading it fails with one line naming it.
   */
  private link(entry: Dirent, path: string, gitignores: readonly GitignoreRules[]): void {
    let real: string;
    let target;
    try {
      real = realpathSync(path);
      target = statSync(real);
    } catch {
      if (this.lintsName(entry.name) && !this.isIgnored(path) && !this.gitExcludes(gitignores, path, false)) this.out.push(notMisread(path, entry.name));
      return;
    }
    const isDirectory = target.isDirectory();
    if (isDirectory ? SKIPPED_DIRECTORIES.has(entry.name) : !target.isFile() || !this.lintsName(entry.name)) return;
    if (this.isIgnored(path) || this.gitExcludes(gitignores, path, isDirectory && !this.listed)) return;
    if (!insideRepository(real, this.realBoundary)) this.outside.push(path);
    else if (!isDirectory) this.inside.push({ path, real });
  }
}

/**
 * A name that is not valid UTF-8 comes back from the file system with U+FFFD in place of its bad
 * bytes, a name no file has: rather than "no such file", say what is wrong with it.
 */
function notMisread(path: string, name: string): string {
  if (!name.includes('\uFFFD')) return path;
  try {
    lstatSync(path);
    return path;
  } catch {
    throw new UsageError(`cannot read ${JSON.stringify(path)}: its name is not valid UTF-8 (shown with U+FFFD in place of the bad bytes); rename the file`);
  }
}

/**
 * As git decides without a work tree to ask: the deepest .gitignore that has a say wins, so a
 * nested `!keep.json` takes back a `*.json` above it (a folder excluded above is never walked into,
 * which is git's rule that nothing inside it can be taken back).
 */
function gitIgnored(gitignores: readonly GitignoreRules[], path: string, isDirectory: boolean): boolean {
  for (let i = gitignores.length - 1; i >= 0; i--) {
    const { base, rules } = gitignores[i];
    const inside = relative(base, path).split(sep).join('/');
    if (!inside || inside.startsWith('..')) continue;
    const said = rules.test(isDirectory ? `${inside}/` : inside);
    if (said.ignored) return true;
    if (said.unignored) return false;
  }
  return false;
}

/**
 * The largest `.gitignore` read (git's own cap is 100 MB; a real one is some KB): a larger one is
 * not read, and said so, as a linked one is.
 */
export const MAX_GITIGNORE_SIZE = 1024 * 1024;

/**
 * A folder's `.gitignore`, through the guarded read (src/node/read-settings.ts): a link (which git
 * does not follow either: `.gitignore -> /dev/zero`), a pipe, a device or a file over
 * MAX_GITIGNORE_SIZE is not read, and its patterns do not apply (more files are linted, never
 * fewer); `unread` hears of it, for one line on standard error.
 */
function readGitignore(directory: string, unread?: (path: string, why: string) => void): GitignoreRules[] {
  const path = join(directory, '.gitignore');
  const read = readSettingsFile(path, MAX_GITIGNORE_SIZE);
  if (read.kind === 'read') return [{ base: directory, rules: ignore().add(read.bytes.toString('utf8')) }];
  if (read.kind === 'refused') unread?.(path, refusalText(read, MAX_GITIGNORE_SIZE) + (read.why === 'link' ? ', which git does not follow either' : ''));
  return [];
}

/** The .gitignore files from the repository's root down to (not including) the folder walked. */
function gitignoresAbove(directory: string, unread: (path: string, why: string) => void): GitignoreRules[] {
  const chain: string[] = [];
  for (let dir = dirname(directory); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) break;
  }
  if (!existsSync(join(chain[0], '.git'))) return [];
  return chain.flatMap((folder) => readGitignore(folder, unread));
}

/** How paths found under the folder `given` are shown: from `given` as it was written, `/`-separated. */
function displayPathsUnder(given: string): (inside: string) => string {
  const base = given.split(sep).join('/').replace(/(?<!\/)\/+$/, '');
  const slashes = (path: string): string => (sep === '/' ? path : path.split(sep).join('/'));
  return base === '.' || base === '' ? slashes : (inside) => `${base}/${slashes(inside)}`;
}

/**
 * The text, and the bytes it was decoded from. The bytes of a file up to 1 MiB are in a buffer that
 * the next read reuses: use them before reading again.
 */
export type ReadResult = { text: string; bytes: Uint8Array; stat?: FileStat } | { error: string };

/**
 * What the file system says of a file, taken before its bytes were read: the lint cache trusts an
 * unchanged one in place of reading the file again (src/node/cache.ts).
 */
export type FileStat = [size: number, mtimeMs: number, ctimeMs: number, ino: number, dev: number];

/** How many numbers a FileStat holds. */
export const STAT_NUMBERS = 5;

export function fileStat(stats: { size: number; mtimeMs: number; ctimeMs: number; ino: number; dev: number }): FileStat {
  return [stats.size, stats.mtimeMs, stats.ctimeMs, stats.ino, stats.dev];
}

/**
 * Reads a file as text: UTF-8, or UTF-16 where a byte-order mark says so. Undecodable bytes are
 * reported, not thrown. `stat` false: the file is not stat'ed first (a Stats object and its dates a
 * file, for a result that keeps none of it, were a tenth of reading a clean file: only a cache keeps
 * it), and its size is asked only once it is past the limit, for the message. Either way the file
 * is read to its end (readToEnd): a pipe or device named on the command line has no size to check
 * first (nor has a file of /proc, which says 0), and a file may grow while it is read.
 */
export function readText(path: string, maxFileSize = Infinity, stat = true): ReadResult {
  let bytes: Buffer;
  let kept: FileStat | undefined;
  try {
    const fd = openSync(path, 'r');
    try {
      const stats = stat ? fstatSync(fd) : undefined;
      if (stats?.isFile()) kept = fileStat(stats);
      if (stats && stats.size > maxFileSize) return { error: tooLarge(String(stats.size), maxFileSize) };
      const read = readToEnd(fd, maxFileSize);
      if (read === undefined || read.length > maxFileSize) {
        // A size asked before the read was within the limit: the file grew, or is no regular file.
        const now = stats ?? fstatSync(fd);
        return { error: tooLarge(now.isFile() && now.size > maxFileSize ? String(now.size) : `more than ${maxFileSize}`, maxFileSize) };
      }
      bytes = read;
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new UsageError(`cannot read ${JSON.stringify(path)}: ${reason(error)}`);
  }
  const decoded = decodeText(bytes);
  return 'text' in decoded ? { text: decoded.text, bytes, stat: kept } : decoded;
}

function tooLarge(size: string, maxFileSize: number): string {
  return `the file is ${size} bytes, over the limit maxFileSize = ${maxFileSize}; raise limits.maxFileSize in the config file to lint it`;
}

/**
 * Files are read into one buffer, kept from file to file, rather than a new one each (an
 * allocation, and a buffer for the collector to sweep, per file of a CI gate). Larger files get a
 * buffer of their own, so that one large file does not keep its size in memory for the rest of the run.
 */
let reused = Buffer.allocUnsafe(64 * 1024);
const REUSED_MAX = 1024 * 1024;

/**
 * Bytes read until the end of the file or past `limit`, into the buffer kept from file to file
 * (grown, up to its most); undefined for a regular file over the limit, which is refused unread:
 * its size is asked once, when it fills the buffer (a file that small is never asked).
 */
function readToEnd(fd: number, limit: number): Buffer | undefined {
  let bytes = reused;
  let total = 0;
  let sized = false;
  for (;;) {
    if (total === bytes.length) {
      if (!sized) {
        sized = true;
        const stats = fstatSync(fd);
        if (stats.isFile() && stats.size > limit) return undefined;
      }
      const larger = Buffer.allocUnsafe(Math.min(2 * bytes.length, limit + 1));
      bytes.copy(larger, 0, 0, total);
      bytes = larger.length <= REUSED_MAX ? (reused = larger) : larger;
    }
    const read = readSync(fd, bytes, total, Math.min(bytes.length, limit + 1) - total, null);
    if (read === 0) return bytes.subarray(0, total);
    total += read;
    if (total > limit) return bytes.subarray(0, total);
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function decodeText(bytes: Uint8Array): { text: string } | { error: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  // NUL is valid UTF-8 but never in YAML or JSON text: the file is binary, or UTF-16 without its mark.
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const utf16 = bytes.length >= 2 && (bytes[0] === 0 || bytes[1] === 0);
    return { error: utf16 ? encoding.messages.utf16WithoutMark : renderMessage(encoding.messages.nulByte, { offset: nul }) };
  }
  try {
    return { text: UTF8.decode(bytes) };
  } catch {
    return { error: encoding.messages.notUtf8 };
  }
}

/**
 * Standard input for `--stdin`: a regular file, a pipe (or socket) or a terminal, read no further
 * than `limit` bytes. Anything else — a folder, `/dev/zero` or another device — is refused before a
 * byte is read (an endless device would otherwise fill the memory), and input past the limit is
 * refused as soon as it passes it: each a `UsageError` (exit 2, one line).
 */
export async function readStandardInput(limit: number, fd = 0, input: AsyncIterable<Uint8Array> = process.stdin): Promise<string> {
  let stats;
  try {
    stats = fstatSync(fd);
  } catch (error) {
    throw new UsageError(`cannot read standard input: ${reason(error)}`);
  }
  const kind = stats.isDirectory() ? 'a folder' : stats.isBlockDevice() || stats.isCharacterDevice() ? 'a device' : undefined;
  if (kind && !(stats.isCharacterDevice() && isatty(fd))) throw new UsageError(`--stdin reads a file or a pipe; standard input is ${kind}`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of input) {
    total += chunk.length;
    if (total > limit) throw new UsageError(`standard input is more than ${limit} bytes, over the limit maxFileSize = ${limit}; raise limits.maxFileSize in the config file to lint it`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ELOOP') return 'a loop of symbolic links';
  return error instanceof Error ? error.message : String(error);
}
