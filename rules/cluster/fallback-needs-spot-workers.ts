import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue } from '../../src/schema/values.js';

const NOT_SPOT = new Set(['ondemand', 'spot block', 'spotblock']);

export default defineRule({
  id: 'cluster/fallback-needs-spot-workers',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration.fallback_to_ondemand is true while the workers are not requested as spot instances.',
    rationale:
      'Spec 4.11.2: `fallback_to_ondemand` is "valid only when worker request type is spot; default false when slave_request_type is spot", and `slave_request_type` is "ondemand, spot or spot block; default spot". Falling back to on-demand has no meaning for workers that are on-demand or spot blocks. Only `true` is reported: `false` asks for no fallback, which every request type already has. Without slave_request_type the default spot applies, so nothing is reported.',
    fix: 'Remove fallback_to_ondemand, or set slave_request_type to spot.',
  },
  messages: {
    notSpot:
      'node_configuration.fallback_to_ondemand only applies when slave_request_type is spot; got slave_request_type {{requestType}}. Remove fallback_to_ondemand or request spot workers',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes) || nodes.fallback_to_ondemand !== true) return;
    const requestType = nodes.slave_request_type;
    if (typeof requestType !== 'string' || !NOT_SPOT.has(requestType)) return;
    report({ messageId: 'notSpot', path: ['node_configuration', 'fallback_to_ondemand'], data: { requestType: describeValue(requestType) } });
  },
  cases: {
    valid: [
      { name: 'spot workers', yaml: 'node_configuration:\n  slave_request_type: spot\n  fallback_to_ondemand: true\n' },
      { name: 'default request type is spot', yaml: 'node_configuration:\n  fallback_to_ondemand: true\n' },
      { name: 'false asks for nothing', yaml: 'node_configuration:\n  slave_request_type: ondemand\n  fallback_to_ondemand: false\n' },
    ],
    invalid: [
      {
        name: 'on-demand workers',
        example: true,
        yaml: 'node_configuration:\n  slave_request_type: ondemand\n  fallback_to_ondemand: true\n',
        findings: [{ messageId: 'notSpot', line: 3, column: 25, data: { requestType: '"ondemand"' } }],
      },
      {
        name: 'spot block workers',
        yaml: 'node_configuration:\n  fallback_to_ondemand: true\n  slave_request_type: spot block\n',
        findings: [{ messageId: 'notSpot', line: 2, column: 25, data: { requestType: '"spot block"' } }],
      },
    ],
  },
});
