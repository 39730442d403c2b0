import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';
import { specNumbers } from '../support/spec-values.js';

// The spec's minimum and default, from the schema (spec 4.4): the rationale quotes them.
const TIMEOUT = specNumbers('idleClusterTimeoutInSecs');

export default defineRule({
  id: 'cluster/idle-timeout-in-secs-feature',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'node_configuration.idle_cluster_timeout_in_secs is set; it works only on accounts with the aggressive-downscaling feature.',
    rationale:
      `Spec 4.4, \`idle_cluster_timeout_in_secs\` (which 4.11.2 applies "as in 4.4"): "needs the aggressive-downscaling feature (enabled on request); minimum ${TIMEOUT.minimum}; default remains ${TIMEOUT.default}".`,
    fix: 'Make sure the account has aggressive downscaling (ask support to enable it), then silence this warning for the file; or use idle_cluster_timeout in whole hours instead.',
  },
  messages: {
    featureGated:
      'node_configuration.idle_cluster_timeout_in_secs needs the aggressive-downscaling feature, which is enabled on request; check that the account has it, or use idle_cluster_timeout (hours) instead',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['node_configuration', 'idle_cluster_timeout_in_secs'];
    // The feature is needed whatever the value, so a `${VAR}` placeholder needs it too.
    if (isUnset(getIn(body, path))) return;
    report({ messageId: 'featureGated', path });
  },
  cases: {
    valid: [
      { name: 'hours only', yaml: 'node_configuration:\n  idle_cluster_timeout: 1\n' },
      { name: 'unset', yaml: 'node_configuration:\n  idle_cluster_timeout_in_secs: null\n' },
    ],
    invalid: [
      {
        name: 'seconds set',
        example: true,
        yaml: 'node_configuration:\n  idle_cluster_timeout_in_secs: 2700\n',
        findings: [{ messageId: 'featureGated', line: 2, column: 33 }],
      },
      {
        name: 'seconds from a placeholder',
        yaml: 'node_configuration:\n  idle_cluster_timeout_in_secs: ${IDLE_SECONDS}\n',
        findings: [{ messageId: 'featureGated', line: 2, column: 33 }],
      },
    ],
  },
});
