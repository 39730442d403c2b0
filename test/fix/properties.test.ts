import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { describe, expect, test } from 'vitest';
import type { LintOptions } from '../../src/engine/lint.js';
import { fixText } from '../../src/engine/fix-text.js';

/**
 * Property tests of `--fix` over mutations of valid bodies (fast-check, fixed seed, bounded runs):
 * - idempotent: fixing the fixed text changes nothing;
 * - no new error: every error left after fixing was there before (by rule id and path);
 * - untouched lines stay byte for byte: every line of the input the fixes changed is a line a
 *   mutation made, so comments, blank lines, quoting and line ends elsewhere survive.
 */
const RUNS = { seed: 20240611, numRuns: 200 };
/** 200 runs lint each body several times; under a parallel test run that takes longer than vitest's 5 s default. */
const TIMEOUT = 120_000;

/** One member of the base body, as its valid lines and the mutated forms that dplint can fix (or must refuse to). */
interface Slot {
  variants: string[][];
}

const slot = (...variants: Array<string | string[]>): Slot => ({ variants: variants.map((v) => (Array.isArray(v) ? v : [v])) });

/** A valid Presto cluster edit; each slot's first variant is the valid one. */
const CLUSTER: Slot[] = [
  slot('label: [etl, nightly]', 'label: etl', 'label: "etl"'),
  slot('presto_version: "0.180"', 'presto_version: 0.180', 'presto_version: 0.193', "presto_version: '0.157'"),
  slot('presto_settings:'),
  slot('  enable_presto: true', '  enable_presto: "true"', '  enable_presto: yes', '  enable_presto: "on"'),
  slot('vm_settings:', 'ec2_settings:'),
  slot('  cloud_region: us-east-1', '  aws_region: us-east-1', '  cloud_region: "us-east-1"'),
  slot('  vpc_id: vpc-0a1b2c3d'),
  slot(
    '  subnet_id: subnet-1111aaaa,subnet-2222bbbb',
    '  subnet_id: [subnet-1111aaaa, subnet-2222bbbb]',
    ['  subnet_id:', '    - subnet-1111aaaa', '    - subnet-2222bbbb'],
    '  subnet_id: ["subnet-1111aaaa"]',
  ),
  slot('node_configuration:'),
  slot('  master_instance_type: m1.large'),
  slot('  initial_nodes: 2', '  initial_nodes: "2"'),
  slot('  max_nodes: 20', '  max_nodes: "20"', "  max_nodes: '20'"),
  slot('  blk_volume_type: st1', '  ebs_volume_type: st1'),
  slot('  blk_volume_size: 500', '  blk_volume_size: "500"', '  blk_volume_size: "500GB"', '  blk_volume_size: "500 GB"', '  ebs_volume_size: "500GB"'),
  slot('  blk_volume_count: 2', '  blk_volume_count: "2"', '  ebs_volume_count: 2'),
  slot('  custom_vm_tags:', '  custom_ec2_tags:'),
  slot('    team: data-platform'),
  slot('disallow_cluster_termination: false', 'disallow_cluster_termination: "false"', 'disallow_cluster_termination: no', 'disallow_cluster_termination: off'),
];

/** A valid account edit, nested; its mutation is the flat body (every member one level up). */
const ACCOUNT_MEMBERS = [
  slot('idle_session_timeout: 60', 'idle_session_timeout: "60"'),
  slot('show_store_upload_link: true', 'show_store_upload_link: "true"', 'show_s3_upload_link: true'),
  slot('CacheQuotaSizeInGB: 50', 'CacheQuotaSizeInGB: "50GB"'),
];

const VENDOR_NAMES: Record<string, string> = {
  ec2_settings: 'vm_settings',
  aws_region: 'cloud_region',
  ebs_volume_type: 'blk_volume_type',
  ebs_volume_size: 'blk_volume_size',
  ebs_volume_count: 'blk_volume_count',
  custom_ec2_tags: 'custom_vm_tags',
  show_s3_upload_link: 'show_store_upload_link',
};

