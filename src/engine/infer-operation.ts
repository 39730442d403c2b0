import { OPERATIONS_WITH_BODY_SCHEMA, type BodyOperationId } from '../operations.js';
import { BODY_SCHEMAS } from '../schema/body-schemas.js';
import { closest } from '../schema/did-you-mean.js';

/** An operation's top-level members, as its body schema lists them. */
const membersOf = (operation: BodyOperationId): readonly string[] => Object.keys(BODY_SCHEMAS[operation].properties as object);
const CLUSTER_MEMBERS = membersOf('edit-cluster');
const CREATE_ONLY_ACCOUNT_MEMBERS = ['name', 'level', 'acc_key', 'secret', 'sub_account_creation'];

/**
 * The operation a body's shape suggests, for files nothing else declares. Only shapes that
 * belong to one operation are recognised; anything else stays unresolved.
 */
export function inferOperation(value: unknown): BodyOperationId | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const body = value as Record<string, unknown>;
  const keys = Object.keys(body);
  const has = (key: string): boolean => Object.hasOwn(body, key);
  if (has('cluster_info')) return 'clone-cluster';
  if (has('ip_cidr')) return 'add-whitelist-ip';
  if (has('script')) return 'set-bootstrap';
  if (keys.length === 1 && has('state')) return 'set-cluster-state';
  if (keys.length === 1 && has('is_user_bootstrap')) return 'view-bootstrap';
  if (has('account') && typeof body.account === 'object' && body.account !== null) {
    const account = body.account as Record<string, unknown>;
    return CREATE_ONLY_ACCOUNT_MEMBERS.some((key) => Object.hasOwn(account, key)) ? 'create-account' : 'edit-account';
  }
  if (keys.some((key) => CLUSTER_MEMBERS.includes(key))) return 'edit-cluster';
  return nearMiss(body, keys);
}

/**
 * Each operation's members, for a body whose members are misspelt (`lable`, `node_configuraton`);
 * create-account's `account` is edit-account's, told apart by what it holds (below).
 */
const MEMBERS_OF = OPERATIONS_WITH_BODY_SCHEMA.filter((operation) => operation !== 'create-account').map((operation) => [operation, membersOf(operation)] as const);

/**
 * A body none of whose members is an operation's, but every one of which is one operation's or a
 * misspelling of it (a few edits, as did-you-mean counts them): that operation, so the body is
 * checked and its misspellings reported with their did-you-mean (schema/unknown-member), where it
 * would otherwise be skipped as no API body. Every member must be near, and only one operation's:
 * a CI workflow's `name`/`on`/`jobs` or a package.json's `scripts` beside `dependencies` match none.
 */
function nearMiss(body: Record<string, unknown>, keys: readonly string[]): BodyOperationId | undefined {
  if (keys.length === 0) return undefined;
  let found: BodyOperationId | undefined;
  for (const [operation, members] of MEMBERS_OF) {
    if (operation === 'set-cluster-state' && keys.length !== 1) continue;
    if (!keys.every((key) => members.includes(key) || closest(key, members, { typosOnly: true }) !== undefined)) continue;
    if (found !== undefined) return undefined;
    found = operation;
  }
  if (found !== 'edit-account') return found;
  // `acount:` holds the account's members: those only a new account has make it a create.
  const account = body[keys[0]];
  const members = account !== null && typeof account === 'object' ? Object.keys(account) : [];
  return keys.length === 1 && members.some((key) => CREATE_ONLY_ACCOUNT_MEMBERS.includes(key)) ? 'create-account' : found;
}
