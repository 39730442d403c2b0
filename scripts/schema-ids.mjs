#!/usr/bin/env node
// Gives every committed schema its `$id`, the URL it is served at, and writes the SchemaStore
// catalog entry for the config file (schemas/schemastore-catalog.json), from package.json's
// `repository` and `version`: `https://raw.githubusercontent.com/<owner>/<name>/v<version>/<path>`,
// the file at the release's tag (docs/editors.md). Run by `npm run generate:editor-schemas`, which
// first writes schemas/editor/ (whose ids src/schema/schema-url.ts gives, from the same two values);
// test/schema-ids.test.ts fails while a file is stale, after a version bump for one.
//
// The hand-written schemas keep their layout: only the `"$id"` line, next to `"$schema"`, is written.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const repository = /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?$/.exec(pkg.repository?.url ?? '')?.[1];
if (!repository) throw new Error('package.json has no GitHub `repository.url`');
const base = `https://raw.githubusercontent.com/${repository}/v${pkg.version}/`;

const files = [...readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.schema.json')), ...readdirSync(join(root, 'schemas', 'config')).filter((f) => f.endsWith('.schema.json')).map((f) => `config/${f}`)];
for (const file of files) {
  const path = join(root, 'schemas', file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const id = `  "$id": ${JSON.stringify(`${base}schemas/${file}`)},`;
  const at = lines.findIndex((line) => line.startsWith('  "$id": '));
  if (at !== -1) lines[at] = id;
  else {
    const schema = lines.findIndex((line) => line.startsWith('  "$schema": '));
    if (schema === -1) throw new Error(`schemas/${file}: no "$schema" line at the top level`);
    lines.splice(schema + 1, 0, id);
  }
  writeFileSync(path, lines.join('\n'));
}

/**
 * The entry to add to SchemaStore's catalog (src/api/json/catalog.json, `schemas`): the config
 * file's names, and its schema at this release. The body schemas get none: a body file has no name
 * of its own, so it names its schema in a modeline.
 */
const catalog = {
  name: 'dplint config',
  description: 'Configuration of dplint, the linter of Account and Cluster Management API request bodies',
  fileMatch: ['dplint.config.yaml', 'dplint.config.yml', '.dplint.yaml', '.dplint.yml'],
  url: `${base}schemas/config/dplint.config.schema.json`,
};
writeFileSync(join(root, 'schemas', 'schemastore-catalog.json'), `${JSON.stringify(catalog, null, 2)}\n`);
