import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../node/files.js';
import { writeFileAtomic } from '../node/write-file.js';
import { isOperationId } from '../operations.js';
import { unknownOperationMessage } from '../schema/did-you-mean.js';
import { BODY_SCHEMAS, hasBodySchema, type BodyOperationId } from '../schema/body-schemas.js';
import { bundledSchema } from '../schema/bundle.js';
import { editorSchema } from '../schema/editor-schema.js';

/**
 * `dplint schema <operation>` prints one body schema, self-contained, as dplint checks it;
 * `dplint schema --out <dir>` writes every one (atomically) in the editors' form (editor-schema.ts).
 */
export function schemaCommand(operation: string | undefined, out: string | undefined, cwd: string): { stdout: string; stderr: string } {
  const ids = Object.keys(BODY_SCHEMAS) as BodyOperationId[];
  if (out !== undefined) {
    if (operation !== undefined) throw new UsageError('dplint schema takes an operation or --out <dir>, not both');
    const directory = resolve(cwd, out);
    if (statSync(directory, { throwIfNoEntry: false })?.isDirectory() === false) throw new UsageError(`--out ${JSON.stringify(out)} is a file, not a folder`);
    mkdirSync(directory, { recursive: true });
    for (const id of ids) writeFileAtomic(join(directory, `${id}.schema.json`), JSON.stringify(editorSchema(id), null, 2) + '\n');
    return { stdout: '', stderr: `dplint: wrote ${ids.length} schemas to ${out}\n` };
  }
  if (operation === undefined) throw new UsageError(`dplint schema takes an operation (${ids.join(', ')}) or --out <dir>`);
  if (!isOperationId(operation)) throw new UsageError(unknownOperationMessage(operation));
  if (!hasBodySchema(operation)) throw new UsageError(`${operation} takes no body, so it has no body schema`);
  return { stdout: JSON.stringify(bundledSchema(operation), null, 2) + '\n', stderr: '' };
}
