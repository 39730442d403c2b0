import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/max-nodes-below-initial',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration.max_nodes is lower than initial_nodes.',
    rationale:
      'Spec 4.11.2: `initial_nodes` "default 2"; `max_nodes` "default 2; upper bound for autoscaling". A cluster cannot start more nodes than its upper bound. An edit that sets only one of the two keeps the cluster\'s current value of the other, which the body does not show, so only a body that sets both is judged.',
    fix: 'Raise max_nodes to at least initial_nodes, or lower initial_nodes.',
  },
  messages: {
    belowInitial: 'node_configuration.max_nodes must be at least initial_nodes ({{initial}}); got {{max}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    const initial = getIn(body, ['node_configuration', 'initial_nodes']);
    const max = getIn(body, ['node_configuration', 'max_nodes']);
    if (typeof initial !== 'number' || typeof max !== 'number' || max >= initial) return;
    report({ messageId: 'belowInitial', path: ['node_configuration', 'max_nodes'], data: { initial, max } });
  },
  cases: {
    valid: [
      { name: 'max above initial', yaml: 'node_configuration:\n  initial_nodes: 2\n  max_nodes: 10\n' },
      { name: 'equal', yaml: 'node_configuration:\n  initial_nodes: 3\n  max_nodes: 3\n' },
      { name: 'only initial: the current max_nodes is unknown', yaml: 'node_configuration:\n  initial_nodes: 3\n' },
      { name: 'a placeholder', yaml: 'node_configuration:\n  initial_nodes: 5\n  max_nodes: ${MAX_NODES}\n' },
    ],
    invalid: [
      {
        name: 'max below initial',
        example: true,
        yaml: 'node_configuration:\n  initial_nodes: 5\n  max_nodes: 3\n',
        findings: [{ messageId: 'belowInitial', line: 3, column: 14, data: { initial: 5, max: 3 } }],
      },
    ],
  },
});
