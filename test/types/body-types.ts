// Compile-time tests of the public types: `tsc --noEmit -p tsconfig.json` (part of `npm test`)
// fails if a line marked @ts-expect-error compiles, i.e. if a wrong field or type were accepted.
// Nothing here runs.
import {
  assertValid,
  validate,
  type BodyOf,
  type EditClusterRequest,
  type OperationBodies,
  type SetClusterStateRequest,
  type ValidationFinding,
} from '../../src/index.js';

declare const input: unknown;

// assertValid returns the body typed by operation id.
export const edit: EditClusterRequest = assertValid('edit-cluster', input);
export const state: SetClusterStateRequest = assertValid('set-cluster-state', input);
export const maxNodes: number | null | undefined = assertValid('edit-cluster', input).node_configuration?.max_nodes;
// @ts-expect-error -- a misspelt member does not exist on the narrowed type
assertValid('edit-cluster', input).node_configuraton;
// @ts-expect-error -- set-cluster-state's body is not an edit-cluster body
export const wrongBody: EditClusterRequest = assertValid('set-cluster-state', input);
// @ts-expect-error -- an operation id that does not exist
validate('edit-clusters', input);
// An operation without a body is nothing, or an empty object.
export const none: BodyOf<'view-cluster'> = assertValid('view-cluster', input);

// The generated types refuse wrong fields and wrong types.
export const good: EditClusterRequest = { label: ['etl'], node_configuration: { initial_nodes: 2, max_nodes: 10, blk_volume_type: 'ssd' } };
// null means "unset", which dplint accepts anywhere.
export const unset: EditClusterRequest = { node_configuration: { max_nodes: null } };
// @ts-expect-error -- unknown member (the spec spells it label)
export const typo: EditClusterRequest = { labels: ['etl'] };
// @ts-expect-error -- a number where the spec says string
export const version: EditClusterRequest = { presto_version: 0.18 };
// @ts-expect-error -- a value outside the enum
export const volume: EditClusterRequest = { node_configuration: { blk_volume_type: 'gp3' } };
// @ts-expect-error -- a string where the spec says integer
export const count: EditClusterRequest = { node_configuration: { max_nodes: '10' } };
// @ts-expect-error -- state is required
export const noState: SetClusterStateRequest = {};
// @ts-expect-error -- one of "start", "terminate"
export const stop: OperationBodies['set-cluster-state'] = { state: 'stop' };

// Findings from validate carry no positions: there is no text.
export const finding: ValidationFinding = validate('edit-cluster', input).findings[0];
// @ts-expect-error -- line belongs to lintText's findings
finding.line;
