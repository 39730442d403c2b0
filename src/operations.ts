/**
 * The operations of the Account and Cluster Management API, with the fixed ids of DESIGN.md.
 * The table below is the one place an operation is written: its ids type (`OperationId`), the
 * config schema's enum (test/facts.test.ts), `--operation`, `dplint operations` and the tests'
 * lists all come from it.
 */

/** The HTTP methods the API's operations use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a path parameter may hold: `ids` is one entry id or a comma-separated list of them. */
export type PathParameterKind = 'ids' | 'id_or_label' | 'cluster_id';

/** Whether a body is sent: `required`, `optional` (view-bootstrap's sample sends one), or `none`. */
export type BodyKind = 'required' | 'optional' | 'none';

/** One operation of the API, as spec section 1 lists it. */
export type Operation = OperationEntry<OperationId>;

/** An operation with its id's type as a parameter, so that the table can be typed before `OperationId` is. */
export interface OperationEntry<Id extends string> {
  id: Id;
  /** The spec's own name for it (section 1, endpoint summary). */
  title: string;
  method: HttpMethod;
  /** Path template as in the spec, parameters in angle brackets: `/api/v1.3/clusters/<id_or_label>`. */
  path: string;
  pathParameters: PathParameterKind[];
  /** Runs against `{alt_base_url}`, the alternate cloud environment. */
  alternateEnvironment: boolean;
  body: BodyKind;
  /** The spec section that describes it. */
  specSection: string;
  deprecation?: string;
}

/** The table, typed with each entry's literal id, so `OperationId` is read off it and never written again. */
const TABLE = [
  op('add-whitelist-ip', 'Add whitelisted IP', 'POST', '/api/v2/accounts/whitelist_ip', 'required', '4.1'),
  op('list-whitelist-ips', 'List whitelisted IPs', 'GET', '/api/v2/accounts/whitelist_ip', 'none', '4.2'),
  op('delete-whitelist-ips', 'Delete whitelisted IPs', 'DELETE', '/api/v2/accounts/whitelist_ip/<ids>', 'none', '4.3'),
  op('edit-account', 'Edit account', 'PUT', '/api/v2/accounts/', 'required', '4.4'),
  op('view-account', 'View account', 'GET', '/api/v2/accounts/', 'none', '4.5'),
  {
    ...op('create-account', 'Create account (v1.2)', 'POST', '/api/v1.2/account', 'required', '4.6'),
    deprecation: 'The v1.2 create-account operation is superseded by a newer version and is to be deprecated (spec 9).',
  },
  op('set-bootstrap', 'Set Hive bootstrap', 'PUT', '/api/v2/accounts/bootstrap', 'required', '4.7'),
  op('view-bootstrap', 'View Hive bootstrap', 'GET', '/api/v2/accounts/bootstrap', 'optional', '4.8'),
  op('validate-storage-permissions', 'Validate storage permissions', 'GET', '/api/v2/accounts/storage_permissions', 'none', '4.9'),
  op('view-ssh-key', 'View account public SSH key', 'GET', '/api/v1.2/accounts/ssh_key', 'none', '4.10'),
  op('edit-cluster', 'Edit cluster', 'PUT', '/api/v1.3/clusters/<id_or_label>', 'required', '4.11'),
  { ...op('set-cluster-state', 'Start/terminate cluster', 'PUT', '/api/v2.0/clusters/<id_or_label>/state', 'required', '4.12'), alternateEnvironment: true },
  { ...op('view-cluster', 'View cluster', 'GET', '/api/v2/clusters/<cluster_id>', 'none', '4.13'), alternateEnvironment: true },
  { ...op('clone-cluster', 'Clone cluster', 'POST', '/api/v2/clusters/<cluster_id>/clone', 'required', '4.14'), alternateEnvironment: true },
] as const;

/** The fixed id of each operation (DESIGN.md), as `--operation` and `# dplint: operation=` take it. */
export type OperationId = (typeof TABLE)[number]['id'];

/** The operations that send a body (`required` or `optional`), each with `schemas/<id>.schema.json`. */
export type BodyOperationId = Extract<(typeof TABLE)[number], { body: 'required' | 'optional' }>['id'];

export const OPERATIONS: readonly Operation[] = TABLE;

function op<const Id extends string, const Body extends BodyKind>(
  id: Id,
  title: string,
  method: HttpMethod,
  path: string,
  body: Body,
  specSection: string,
): OperationEntry<Id> & { body: Body } {
  const pathParameters = [...path.matchAll(/<(\w+)>/g)].map((m) => m[1] as PathParameterKind);
  return { id, title, method, path, pathParameters, alternateEnvironment: false, body, specSection };
}

const BY_ID = new Map<string, Operation>(OPERATIONS.map((o) => [o.id, o]));

export function isOperationId(id: string): id is OperationId {
  return BY_ID.has(id);
}

export function getOperation(id: OperationId): Operation {
  return BY_ID.get(id)!;
}

export const OPERATION_IDS: readonly OperationId[] = OPERATIONS.map((o) => o.id);

/** Operations whose body has a JSON Schema in `schemas/<id>.schema.json`. */
export const OPERATIONS_WITH_BODY_SCHEMA: readonly BodyOperationId[] = OPERATIONS.filter((o) => o.body !== 'none').map((o) => o.id as BodyOperationId);

export interface RouteMatch {
  operation: Operation;
  /** Path parameter values in template order, percent-decoded. */
  parameters: Partial<Record<PathParameterKind, string>>;
}

/**
 * Finds the operation a method and path address. The path may be a full URL or carry a query;
 * both are ignored. A trailing slash is optional everywhere (the spec writes `/api/v2/accounts/`).
 * Path parameters are matched as any non-empty segment: checking their content is a rule's job,
 * so that a bad id is a finding rather than an unknown route.
 */
export function matchRoute(method: string, pathOrUrl: string): RouteMatch | undefined {
  const path = stripToPath(pathOrUrl);
  const wanted = method.toUpperCase();
  for (const operation of OPERATIONS) {
    if (operation.method !== wanted) continue;
    const parameters = matchTemplate(operation.path, path);
    if (parameters) return { operation, parameters };
  }
  for (const route of OTHER_ROUTES) {
    if (route.method !== wanted) continue;
    const parameters = matchTemplate(route.path, path);
    if (parameters) return { operation: getOperation(route.operation), parameters };
  }
  return undefined;
}

/**
 * Requests the spec shows sent to another method than its operation's: spec 4.11, "One example
 * sends an Airflow edit as POST to `/api/v1.3/clusters/<id>`", with an edit-cluster body.
 */
const OTHER_ROUTES: ReadonlyArray<{ method: HttpMethod; path: string; operation: OperationId }> = [
  { method: 'POST', path: '/api/v1.3/clusters/<id_or_label>', operation: 'edit-cluster' },
];

function stripToPath(pathOrUrl: string): string {
  let path = pathOrUrl.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  path = path.split(/[?#]/, 1)[0];
  return path.replace(/(?<!\/)\/+$/, '') || '/';
}

function matchTemplate(template: string, path: string): RouteMatch['parameters'] | undefined {
  const want = template.replace(/(?<!\/)\/+$/, '').split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const parameters: RouteMatch['parameters'] = {};
  for (let i = 0; i < want.length; i++) {
    const param = /^<(\w+)>$/.exec(want[i]);
    if (param) {
      if (got[i] === '') return undefined;
      parameters[param[1] as PathParameterKind] = safeDecode(got[i]);
    } else if (want[i] !== got[i]) {
      return undefined;
    }
  }
  return parameters;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
