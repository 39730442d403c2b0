import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';
import { specNumbers } from '../support/spec-values.js';

// The spec's minimum and default, from the schema (spec 4.4): the rationale quotes them.
const TIMEOUT = specNumbers('idleClusterTimeoutInSecs');

export default defineRule({
  id: 'account/idle-timeout-in-secs-feature',
  appliesTo: ['edit-account', 'create-account'],
  severity: 'warning',
  docs: {
    summary: 'account.idle_cluster_timeout_in_secs is set; it works only with the aggressive-downscaling feature, which is enabled on request.',
    rationale:
      `Spec 4.4: idle_cluster_timeout_in_secs "needs the aggressive-downscaling feature (enabled on request); minimum ${TIMEOUT.minimum}; default remains ${TIMEOUT.default}". An account without the feature does not get the timeout it asks for.`,
    fix: 'Check that aggressive downscaling is enabled for the account (ask support), then switch this rule off for the file; otherwise use idle_cluster_timeout, in hours.',
  },
  messages: {
    featureGated:
      'account.idle_cluster_timeout_in_secs needs the aggressive-downscaling feature (enabled on request, spec 4.4); make sure the account has it, or use idle_cluster_timeout (whole hours) instead',
  },
  defaultOptions: {},
  check({ body, report }) {
    // A placeholder is still a timeout in seconds being set, so only an unset value is skipped.
    if (!isUnset(getIn(body, ['account', 'idle_cluster_timeout_in_secs']))) report({ messageId: 'featureGated', path: ['account', 'idle_cluster_timeout_in_secs'] });
  },
  cases: {
    valid: [
      { name: 'hours only', yaml: 'account:\n  idle_cluster_timeout: 1\n' },
      { name: 'unset', yaml: 'account:\n  idle_cluster_timeout_in_secs: null\n' },
    ],
    invalid: [
      {
        name: 'seconds on edit',
        example: true,
        yaml: 'account:\n  idle_cluster_timeout_in_secs: 600\n',
        findings: [{ messageId: 'featureGated', line: 2, column: 33 }],
      },
      {
        name: 'seconds on create',
        operation: 'create-account',
        yaml: 'account:\n  name: acme\n  idle_cluster_timeout_in_secs: 900\n',
        findings: [{ messageId: 'featureGated', line: 3, column: 33 }],
      },
    ],
  },
});
