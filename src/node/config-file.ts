import { existsSync, readFileSync } from 'node:fs';
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
      this.named = { ...readConfig(path, named), directory: dirname(path) };
    }
    this.fallback = this.named ?? this.nearest(resolve(cwd)) ?? { config: defaultConfig(), directory: resolve(cwd), fingerprint: () => 'none' };
  }

  /** The config for a file (absolute path). */
  forFile(absolutePath: string): ConfigLocation {
    return this.named ?? this.nearest(dirname(absolutePath)) ?? this.fallback;
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
      found = this.loaded.get(path) ?? { ...readConfig(path, relative(this.cwd, path).split(sep).join('/') || name), directory };
      this.loaded.set(path, found);
    } else if (!existsSync(join(directory, '.git')) && dirname(directory) !== directory) {
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
