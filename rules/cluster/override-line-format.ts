import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { fieldName } from '../../src/parse/pointer.js';
import { describeValue, isKnown } from '../../src/schema/values.js';

type Format = 'properties' | 'spark' | 'presto' | 'airflow';

const FIELDS: ReadonlyArray<{ path: string[]; format: Format }> = [
  { path: ['hadoop_settings', 'custom_config'], format: 'properties' },
  { path: ['spark_settings', 'custom_config'], format: 'spark' },
  { path: ['presto_settings', 'custom_config'], format: 'presto' },
  { path: ['engine_config', 'overrides'], format: 'airflow' },
];

const EXPECTED: Record<Format, string> = {
  properties: 'key=value',
  spark: 'key=value (or "key value")',
  presto: 'key=value (under a file header such as config.properties:)',
  airflow: 'section.property=value',
};

/** `config.properties:`, `catalog/hive.properties:`, `jvm.config:`, `bootstrap-file-path:` */
const FILE_HEADER = /^[\w./-]+:$/;
/** A line that may carry a credential is shown by its key only. */
const SENSITIVE = /secret|password|passwd|token|credential|private/i;

interface Problem {
  line: number;
  messageId: 'notKeyValue' | 'noSection';
  text: string;
  /** The line's text in the value, blanks around it left out: where the finding points. */
  within: { start: number; end: number };
}

function problems(text: string, format: Format): Problem[] {
  const found: Problem[] = [];
  // Presto sections other than *.properties (jvm.config, bootstrap-file-path, bootstrap.properties) hold free text.
  let freeSection = false;
  // Line by line from the text, not split: a line's `\r` before its `\n` goes with the trim.
  for (let start = 0, index = 0; start <= text.length; index++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end);
    const line = raw.trim();
    const lineStart = start;
    start = end + 1;
    if (line === '' || line.startsWith('#')) continue;
    if ((format === 'presto' || format === 'spark') && FILE_HEADER.test(line)) {
      const file = line.slice(0, -1);
      freeSection = format === 'presto' && (!file.endsWith('.properties') || file.endsWith('bootstrap.properties'));
      continue;
    }
    if (freeSection) continue;
    // Spark also takes the spark-defaults.conf form "key value": the key ends at the first space or =.
    const cut = format === 'spark' ? line.search(/[\s=]/) : line.indexOf('=');
    const key = cut > 0 ? line.slice(0, cut).trim() : '';
    if (key === '' || /\s/.test(key)) found.push({ line: index + 1, messageId: 'notKeyValue', text: line, within: trimmed(lineStart, raw, line) });
    else if (format === 'airflow' && !key.includes('.')) found.push({ line: index + 1, messageId: 'noSection', text: key, within: trimmed(lineStart, raw, line) });
  }
  return found;
}

/** Where a line's text (`line`: `raw` trimmed) lies in the value, `raw` starting at `start`: worked out only for a line reported. */
function trimmed(start: number, raw: string, line: string): { start: number; end: number } {
  const lead = raw.length - raw.trimStart().length;
  return { start: start + lead, end: start + lead + line.length };
}

function shown(text: string): string {
  if (!SENSITIVE.test(text)) return describeValue(text);
  return `${describeValue(text.split(/[\s=:]/, 1)[0])} (rest not shown: it may hold a credential)`;
}

