import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue } from '../../src/schema/values.js';

const NOT_SPOT = new Set(['ondemand', 'spot block', 'spotblock']);

export default defineRule({
  id: 'cluster/spot-instance-settings-without-spot',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'node_configuration.spot_instance_settings is set while the workers are on-demand or spot block, so it has no effect.',
    rationale:
      'Spec 4.11.2: `slave_request_type` is "ondemand, spot or spot block; default spot", and `spot_instance_settings` holds the "autoscaled worker spot purchase options". With on-demand or spot-block workers no spot instance is bought for autoscaling, so these options are ignored. When slave_request_type is left out the default spot applies and the settings are used.',
    fix: 'Remove spot_instance_settings, or set slave_request_type to spot (or leave it out: spot is the default).',
  },
  messages: {
    notSpot:
      'node_configuration.spot_instance_settings only applies when slave_request_type is spot; got slave_request_type {{requestType}}. Remove spot_instance_settings or request spot workers',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    const requestType = nodes.slave_request_type;
    // An empty object asks for nothing (tools send {} for an unset block).
    if (!isObject(nodes.spot_instance_settings) || Object.keys(nodes.spot_instance_settings).length === 0) return;
    if (typeof requestType !== 'string' || !NOT_SPOT.has(requestType)) return;
    report({ messageId: 'notSpot', path: ['node_configuration', 'spot_instance_settings'], target: 'key', data: { requestType: describeValue(requestType) } });
  },
  cases: {
    valid: [
      {
        name: 'spot workers',
        yaml: 'node_configuration:\n  slave_request_type: spot\n  spot_instance_settings:\n    maximum_bid_price_percentage: 80\n',
      },
      {
        name: 'default request type is spot',
        yaml: 'node_configuration:\n  spot_instance_settings:\n    timeout_for_request: 3\n',
      },
      { name: 'on-demand without spot settings', yaml: 'node_configuration:\n  slave_request_type: ondemand\n' },
      { name: 'empty settings object', yaml: 'node_configuration:\n  slave_request_type: ondemand\n  spot_instance_settings: {}\n' },
    ],
    invalid: [
      {
        name: 'on-demand workers',
        example: true,
        yaml: 'node_configuration:\n  slave_request_type: ondemand\n  spot_instance_settings:\n    maximum_bid_price_percentage: 80\n',
        findings: [{ messageId: 'notSpot', line: 3, column: 3, data: { requestType: '"ondemand"' } }],
      },
      {
        name: 'spot block workers, SDK spelling',
        yaml: 'node_configuration:\n  spot_instance_settings: {maximum_spot_instance_percentage: 40}\n  slave_request_type: spotblock\n',
        findings: [{ messageId: 'notSpot', line: 2, column: 3, data: { requestType: '"spotblock"' } }],
      },
    ],
  },
});
