import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';

const DEPRECATED = ['1.3.1', '1.4.0', '1.4.1', '1.5.0'];

export default defineRule({
  id: 'cluster/deprecated-spark-version',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'spark_version names a deprecated Spark version.',
    rationale:
      'Spec 4.11: `spark_version` "values 1.5.1, 1.6.0, 1.6.1, 1.6.2, 2.0.0, 2.0.2, 2.1.0, 2.1-latest, 2.2-latest; deprecated: 1.3.1, 1.4.0, 1.4.1, 1.5.0". The schema accepts the deprecated versions; this rule warns about them.',
    fix: 'Move the cluster to a supported version, such as 1.5.1 for the closest 1.x release or 2.2-latest, after testing the cluster\'s jobs on it.',
  },
  messages: {
    deprecated: 'spark_version "{{value}}" is deprecated; use a supported version (1.5.1, 1.6.0, 1.6.1, 1.6.2, 2.0.0, 2.0.2, 2.1.0, 2.1-latest or 2.2-latest)',
  },
  defaultOptions: {},
  check({ body, report }) {
    const version = getIn(body, ['spark_version']);
    if (typeof version === 'string' && DEPRECATED.includes(version)) {
      report({ messageId: 'deprecated', path: ['spark_version'], data: { value: version } });
    }
  },
  cases: {
    valid: [
      { name: 'supported version', yaml: 'spark_version: 1.6.2\nhadoop_settings:\n  use_spark: true\n' },
      { name: 'no version', yaml: 'label: [spark]\n' },
    ],
    invalid: [
      {
        name: 'Spark 1.5.0',
        example: true,
        yaml: 'spark_version: 1.5.0\nhadoop_settings:\n  use_spark: true\n',
        findings: [{ messageId: 'deprecated', line: 1, column: 16, data: { value: '1.5.0' } }],
      },
      {
        name: 'Spark 1.3.1, quoted',
        yaml: 'spark_version: "1.3.1"\n',
        findings: [{ messageId: 'deprecated', line: 1, column: 16, data: { value: '1.3.1' } }],
      },
    ],
  },
});
