import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'yaml/yaml11-ambiguous',
  stage: 'yaml',
  severity: 'error',
  fixable: true,
  hasSuggestions: true,
  docs: {
    summary: 'A value or key that YAML 1.1 readers (PyYAML) read as other data than YAML 1.2 readers (dplint, js-yaml): 010, 1e3, 1:30, 1_000, yes/no/on/off, dates, 0755: as a key.',
    rationale:
      '"All payloads are JSON" (spec, introduction), and the JSON is whatever the deploy tool\'s YAML reader made of the file. dplint reads YAML 1.2, as js-yaml does; PyYAML, the reader of the vendor\'s Python SDK, reads YAML 1.1: `max_nodes: 010` is 10 to dplint and 8 to PyYAML, `1e3` is a string to PyYAML, `on` is true, `1:30` is 90, and a key `0755:` is sent as "493". A body whose data depends on the reader cannot be judged: initial_nodes 9 and max_nodes 010 pass as 9 ≤ 10 and are sent as 9 > 8.',
    fix: 'Write the value so every reader reads it alike: 10 rather than 010, 1000 rather than 1e3, "on" in quotes for a string, and quote keys: "0755":.',
  },
  messages: {
    ambiguous: '{{field}} is the string "{{text}}" to YAML 1.2 readers (dplint, js-yaml) but {{reading}} to YAML 1.1 readers (PyYAML); quote it: "{{text}}"',
    differs: '{{field}} is {{yaml12}} to YAML 1.2 readers (dplint, js-yaml) but {{yaml11}} to YAML 1.1 readers (PyYAML), so the API receives whichever the deploy tool reads; write {{written}} (or what you meant) so that every reader reads one value',
    merge: 'the merge key << in {{field}} merges members in for YAML 1.1 readers (PyYAML, and dplint) but is a member named "<<" to YAML 1.2 readers (js-yaml), which have no merge keys; write the members out',
    key: 'the key {{key}} in {{field}} is {{yaml12}} to YAML 1.2 readers (dplint, js-yaml) but {{yaml11}} to YAML 1.1 readers (PyYAML), which send it as {{sent}}; write it as {{quoted}}',
  },
  cases: {
    valid: [
      { name: 'quoted', yaml: '# dplint: operation=edit-cluster\nzeppelin_interpreter_mode: "legacy"\nlabel: ["on"]\n' },
      { name: 'a boolean field is not a string field', yaml: '# dplint: operation=edit-cluster\ndisallow_cluster_termination: true\n' },
      { name: 'numbers every reader reads alike', yaml: '# dplint: operation=edit-cluster\nnode_configuration: {initial_nodes: 9, max_nodes: 10, custom_vm_tags: {"0755": x, "on": y, team: z}}\n' },
    ],
    invalid: [
      {
        name: 'an unquoted on in a list of strings',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nlabel: [etl, on]\n',
        output: '# dplint: operation=edit-cluster\nlabel: [etl, "on"]\n',
        findings: [{ messageId: 'ambiguous', line: 2, column: 14, data: { field: 'label[1]', text: 'on', reading: 'the boolean true' } }],
      },
      {
        name: 'a base-60-looking and an octal-looking string',
        yaml: '# dplint: operation=edit-cluster\nlabel:\n  - 1:30\n  - 0_755\n',
        output: '# dplint: operation=edit-cluster\nlabel:\n  - "1:30"\n  - "0_755"\n',
        findings: [
          { messageId: 'ambiguous', line: 3, column: 5, data: { field: 'label[0]', text: '1:30', reading: 'the number 90 (base-60)' } },
          { messageId: 'ambiguous', line: 4, column: 5, data: { field: 'label[1]', text: '0_755', reading: 'the number 493 (octal)' } },
        ],
      },
      {
        name: 'a number with a leading zero, and an exponent, in number fields',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  initial_nodes: 9\n  max_nodes: 010\n  slave_request_type: spot\n  spot_instance_settings: {maximum_bid_price_percentage: 1e2}\n',
        findings: [
          { messageId: 'differs', line: 4, column: 14, data: { field: 'node_configuration.max_nodes', text: '010', yaml12: 'the number 10', yaml11: 'the number 8 (octal)', written: '10' },
            suggestions: [{ desc: 'Write 10, as YAML 1.2 reads it', output: '# dplint: operation=edit-cluster\nnode_configuration:\n  initial_nodes: 9\n  max_nodes: 10\n  slave_request_type: spot\n  spot_instance_settings: {maximum_bid_price_percentage: 1e2}\n' }] },
          { messageId: 'differs', line: 6, column: 58, data: { field: 'node_configuration.spot_instance_settings.maximum_bid_price_percentage', text: '1e2', yaml12: 'the number 100', yaml11: 'the string "1e2"', written: '100' },
            suggestions: [{ desc: 'Write 100, as YAML 1.2 reads it', output: '# dplint: operation=edit-cluster\nnode_configuration:\n  initial_nodes: 9\n  max_nodes: 010\n  slave_request_type: spot\n  spot_instance_settings: {maximum_bid_price_percentage: 100}\n' }] },
        ],
      },
      {
        name: 'keys YAML 1.1 reads as a number and a boolean',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  custom_vm_tags:\n    0755: x\n    on: y\n',
        output: '# dplint: operation=edit-cluster\nnode_configuration:\n  custom_vm_tags:\n    0755: x\n    "on": y\n',
        findings: [
          { messageId: 'key', line: 4, column: 5, data: { key: '0755', field: 'node_configuration.custom_vm_tags', yaml12: '"755"', yaml11: 'the number 493 (octal)', sent: '"493"', quoted: '"755"' },
            suggestions: [{ desc: 'Write the key as "755", as YAML 1.2 reads it', output: '# dplint: operation=edit-cluster\nnode_configuration:\n  custom_vm_tags:\n    "755": x\n    on: y\n' }] },
          { messageId: 'key', line: 5, column: 5, data: { key: 'on', field: 'node_configuration.custom_vm_tags', yaml12: '"on"', yaml11: 'the boolean true', sent: '"true"', quoted: '"on"' } },
        ],
      },
      {
        name: 'a merge key',
        yaml: '# dplint: operation=edit-cluster\nnode_configuration: &sizes {max_nodes: 10}\nengine_config:\n  <<: *sizes\n',
        findings: [{ messageId: 'merge', line: 4, column: 3, data: { field: 'engine_config' } }],
      },
    ],
  },
});
