import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { specNumbers } from '../support/spec-values.js';

// The spec's range and default, from the schema (spec 4.4): the docs quote them.
const TIMEOUT = specNumbers('idleClusterTimeout');

export default defineRule({
  id: 'account/idle-cluster-timeout-zero',
  appliesTo: ['edit-account', 'create-account'],
  severity: 'info',
  docs: {
    summary: 'account.idle_cluster_timeout is 0, which terminates idle clusters soonest rather than never.',
    rationale:
      `Spec 4.4: idle_cluster_timeout is "${TIMEOUT.minimum} to ${TIMEOUT.maximum}, default ${TIMEOUT.default}"; "clusters terminate at an hour boundary (with 0, a cluster with any idle node 50-60 minutes into its hour is terminated)". 0 is allowed, but it is easy to read as "no timeout"; it is the opposite, and it is the account-level setting every cluster inherits unless it overrides it.`,
    fix: `Keep 0 if clusters should go as soon as they are idle; otherwise set 1 to ${TIMEOUT.maximum} hours. To keep one cluster from auto-terminating, set disallow_cluster_termination on that cluster (spec 4.11).`,
  },
  messages: {
    zero: 'account.idle_cluster_timeout 0 does not disable idle termination: with 0, a cluster with any idle node 50-60 minutes into its hour is terminated (spec 4.4); every cluster of the account that does not override it inherits this',
  },
  defaultOptions: {},
  check({ body, report }) {
    if (getIn(body, ['account', 'idle_cluster_timeout']) === 0) report({ messageId: 'zero', path: ['account', 'idle_cluster_timeout'] });
  },
  cases: {
    valid: [
      { name: 'default two hours', yaml: 'account:\n  idle_cluster_timeout: 2\n' },
      { name: 'unset', yaml: 'account:\n  idle_cluster_timeout: null\n' },
    ],
    invalid: [
      {
        name: 'zero on edit',
        example: true,
        yaml: 'account:\n  idle_cluster_timeout: 0\n',
        findings: [{ messageId: 'zero', line: 2, column: 25 }],
      },
      {
        name: 'zero on create',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  idle_cluster_timeout: 0\n',
        findings: [{ messageId: 'zero', line: 3, column: 25 }],
      },
    ],
  },
});
