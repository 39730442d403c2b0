import type { OperationId } from '../operations.js';

const CLUSTER_MEMBERS = [
  'label', 'presto_version', 'spark_version', 'zeppelin_interpreter_mode', 'vm_settings', 'node_configuration', 'hadoop_settings',
  'security_settings', 'presto_settings', 'spark_settings', 'monitor_settings', 'engine_config', 'disallow_cluster_termination',
  'enable_ganglia_monitoring', 'node_bootstrap_file',
];
const CREATE_ONLY_ACCOUNT_MEMBERS = ['name', 'level', 'acc_key', 'secret', 'sub_account_creation'];

/**
 * The operation a body's shape suggests, for files nothing else declares. Only shapes that
 * belong to one operation are recognised; anything else stays unresolved.
 */
export function inferOperation(value: unknown): OperationId | undefined {
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
  return undefined;
}
