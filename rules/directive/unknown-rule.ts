import { defineRule } from '../../src/define-rule.js';

export default defineRule({
  id: 'directive/unknown-rule',
  stage: 'directive',
  severity: 'warning',
  docs: {
    summary: 'An inline directive names a rule id that does not exist.',
    rationale:
      'A directive names rules by their "stable, kebab-case, namespaced" ids (DESIGN.md, "Findings"). A misspelt rule id silences nothing, so the finding it was meant for still fails the run.',
    fix: 'Use an id from `dplint rules` (or `policy/<id>` for a policy of the config file).',
  },
  messages: {
    // `hint` is "did you mean" the closest rule id, or where the ids are listed.
    notARule: 'dplint-{{kind}} names "{{id}}", which is not a rule; {{hint}}',
  },
  cases: {
    valid: [{ name: 'a rule id dplint has', yaml: '# dplint: operation=edit-cluster\n# dplint-disable-next-line cluster/idle-timeout-zero\nlabel: [etl]\n' }],
    invalid: [
      {
        name: 'a misspelt rule id',
        example: true,
        yaml: '# dplint: operation=edit-cluster\nnode_configuration:\n  # dplint-disable-next-line cluster/idle-timeout-zer0\n  idle_cluster_timeout: 0\n',
        findings: [{ messageId: 'notARule', line: 3, column: 3, data: { kind: 'disable-next-line', id: 'cluster/idle-timeout-zer0', hint: 'did you mean "cluster/idle-timeout-zero"?' } }],
      },
    ],
  },
});
