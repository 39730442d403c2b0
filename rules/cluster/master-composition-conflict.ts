import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';

const COMPOSITIONS = ['stable_spot_instance_settings', 'spot_block_settings'] as const;

export default defineRule({
  id: 'cluster/master-composition-conflict',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration sets both stable_spot_instance_settings and spot_block_settings, two exclusive compositions of the master and minimum nodes.',
    rationale:
      'Spec 4.11.2: "Master and minimum-node composition is one of: on-demand (default), `stable_spot_instance_settings`, `spot_block_settings`." Giving both asks for two compositions at once. Each object selects its composition by being present, so an empty object counts; `null` means unset and does not.',
    fix: 'Keep the composition you want (stable_spot_instance_settings for spot master and minimum nodes, spot_block_settings for spot blocks) and remove the other; remove both for on-demand.',
  },
  messages: {
    both: 'node_configuration sets both stable_spot_instance_settings and spot_block_settings; the master and minimum nodes are one of on-demand, stable spot or spot block. Remove {{second}} or {{first}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    if (!COMPOSITIONS.every((key) => isObject(nodes[key]))) return;
    // Anchored by name, not by the order the two are written in: reordering the body must not move
    // the finding, its SARIF fingerprint or its baseline entry.
    report({ messageId: 'both', path: ['node_configuration', 'spot_block_settings'], target: 'key', data: { first: COMPOSITIONS[0], second: COMPOSITIONS[1] } });
  },
  cases: {
    valid: [
      { name: 'stable spot only', yaml: 'node_configuration:\n  stable_spot_instance_settings:\n    maximum_bid_price_percentage: 80\n' },
      { name: 'spot block only', yaml: 'node_configuration:\n  spot_block_settings:\n    duration: 120\n' },
      { name: 'the other one unset', yaml: 'node_configuration:\n  spot_block_settings:\n    duration: 120\n  stable_spot_instance_settings: null\n' },
    ],
    invalid: [
      {
        name: 'both',
        example: true,
        yaml: 'node_configuration:\n  stable_spot_instance_settings:\n    timeout_for_request: 10\n  spot_block_settings:\n    duration: 120\n',
        findings: [{ messageId: 'both', line: 4, column: 3, data: { first: 'stable_spot_instance_settings', second: 'spot_block_settings' } }],
      },
      {
        name: 'both, spot block first and empty stable spot: the finding stays at spot_block_settings',
        yaml: 'node_configuration:\n  spot_block_settings: {duration: 60}\n  stable_spot_instance_settings: {}\n',
        findings: [{ messageId: 'both', line: 2, column: 3, data: { first: 'stable_spot_instance_settings', second: 'spot_block_settings' } }],
      },
    ],
  },
});
