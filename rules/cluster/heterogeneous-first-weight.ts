import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/heterogeneous-first-weight',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'The first heterogeneous_instance_config.memory entry does not have weight 1.0.',
    rationale:
      'Spec 4.11.2, `heterogeneous_instance_config`: "the first entry equals slave_instance_type and has weight 1.0"; weights are "float, written as 1.0, 0.5 and so on, by memory", relative to the first type. JSON does not tell 1 from 1.0, so both pass. A first entry without a weight is not reported: the spec gives no default to judge.',
    fix: 'Give the first entry weight 1.0 and the later ones their memory relative to it (half the memory: 0.5, twice: 2.0).',
  },
  messages: {
    notOne: 'node_configuration.heterogeneous_instance_config.memory[0].weight must be 1.0 (the first entry is the reference type); got {{weight}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['node_configuration', 'heterogeneous_instance_config', 'memory', 0, 'weight'];
    const weight = getIn(body, path);
    if (typeof weight !== 'number' || weight === 1) return;
    report({ messageId: 'notOne', path, data: { weight } });
  },
  cases: {
    valid: [
      {
        name: 'weight 1.0',
        yaml: 'node_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n      - {instance_type: m4.large, weight: 0.5}\n',
      },
      {
        name: 'weight written 1',
        yaml: 'node_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1}\n',
      },
    ],
    invalid: [
      {
        name: 'first weight 2.0',
        example: true,
        yaml: 'node_configuration:\n  slave_instance_type: m4.2xlarge\n  heterogeneous_instance_config:\n    memory:\n      - instance_type: m4.2xlarge\n        weight: 2.0\n      - instance_type: m4.xlarge\n        weight: 1.0\n',
        findings: [{ messageId: 'notOne', line: 6, column: 17, data: { weight: 2 } }],
      },
    ],
  },
});
