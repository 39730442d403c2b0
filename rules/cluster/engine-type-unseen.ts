import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { closest, describeValue, isKnown } from '../../src/schema/values.js';

/** The engine types the spec shows (spec 2.6: "values seen: airflow, hadoop2"). */
const SEEN = ['hadoop2', 'airflow'];

export default defineRule({
  id: 'cluster/engine-type-unseen',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  hasSuggestions: true,
  docs: {
    summary: 'engine_config.type is a value the spec has not shown (it shows airflow and hadoop2).',
    rationale:
      'Spec 2.6: engine_config has "`type` (string; values seen: airflow, hadoop2)"; spec 4.11 sends "`type` = airflow" in its Airflow edit. "Values seen" is not a closed list, so another value is not an error the spec\'s words make; it is dplint\'s reading that it is most likely a slip (Spark and Presto clusters are chosen by hadoop_settings.use_spark and presto_settings.enable_presto, not by engine_config.type), and that a value the API does not know would not configure the engine meant.',
    fix: 'Write hadoop2 or airflow; for a Spark or Presto cluster, remove engine_config.type and set hadoop_settings.use_spark or presto_settings.enable_presto instead.',
  },
  messages: {
    unseen: 'engine_config.type {{value}} is not a value the spec shows (it has seen "airflow" and "hadoop2"); dplint reads it as a slip. Spark and Presto clusters are chosen by hadoop_settings.use_spark and presto_settings.enable_presto',
    didYouMean: 'engine_config.type {{value}} is not a value the spec shows (it has seen "airflow" and "hadoop2"); did you mean "{{guess}}"?',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['engine_config', 'type'];
    const type = getIn(body, path);
    // Another type than a string is the schema's; a placeholder is known only at deploy time.
    if (typeof type !== 'string' || !isKnown(type) || SEEN.includes(type)) return;
    const guess = closest(type, SEEN);
    if (guess) report({ messageId: 'didYouMean', path, data: { value: describeValue(type), guess }, suggestions: [{ kind: 'replaceValue', value: guess, desc: `Change to "${guess}"` }] });
    else report({ messageId: 'unseen', path, data: { value: describeValue(type) } });
  },
  cases: {
    valid: [
      { name: 'airflow', yaml: 'engine_config:\n  type: airflow\n' },
      { name: 'hadoop2', yaml: 'engine_config:\n  type: hadoop2\n' },
      { name: 'a placeholder', yaml: 'engine_config:\n  type: ${ENGINE}\n' },
    ],
    invalid: [
      {
        name: 'spark: a value the spec has not shown, a warning',
        example: true,
        yaml: 'engine_config:\n  type: spark\n',
        findings: [{ messageId: 'unseen', line: 2, column: 9, data: { value: '"spark"' } }],
      },
      {
        name: 'a misspelt value',
        yaml: 'engine_config:\n  type: Airflow\n',
        findings: [
          {
            messageId: 'didYouMean',
            line: 2,
            column: 9,
            data: { value: '"Airflow"', guess: 'airflow' },
            suggestions: [{ desc: 'Change to "airflow"', output: 'engine_config:\n  type: airflow\n' }],
          },
        ],
      },
    ],
  },
});
