import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/version-required',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'A body that makes a Presto cluster has no presto_version, or one that makes a Spark cluster has no spark_version.',
    rationale:
      'Spec 4.11: `presto_version` is "mandatory, Presto clusters only"; `spark_version` is "mandatory, Spark clusters only". The requirement is judged only when the body itself marks the cluster as Presto (`presto_settings.enable_presto: true`) or Spark (`hadoop_settings.use_spark: true`): a partial edit without a marker does not say what kind of cluster it edits. The spec also calls 0.180 the presto_version "default"; dplint follows the stronger word, "mandatory", so that the version is written down where the kind is chosen.',
    fix: 'Add the version beside the marker: presto_version (0.157, 0.180 or 0.193) for Presto, spark_version (for example 2.2-latest) for Spark.',
  },
  messages: {
    prestoMissing: 'presto_settings.enable_presto makes this a Presto cluster, and presto_version is mandatory for Presto clusters; add presto_version (0.157, 0.180 or 0.193)',
    sparkMissing: 'hadoop_settings.use_spark makes this a Spark cluster, and spark_version is mandatory for Spark clusters; add spark_version (for example 2.2-latest)',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    if (!isObject(body)) return;
    if (clusterKind === 'presto' && isUnset(body.presto_version)) {
      report({ messageId: 'prestoMissing', path: ['presto_settings', 'enable_presto'] });
    }
    if (clusterKind === 'spark' && isUnset(body.spark_version)) {
      report({ messageId: 'sparkMissing', path: ['hadoop_settings', 'use_spark'] });
    }
  },
  cases: {
    valid: [
      { name: 'Presto with its version', yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\n' },
      { name: 'Spark with its version', yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_hadoop2: true\n  use_spark: true\n' },
      { name: 'no kind marker: a partial edit', yaml: 'node_configuration:\n  max_nodes: 4\n' },
      { name: 'Hadoop 2 needs neither', yaml: 'hadoop_settings:\n  use_hadoop2: true\n' },
    ],
    invalid: [
      {
        name: 'Presto without presto_version',
        example: true,
        yaml: 'label: [adhoc]\npresto_settings:\n  enable_presto: true\n',
        findings: [{ messageId: 'prestoMissing', line: 3, column: 18 }],
      },
      {
        name: 'Spark without spark_version',
        yaml: 'hadoop_settings:\n  use_hadoop2: true\n  use_spark: true\n',
        findings: [{ messageId: 'sparkMissing', line: 3, column: 14 }],
      },
      {
        name: 'an explicit null is no version',
        yaml: 'spark_version: null\nhadoop_settings:\n  use_spark: true\n',
        findings: [{ messageId: 'sparkMissing', line: 3, column: 14 }],
      },
    ],
  },
});
