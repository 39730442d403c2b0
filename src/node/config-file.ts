import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ConfigError, defaultConfig, parseConfig, type LoadedConfig, type ParentConfig } from '../config/config.js';
import { sha1 } from './crypto.js';
import { CONFIG_FILE_NAMES, decodeText, reason } from './files.js';
import { readSettingsFile, refusalText, settingsFileExists } from './read-settings.js';

export interface ConfigLocation {
  config: LoadedConfig;
  /** The folder the config's globs are relative to. */
  directory: string;
  /** A hash of the config file's path and text, for the lint cache (worked out when first asked); `none` without one. */
  fingerprint(): string;
  /** The config file as it is shown (relative to the working directory); absent for the defaults. */
  file?: string;
}

/**
 * Finds the config file that applies to each file linted:
 * - `--config <file>`: that one, for every file;
 * - otherwise the nearest `dplint.config.yaml` (`.yml`, `.dplint.yaml`, `.dplint.yml`) walking up
 *   from the file's folder to the repository root (the folder holding `.git`), so a config
 *   repository linted from outside still gets its own settings;
 * - failing that, the one found walking up from the working directory (DESIGN.md's rule, and the
 *   same file whenever the config sits at the repository root);
 * - none at all: the recommended defaults.
 * Each folder is looked at once per run.
 *
 * The walk up never leaves the repository, nor goes above the user's home folder. Outside a
 * repository it goes no higher than the working directory, and for a file outside that, no higher
 * than the file's own folder: a config file that someone left in a shared folder above (`/tmp`,
 * a CI runner's work folder) must not apply — its `ignore: ["**"]` would pass every file.
 */
export class ConfigResolver {
  private readonly byDirectory = new Map<string, ConfigLocation | null>();
  private readonly loaded = new Map<string, ConfigLocation>();
  private readonly fallback: ConfigLocation;
  private readonly named?: ConfigLocation;

  constructor(
    private readonly cwd: string,
    named?: string,
  ) {
    if (named !== undefined) {
      const path = resolve(cwd, named);
      this.named = { ...readConfig(path, named), directory: dirname(path), file: named.split(sep).join('/') };
    }
    this.fallback = this.named ?? this.nearest(resolve(cwd)) ?? { config: defaultConfig(), directory: resolve(cwd), fingerprint: () => 'none' };
  }

  private readonly home = resolve(homedir());
  private readonly gitRoots = new Map<string, string | null>();

  /** The nearest folder at or above `directory` holding `.git`, once per folder. */
  private repositoryRoot(directory: string): string | undefined {
    let root = this.gitRoots.get(directory);
    if (root === undefined) {
      const parent = dirname(directory);
      root = existsSync(join(directory, '.git')) ? directory : parent === directory ? null : (this.repositoryRoot(parent) ?? null);
      this.gitRoots.set(directory, root);
    }
    return root ?? undefined;
  }

  /** The highest folder the search from `directory` may look in (see the class's comment). */
  private topOf(directory: string): string {
    const cwd = resolve(this.cwd);
    const top = this.repositoryRoot(directory) ?? (isWithin(directory, cwd) ? cwd : directory);
    // Never above the user's home folder, when the search starts inside it.
    return isWithin(directory, this.home) && !isWithin(top, this.home) ? this.home : top;
  }

  /** The config for a file (absolute path). */
  forFile(absolutePath: string): ConfigLocation {
    return this.forFolder(dirname(absolutePath));
  }

  /** The config for the files of a folder (absolute path). */
  forFolder(directory: string): ConfigLocation {
    return this.named ?? this.nearest(directory) ?? this.fallback;
  }

  /** The config a run starts from (for `--print-config` without a file's own). */
  get base(): ConfigLocation {
    return this.fallback;
  }

  private nearest(directory: string): ConfigLocation | undefined {
    const cached = this.byDirectory.get(directory);
    if (cached !== undefined) return cached ?? undefined;
    let found: ConfigLocation | undefined;
    // By its own name (lstat): a linked config is found, and refused, rather than passed over for the one above.
    const name = CONFIG_FILE_NAMES.find((candidate) => settingsFileExists(join(directory, candidate)));
    if (name) {
      const path = join(directory, name);
      const shown = relative(this.cwd, path).split(sep).join('/') || name;
      found = this.loaded.get(path);
      if (!found) {
        // A config in a folder below another is layered over it (src/config/config.ts, NestedMode).
        const above = directory !== this.topOf(directory) && dirname(directory) !== directory ? this.nearest(dirname(directory)) : undefined;
        const parent = above && { config: above.config, prefix: `${relative(above.directory, directory).split(sep).join('/')}/` };
        const read = readConfig(path, shown, parent);
        // The cache's key for a nested config is its own text and every config it is layered over.
        const fingerprint = above ? layeredFingerprint(above.fingerprint, read.fingerprint) : read.fingerprint;
        found = { config: read.config, fingerprint, directory, file: shown };
        this.loaded.set(path, found);
      }
    } else if (directory !== this.topOf(directory) && dirname(directory) !== directory) {
      found = this.nearest(dirname(directory));
    }
    this.byDirectory.set(directory, found ?? null);
    return found;
  }
}

/**
 * The largest config file read. The sample repository's is under 2 KB; a config of a thousand
 * policies is some hundreds of KB. A larger one is a config error before a byte of it is parsed.
 */
export const MAX_CONFIG_SIZE = 1024 * 1024;

/** Reads and checks one config file (`display`: its name in messages), through the guarded read; a `ConfigError` for any problem. */
export function readConfig(path: string, display: string, parent?: ParentConfig): { config: LoadedConfig; fingerprint(): string } {
  const shown = JSON.stringify(display);
  // Through the one guarded read (src/node/read-settings.ts): a config linked out of the
  // repository, to a device or to a pipe is refused before a byte of it is read.
  const read = readSettingsFile(path, MAX_CONFIG_SIZE);
  if (read.kind === 'missing') throw new ConfigError(`cannot read config file ${shown}: no such file or directory`, path);
  if (read.kind === 'failed') throw new ConfigError(`cannot read config file ${shown}: ${reason(read.error)}`, path);
  if (read.kind === 'refused') {
    const why = read.why === 'link' ? 'is a symbolic link; dplint reads a config only from a file of its own (a link could lead anywhere: a credential, a device)' : refusalText(read, MAX_CONFIG_SIZE);
    throw new ConfigError(`the config file ${shown} ${why}`, path);
  }
  const decoded = decodeText(read.bytes);
  if ('error' in decoded) throw new ConfigError(`the config file ${shown} is not text: ${decoded.error}`, path);
  const text = decoded.text;
  let fingerprint: string | undefined;
  return { config: parseConfig(text, display, parent), fingerprint: () => (fingerprint ??= sha1(path, '\0', text)) };
}

/** A nested config's fingerprint: that of the configs above it, and its own (worked out when first asked). */
function layeredFingerprint(above: () => string, own: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= sha1(above(), '\0', own()));
}

/** Whether `path` is `folder` or lies inside it (both absolute and normal). */
function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
