import { defineRule } from '../../src/define-rule.js';
import type { BootstrapFact } from '../../src/types.js';
import { claimant } from '../support/rule-helpers.js';

const BOOTSTRAP = '# dplint: operation=set-bootstrap\n';
const ACCOUNT_LEVEL = `${BOOTSTRAP}script: |\n  SET hive.exec.parallel=true;\n  SET mapred.reduce.tasks=8;\nis_user_bootstrap: false\n`;

export default defineRule({
  id: 'repository/bootstrap-override',
  stage: 'repository',
  severity: 'info',
  docs: {
    summary: 'The user-level Hive bootstrap sets keys the account-level bootstrap also sets; the user-level values win.',
    rationale: 'Spec 1: "The user-level bootstrap loads after the account-level one; on duplicate entries the user-level one wins."',
    fix: 'Nothing to fix if intended; otherwise remove the key from one of the two scripts.',
  },
  messages: {
    overrides: 'this user-level bootstrap sets {{keys}}, also set by the account-level bootstrap in {{files}}; the user-level values win',
  },
  checkFacts(report) {
    const scripts: Array<{ file: string; bootstrap: BootstrapFact }> = [];
    return {
      file(name, fact) {
        for (const bootstrap of fact.bootstraps ?? []) scripts.push({ file: name, bootstrap });
      },
      end() {
        const accountLevel = scripts.filter(({ bootstrap }) => !bootstrap.userLevel);
        const accountKeys = new Set(accountLevel.flatMap(({ bootstrap }) => bootstrap.keys.map((k) => k.key)));
        const accountFiles = accountLevel.map(({ file, bootstrap }) => claimant(file, bootstrap.document));
        for (const { file, bootstrap } of scripts) {
          if (!bootstrap.userLevel) continue;
          const overridden = bootstrap.keys.filter((k) => accountKeys.has(k.key));
          if (overridden.length > 0) report(file, 'overrides', () => ({ keys: overridden.map((k) => k.key).join(', '), files: accountFiles.join(', ') }), overridden[0]);
        }
      },
    };
  },
  cases: {
    valid: [
      { name: 'keys of its own', yaml: `${BOOTSTRAP}script: |\n  SET hive.cli.print.header=true;\nis_user_bootstrap: true\n`, otherFiles: { 'bootstrap/account.yaml': ACCOUNT_LEVEL } },
    ],
    invalid: [
      {
        name: 'the finding points at the SET line of the first key overridden',
        yaml: `${BOOTSTRAP}script: |\n  SET hive.cli.print.header=true;\n\n  SET mapred.reduce.tasks=32;\n  SET hive.exec.parallel=false;\nis_user_bootstrap: true\n`,
        otherFiles: { 'bootstrap/account.yaml': ACCOUNT_LEVEL },
        findings: [{ messageId: 'overrides', line: 5, column: 3, data: { keys: 'mapred.reduce.tasks, hive.exec.parallel', files: 'bootstrap/account.yaml' } }],
      },
      {
        name: 'a key the account-level bootstrap sets',
        example: true,
        yaml: `${BOOTSTRAP}script: |\n  set mapred.reduce.tasks=32;\n  SET hive.cli.print.header=true;\nis_user_bootstrap: true\n`,
        otherFiles: { 'bootstrap/account.yaml': ACCOUNT_LEVEL },
        findings: [{ messageId: 'overrides', line: 3, column: 3, data: { keys: 'mapred.reduce.tasks', files: 'bootstrap/account.yaml' } }],
      },
    ],
  },
});
