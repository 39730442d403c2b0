import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { specNumbers } from '../support/spec-values.js';

// The spec's range and default, from the schema (spec 4.4, 4.11.2): the docs and the message quote them.
const TIMEOUT = specNumbers('idleClusterTimeout');

export default defineRule({
  id: 'cluster/idle-timeout-zero',
  appliesTo: ['edit-cluster'],
  severity: 'info',
  docs: {
    summary: 'node_configuration.idle_cluster_timeout is 0, which terminates the cluster at the first hour boundary where any node is idle.',
    rationale:
      `Spec 4.4, \`idle_cluster_timeout\` (which 4.11.2 applies "as in 4.4, cluster level"): "${TIMEOUT.minimum} to ${TIMEOUT.maximum}, default ${TIMEOUT.default}; ... clusters terminate at an hour boundary (with 0, a cluster with any idle node 50-60 minutes into its hour is terminated)". 0 is allowed, but a reviewer should know a briefly idle cluster goes away.`,
    fix: `Keep 0 if the cluster should go away as soon as it idles; otherwise set 1 to ${TIMEOUT.maximum} hours (default ${TIMEOUT.default}).`,
  },
  messages: {
    zero: `node_configuration.idle_cluster_timeout 0 terminates the cluster when any node is idle 50-60 minutes into its hour; set 1 to ${TIMEOUT.maximum} hours (default ${TIMEOUT.default}) to keep an idle cluster longer`,
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['node_configuration', 'idle_cluster_timeout'];
    if (getIn(body, path) !== 0) return;
    report({ messageId: 'zero', path });
  },
  cases: {
    valid: [{ name: 'two hours', yaml: 'node_configuration:\n  idle_cluster_timeout: 2\n' }],
    invalid: [
      {
        name: 'zero',
        example: true,
        yaml: 'node_configuration:\n  idle_cluster_timeout: 0\n',
        findings: [{ messageId: 'zero', line: 2, column: 25 }],
      },
    ],
  },
});
