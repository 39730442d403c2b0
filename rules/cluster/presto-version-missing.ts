import { defineRule } from '../../src/define-rule.js';
import { isObject } from '../support/rule-helpers.js';
import { isUnset } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/presto-version-missing',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'A body that marks the cluster as Presto (presto_settings.enable_presto: true) gives no presto_version.',
    rationale:
      'Spec 4.11: `presto_version` is "mandatory, Presto clusters only; values 0.157, 0.180 (default), 0.193". The spec says both "mandatory" and "default", so a body without it is not an error its words make: the API may take the default, 0.180. It is dplint\'s reading that the version belongs beside the marker that makes the cluster Presto, so that an edit does not leave the version to a default that may change. Judged only when the body itself says enable_presto: true; a partial edit without the marker is not judged.',
    fix: 'Add presto_version beside presto_settings (0.157, 0.180 or 0.193), or add `# dplint-disable-next-line cluster/presto-version-missing -- the default is meant` if the default is what you want.',
  },
  messages: {
    missing: 'presto_settings.enable_presto makes this a Presto cluster and presto_version is not given; the spec calls it both "mandatory" and "0.180 (default)", and dplint reads it as belonging beside the marker: add presto_version (0.157, 0.180 or 0.193)',
  },
  defaultOptions: {},
  check({ body, clusterKind, report }) {
    if (!isObject(body) || clusterKind !== 'presto' || !isUnset(body.presto_version)) return;
    report({ messageId: 'missing', path: ['presto_settings', 'enable_presto'] });
  },
  cases: {
    valid: [
      { name: 'Presto with its version', yaml: 'presto_version: "0.180"\npresto_settings:\n  enable_presto: true\n' },
      { name: 'no kind marker: a partial edit', yaml: 'presto_settings:\n  custom_config: ""\n' },
    ],
    invalid: [
      {
        name: 'Presto without presto_version',
        example: true,
        yaml: 'label: [adhoc]\npresto_settings:\n  enable_presto: true\n',
        findings: [{ messageId: 'missing', line: 3, column: 18 }],
      },
      {
        name: 'an explicit null is no version',
        yaml: 'presto_version: null\npresto_settings:\n  enable_presto: true\n',
        findings: [{ messageId: 'missing', line: 3, column: 18 }],
      },
    ],
  },
});
