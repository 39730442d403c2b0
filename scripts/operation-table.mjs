// The operation table of src/operations.ts, for the generate scripts (plain Node, which cannot
// import TypeScript): esbuild strips the types and the module is imported from memory. The
// scripts read ids off the table rather than keep their own lists, so an operation is written once.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(join(root, 'src/operations.ts'), 'utf8');
// The table module imports nothing, so it runs on its own from a data: URL.
if (/^\s*import\s[^;]*from\s/m.test(source)) throw new Error('src/operations.ts imports a module: scripts/operation-table.mjs can no longer load it alone');
const { code } = transformSync(source, { loader: 'ts', format: 'esm', target: 'es2022' });
const table = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

/** Every operation id, in table order. */
export const OPERATION_IDS = [...table.OPERATION_IDS];
/** The operations that take a body (each with schemas/<id>.schema.json), sorted by id. */
export const BODY_OPERATION_IDS = [...table.OPERATIONS_WITH_BODY_SCHEMA].sort();
