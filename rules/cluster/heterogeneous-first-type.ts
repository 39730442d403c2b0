import { defineRule } from '../../src/define-rule.js';
import { getIn, isObject } from '../support/rule-helpers.js';
import { describeValue, isKnown, isUnset } from '../../src/schema/values.js';

// Spec 4.11.2 slave_instance_type: "default m1.xlarge (Hadoop-1, Hadoop-2, Presto), m3.2xlarge (Spark)". Only the kinds
// that take heterogeneous_instance_config: on the others cluster/heterogeneous-config-kind already reports it.
const DEFAULT_SLAVE_TYPE: Record<string, { type: string; kind: string } | undefined> = {
  hadoop2: { type: 'm1.xlarge', kind: 'Hadoop 2' },
  spark: { type: 'm3.2xlarge', kind: 'Spark' },
};

export default defineRule({
  id: 'cluster/heterogeneous-first-type',
  appliesTo: ['edit-cluster'],
  severity: 'error',
  docs: {
    summary: 'The first heterogeneous_instance_config.memory entry is not the worker instance type (slave_instance_type).',
    rationale:
      'Spec 4.11.2, `heterogeneous_instance_config`: "the first entry equals slave_instance_type and has weight 1.0; later types are tried when earlier ones are unavailable". When slave_instance_type is not set, its default applies: "default m1.xlarge (Hadoop-1, Hadoop-2, Presto), m3.2xlarge (Spark)"; when the cluster kind is not known from the body, the default is not known either and nothing is reported.',
    fix: 'Make the first memory entry the worker type (slave_instance_type), or set slave_instance_type to the type you list first.',
  },
  messages: {
    notSlaveType:
      'node_configuration.heterogeneous_instance_config.memory[0].instance_type must equal slave_instance_type {{expected}}; got {{actual}}. List the worker type first or change slave_instance_type',
    notDefaultSlaveType:
      'node_configuration.heterogeneous_instance_config.memory[0].instance_type must equal slave_instance_type, which is not set and defaults to {{expected}} on {{kind}} clusters; got {{actual}}. Set slave_instance_type or list {{expected}} first',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    const nodes = getIn(body, ['node_configuration']);
    if (!isObject(nodes)) return;
    const first = getIn(nodes, ['heterogeneous_instance_config', 'memory', 0, 'instance_type']);
    if (typeof first !== 'string' || !isKnown(first)) return;
    const path = ['node_configuration', 'heterogeneous_instance_config', 'memory', 0, 'instance_type'];
    const slave = nodes.slave_instance_type;
    if (isUnset(slave)) {
      const fallback = DEFAULT_SLAVE_TYPE[clusterKind];
      if (fallback && first !== fallback.type) {
        report({ messageId: 'notDefaultSlaveType', path, data: { expected: describeValue(fallback.type), kind: fallback.kind, actual: describeValue(first) } });
      }
      return;
    }
    if (typeof slave !== 'string' || !isKnown(slave) || first === slave) return;
    report({ messageId: 'notSlaveType', path, data: { expected: describeValue(slave), actual: describeValue(first) } });
  },
  cases: {
    valid: [
      {
        name: 'first entry is the worker type',
        yaml: 'node_configuration:\n  slave_instance_type: m4.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - instance_type: m4.xlarge\n        weight: 1.0\n      - instance_type: m4.2xlarge\n        weight: 2.0\n',
      },
      {
        name: 'Spark default worker type',
        yaml: 'spark_version: 2.1.0\nhadoop_settings:\n  use_spark: true\nnode_configuration:\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m3.2xlarge, weight: 1.0}\n',
      },
      {
        name: 'kind unknown and worker type unset',
        yaml: 'node_configuration:\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
      },
      {
        name: 'worker type from a placeholder',
        yaml: 'node_configuration:\n  slave_instance_type: ${WORKER_TYPE}\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
      },
    ],
    invalid: [
      {
        name: 'first entry differs from the worker type',
        example: true,
        yaml: 'node_configuration:\n  slave_instance_type: m1.xlarge\n  heterogeneous_instance_config:\n    memory:\n      - instance_type: m4.4xlarge\n        weight: 1.0\n      - instance_type: m4.2xlarge\n        weight: 0.5\n',
        findings: [{ messageId: 'notSlaveType', line: 5, column: 24, data: { expected: '"m1.xlarge"', actual: '"m4.4xlarge"' } }],
      },
      {
        name: 'Hadoop 2 default worker type',
        yaml: 'hadoop_settings:\n  use_hadoop2: true\nnode_configuration:\n  heterogeneous_instance_config:\n    memory:\n      - {instance_type: m4.xlarge, weight: 1.0}\n',
        findings: [{ messageId: 'notDefaultSlaveType', line: 6, column: 25, data: { expected: '"m1.xlarge"', kind: 'Hadoop 2', actual: '"m4.xlarge"' } }],
      },
    ],
  },
});
