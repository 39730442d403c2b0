import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown, isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/hive-settings-hadoop2-only',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'engine_config.hive_settings is given with an engine type other than hadoop2.',
    rationale:
      'Spec 2.6: `engine_config` has "`type` (string; values seen: airflow, hadoop2); for hadoop2 a `hive_settings` object (is_hs2, hive_version, ...)". HiveServer2 settings belong to a Hadoop 2 engine; an Airflow engine has `dbtap_id`, `fernet_key` and `overrides` instead. Without engine_config.type the engine is not known from the body, and nothing is reported.',
    fix: 'Remove hive_settings from an Airflow engine_config, or set engine_config.type to hadoop2 if this is a Hadoop 2 (HiveServer2) cluster.',
  },
  messages: {
    notHadoop2: 'engine_config.hive_settings only applies when engine_config.type is hadoop2; got type {{type}}. Remove hive_settings or correct the type',
  },
  defaultOptions: {},
  check({ body, report }) {
    const engine = getIn(body, ['engine_config']);
    if (!isObject(engine) || isUnset(engine.hive_settings)) return;
    const type = engine.type;
    if (typeof type !== 'string' || !isKnown(type) || type === 'hadoop2') return;
    report({ messageId: 'notHadoop2', path: ['engine_config', 'hive_settings'], data: { type: describeValue(type) } });
  },
  cases: {
    valid: [
      { name: 'HiveServer2 on Hadoop 2', yaml: 'engine_config:\n  type: hadoop2\n  hive_settings:\n    is_hs2: true\n    hive_version: 2.1.1\n' },
      { name: 'no type given', yaml: 'engine_config:\n  hive_settings:\n    is_hs2: true\n' },
    ],
    invalid: [
      {
        name: 'hive settings on Airflow',
        example: true,
        yaml: 'engine_config:\n  type: airflow\n  dbtap_id: 9670\n  hive_settings:\n    is_hs2: true\n',
        findings: [{ messageId: 'notHadoop2', line: 4, column: 3, data: { type: '"airflow"' } }],
      },
    ],
  },
});