export default defineRule({
  id: 'cluster/override-line-format',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'A configuration override string (custom_config of Hadoop, Spark or Presto, Airflow overrides) has a line that is not a key=value setting.',
    rationale:
      'Spec 2.6: Airflow `overrides` is a "string of key=value lines separated by newline"; spec 4.11.3 `custom_config` holds "Hadoop overrides, default blank", and spec 4.11 gives `custom_config` of spark_settings and presto_settings as "string, default blank". The spec gives no line format beyond Airflow\'s, so dplint reads all of them as key=value lines (blank lines and # comments allowed) and accepts the forms real files use: Spark lines may also be written "key value" as in spark-defaults.conf, under an optional file header such as `spark-defaults.conf:`; Presto overrides are grouped under file headers, as a real Presto create body sends them (`config.properties:`, `catalog/hive.properties:`, `bootstrap-file-path:`), where *.properties sections hold key=value lines and `jvm.config:`, `bootstrap.properties:` and `bootstrap-file-path:` sections hold free text. Airflow keys name their section (`core.dag_concurrency=32`). A line that does not parse is very probably lost or mangled when the cluster starts.',
    fix: 'Write one setting per line as key=value; put comments on their own line after #. For Presto, start each group of settings with its file header, for example "config.properties:".',
  },
  messages: {
    notKeyValue: '{{field}} line {{line}} is not a setting of the form {{expected}}: {{content}}{{more}}; write one setting per line (blank lines and # comments are allowed)',
    noSection: '{{field}} line {{line}} key {{content}} has no section{{more}}; Airflow overrides are written section.property=value, for example core.dag_concurrency=32',
  },
  defaultOptions: {},
  check({ body, report }) {
    for (const { path, format } of FIELDS) {
      const value = getIn(body, path);
      if (typeof value !== 'string' || !isKnown(value)) continue;
      const found = problems(value, format);
      if (found.length === 0) continue;
      const [first] = found;
      const others = found.length - 1;
      report({
        messageId: first.messageId,
        path,
        within: first.within,
        data: {
          field: fieldName(path),
          line: first.line,
          content: shown(first.text),
          expected: EXPECTED[format],
          more: others === 0 ? '' : ` (and ${others} more line${others === 1 ? '' : 's'} like it)`,
        },
      });
    }
  },
  cases: {
    valid: [
      {
        name: 'Hadoop overrides with a comment and a blank line',
        yaml: 'hadoop_settings:\n  custom_config: |\n    # bigger containers\n    mapreduce.map.memory.mb=2048\n\n    mapreduce.reduce.memory.mb = 4096\n',
      },
      {
        name: 'Presto overrides by file, as real clients send them',
        yaml:
          'presto_version: "0.193"\npresto_settings:\n  enable_presto: true\n  custom_config: "config.properties:\\nascm.enabled=true\\ncatalog/hive.properties:\\nhive.parquet.use-column-names=true\\nbootstrap-file-path:\\ns3://bucket/scripts/presto_bootstrap.sh"\n',
      },
      {
        name: 'Spark properties in both forms',
        yaml: 'spark_version: 2.2-latest\nhadoop_settings:\n  use_spark: true\nspark_settings:\n  custom_config: |\n    spark-defaults.conf:\n    spark.executor.memory 4g\n    spark.driver.memory=2g\n    spark.driver.extraJavaOptions -Dlog4j.configuration=log4j.properties\n',
      },
      { name: 'Airflow overrides', yaml: 'engine_config:\n  type: airflow\n  overrides: "core.dag_concurrency=32\\nwebserver.workers=4"\n' },
      { name: 'blank', yaml: 'hadoop_settings:\n  custom_config: ""\n' },
    ],
    invalid: [
      {
        name: 'a Hadoop line without =',
        example: true,
        yaml: 'hadoop_settings:\n  custom_config: "mapreduce.map.memory.mb=2048\\nmapreduce.reduce.memory.mb 4096"\n',
        findings: [
          {
            messageId: 'notKeyValue',
            line: 2,
            column: 49,
            data: { field: 'hadoop_settings.custom_config', line: 2, content: '"mapreduce.reduce.memory.mb 4096"', expected: 'key=value', more: '' },
          },
        ],
      },
      {
        name: 'Windows line ends: lines counted as written',
        yaml: 'hadoop_settings:\n  custom_config: "dfs.replication=2\\r\\n\\r\\nmapreduce.reduce.memory.mb 4096\\r\\n"\n',
        findings: [
          {
            messageId: 'notKeyValue',
            line: 2,
            column: 44,
            data: { field: 'hadoop_settings.custom_config', line: 3, content: '"mapreduce.reduce.memory.mb 4096"', expected: 'key=value', more: '' },
          },
        ],
      },
      {
        name: 'XML pasted into Hadoop overrides',
        yaml: 'hadoop_settings:\n  custom_config: |\n    <property>\n      <name>mapreduce.map.memory.mb</name>\n      <value>2048</value>\n    </property>\n',
        findings: [
          {
            messageId: 'notKeyValue',
            line: 3,
            column: 5,
            data: { field: 'hadoop_settings.custom_config', line: 1, content: '"<property>"', expected: 'key=value', more: ' (and 3 more lines like it)' },
          },
        ],
      },
      {
        name: 'the finding points at the line of a block that is wrong, not at the |',
        example: true,
        yaml: 'spark_version: 2.2-latest\nhadoop_settings:\n  use_spark: true\nspark_settings:\n  custom_config: |\n    spark.executor.memory 4g\n\n    # driver\n      =2g\n',
        findings: [
          {
            messageId: 'notKeyValue',
            line: 9,
            column: 7,
            data: { field: 'spark_settings.custom_config', line: 4, content: '"=2g"', expected: 'key=value (or "key value")', more: '' },
          },
        ],
      },
      {
        name: 'a line of a folded Airflow override',
        yaml: 'engine_config:\n  type: airflow\n  overrides: >-\n    core.dag_concurrency=32\n\n    workers=4\n',
        findings: [{ messageId: 'noSection', line: 6, column: 5, data: { field: 'engine_config.overrides', line: 2, content: '"workers"', expected: 'section.property=value', more: '' } }],
      },
      {
        name: 'a Presto properties line without =',
        yaml: 'presto_settings:\n  custom_config: "config.properties:\\nquery.max-memory 50GB"\n',
        findings: [{ messageId: 'notKeyValue', line: 2, column: 39 }],
      },
      {
        name: 'a Spark line with a key only',
        yaml: 'spark_settings:\n  custom_config: "spark.executor.memory"\n',
        findings: [{ messageId: 'notKeyValue', line: 2, column: 19 }],
      },
      {
        name: 'an Airflow key without its section',
        example: true,
        yaml: 'engine_config:\n  type: airflow\n  overrides: "dag_concurrency=32"\n',
        findings: [
          { messageId: 'noSection', line: 3, column: 15, data: { field: 'engine_config.overrides', line: 1, content: '"dag_concurrency"', expected: 'section.property=value', more: '' } },
        ],
      },
      {
        name: 'a line that may hold a credential is not echoed',
        yaml: 'hadoop_settings:\n  custom_config: "fs.s3a.secret.key wJalrXUtnFEMI"\n',
        findings: [
          {
            messageId: 'notKeyValue',
            line: 2,
            column: 19,
            data: {
              field: 'hadoop_settings.custom_config',
              line: 1,
              content: '"fs.s3a.secret.key" (rest not shown: it may hold a credential)',
              expected: 'key=value',
              more: '',
            },
          },
        ],
      },
    ],
  },
});
