import { kindName } from '../support/cluster-kind.js';
import { defineRule } from '../../src/define-rule.js';
import { describeValue, isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/version-kind-mismatch',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'presto_version is given on a cluster that is not Presto, or spark_version on a cluster that is not Spark.',
    rationale:
      'Spec 4.11: `presto_version` is "mandatory, Presto clusters only"; `spark_version` is "mandatory, Spark clusters only". On a cluster of another kind the version is not used, and it often means the body was copied from another cluster. Reported only when the body says which kind the cluster is (use_hadoop2, use_spark, enable_presto or engine_config.type; presto_version alone marks a Presto cluster, being "Presto clusters only"); a partial edit without such a marker is not judged.',
    fix: 'Remove the version that does not belong to the cluster kind, or correct the kind markers if the cluster is meant to be Presto or Spark.',
  },
  messages: {
    prestoVersion: 'presto_version {{value}} only applies to Presto clusters; this body configures a {{kind}} cluster. Remove presto_version',
    sparkVersion: 'spark_version {{value}} only applies to Spark clusters; this body configures a {{kind}} cluster. Remove spark_version',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    if (clusterKind === 'unknown' || body === null || typeof body !== 'object') return;
    const { presto_version: presto, spark_version: spark } = body as Record<string, unknown>;
    if (!isUnset(presto) && clusterKind !== 'presto') {
      report({ messageId: 'prestoVersion', path: ['presto_version'], data: { value: describeValue(presto), kind: kindName(clusterKind) } });
    }
    if (!isUnset(spark) && clusterKind !== 'spark') {
      report({ messageId: 'sparkVersion', path: ['spark_version'], data: { value: describeValue(spark), kind: kindName(clusterKind) } });
    }
  },
  cases: {
    valid: [
      { name: 'presto version on a Presto cluster', yaml: 'presto_version: "0.193"\npresto_settings:\n  enable_presto: true\n' },
      { name: 'spark version on a Spark cluster', yaml: 'spark_version: 2.2-latest\nhadoop_settings:\n  use_spark: true\n' },
      { name: 'no kind marker: a partial edit is not judged', yaml: 'presto_version: "0.180"\n' },
    ],
    invalid: [
      {
        name: 'spark version beside presto_version, which marks a Presto cluster',
        yaml: 'presto_version: "0.193"\nspark_version: 2.2-latest\n',
        findings: [{ messageId: 'sparkVersion', line: 2, column: 16, data: { value: '"2.2-latest"', kind: 'Presto' } }],
      },
      {
        name: 'presto version on a Spark cluster',
        example: true,
        yaml: 'spark_version: 2.1.0\npresto_version: "0.193"\nhadoop_settings:\n  use_spark: true\n',
        findings: [{ messageId: 'prestoVersion', line: 2, column: 17, data: { value: '"0.193"', kind: 'Spark' } }],
      },
      {
        name: 'spark version on a Hadoop 2 cluster',
        yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_hadoop2: true\n',
        findings: [{ messageId: 'sparkVersion', line: 1, column: 16, data: { value: '"2.1.0"', kind: 'Hadoop 2' } }],
      },
    ],
  },
});
