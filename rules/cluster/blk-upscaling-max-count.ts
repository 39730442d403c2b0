import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/blk-upscaling-max-count',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'blk_upscaling_config.max_blk_volume_count does not exceed blk_volume_count, so no volume can ever be added.',
    rationale:
      'Spec 4.11.2, `blk_upscaling_config`: `max_blk_volume_count` "must exceed blk_volume_count for upscaling to work"; `blk_volume_count` "default 0", which applies when it is left out.',
    fix: 'Set max_blk_volume_count above blk_volume_count (the largest number of volumes a node may grow to), or lower blk_volume_count.',
  },
  messages: {
    notAbove: 'node_configuration.blk_upscaling_config.max_blk_volume_count must exceed blk_volume_count ({{count}}) for upscaling to work; got {{max}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    const max = getIn(nodes, ['blk_upscaling_config', 'max_blk_volume_count']);
    const count = isUnset(nodes.blk_volume_count) ? 0 : nodes.blk_volume_count;
    if (typeof max !== 'number' || typeof count !== 'number' || max > count) return;
    report({
      messageId: 'notAbove',
      path: ['node_configuration', 'blk_upscaling_config', 'max_blk_volume_count'],
      data: { count: isUnset(nodes.blk_volume_count) ? '0, the default' : count, max },
    });
  },
  cases: {
    valid: [
      { name: 'max above count', yaml: 'node_configuration:\n  blk_volume_count: 2\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n' },
      { name: 'count from a placeholder', yaml: 'node_configuration:\n  blk_volume_count: ${VOLUMES}\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n' },
    ],
    invalid: [
      {
        name: 'max equals count',
        example: true,
        yaml: 'node_configuration:\n  blk_volume_count: 3\n  blk_upscaling_config:\n    max_blk_volume_count: 3\n',
        findings: [{ messageId: 'notAbove', line: 4, column: 27, data: { count: 3, max: 3 } }],
      },
      {
        name: 'max 0 with the default count',
        yaml: 'node_configuration:\n  blk_upscaling_config:\n    max_blk_volume_count: 0\n',
        findings: [{ messageId: 'notAbove', line: 3, column: 27, data: { count: '0, the default', max: 0 } }],
      },
    ],
  },
});
