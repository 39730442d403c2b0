import { defineRule } from '../../src/define-rule.js';
import type { Located } from '../../src/types.js';
import { claimant } from '../support/rule-helpers.js';

const ACCOUNT = { 'account.yaml': '# dplint: operation=edit-account\naccount:\n  idle_cluster_timeout: 2\n' };
const CLUSTER = '# dplint: operation=edit-cluster\n';

export default defineRule({
  id: 'repository/idle-timeout-override',
  stage: 'repository',
  severity: 'info',
  docs: {
    summary: 'A cluster’s idle_cluster_timeout differs from the account default set in this repository.',
    rationale: 'Spec 4.4: idle_cluster_timeout is "account-level, overridable per cluster".',
    fix: 'Nothing to fix if intended; otherwise remove the cluster-level value to use the account default.',
  },
  messages: {
    overrides: 'node_configuration.idle_cluster_timeout {{value}} overrides the account default of {{accountValue}} {{hours}} set in {{file}}',
  },
  checkFacts(report) {
    let account: { file: string; at: Located } | undefined;
    return {
      file(name, fact) {
        // The documents of a stream are edits sent in order: the last one's timeout is the one in force.
        const last = fact.accountIdleTimeouts?.at(-1);
        if (!account && last) account = { file: name, at: last };
      },
      end(facts) {
        // No account timeout in the run: nothing to compare the clusters' with, and no second read.
        if (!account) return;
        const accountValue = account.at.value;
        const accountFile = claimant(account.file, account.at.document);
        for (const [file, fact] of facts) {
          for (const cluster of fact.clusterIdleTimeouts ?? []) {
            if (cluster.value !== accountValue) report(file, 'overrides', () => ({ value: cluster.value, accountValue, hours: accountValue === 1 ? 'hour' : 'hours', file: accountFile }), cluster);
          }
        }
      },
    };
  },
  cases: {
    valid: [{ name: 'the account default', yaml: `${CLUSTER}node_configuration:\n  idle_cluster_timeout: 2\n`, otherFiles: ACCOUNT }],
    invalid: [
      {
        name: 'another timeout than the account’s',
        example: true,
        yaml: `${CLUSTER}node_configuration:\n  idle_cluster_timeout: 4\n`,
        otherFiles: ACCOUNT,
        findings: [{ messageId: 'overrides', line: 3, column: 25, data: { value: 4, accountValue: 2, hours: 'hours', file: 'account.yaml' } }],
      },
      {
        name: 'an account default of one hour',
        yaml: `${CLUSTER}node_configuration:\n  idle_cluster_timeout: 3\n`,
        otherFiles: { 'account.yaml': '# dplint: operation=edit-account\naccount:\n  idle_cluster_timeout: 1\n' },
        findings: [{ messageId: 'overrides', line: 3, column: 25, data: { value: 3, accountValue: 1, hours: 'hour', file: 'account.yaml' } }],
      },
    ],
  },
});
