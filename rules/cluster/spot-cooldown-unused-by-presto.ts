import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/spot-cooldown-unused-by-presto',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'node_configuration.node_spot_cooldown_period is set on a Presto cluster, which does not use it.',
    rationale:
      'Spec 4.11.2: `node_spot_cooldown_period` is for "Hadoop 2/Spark spot nodes, default 15; not used by Presto"; `node_base_cooldown_period` covers "Presto nodes (on-demand and spot) default 5".',
    fix: 'Remove node_spot_cooldown_period and set node_base_cooldown_period, which Presto uses for both on-demand and spot nodes.',
  },
  messages: {
    unused: 'node_configuration.node_spot_cooldown_period is not used by Presto clusters (presto_settings.enable_presto is true); set node_base_cooldown_period, which covers Presto spot nodes too',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const path = ['node_configuration', 'node_spot_cooldown_period'];
    // Unused whatever the value, so a `${VAR}` placeholder is unused too.
    if (clusterKind !== 'presto' || isUnset(getIn(body, path))) return;
    report({ messageId: 'unused', path });
  },
  cases: {
    valid: [
      {
        name: 'Presto with the base cooldown',
        yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\nnode_configuration:\n  node_base_cooldown_period: 5\n',
      },
      {
        name: 'Spark with a spot cooldown',
        yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_spark: true\nnode_configuration:\n  node_spot_cooldown_period: 15\n',
      },
    ],
    invalid: [
      {
        name: 'Presto with a spot cooldown',
        example: true,
        yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\nnode_configuration:\n  node_spot_cooldown_period: 15\n',
        findings: [{ messageId: 'unused', line: 5, column: 30 }],
      },
      {
        name: 'Presto with a spot cooldown from a placeholder',
        yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\nnode_configuration:\n  node_spot_cooldown_period: ${SPOT_COOLDOWN}\n',
        findings: [{ messageId: 'unused', line: 5, column: 30 }],
      },
    ],
  },
});