interface Generated {
  text: string;
  /** 0-based indices of the lines a mutation wrote. */
  mutated: Set<number>;
}

/** Choices for the slots, plus noise the fixes must not touch: comments, blank lines, CRLF, a byte-order mark. */
const layout = (slots: Slot[]) =>
  fc.record({
    variants: fc.tuple(...slots.map((s) => fc.integer({ min: 0, max: s.variants.length - 1 }))),
    comments: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    blanks: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    crlf: fc.boolean(),
    bom: fc.boolean(),
  });

type Layout = { variants: number[]; comments: boolean[]; blanks: boolean[]; crlf: boolean; bom: boolean };

function render(slots: Slot[], choice: Layout, indent = ''): Generated {
  const lines: string[] = [];
  const mutated = new Set<number>();
  slots.forEach((s, i) => {
    if (choice.blanks[i] && lines.length > 0) lines.push('');
    for (const line of s.variants[choice.variants[i]]) {
      if (choice.variants[i] > 0) mutated.add(lines.length);
      lines.push(indent + line + (choice.comments[lines.length % 40] ? `  # note ${lines.length}` : ''));
    }
  });
  const eol = choice.crlf ? '\r\n' : '\n';
  return { text: (choice.bom ? '\uFEFF' : '') + lines.join(eol) + eol, mutated };
}

const OPTIONS: LintOptions = { operation: 'edit-cluster' };

