import { kindName } from '../support/cluster-kind.js';
import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

const AIRFLOW_MEMBERS = ['dbtap_id', 'fernet_key', 'overrides'] as const;

export default defineRule({
  id: 'cluster/airflow-only-settings',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'engine_config sets an Airflow member (dbtap_id, fernet_key, overrides) on a cluster that is not Airflow.',
    rationale:
      'Spec 2.6: `engine_config` has, "for airflow also `dbtap_id` (integer), `fernet_key` (string secret), `overrides` (string of key=value lines separated by newline)". On a cluster of another kind these members are not used. Reported only when the body marks the cluster as another kind (engine_config.type hadoop2, use_hadoop2, use_spark, enable_presto).',
    fix: 'Remove the Airflow members from engine_config, or set engine_config.type to airflow if this is an Airflow cluster.',
  },
  messages: {
    notAirflow: 'engine_config.{{member}} only applies to Airflow clusters; this body configures a {{kind}} cluster, so it has no effect. Remove it',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const engine = getIn(body, ['engine_config']);
    if (!isObject(engine) || clusterKind === 'unknown' || clusterKind === 'airflow') return;
    for (const member of AIRFLOW_MEMBERS) {
      if (!isUnset(engine[member])) report({ messageId: 'notAirflow', path: ['engine_config', member], data: { member, kind: kindName(clusterKind) } });
    }
  },
  cases: {
    valid: [
      { name: 'Airflow', yaml: 'engine_config:\n  type: airflow\n  dbtap_id: 9670\n  overrides: core.dag_concurrency=32\n' },
      { name: 'kind unknown', yaml: 'engine_config:\n  dbtap_id: 9670\n' },
    ],
    invalid: [
      {
        name: 'data store on a Hadoop 2 engine',
        example: true,
        yaml: 'engine_config:\n  type: hadoop2\n  dbtap_id: 9670\n',
        findings: [{ messageId: 'notAirflow', line: 3, column: 13, data: { member: 'dbtap_id', kind: 'Hadoop 2' } }],
      },
      {
        name: 'Airflow overrides on a Spark cluster',
        yaml: 'spark_version: 2.2-latest\nhadoop_settings:\n  use_spark: true\nengine_config:\n  overrides: core.dag_concurrency=32\n',
        findings: [{ messageId: 'notAirflow', line: 5, column: 14, data: { member: 'overrides', kind: 'Spark' } }],
      },
    ],
  },
});
