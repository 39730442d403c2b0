import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONFIG_FILE_NAMES } from '../src/node/files.js';
import { bundledSchema } from '../src/schema/bundle.js';
import { REPOSITORY, schemaUrl } from '../src/schema/schema-url.js';

/**
 * Schemas that live at a URL (docs/editors.md, "Schemas at a URL"): every committed schema's `$id` is
 * the raw GitHub URL of that file at the release's tag, from package.json's repository and version
 * (scripts/schema-ids.mjs; src/schema/schema-url.ts for the editor schemas), and the SchemaStore
 * catalog entry names the config schema there.
 */
const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const BASE = `https://raw.githubusercontent.com/dplint/dplint/v${pkg.version}/`;
const ID = /^https:\/\/raw\.githubusercontent\.com\/dplint\/dplint\/v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\/schemas\/(?:config\/|editor\/)?[a-z-]+(?:\.config)?\.schema\.json$/;
const FIX = 'run `npm run build && npm run generate:editor-schemas`';

/** Every schema file under schemas/, as its path from the repository root. */
function schemaFiles(folder = 'schemas'): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? schemaFiles(`${folder}/${entry.name}`) : entry.name.endsWith('.schema.json') ? [`${folder}/${entry.name}`] : [],
  );
}
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

describe('schema $ids', () => {
  test('package.json names the repository the URLs are built from, and the core builds them alike', () => {
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/dplint/dplint.git' });
    expect(REPOSITORY).toBe('dplint/dplint');
    expect(schemaUrl('schemas/editor/edit-cluster.schema.json')).toBe(`${BASE}schemas/editor/edit-cluster.schema.json`);
  });

  test('every schema under schemas/ has its own URL as its $id, just below $schema, each one different', () => {
    const files = schemaFiles().sort();
    // The body schemas and their shared definitions, the config schema, the editor schemas.
    expect(files.length).toBe(18);
    const ids = files.map((file) => read(file).$id);
    expect(ids, FIX).toEqual(files.map((file) => `${BASE}${file}`));
    for (const id of ids) expect(id).toMatch(ID);
    expect(new Set(ids).size).toBe(files.length);
    for (const file of files) expect(Object.keys(read(file)).slice(0, 2), file).toEqual(['$schema', '$id']);
  });

  test('`dplint schema <operation>` prints a self-contained copy, which is no file at a URL: it has no $id', () => {
    expect(read('schemas/edit-cluster.schema.json').$id).toBe(`${BASE}schemas/edit-cluster.schema.json`);
    expect(bundledSchema('edit-cluster')).not.toHaveProperty('$id');
  });
});

describe('the SchemaStore catalog entry', () => {
  const catalog = () => read('schemas/schemastore-catalog.json');

  test('names the config file names dplint looks for and the config schema at this release', () => {
    expect(catalog(), FIX).toEqual({
      name: 'dplint config',
      description: 'Configuration of dplint, the linter of Account and Cluster Management API request bodies',
      fileMatch: CONFIG_FILE_NAMES,
      url: `${BASE}schemas/config/dplint.config.schema.json`,
    });
  });

  test('its url is a file of this repository at that path, whose $id it is', () => {
    const { url } = catalog();
    expect(url.startsWith(BASE)).toBe(true);
    const path = url.slice(BASE.length);
    expect(path).toBe('schemas/config/dplint.config.schema.json');
    expect(existsSync(join(ROOT, path))).toBe(true);
    expect(read(path).$id).toBe(url);
  });
});
