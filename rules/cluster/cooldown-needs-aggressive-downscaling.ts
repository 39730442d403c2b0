import { defineRule } from '../../src/engine/define-rule.js';
import { getIn, isObject } from '../../src/engine/rule-helpers.js';
import { isKnown } from '../../src/schema/values.js';

const COOLDOWNS = ['node_base_cooldown_period', 'node_spot_cooldown_period'] as const;

export default defineRule({
  id: 'cluster/cooldown-needs-aggressive-downscaling',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'A node cooldown period is set; it works only on accounts with the aggressive-downscaling feature.',
    rationale:
      'Spec 4.11.2: `node_base_cooldown_period` "needs aggressive downscaling"; `node_spot_cooldown_period` is its counterpart for "Hadoop 2/Spark spot nodes", and spec 8 treats the two together ("cooldown periods: not below 5 minutes"). The account-level `idle_cluster_timeout_in_secs` shows the feature is "enabled on request" (spec 4.4), so a cooldown sent from an account without it is not applied.',
    fix: 'Make sure the account has aggressive downscaling (ask support to enable it), then silence this warning for the file, or remove the cooldown period.',
  },
  messages: {
    featureGated: 'node_configuration.{{field}} needs the aggressive-downscaling feature, which is enabled on request; check that the account has it',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    for (const field of COOLDOWNS) {
      if (isKnown(nodes[field])) report({ messageId: 'featureGated', path: ['node_configuration', field], data: { field } });
    }
  },
  cases: {
    valid: [
      { name: 'no cooldown', yaml: 'node_configuration:\n  max_nodes: 4\n' },
      { name: 'cooldown unset', yaml: 'node_configuration:\n  node_spot_cooldown_period: null\n' },
    ],
    invalid: [
      {
        name: 'base cooldown',
        example: true,
        yaml: 'node_configuration:\n  node_base_cooldown_period: 10\n',
        findings: [{ messageId: 'featureGated', line: 2, column: 30, data: { field: 'node_base_cooldown_period' } }],
      },
      {
        name: 'both cooldowns',
        yaml: 'node_configuration:\n  node_spot_cooldown_period: 15\n  node_base_cooldown_period: 10\n',
        findings: [
          { messageId: 'featureGated', line: 2, column: 30, data: { field: 'node_spot_cooldown_period' } },
          { messageId: 'featureGated', line: 3, column: 30, data: { field: 'node_base_cooldown_period' } },
        ],
      },
    ],
  },
});
