import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, defaultConfig, parseConfig, type LoadedConfig } from '../config/config.js';
import { lintTextDetailed } from '../engine/lint.js';
import { impactMarkdown } from '../impact/format.js';
import { computeImpact, type NotRead, type Side, type SideFile } from '../impact/impact.js';
import { CONFIG_FILE_NAMES, decodeText, LINTED_EXTENSIONS, UsageError } from '../node/files.js';
import { blobSizes, blobsAt, changedFiles, filesAt, readBlobs, repositoryRoot, verifyRef } from '../node/git.js';
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
  const notRead: NotRead[] = [];
  const report = computeImpact({
    base: sideAt(root, base, isBody, notRead),
    head: head === undefined ? workTree(root, isBody, notRead) : sideAt(root, head, isBody, notRead),
    changes,
    baseName: base,
    headName: head ?? 'the work tree',
    notRead,
  });
  return format === 'json' ? `${JSON.stringify({ tool: { name: 'dplint', version: VERSION }, ...report }, null, 2)}\n` : impactMarkdown(report);
}

/** How many bytes of blobs one `git cat-file --batch` brings at most: the rest wait for the next. */
const BATCH_BYTES = 64 * 1024 * 1024;

/**
 * One side at a ref. git is asked for every blob's size first: a body larger than its
 * limits.maxFileSize is never read (it is named in the report's `notRead`), nor a config file
 * larger than the default (whose own limits are not known before it is read); the bodies are read
 * in batches of at most BATCH_BYTES, each linted and let go before the next is read.
 */
function sideAt(root: string, ref: string, isBody: (path: string) => boolean, notRead: NotRead[]): Side {
  const blobs = blobsAt(root, ref);
  const bodies = [...blobs.keys()].filter(isBody);
  const configName = CONFIG_FILE_NAMES.find((name) => blobs.has(name));
  const sizes = blobSizes(root, [...new Set([...(configName ? [configName] : []), ...bodies].map((path) => blobs.get(path)!))]);
  let config = defaultConfig();
  if (configName) {
    const id = blobs.get(configName)!;
    const size = sizes.get(id)!;
    if (size > LARGEST_FILE) throw new ConfigError(`config file ${JSON.stringify(`${ref}:${configName}`)} is ${size} bytes, more than the ${LARGEST_FILE} bytes dplint reads of one`);
    config = parseConfig(textOf(readBlobs(root, [id]).get(id)!) ?? '', `${ref}:${configName}`);
  }
  const out = new Map<string, SideFile>();
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = (): void => {
    const contents = readBlobs(root, [...new Set(batch.map((path) => blobs.get(path)!))]);
    side(config, batch.map((path) => [path, contents.get(blobs.get(path)!)]), out);
    batch = [];
    batchBytes = 0;
  };
  for (const path of bodies) {
    if (config.isIgnored(path)) continue;
    const size = sizes.get(blobs.get(path)!)!;
    const limit = config.settingsFor(path).limits.maxFileSize;
    if (size > limit) {
      notRead.push({ file: path, at: ref, bytes: size, maxFileSize: limit });
      continue;
    }
    if (batch.length > 0 && batchBytes + size > BATCH_BYTES) flush();
    batch.push(path);
    batchBytes += size;
  }
  if (batch.length > 0) flush();
  return out;
}

function workTree(root: string, isBody: (path: string) => boolean, notRead: NotRead[]): Side {
  const paths = filesAt(root, undefined);
  // Only regular files inside the repository: no link is followed (not even a folder's on the way), no pipe read.
  const top = realpathSync(root);
  const regular = (path: string) => {
    const file = join(root, path);
    const stat = lstatSync(file, { throwIfNoEntry: false });
    return stat?.isFile() && realpathSync(file) === join(top, path) ? { file, size: stat.size } : undefined;
  };
  const configName = CONFIG_FILE_NAMES.find((name) => paths.includes(name));
  // Through the guarded read, as a lint reads it: a linked config, a pipe or one over the cap is a config error, not the defaults.
  const config = configName && settingsFileExists(join(root, configName)) ? readConfig(join(root, configName), configName).config : defaultConfig();
  const out = new Map<string, SideFile>();
  for (const path of paths.filter(isBody)) {
    if (config.isIgnored(path)) continue;
    const found = regular(path);
    if (!found) continue;
    const limit = config.settingsFor(path).limits.maxFileSize;
    if (found.size > limit) {
      notRead.push({ file: path, at: 'the work tree', bytes: found.size, maxFileSize: limit });
      continue;
    }
    // One file at a time: each is linted and let go before the next is read.
    side(config, [[path, readFileSync(found.file)]], out);
  }
  return out;
}

function side(config: LoadedConfig, files: ReadonlyArray<[string, Buffer | undefined]>, out: Map<string, SideFile>): void {
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
}

function textOf(bytes: Uint8Array): string | undefined {
  const decoded = decodeText(bytes);
  return 'text' in decoded ? decoded.text : undefined;
}
