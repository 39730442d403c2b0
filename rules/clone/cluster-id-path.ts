import { defineRule } from '../../src/define-rule.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'clone/cluster-id-path',
  appliesTo: ['clone-cluster'],
  severity: 'error',
  docs: {
    summary: 'The <cluster_id> of a clone request envelope\'s path is not a numeric cluster id (a label, say).',
    rationale:
      'Spec 4.14: "POST {alt_base_url}/api/v2/clusters/<cluster_id>/clone". Start/terminate (spec 4.12) takes "<cluster_id_or_label>", but clone and view (4.13, 4.14) write <cluster_id>: a label is not accepted there.',
    fix: 'Put the cluster\'s numeric id in the path (the id, not a label; the edit-cluster response shows it as id).',
  },
  messages: {
    notAnId: 'the clone path takes a numeric cluster id (/api/v2/clusters/<cluster_id>/clone, spec 4.14), not a label; got {{value}}',
  },
  defaultOptions: {},
  check({ pathParameters, report }) {
    const id = pathParameters.cluster_id;
    if (!isKnown(id) || /^\d+$/.test(id)) return;
    report({ messageId: 'notAnId', path: ['path'], fromDocumentRoot: true, data: { value: describeValue(id) } });
  },
  cases: {
    valid: [
      { name: 'numeric id', yaml: 'method: POST\npath: /api/v2/clusters/4711/clone\nbody:\n  cluster_info:\n    label: [etl-clone]\n' },
      { name: 'placeholder id', yaml: 'method: POST\npath: /api/v2/clusters/${CLUSTER_ID}/clone\nbody:\n  cluster_info:\n    label: [etl-clone]\n' },
    ],
    invalid: [
      {
        name: 'label in the path',
        example: true,
        yaml: 'method: POST\npath: /api/v2/clusters/etl-nightly/clone\nbody:\n  cluster_info:\n    label: [etl-clone]\n',
        findings: [{ messageId: 'notAnId', line: 2, column: 7, data: { value: '"etl-nightly"' } }],
      },
      {
        name: 'template copied from the spec',
        yaml: 'method: POST\npath: https://alt.example.com/api/v2/clusters/<cluster_id>/clone\nbody:\n  cluster_info:\n    label: [etl-clone]\n',
        findings: [{ messageId: 'notAnId', line: 2, column: 7, data: { value: '"<cluster_id>"' } }],
      },
    ],
  },
});
