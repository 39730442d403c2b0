import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/heterogeneous-duplicate-type',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'An instance type is listed twice in heterogeneous_instance_config.memory.',
    rationale:
      'Spec 4.11.2, `heterogeneous_instance_config`: "later types are tried when earlier ones are unavailable, and the count requested is scaled by weight"; the weight is given "by memory", so a type has one weight. A repeated type adds nothing (it was already tried) and, with another weight, contradicts the first. The spec states no rule against repeats, so this is a warning.',
    fix: 'Remove the repeated entry, keeping the one with the right weight.',
  },
  messages: {
    repeated: 'node_configuration.heterogeneous_instance_config.memory[{{index}}].instance_type {{type}} repeats memory[{{firstIndex}}]; list each instance type once',
  },
  defaultOptions: {},
  check({ body, report }) {
    const memory = getIn(body, ['node_configuration', 'heterogeneous_instance_config', 'memory']);
    if (!Array.isArray(memory)) return;
    const seen = new Map<string, number>();
    memory.forEach((entry, index) => {
      const type = isObject(entry) ? entry.instance_type : undefined;
      if (typeof type !== 'string' || !isKnown(type)) return;
      const firstIndex = seen.get(type);
      if (firstIndex === undefined) seen.set(type, index);
      else
        report({
          messageId: 'repeated',
          path: ['node_configuration', 'heterogeneous_instance_config', 'memory', index, 'instance_type'],
          data: { index, type: describeValue(type), firstIndex },
        });
    });
  },
  cases: {
    valid: [
      {
        name: 'distinct types',
        yaml: 'node_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n      - {instance_type: m4.2xlarge, weight: 2.0}\n      - {instance_type: m4.large, weight: 0.5}\n',
      },
    ],
    invalid: [
      {
        name: 'a type repeated',
        example: true,
        yaml: 'node_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n      - {instance_type: m4.2xlarge, weight: 2.0}\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
        findings: [{ messageId: 'repeated', line: 7, column: 25, data: { index: 2, type: '"m4.xlarge"', firstIndex: 0 } }],
      },
    ],
  },
});
