import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/blk-upscaling-rate-disabled',
  appliesTo: ['edit-cluster'],
  severity: 'info',
  docs: {
    summary: 'blk_upscaling_config.sampling_window is 1, which turns off rate-based upscaling of block volumes.',
    rationale:
      'Spec 4.11.2, `blk_upscaling_config`: `sampling_window` "default 5; number of intervals for the rate of growth of used capacity; 1 disables rate-based upscaling and leaves threshold-only checks at each sampling_interval"; the rate rule is "upscale when the volume is estimated to fill within sampling_interval + 600 seconds". With 1, a volume that fills fast gets no disk until a free-space threshold is crossed.',
    fix: 'Keep 1 if threshold-only upscaling is what you want; otherwise set sampling_window to 2 or more (default 5).',
  },
  messages: {
    rateDisabled:
      'node_configuration.blk_upscaling_config.sampling_window 1 disables rate-based upscaling: volumes are added only when a free-space threshold is crossed at each sampling_interval. Use 2 or more (default 5) to also upscale on fast growth',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['node_configuration', 'blk_upscaling_config', 'sampling_window'];
    if (getIn(body, path) !== 1) return;
    report({ messageId: 'rateDisabled', path });
  },
  cases: {
    valid: [
      { name: 'default window', yaml: 'node_configuration:\n  blk_volume_count: 2\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n    sampling_window: 5\n' },
    ],
    invalid: [
      {
        name: 'window of one interval',
        example: true,
        yaml: 'node_configuration:\n  blk_volume_count: 2\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n    sampling_window: 1\n',
        findings: [{ messageId: 'rateDisabled', line: 5, column: 22 }],
      },
    ],
  },
});
