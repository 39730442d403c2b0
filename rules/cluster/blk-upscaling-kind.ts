import { knownNonHadoop2Kind } from '../support/cluster-kind.js';
import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';

export default defineRule({
  id: 'cluster/blk-upscaling-kind',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'node_configuration.blk_upscaling_config is set on a cluster that is neither Hadoop 2 nor Spark.',
    rationale:
      'Spec 4.11.2: `blk_upscaling_config` is for "Hadoop 2 and Spark clusters with block volumes; see below; off by default". Only a body whose kind is known (use_hadoop2 false alone, enable_presto, engine_config.type airflow) is reported; an edit that does not say its kind is not. An empty object configures nothing, so it is not reported.',
    fix: 'Remove blk_upscaling_config, or configure a Hadoop 2 (hadoop_settings.use_hadoop2: true) or Spark (hadoop_settings.use_spark: true) cluster.',
  },
  messages: {
    wrongKind: 'node_configuration.blk_upscaling_config is only for Hadoop 2 and Spark clusters; this is {{kind}}. Remove it',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const config = getIn(body, ['node_configuration', 'blk_upscaling_config']);
    const kind = knownNonHadoop2Kind(body, clusterKind);
    if (!isObject(config) || Object.keys(config).length === 0 || kind === undefined) return;
    report({ messageId: 'wrongKind', path: ['node_configuration', 'blk_upscaling_config'], target: 'key', data: { kind } });
  },
  cases: {
    valid: [
      {
        name: 'Hadoop 2 cluster',
        yaml: 'hadoop_settings:\n  use_hadoop2: true\nnode_configuration:\n  blk_volume_count: 2\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n',
      },
      {
        name: 'kind not stated',
        yaml: 'node_configuration:\n  blk_volume_count: 2\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n',
      },
    ],
    invalid: [
      {
        name: 'Presto cluster',
        example: true,
        yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\nnode_configuration:\n  blk_volume_count: 2\n  blk_upscaling_config:\n    max_blk_volume_count: 6\n',
        findings: [{ messageId: 'wrongKind', line: 6, column: 3, data: { kind: 'a Presto cluster (presto_settings.enable_presto is true)' } }],
      },
      {
        name: 'Airflow cluster',
        yaml: 'engine_config:\n  type: airflow\nnode_configuration:\n  blk_volume_count: 1\n  blk_upscaling_config: {max_blk_volume_count: 3}\n',
        findings: [{ messageId: 'wrongKind', line: 5, column: 3, data: { kind: 'an Airflow cluster (engine_config.type is airflow)' } }],
      },
    ],
  },
});
