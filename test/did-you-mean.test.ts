import { describe, expect, test } from 'vitest';
import { explainRule } from '../src/api/explain.js';
import { lintText } from '../src/engine/lint.js';
import { closest } from '../src/schema/did-you-mean.js';
import { runCli } from './helpers/cli.js';
import { repo } from './helpers/repo.js';

describe('one ranking for every "did you mean"', () => {
  test.each([
    // A swap of two neighbouring letters is one edit.
    ['lable', ['cluster_name', 'label'], 'label'],
    // The word begins a candidate at a boundary of its parts.
    ['node_bootstrap', ['node_configuration', 'node_bootstrap_file'], 'node_bootstrap_file'],
    ['slave_instance', ['master_instance_type', 'slave_instance_type'], 'slave_instance_type'],
    ['2.2', ['2.0.0', '2.1-latest', '2.2-latest'], '2.2-latest'],
    // The word's parts are all parts of a candidate: a rule id without its namespace.
    ['spot-block-duration', ['cluster/spot-block-percentage', 'cluster/spot-block-duration'], 'cluster/spot-block-duration'],
    // Few edits beat a prefix: "labels" is one edit from "label", though "labels_x" begins with it.
    ['labels', ['labels_x', 'label'], 'label'],
    // Too short to take as a prefix, too far to be a typo.
    ['no', ['node_configuration'], undefined],
    ['xyz', ['label', 'cluster_name'], undefined],
  ])('%s among %j: %s', (word, candidates, expected) => {
    expect(closest(word, candidates)).toBe(expected);
  });
});

describe('members, enum values and rule ids get it', () => {
  const messages = (text: string) => lintText(text).findings.map((f) => `${f.line}:${f.column} ${f.ruleId} ${f.message}`);

  test('a misspelt member and a Spark version without its suffix', () => {
    expect(messages('# dplint: operation=edit-cluster\nlable: [etl]\nnode_bootstrap: boot.sh\n')).toEqual([
      '2:1 schema/unknown-member unknown member "lable" in the body: the spec does not list it; did you mean "label"?',
      '3:1 schema/unknown-member unknown member "node_bootstrap" in the body: the spec does not list it; did you mean "node_bootstrap_file"?',
    ]);
    expect(messages('# dplint: operation=edit-cluster\nnode_configuration:\n  slave_instance: m4.large\n')).toEqual([
      '3:3 schema/unknown-member unknown member "slave_instance" in node_configuration: the spec does not list it; did you mean "slave_instance_type"?',
    ]);
    expect(messages('# dplint: operation=edit-cluster\nspark_version: "2.2"\n')[0]).toMatch(/did you mean "2\.2-latest"\?/);
  });

  test("a guess is the schema's own: the same word in another object, or linted again, gets the guess of where it stands", () => {
    // validate-body.ts remembers each schema's guesses: a second lint must answer from the right schema.
    const text = '# dplint: operation=edit-cluster\nnode_configuration:\n  lable: x\nlable: [etl]\n';
    const expected = [
      '3:3 schema/unknown-member unknown member "lable" in node_configuration: the spec does not list it; see `dplint schema` for the 19 members it takes',
      '4:1 schema/unknown-member unknown member "lable" in the body: the spec does not list it; did you mean "label"?',
    ];
    expect(messages(text).slice().sort()).toEqual(expected);
    expect(messages(text).slice().sort()).toEqual(expected);
  });

  test('explain, --rule and a directive name the rule meant', async () => {
    expect(() => explainRule('unknown-member')).toThrow('no rule "unknown-member"; did you mean "schema/unknown-member"? (`dplint rules` lists them)');
    const dir = repo({ 'a.yaml': '# dplint: operation=set-cluster-state\n# dplint-disable-next-line schema/enmu -- on purpose\nstate: start\n' });
    expect(await runCli(['a.yaml', '--rule', 'cluster/spot-cooldown-unused-by-prseto: off'], { cwd: dir })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'dplint: --rule names "cluster/spot-cooldown-unused-by-prseto", which is not a rule; did you mean "cluster/spot-cooldown-unused-by-presto"?\n',
    });
    const run = await runCli(['a.yaml', '-f', 'json'], { cwd: dir });
    expect(JSON.parse(run.stdout).results[0].findings.map((f: { message: string }) => f.message)).toEqual([
      'dplint-disable-next-line names "schema/enmu", which is not a rule; did you mean "schema/enum"?',
    ]);
  });
});
