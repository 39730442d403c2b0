import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'schema/range',
  stage: 'schema',
  severity: 'error',
  hasSuggestions: true,
  docs: {
    summary: 'A number is outside the range the spec allows (minimum, maximum, multiple of).',
    rationale:
      'The body schemas in `schemas/` hold every parameter the spec lists with its type, allowed values and range (spec sections 4.1–4.14 and 8). Run `dplint schema <operation>` to see one.',
    fix: 'Change the value to one the message lists.',
  },
  messages: {
    // `requirement` is the schema's `errorMessage`: the spec's range in words, with its unit ("must be a whole number of hours from <minimum> to <maximum>").
    spec: '{{field}} {{requirement}}; {{got}}',
    // `bound` is built from the schema's numbers ("at least 0 GB", "a multiple of 60") where the schema has no words of its own.
    bound: '{{field}} must be {{bound}}; {{got}}',
  },
  cases: {
    valid: [{ name: 'a timeout inside the range', yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  idle_cluster_timeout: 6\n' }],
    invalid: [
      {
        name: 'a timeout past the spec’s maximum',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  idle_cluster_timeout: 7\n',
        findings: [{ messageId: 'spec', line: 3, column: 25, suggestions: [{ desc: 'Change to 6 hours', output: '# dplint: operation=edit-cluster\nnode_configuration:\n  idle_cluster_timeout: 6\n' }] }],
      },
      {
        name: 'a negative capacity',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  blk_volume_count: 1\n  blk_upscaling_config:\n    absolute_free_space_threshold: -1\n',
        findings: [
          {
            messageId: 'bound',
            line: 5,
            column: 36,
            suggestions: [{ desc: 'Change to 0 GB', output: '# dplint: operation=edit-cluster\nnode_configuration:\n  blk_volume_count: 1\n  blk_upscaling_config:\n    absolute_free_space_threshold: 0\n' }],
          },
        ],
      },
    ],
  },
});
