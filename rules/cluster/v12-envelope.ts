import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { schemaAt } from '../../src/schema/schema-at.js';

/** The members an object of the edit-cluster schema lists (empty where it lists none). */
function membersAt(path: readonly string[]): string[] {
  const properties = schemaAt('edit-cluster', path)?.properties;
  return isObject(properties) ? Object.keys(properties) : [];
}

/**
 * For each member name, the one section of a v1.3 body that lists it (node_configuration for
 * max_nodes); a name that two sections list (custom_config) has no single home and is left out.
 * Made the first time a body has the v1.2 shape, not when the rules load.
 */
let homes: ReadonlyMap<string, string> | undefined;

function homeOf(member: string): string | undefined {
  if (!homes) {
    const sections = new Map<string, string[]>();
    for (const section of membersAt([])) {
      for (const name of membersAt([section])) sections.set(name, [...(sections.get(name) ?? []), section]);
    }
    homes = new Map([...sections].filter(([, listing]) => listing.length === 1).map(([name, [section]]) => [name, section]));
  }
  return homes.get(member);
}

export default defineRule({
  id: 'cluster/v12-envelope',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'The body wraps its parameters in a `cluster` object, the shape of the older v1.2 cluster API.',
    rationale:
      'Spec 4.11: Edit cluster is `PUT {base_url}/api/v1.3/clusters/<id_or_label>`, and its "Body: any subset of the parameters below" lists the parameters (label, vm_settings, node_configuration, ...) at the top level; `cluster` is not one of them. The v1.2 API nested the same parameters under `cluster`, and SDKs still send that shape by default. Sent to v1.3, the whole configuration is an unlisted member and none of it is applied. The v1.2 shape also kept some members elsewhere: initial_nodes, max_nodes and slave_request_type in hadoop_settings, which spec 4.11.2 lists in node_configuration.',
    fix: 'Move every member of `cluster` up one level and delete the `cluster` wrapper; move each member reported as misplaced (hadoop_settings.max_nodes, say) into the section the finding names (node_configuration), where v1.3 reads it.',
  },
  messages: {
    envelope:
      'the v1.2 API nested parameters under `cluster`; v1.3 takes them at the top level, so this body sets nothing. Move the members of `cluster` ({{members}}) up one level and remove the wrapper',
    misplaced:
      '{{field}} is a member of {{home}} in v1.3 (spec 4.11); moved up with the rest of `cluster` it would be an unlisted member of {{parent}}, which is ignored. Move it into {{home}}',
  },
  defaultOptions: {},
  check({ body, report }) {
    if (!isObject(body) || !isObject(body.cluster)) return;
    const cluster = body.cluster;
    const names = Object.keys(cluster);
    const members = names.length === 0 ? 'none' : names.length <= 4 ? names.join(', ') : `${names.slice(0, 4).join(', ')}, ...`;
    report({ messageId: 'envelope', path: ['cluster'], target: 'key', data: { members } });

    // Where each member lands once the wrapper goes, and whether v1.3 reads it there.
    const misplaced = (section: string | undefined, member: string) => {
      const home = homeOf(member);
      const listed = membersAt(section === undefined ? [] : [section]).includes(member);
      if (listed || home === undefined || home === section) return;
      const path = section === undefined ? ['cluster', member] : ['cluster', section, member];
      report({ messageId: 'misplaced', path, target: 'key', data: { field: path.join('.'), home, parent: section ?? 'the body' } });
    };
    for (const name of names) {
      misplaced(undefined, name);
      const value = cluster[name];
      if (isObject(value) && membersAt([name]).length > 0) for (const member of Object.keys(value)) misplaced(name, member);
    }
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
      {
        name: 'the SDK’s v1.2 shape: node members in hadoop_settings, use_hadoop2 at the top',
        yaml: 'cluster:\n  hadoop_settings:\n    initial_nodes: 1\n    max_nodes: 10\n    slave_request_type: spot\n    custom_config: null\n  use_hadoop2: false\n',
        findings: [
          { messageId: 'envelope', line: 1, column: 1, data: { members: 'hadoop_settings, use_hadoop2' } },
          { messageId: 'misplaced', line: 3, column: 5, data: { field: 'cluster.hadoop_settings.initial_nodes', home: 'node_configuration', parent: 'hadoop_settings' } },
          { messageId: 'misplaced', line: 4, column: 5, data: { field: 'cluster.hadoop_settings.max_nodes', home: 'node_configuration', parent: 'hadoop_settings' } },
          { messageId: 'misplaced', line: 5, column: 5, data: { field: 'cluster.hadoop_settings.slave_request_type', home: 'node_configuration', parent: 'hadoop_settings' } },
          { messageId: 'misplaced', line: 7, column: 3, data: { field: 'cluster.use_hadoop2', home: 'hadoop_settings', parent: 'the body' } },
        ],
      },
    ],
  },
});
