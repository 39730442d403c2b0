import { defineRule } from '../../src/engine/define-rule.js';

export default defineRule({
  id: 'cluster/max-nodes-below-initial',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration.max_nodes is lower than initial_nodes.',
    rationale:
      'Spec 4.11.2: `initial_nodes` "default 2"; `max_nodes` "default 2; upper bound for autoscaling". A cluster cannot start more nodes than its upper bound.',
    fix: 'Raise max_nodes to at least initial_nodes, or lower initial_nodes. When only one is set, the other keeps its default of 2.',
  },
  messages: {
    belowInitial: 'node_configuration.max_nodes must be at least initial_nodes ({{initial}}); got {{max}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const nodes = (body as { node_configuration?: unknown }).node_configuration;
    if (nodes === null || typeof nodes !== 'object') return;
    const { initial_nodes: initial = 2, max_nodes: max = 2 } = nodes as Record<string, unknown>;
    if (typeof initial !== 'number' || typeof max !== 'number' || max >= initial) return;
    const explicit = Object.hasOwn(nodes, 'max_nodes');
    report({
      messageId: 'belowInitial',
      path: ['node_configuration', explicit ? 'max_nodes' : 'initial_nodes'],
      data: { initial, max: explicit ? max : `${max} (the default)` },
    });
  },
  cases: {
    valid: [
      { name: 'max above initial', yaml: 'node_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n' },
      { name: 'equal', yaml: 'node_configuration:\n  initial_nodes: 3\n  max_nodes: 3\n' },
      { name: 'only max, above the default initial', yaml: 'node_configuration:\n  max_nodes: 4\n' },
    ],
    invalid: [
      {
        name: 'max below initial',
        example: true,
        yaml: 'node_configuration:\n  initial_nodes: 5\n  max_nodes: 3\n',
        findings: [{ messageId: 'belowInitial', line: 3, column: 14, data: { initial: 5, max: 3 } }],
      },
      {
        name: 'initial above the default max',
        yaml: 'node_configuration:\n  initial_nodes: 4\n',
        findings: [{ messageId: 'belowInitial', line: 2, column: 18, data: { initial: 4, max: '2 (the default)' } }],
      },
    ],
  },
});
