import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/version-required',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'A body that makes a Spark cluster has no spark_version.',
    rationale:
      'Spec 4.11: `spark_version` is "mandatory, Spark clusters only", with no default. The requirement is judged only when the body itself marks the cluster as Spark (`hadoop_settings.use_spark: true`): a partial edit without a marker does not say what kind of cluster it edits. presto_version, which the spec calls both "mandatory" and "0.180 (default)", is cluster/presto-version-missing, a warning.',
    fix: 'Add spark_version beside the marker (for example 2.2-latest).',
  },
  messages: {
    sparkMissing: 'hadoop_settings.use_spark makes this a Spark cluster, and spark_version is mandatory for Spark clusters; add spark_version (for example 2.2-latest)',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    if (!isObject(body)) return;
    if (clusterKind === 'spark' && isUnset(body.spark_version)) {
      report({ messageId: 'sparkMissing', path: ['hadoop_settings', 'use_spark'] });
    }
  },
  cases: {
    valid: [
      { name: 'Presto without presto_version is another rule\'s (a warning)', yaml: 'label: [adhoc]\npresto_settings:\n  enable_presto: true\n' },
      { name: 'Spark with its version', yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_hadoop2: true\n  use_spark: true\n' },
      { name: 'no kind marker: a partial edit', yaml: 'node_configuration:\n  max_nodes: 4\n' },
      { name: 'Hadoop 2 needs neither', yaml: 'hadoop_settings:\n  use_hadoop2: true\n' },
    ],
    invalid: [
      {
        name: 'Spark without spark_version',
        example: true,
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
