import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ConfigError, defaultConfig, parseConfig, type LoadedConfig } from '../config/config.js';
import { sha1 } from './crypto.js';
import { CONFIG_FILE_NAMES, reason } from './files.js';

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
    const name = CONFIG_FILE_NAMES.find((candidate) => existsSync(join(directory, candidate)));
    if (name) {
      const path = join(directory, name);
      const shown = relative(this.cwd, path).split(sep).join('/') || name;
      found = this.loaded.get(path) ?? { ...readConfig(path, shown), directory, file: shown };
      this.loaded.set(path, found);
    } else if (directory !== this.topOf(directory) && dirname(directory) !== directory) {
      found = this.nearest(dirname(directory));
    }
    this.byDirectory.set(directory, found ?? null);
    return found;
  }
}

function readConfig(path: string, display: string): { config: LoadedConfig; fingerprint(): string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read config file ${JSON.stringify(display)}: ${reason(error)}`);
  }
  let fingerprint: string | undefined;
  return { config: parseConfig(text, display), fingerprint: () => (fingerprint ??= sha1(path, '\0', text)) };
}

/** Whether `path` is `folder` or lies inside it (both absolute and normal). */
function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
