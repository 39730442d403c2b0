import { kindName } from '../support/cluster-kind.js';
import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { describeValue, isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/zeppelin-mode-spark-only',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'zeppelin_interpreter_mode is set on a cluster that is not Spark.',
    rationale:
      'Spec 4.11: `zeppelin_interpreter_mode` is "Spark only; default legacy; user enables user-level resource management on notebooks". On another kind of cluster the setting has no effect. Reported only when the body marks the cluster\'s kind.',
    fix: 'Remove zeppelin_interpreter_mode, or make the cluster a Spark cluster if notebooks are meant to run on it.',
  },
  messages: {
    notSpark: 'zeppelin_interpreter_mode {{value}} only applies to Spark clusters; this body configures a {{kind}} cluster, so it has no effect. Remove it',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const mode = getIn(body, ['zeppelin_interpreter_mode']);
    if (isUnset(mode) || clusterKind === 'unknown' || clusterKind === 'spark') return;
    report({ messageId: 'notSpark', path: ['zeppelin_interpreter_mode'], data: { value: describeValue(mode), kind: kindName(clusterKind) } });
  },
  cases: {
    valid: [
      { name: 'Spark cluster', yaml: 'spark_version: 2.2-latest\nzeppelin_interpreter_mode: user\nhadoop_settings:\n  use_spark: true\n' },
      { name: 'kind not given in the body', yaml: 'zeppelin_interpreter_mode: legacy\n' },
    ],
    invalid: [
      {
        name: 'Presto cluster',
        example: true,
        yaml: 'presto_version: "0.193"\nzeppelin_interpreter_mode: user\npresto_settings:\n  enable_presto: true\n',
        findings: [{ messageId: 'notSpark', line: 2, column: 28, data: { value: '"user"', kind: 'Presto' } }],
      },
      {
        name: 'Hadoop 1 cluster',
        yaml: 'zeppelin_interpreter_mode: legacy\nhadoop_settings:\n  use_hadoop2: false\n',
        findings: [{ messageId: 'notSpark', line: 1, column: 28, data: { value: '"legacy"', kind: 'Hadoop 1' } }],
      },
    ],
  },
});
