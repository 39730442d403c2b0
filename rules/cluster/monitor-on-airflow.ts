import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/monitor-on-airflow',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'monitor_settings tokens are set on an Airflow cluster, where they do not apply.',
    rationale:
      'Spec 4.11: `monitor_settings` (monitor_api_token, monitor_app_token) is "for Hadoop 1, Hadoop 2, Presto and Spark clusters". Airflow is not among them, so the tokens have no effect there. Reported only when the body marks the cluster as Airflow (`engine_config.type: airflow`).',
    fix: 'Remove monitor_settings from the Airflow cluster\'s body (and do not keep the tokens in the file).',
  },
  messages: {
    airflow: 'monitor_settings applies to Hadoop 1, Hadoop 2, Presto and Spark clusters, not to this Airflow cluster, so {{tokens}} has no effect; remove monitor_settings',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const monitor = getIn(body, ['monitor_settings']);
    if (clusterKind !== 'airflow' || !isObject(monitor)) return;
    const tokens = ['monitor_api_token', 'monitor_app_token'].filter((name) => {
      const value = monitor[name];
      return !isUnset(value) && !(typeof value === 'string' && value.trim() === '');
    });
    if (tokens.length === 0) return;
    report({ messageId: 'airflow', path: ['monitor_settings'], data: { tokens: tokens.join(' and ') } });
  },
  cases: {
    valid: [
      { name: 'Spark cluster', yaml: 'spark_version: 2.2-latest\nhadoop_settings:\n  use_spark: true\nmonitor_settings:\n  monitor_api_token: ${MONITOR_API_TOKEN}\n' },
      { name: 'Airflow without tokens', yaml: 'engine_config:\n  type: airflow\nmonitor_settings:\n  monitor_api_token: null\n' },
    ],
    invalid: [
      {
        name: 'Airflow with a token',
        example: true,
        yaml: 'engine_config:\n  type: airflow\n  dbtap_id: 9670\nmonitor_settings:\n  monitor_api_token: ${MONITOR_API_TOKEN}\n',
        findings: [{ messageId: 'airflow', line: 4, column: 1, data: { tokens: 'monitor_api_token' } }],
      },
    ],
  },
});
