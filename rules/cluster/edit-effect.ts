import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/edit-effect',
  appliesTo: ['edit-cluster'],
  severity: 'info',
  docs: {
    summary: 'The edit changes the cluster\'s labels, which reroute commands at once, unlike the other changes, which wait for a restart.',
    rationale:
      'Spec 3: "most attribute changes take effect at the next cluster restart; `label` changes take effect immediately and new commands on such labels run on the new cluster". A reviewer should know that a label edit moves traffic as soon as it is applied, and, when the same body changes other settings, that the rerouted commands run on the cluster\'s current configuration until it restarts. Edits without `label` are not reported: that they wait for a restart is true of every edit and would only add noise.',
    fix: 'Nothing to fix. To move commands only once the new configuration is live, apply the label change in a separate edit after the restart.',
  },
  messages: {
    labelImmediate: 'label changes take effect immediately: new commands on {{labels}} run on this cluster as soon as the edit is applied',
    labelBeforeRestart:
      'label changes take effect immediately, so new commands on {{labels}} run on this cluster at once, while the other changes in this body ({{members}}) wait for the next cluster restart',
  },
  defaultOptions: {},
  check({ body, report }) {
    if (!isObject(body) || !Array.isArray(body.label) || body.label.length === 0) return;
    const labels = body.label.map((label) => JSON.stringify(label)).join(', ');
    const others = Object.keys(body).filter((member) => member !== 'label');
    if (others.length === 0) return report({ messageId: 'labelImmediate', path: ['label'], data: { labels } });
    const members = others.length <= 3 ? others.join(', ') : `${others.slice(0, 3).join(', ')}, ...`;
    report({ messageId: 'labelBeforeRestart', path: ['label'], data: { labels, members } });
  },
  cases: {
    valid: [{ name: 'no label', yaml: 'node_configuration:\n  max_nodes: 10\n' }],
    invalid: [
      {
        name: 'a label-only edit',
        example: true,
        yaml: 'label: [etl, nightly]\n',
        findings: [{ messageId: 'labelImmediate', line: 1, column: 8, data: { labels: '"etl", "nightly"' } }],
      },
      {
        name: 'labels with other changes',
        example: true,
        yaml: 'label:\n  - etl\nnode_configuration:\n  max_nodes: 10\nnode_bootstrap_file: etl_bootstrap.sh\n',
        findings: [{ messageId: 'labelBeforeRestart', line: 1, column: 1, data: { labels: '"etl"', members: 'node_configuration, node_bootstrap_file' } }],
      },
    ],
  },
});
