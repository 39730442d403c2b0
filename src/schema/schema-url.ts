import { VERSION } from '../version.js';

/**
 * The GitHub repository dplint is published from (package.json `repository`; test/schema-ids.test.ts
 * keeps the two equal).
 */
export const REPOSITORY = 'dplint/dplint';

/**
 * The URL a schema file of this version is served at, and its `$id`: the file as committed at the
 * release tag (`v<version>`), from GitHub's raw file host. A tag never moves, so the URL always
 * serves the schema of the dplint that wrote it: a repository whose files name it in a `$schema`
 * line gets completion with no node_modules (docs/editors.md), and keeps the schema of the
 * version it chose until it names another. `path` is the file's path from the repository root.
 */
export function schemaUrl(path: string): string {
  return `https://raw.githubusercontent.com/${REPOSITORY}/v${VERSION}/${path}`;
}
