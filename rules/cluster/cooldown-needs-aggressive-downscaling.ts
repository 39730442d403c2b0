import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/cooldown-needs-aggressive-downscaling',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'node_configuration.node_base_cooldown_period is set; it works only on accounts with the aggressive-downscaling feature.',
    rationale:
      'Spec 4.11.2: `node_base_cooldown_period` "needs aggressive downscaling". The account-level `idle_cluster_timeout_in_secs` shows the feature is "enabled on request" (spec 4.4), so a base cooldown sent from an account without it is not applied. The spec says no such thing of `node_spot_cooldown_period`, which this rule leaves alone.',
    fix: 'Make sure the account has aggressive downscaling (ask support to enable it), then silence this warning for the file, or remove node_base_cooldown_period.',
  },
  messages: {
    featureGated: 'node_configuration.{{field}} needs the aggressive-downscaling feature, which is enabled on request; check that the account has it',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    // The feature is needed whatever the value, so a `${VAR}` placeholder needs it too.
    if (!isObject(nodes) || isUnset(nodes.node_base_cooldown_period)) return;
    report({ messageId: 'featureGated', path: ['node_configuration', 'node_base_cooldown_period'], data: { field: 'node_base_cooldown_period' } });
  },
  cases: {
    valid: [
      { name: 'no cooldown', yaml: 'node_configuration:\n  max_nodes: 4\n' },
      { name: 'cooldown unset', yaml: 'node_configuration:\n  node_base_cooldown_period: null\n' },
      { name: 'the spot cooldown alone (the spec names only the base one)', yaml: 'node_configuration:\n  node_spot_cooldown_period: 15\n' },
    ],
    invalid: [
      {
        name: 'base cooldown',
        example: true,
        yaml: 'node_configuration:\n  node_base_cooldown_period: 10\n',
        findings: [{ messageId: 'featureGated', line: 2, column: 30, data: { field: 'node_base_cooldown_period' } }],
      },
      {
        name: 'both cooldowns: only the base one',
        yaml: 'node_configuration:\n  node_spot_cooldown_period: 15\n  node_base_cooldown_period: 10\n',
        findings: [{ messageId: 'featureGated', line: 3, column: 30, data: { field: 'node_base_cooldown_period' } }],
      },
      {
        name: 'base cooldown from a placeholder',
        yaml: 'node_configuration:\n  node_base_cooldown_period: ${BASE_COOLDOWN}\n',
        findings: [{ messageId: 'featureGated', line: 2, column: 30, data: { field: 'node_base_cooldown_period' } }],
      },
    ],
  },
});
