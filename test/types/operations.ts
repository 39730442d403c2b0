// Type tests, checked by `tsc --noEmit`: `OperationId` and `BodyOperationId` are read off the
// operation table in src/operations.ts, so an id is known exactly when the table has it.
import type { BodyOperationId, OperationId } from '../../src/operations.js';

export const known: OperationId = 'view-ssh-key';
// @ts-expect-error not in the table, so no operation id (the type is no mere string)
export const unknown: OperationId = 'edit-clusters';
export const withBody: BodyOperationId = 'view-bootstrap';
// @ts-expect-error view-cluster sends no body, so it has no body schema
export const noBody: BodyOperationId = 'view-cluster';