function errorKeys(text: string, options: LintOptions): Set<string> {
  const { findings } = fixText(text, options, { maxPasses: 0 });
  return new Set(findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId} ${f.path}`));
}

/** The text with each vendor spelling written as the name it stands for, as a person would read it. */
function neutral(text: string): string {
  return text.replace(/^(\s*)(\w+):/gm, (whole, space: string, key: string) => (VENDOR_NAMES[key] ? `${space}${VENDOR_NAMES[key]}:` : whole));
}

/** 0-based indices of the input's lines that are not in the output (longest common subsequence of lines). */
function changedLines(before: string, after: string): number[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const changed: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length) {
    if (j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && lcs[i][j + 1] >= lcs[i + 1][j]) j++;
    else changed.push(i++);
  }
  return changed;
}

function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

describe('fixing mutated cluster bodies (YAML)', () => {
  test('the base body is valid and has nothing to fix', () => {
    const base = render(CLUSTER, { variants: CLUSTER.map(() => 0), comments: [], blanks: [], crlf: false, bom: false }).text;
    expect([...errorKeys(base, OPTIONS)]).toEqual([]);
    expect(fixText(base, OPTIONS).fixed).toBe(false);
  });

  test('every mutation is fixed when nothing stands in the way', () => {
    // Without comments a mutated line's fix is never refused, so nothing at all is left.
    const all = render(CLUSTER, { variants: CLUSTER.map((s) => s.variants.length - 1), comments: [], blanks: [], crlf: false, bom: false }).text;
    const result = fixText(all, OPTIONS);
    expect([...errorKeys(result.output, OPTIONS)]).toEqual([]);
    expect(result.findings.filter((f) => f.ruleId === 'body/vendor-spelling')).toEqual([]);
  });

  test('idempotent, no new error, untouched lines byte-identical', () => {
    fc.assert(
      fc.property(layout(CLUSTER), (choice) => {
        const { text, mutated } = render(CLUSTER, choice);
        const once = fixText(text, OPTIONS);
        const twice = fixText(once.output, OPTIONS);
        expect(twice.output).toBe(once.output);
        expect(twice.fixed).toBe(false);

        // An error inside a member with a vendor name shows once the member has its real name; it was there all along.
        const before = new Set([...errorKeys(text, OPTIONS), ...errorKeys(neutral(text), OPTIONS)]);
        const after = [...errorKeys(once.output, OPTIONS)];
        expect(after.filter((key) => !before.has(key))).toEqual([]);

        expect(once.output.startsWith('\uFEFF')).toBe(choice.bom);
        expect(once.output.split('\r\n').length).toBe(choice.crlf ? once.output.split('\n').length : 1);
        const untouchedButChanged = changedLines(stripBom(text), stripBom(once.output)).filter((line) => !mutated.has(line));
        expect(untouchedButChanged).toEqual([]);
      }),
      RUNS,
    );
  }, TIMEOUT);

  test('the same bodies as JSON keep every untouched line', () => {
    fc.assert(
      fc.property(layout(CLUSTER), fc.constantFrom(2, 4), (choice, indent) => {
        const { text } = render(CLUSTER, { ...choice, comments: [], blanks: [], crlf: false, bom: false });
        // JSON.stringify writes 0.180 as 0.18; a person writing JSON by hand types 0.180.
        const json = (JSON.stringify(parseYaml(text), null, indent) + '\n').replace(/: 0\.18\b/, ': 0.180');
        const once = fixText(json, { ...OPTIONS, filename: 'c.json' });
        expect(fixText(once.output, { ...OPTIONS, filename: 'c.json' }).fixed).toBe(false);
        const before = new Set([...errorKeys(json, { ...OPTIONS, filename: 'c.json' }), ...errorKeys(neutral(text), OPTIONS)]);
        expect([...errorKeys(once.output, { ...OPTIONS, filename: 'c.json' })].filter((key) => !before.has(key))).toEqual([]);
        // Every line a fix changed belongs to a mutated member: its key line, or the items of a list written over lines.
        const mutatedKeys = CLUSTER.flatMap((s, i) => (choice.variants[i] > 0 ? s.variants[choice.variants[i]].flatMap((line) => /(\w+):/.exec(line)?.[1] ?? []) : []));
        const ofMutated = (line: string): boolean =>
          mutatedKeys.some((key) => line.includes(`"${key}":`)) || (mutatedKeys.includes('subnet_id') && /^\s*("subnet-\w+",?|\],?)$/.test(line));
        const jsonLines = json.split('\n');
        expect(changedLines(json, once.output).map((index) => jsonLines[index]).filter((line) => !ofMutated(line))).toEqual([]);
      }),
      RUNS,
    );
  }, TIMEOUT);
});

describe('fixing flat account bodies', () => {
  test('idempotent and no new error; the flat body ends up nested', () => {
    fc.assert(
      fc.property(layout(ACCOUNT_MEMBERS), fc.boolean(), (choice, flat) => {
        const body = render(ACCOUNT_MEMBERS, choice, flat ? '' : '  ');
        const eol = choice.crlf ? '\r\n' : '\n';
        const text = flat ? body.text : (choice.bom ? '\uFEFF' : '') + 'account:' + eol + stripBom(body.text);
        const options: LintOptions = { operation: 'edit-account' };
        const once = fixText(text, options);
        expect(fixText(once.output, options).fixed).toBe(false);
        const before = new Set([...errorKeys(text, options), ...errorKeys(neutral(text), options)]);
        // Flat members were never validated as account members; once nested they are, under /account.
        const moved = flat ? new Set([...before].map((key) => key.replace(/ \//, ' /account/'))) : new Set<string>();
        const nestedBefore = new Set([...before, ...moved, ...(flat ? errorKeys(nest(neutral(text), eol), options) : [])]);
        expect([...errorKeys(once.output, options)].filter((key) => !nestedBefore.has(key))).toEqual([]);
        expect(stripBom(once.output).split(/\r?\n/).filter((line) => !line.startsWith('#') && line.trim() !== '')[0]).toBe('account:');
      }),
      RUNS,
    );
  }, TIMEOUT);
});

/** The body a flat account file means: every line two spaces in, under `account:` (comments stay where they are). */
function nest(text: string, eol: string): string {
  const lines = stripBom(text).split(eol);
  return 'account:' + eol + lines.map((line) => (line.trim() === '' ? line : '  ' + line)).join(eol);
}

