import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig, parseConfig, type LoadedConfig } from '../config/config.js';
import { lintTextDetailed } from '../engine/lint.js';
import { impactMarkdown } from '../impact/format.js';
import { computeImpact, type Side, type SideFile } from '../impact/impact.js';
import { CONFIG_FILE_NAMES, decodeText, LINTED_EXTENSIONS, UsageError } from '../node/files.js';
import { blobsAt, changedFiles, filesAt, readBlobs, repositoryRoot, verifyRef } from '../node/git.js';
import { valueMask } from '../schema/secrets.js';
import { VERSION } from '../version.js';
import { readConfig } from '../node/config-file.js';
import { settingsFileExists } from '../node/read-settings.js';

export const IMPACT_FORMATS = ['markdown', 'json'] as const;

/** Larger files are left out of the report, as the lint leaves them unparsed (limits.maxFileSize's default). */
const LARGEST_FILE = 10 * 1024 * 1024;

/**
 * `dplint impact <base> [<head>]`: what applying the change from `base` to `head` (default: the
 * work tree) will do. Each side is read whole from git (or the work tree), with that side's own
 * config file at the repository root mapping files to operations, so a label moved between a
 * changed and an unchanged file is seen. Information, not a verdict: the caller exits 0.
 */
export function impactCommand(base: string, head: string | undefined, format: string, cwd: string): string {
  if (!(IMPACT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`dplint impact --format takes ${IMPACT_FORMATS.join(' or ')}; got "${format}"`);
  const root = repositoryRoot(cwd);
  verifyRef(root, base);
  if (head !== undefined) verifyRef(root, head);
  const isBody = (path: string) => LINTED_EXTENSIONS.test(path) && !CONFIG_FILE_NAMES.includes(path.split('/').pop()!);
  const changes = changedFiles(root, base, head).filter((change) => isBody(change.path) || (change.oldPath !== undefined && isBody(change.oldPath)));
  const report = computeImpact({
    base: sideAt(root, base, isBody),
    head: head === undefined ? workTree(root, isBody) : sideAt(root, head, isBody),
    changes,
    baseName: base,
    headName: head ?? 'the work tree',
  });
  return format === 'json' ? `${JSON.stringify({ tool: { name: 'dplint', version: VERSION }, ...report }, null, 2)}\n` : impactMarkdown(report);
}

function sideAt(root: string, ref: string, isBody: (path: string) => boolean): Side {
  const blobs = blobsAt(root, ref);
  const paths = [...blobs.keys()];
  const wanted = [...paths.filter(isBody), ...CONFIG_FILE_NAMES.filter((name) => blobs.has(name))];
  const contents = readBlobs(root, [...new Set(wanted.map((path) => blobs.get(path)!))]);
  const at = (path: string) => contents.get(blobs.get(path)!);
  const configName = CONFIG_FILE_NAMES.find((name) => blobs.has(name));
  const config = configName ? parseConfig(textOf(at(configName)!) ?? '', `${ref}:${configName}`) : defaultConfig();
  return side(config, paths.filter(isBody).map((path) => [path, at(path)]));
}

function workTree(root: string, isBody: (path: string) => boolean): Side {
  const paths = filesAt(root, undefined);
  // Only regular files inside the repository: no link is followed (not even a folder's on the way), no pipe read.
  const top = realpathSync(root);
  const read = (path: string): Buffer | undefined => {
    const file = join(root, path);
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > LARGEST_FILE) return undefined;
    return realpathSync(file) === join(top, path) ? readFileSync(file) : undefined;
  };
  const configName = CONFIG_FILE_NAMES.find((name) => paths.includes(name));
  // Through the guarded read, as a lint reads it: a linked config, a pipe or one over the cap is a config error, not the defaults.
  const config = configName && settingsFileExists(join(root, configName)) ? readConfig(join(root, configName), configName).config : defaultConfig();
  return side(config, paths.filter(isBody).map((path) => [path, read(path)]));
}

function side(config: LoadedConfig, files: ReadonlyArray<[string, Buffer | undefined]>): Side {
  const out = new Map<string, SideFile>();
  for (const [path, bytes] of files) {
    if (config.isIgnored(path) || bytes === undefined) continue;
    const settings = config.settingsFor(path);
    if (bytes.length > settings.limits.maxFileSize) continue;
    const text = textOf(bytes);
    if (text === undefined) continue;
    const linted = lintTextDetailed(text, { filename: path, configOperation: settings.operation, maxAliasCount: settings.limits.maxAliasCount, maxDepth: settings.limits.maxDepth });
    // Each body at its document's index, so that documents are compared with their counterparts even when one does not parse.
    const bodies: unknown[] = [];
    for (const body of linted.bodies) bodies[body.document ?? 0] = body.value;
    out.set(path, { operation: linted.operation, bodies: Array.from(bodies), mask: valueMask(text, linted.bodies.map((body) => body.value)) });
  }
  return out;
}

function textOf(bytes: Uint8Array): string | undefined {
  const decoded = decodeText(bytes);
  return 'text' in decoded ? decoded.text : undefined;
}
