import { defineRule } from '../../src/define-rule.js';
import { kindMarkers, type KindMarker, kindName, ON_HADOOP2 } from '../support/cluster-kind.js';
import { fieldName } from '../../src/parse/pointer.js';

/** Hadoop 2 agrees with the kinds that run on it (ON_HADOOP2). */
function compatible(a: KindMarker['kind'], b: KindMarker['kind']): boolean {
  if (a === b) return true;
  if (a === 'hadoop2') return ON_HADOOP2.has(b);
  if (b === 'hadoop2') return ON_HADOOP2.has(a);
  return false;
}

function describeMarker(marker: KindMarker): string {
  return marker.path[1] === 'type' ? `${fieldName(marker.path)}: ${marker.kind}` : `${fieldName(marker.path)}: true`;
}

export default defineRule({
  id: 'cluster/conflicting-kind',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'The body marks the cluster as two different kinds at once (for example Presto and Spark, or Airflow and Hadoop 2).',
    rationale:
      'A cluster has one kind, and the body says which: spec 4.11.3 `use_hadoop2` "true required for Hadoop 2 clusters", `use_spark` "true required for Spark clusters"; spec 4.11 `presto_settings` "enable_presto (boolean)"; spec 2.6 `engine_config.type` "values seen: airflow, hadoop2". Two markers of different kinds cannot both hold. Spark runs on Hadoop 2, so `use_spark: true` together with `use_hadoop2: true` (or `engine_config.type: hadoop2`) is one Spark cluster, not a conflict; likewise `enable_presto: true` with `use_hadoop2: true`, which real Presto bodies send.',
    fix: 'Keep the marker of the kind the cluster is and remove (or set to false) the other one. To change a cluster into another kind, create a new cluster instead.',
  },
  messages: {
    conflict: '{{second}} marks the cluster as {{secondKind}}, but {{first}} already marks it as {{firstKind}}; a cluster has one kind. Keep one of the two markers',
  },
  defaultOptions: {},
  check({ body, report }) {
    const markers = kindMarkers(body);
    // Each marker against the first earlier one it disagrees with; most bodies have one marker or none.
    for (let index = 1; index < markers.length; index++) {
      const marker = markers[index];
      let earlier: KindMarker | undefined;
      for (let i = 0; i < index && earlier === undefined; i++) if (!compatible(markers[i].kind, marker.kind)) earlier = markers[i];
      if (!earlier) continue;
      report({
        messageId: 'conflict',
        path: marker.path,
        data: { first: describeMarker(earlier), firstKind: kindName(earlier.kind), second: describeMarker(marker), secondKind: kindName(marker.kind) },
      });
    }
  },
  cases: {
    valid: [
      { name: 'one marker', yaml: 'presto_version: "0.193"\npresto_settings:\n  enable_presto: true\n' },
      { name: 'Spark on Hadoop 2', yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_hadoop2: true\n  use_spark: true\n' },
      { name: 'Presto on Hadoop 2, as real Presto bodies send it', yaml: 'presto_version: "0.193"\nhadoop_settings:\n  use_hadoop2: true\n  use_spark: false\npresto_settings:\n  enable_presto: true\n' },
      { name: 'Hadoop 2 twice', yaml: 'hadoop_settings:\n  use_hadoop2: true\nengine_config:\n  type: hadoop2\n' },
      { name: 'false markers say nothing', yaml: 'presto_version: "0.193"\nhadoop_settings:\n  use_spark: false\npresto_settings:\n  enable_presto: true\n' },
    ],
    invalid: [
      {
        name: 'Presto and Spark',
        example: true,
        yaml: 'hadoop_settings:\n  use_spark: true\npresto_settings:\n  enable_presto: true\n',
        findings: [
          {
            messageId: 'conflict',
            line: 4,
            column: 18,
            data: { first: 'hadoop_settings.use_spark: true', firstKind: 'Spark', second: 'presto_settings.enable_presto: true', secondKind: 'Presto' },
          },
        ],
      },
      {
        name: 'Airflow engine on a Hadoop 2 cluster',
        example: true,
        yaml: 'hadoop_settings:\n  use_hadoop2: true\nengine_config:\n  type: airflow\n',
        findings: [
          {
            messageId: 'conflict',
            line: 4,
            column: 9,
            data: { first: 'hadoop_settings.use_hadoop2: true', firstKind: 'Hadoop 2', second: 'engine_config.type: airflow', secondKind: 'Airflow' },
          },
        ],
      },
      {
        name: 'three kinds: each later marker names the first it conflicts with',
        yaml: 'hadoop_settings:\n  use_spark: true\n  use_hadoop2: true\npresto_settings:\n  enable_presto: true\nengine_config:\n  type: airflow\n',
        findings: [
          { messageId: 'conflict', line: 5, column: 18 },
          { messageId: 'conflict', line: 7, column: 9 },
        ],
      },
    ],
  },
});
