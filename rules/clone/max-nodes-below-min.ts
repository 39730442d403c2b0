import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';

export default defineRule({
  id: 'clone/max-nodes-below-min',
  appliesTo: ['clone-cluster'],
  severity: 'error',
  docs: {
    summary: 'cluster_info.max_nodes is lower than cluster_info.min_nodes in a clone request.',
    rationale:
      'Spec 4.14: the clone body\'s cluster_info holds "min_nodes (integer), max_nodes (integer)", the clone\'s node bounds; spec 4.11.2 calls the maximum the "upper bound for autoscaling". An upper bound below the minimum leaves no node count that satisfies both.',
    fix: 'Raise max_nodes to at least min_nodes, or lower min_nodes.',
  },
  messages: {
    belowMin: 'cluster_info.max_nodes must be at least min_nodes ({{min}}); got {{max}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    // Both must be written: an unwritten bound keeps the source cluster's value, which the body does not show.
    const min = getIn(body, ['cluster_info', 'min_nodes']);
    const max = getIn(body, ['cluster_info', 'max_nodes']);
    if (typeof min !== 'number' || typeof max !== 'number' || max >= min) return;
    report({ messageId: 'belowMin', path: ['cluster_info', 'max_nodes'], data: { min, max } });
  },
  cases: {
    valid: [
      { name: 'max above min', yaml: 'cluster_info:\n  label: [etl-clone]\n  min_nodes: 2\n  max_nodes: 10\n' },
      { name: 'equal', yaml: 'cluster_info:\n  min_nodes: 3\n  max_nodes: 3\n' },
      { name: 'only max', yaml: 'cluster_info:\n  max_nodes: 1\n' },
    ],
    invalid: [
      {
        name: 'max below min',
        example: true,
        yaml: 'cluster_info:\n  label: [etl-clone]\n  min_nodes: 5\n  max_nodes: 3\n',
        findings: [{ messageId: 'belowMin', line: 4, column: 14, data: { min: 5, max: 3 } }],
      },
    ],
  },
});
