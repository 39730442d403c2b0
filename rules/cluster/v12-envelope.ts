import { defineRule } from '../../src/engine/define-rule.js';
import { isObject } from '../../src/engine/rule-helpers.js';

export default defineRule({
  id: 'cluster/v12-envelope',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'The body wraps its parameters in a `cluster` object, the shape of the older v1.2 cluster API.',
    rationale:
      'Spec 4.11: Edit cluster is `PUT {base_url}/api/v1.3/clusters/<id_or_label>`, and its "Body: any subset of the parameters below" lists the parameters (label, vm_settings, node_configuration, ...) at the top level; `cluster` is not one of them. The v1.2 API nested the same parameters under `cluster`, and SDKs still send that shape by default. Sent to v1.3, the whole configuration is an unlisted member and none of it is applied.',
    fix: 'Move every member of `cluster` up one level and delete the `cluster` wrapper. Members the v1.2 shape kept under hadoop_settings (master_instance_type, slave_request_type, ...) belong in node_configuration in v1.3.',
  },
  messages: {
    envelope:
      'the v1.2 API nested parameters under `cluster`; v1.3 takes them at the top level, so this body sets nothing. Move the members of `cluster` ({{members}}) up one level and remove the wrapper',
  },
  defaultOptions: {},
  check({ body, report }) {
    if (!isObject(body) || !isObject(body.cluster)) return;
    const names = Object.keys(body.cluster);
    const members = names.length === 0 ? 'none' : names.length <= 4 ? names.join(', ') : `${names.slice(0, 4).join(', ')}, ...`;
    report({ messageId: 'envelope', path: ['cluster'], target: 'key', data: { members } });
  },
  cases: {
    valid: [
      { name: 'flat v1.3 body', yaml: 'label: [etl]\nnode_configuration:\n  max_nodes: 4\n' },
      { name: 'empty body', yaml: '{}\n' },
    ],
    invalid: [
      {
        name: 'v1.2 envelope',
        example: true,
        yaml: 'cluster:\n  label: [etl]\n  node_configuration:\n    max_nodes: 4\n',
        findings: [{ messageId: 'envelope', line: 1, column: 1, data: { members: 'label, node_configuration' } }],
      },
      {
        name: 'v1.2 envelope in JSON with many members',
        yaml: '{"cluster": {"label": ["etl"], "vm_settings": {}, "node_configuration": {}, "hadoop_settings": {}, "security_settings": {}}}\n',
        findings: [{ messageId: 'envelope', line: 1, column: 2, data: { members: 'label, vm_settings, node_configuration, hadoop_settings, ...' } }],
      },
    ],
  },
});
