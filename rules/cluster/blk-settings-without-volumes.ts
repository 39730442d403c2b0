import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

const VOLUME_FIELDS = ['blk_volume_type', 'blk_volume_size', 'blk_upscaling_config'] as const;

export default defineRule({
  id: 'cluster/blk-settings-without-volumes',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'Block-volume settings are given while blk_volume_count is 0, so no block volume is attached and they have no effect.',
    rationale:
      'Spec 4.11.2: `blk_volume_count` "default 0"; `blk_upscaling_config` is for "Hadoop 2 and Spark clusters with block volumes". blk_volume_type and blk_volume_size describe the volumes attached to each node; with a count of 0 (written, or left to its default) there are none, so the settings are ignored.',
    fix: 'Set blk_volume_count to the number of volumes each node should have (1 or more), or remove the block-volume settings.',
  },
  messages: {
    noVolumes: 'node_configuration.{{field}} has no effect while blk_volume_count is {{count}}: no block volumes are attached. Set blk_volume_count to 1 or more, or remove {{field}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    const count = nodes.blk_volume_count;
    if (!(isUnset(count) || count === 0)) return;
    for (const field of VOLUME_FIELDS) {
      // Without volumes a setting has no effect whatever its value, a `${VAR}` placeholder's too.
      if (isUnset(nodes[field])) continue;
      report({ messageId: 'noVolumes', path: ['node_configuration', field], target: 'key', data: { field, count: isUnset(count) ? '0 (the default)' : 0 } });
    }
  },
  cases: {
    valid: [
      { name: 'volumes attached', yaml: 'node_configuration:\n  blk_volume_count: 2\n  blk_volume_type: st1\n  blk_volume_size: 500\n' },
      { name: 'no volume settings', yaml: 'node_configuration:\n  max_nodes: 4\n' },
      { name: 'upscaling unset', yaml: 'node_configuration:\n  blk_volume_count: 0\n  blk_upscaling_config: null\n' },
    ],
    invalid: [
      {
        name: 'size with the default count',
        example: true,
        yaml: 'node_configuration:\n  blk_volume_size: 200\n',
        findings: [{ messageId: 'noVolumes', line: 2, column: 3, data: { field: 'blk_volume_size', count: '0 (the default)' } }],
      },
      {
        name: 'type and upscaling with count 0',
        yaml: 'node_configuration:\n  blk_volume_type: ssd\n  blk_volume_count: 0\n  blk_upscaling_config:\n    max_blk_volume_count: 4\n',
        findings: [
          { messageId: 'noVolumes', line: 2, column: 3, data: { field: 'blk_volume_type', count: 0 } },
          { messageId: 'noVolumes', line: 4, column: 3, data: { field: 'blk_upscaling_config', count: 0 } },
        ],
      },
      {
        name: 'a volume type from a placeholder with the default count',
        yaml: 'node_configuration:\n  blk_volume_type: ${VOLUME_TYPE}\n',
        findings: [{ messageId: 'noVolumes', line: 2, column: 3, data: { field: 'blk_volume_type', count: '0 (the default)' } }],
      },
    ],
  },
});
