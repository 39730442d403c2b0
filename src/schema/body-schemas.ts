import definitions from '../../schemas/definitions.schema.json' with { type: 'json' };
import addWhitelistIp from '../../schemas/add-whitelist-ip.schema.json' with { type: 'json' };
import cloneCluster from '../../schemas/clone-cluster.schema.json' with { type: 'json' };
import createAccount from '../../schemas/create-account.schema.json' with { type: 'json' };
import editAccount from '../../schemas/edit-account.schema.json' with { type: 'json' };
import editCluster from '../../schemas/edit-cluster.schema.json' with { type: 'json' };
import setBootstrap from '../../schemas/set-bootstrap.schema.json' with { type: 'json' };
import setClusterState from '../../schemas/set-cluster-state.schema.json' with { type: 'json' };
import viewBootstrap from '../../schemas/view-bootstrap.schema.json' with { type: 'json' };

/** The operations that take a body, each with `schemas/<id>.schema.json` (read off the operation table). */
export type { BodyOperationId } from '../operations.js';
import type { BodyOperationId } from '../operations.js';

/** A JSON Schema document, as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The shared definitions, registered under the file name the body schemas `$ref`. */
export const DEFINITIONS_SCHEMA_NAME = 'definitions.schema.json';
export const DEFINITIONS: JsonSchema = definitions;

/** The request-body schemas as shipped in `schemas/`, by operation id. */
export const BODY_SCHEMAS: Readonly<Record<BodyOperationId, JsonSchema>> = {
  'add-whitelist-ip': addWhitelistIp,
  'clone-cluster': cloneCluster,
  'create-account': createAccount,
  'edit-account': editAccount,
  'edit-cluster': editCluster,
  'set-bootstrap': setBootstrap,
  'set-cluster-state': setClusterState,
  'view-bootstrap': viewBootstrap,
};

export function hasBodySchema(operation: string): operation is BodyOperationId {
  return Object.hasOwn(BODY_SCHEMAS, operation);
}
