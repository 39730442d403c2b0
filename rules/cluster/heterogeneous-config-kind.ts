import { knownNonHadoop2Kind } from '../support/cluster-kind.js';
import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/heterogeneous-config-kind',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration.heterogeneous_instance_config is set on a cluster that is neither Hadoop 2 nor Spark.',
    rationale:
      'Spec 4.11.2: `heterogeneous_instance_config` is for "Hadoop 2 and Spark". Only a body whose kind is known (use_hadoop2 false alone, enable_presto or presto_version, engine_config.type airflow) is reported; an edit that does not say its kind is not. An empty object configures nothing (tools such as Terraform providers send {} for an unset block), so it is not reported.',
    fix: 'Remove heterogeneous_instance_config, or configure a Hadoop 2 (hadoop_settings.use_hadoop2: true) or Spark (hadoop_settings.use_spark: true) cluster.',
  },
  messages: {
    wrongKind: 'node_configuration.heterogeneous_instance_config is only for Hadoop 2 and Spark clusters; this is {{kind}}. Remove it',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const config = getIn(body, ['node_configuration', 'heterogeneous_instance_config']);
    const kind = knownNonHadoop2Kind(body, clusterKind);
    if (!isObject(config) || Object.keys(config).length === 0 || kind === undefined) return;
    report({ messageId: 'wrongKind', path: ['node_configuration', 'heterogeneous_instance_config'], target: 'key', data: { kind } });
  },
  cases: {
    valid: [
      {
        name: 'Spark cluster',
        yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_spark: true\nnode_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n      - {instance_type: m4.2xlarge, weight: 2.0}\n',
      },
      {
        name: 'kind not stated',
        yaml: 'node_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
      },
      {
        name: 'empty object on Presto',
        yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\nnode_configuration:\n  heterogeneous_instance_config: {}\n',
      },
    ],
    invalid: [
      {
        name: 'a Presto cluster by its presto_version alone',
        yaml: 'presto_version: "0.193"\nnode_configuration:\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
        findings: [{ messageId: 'wrongKind', line: 3, column: 3, data: { kind: 'a Presto cluster (presto_version is set, and it is for Presto clusters only)' } }],
      },
      {
        name: 'Presto cluster',
        example: true,
        yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\nnode_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
        findings: [{ messageId: 'wrongKind', line: 6, column: 3, data: { kind: 'a Presto cluster (presto_settings.enable_presto is true)' } }],
      },
      {
        name: 'Hadoop 1 cluster',
        yaml: 'hadoop_settings:\n  use_hadoop2: false\nnode_configuration:\n  heterogeneous_instance_config: {memory: [{instance_type: m1.xlarge, weight: 1.0}]}\n',
        findings: [{ messageId: 'wrongKind', line: 4, column: 3, data: { kind: 'a Hadoop 1 cluster (hadoop_settings.use_hadoop2 is false)' } }],
      },
    ],
  },
});
