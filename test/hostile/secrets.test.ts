import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RULES } from '../../rules/index.js';
import { ALL_RULES } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { fnv1a64 } from '../../src/formatters/fingerprint.js';
import { parseText } from '../../src/parse/parse.js';
import { isCredentialKey, maskSecrets, secretsOf, withoutRevealingEdits } from '../../src/schema/secrets.js';
import type { Finding } from '../../src/types.js';
import { isPlaceholder } from '../../src/schema/values.js';
import { runCli } from '../helpers/cli.js';
import { HOSTILE, lines, listFiles, tempDir } from './helpers.js';

/**
 * Secrets never leave: fixtures/hostile/secrets plants a known credential (every one contains
 * `PLANTEDxSECRETx`, and credential.json a numeric 12345) wherever a credential can stand — a
 * credential member, a block scalar, a flow mapping, an envelope's X-AUTH-TOKEN header, private-key
 * blocks (LF and CRLF), misspelt credential members, an anchor aliased into a credential, multi-line
 * scalars, free text a quoted or folded scalar carries on to the next line, a private key whose marker is
 * folded or escaped (runs-on.yaml), a literal beside a placeholder (`PLANTEDxSECRETxP1${SUFFIX}`), a flat account body whose fix would move the secret, fixes on the same line as a secret,
 * an anchored credential aliased under ordinary members (a label, an idle timeout: `dplint impact` too).
 * Every output dplint has is searched for them.
 */

const SECRETS = fixtureDir('secrets');
const LEAK = /PLANTEDxSECRETx|12345/;
const FORMATS = ['stylish', 'compact', 'json', 'sarif', 'junit', 'github'];

function fixtureDir(name: string): string {
  return `${HOSTILE}/${name}`;
}

/** Lines of an output that hold a planted secret (expected: none). */
function leaks(text: string): string[] {
  return text.split('\n').filter((line) => LEAK.test(line));
}

describe('the planted secrets are found where they stand', () => {
  test('security/plaintext-secret reports each credential at its value (for an alias, at the anchor written)', async () => {
    const run = await runCli(['--no-config', '-f', 'compact', '--rule', 'schema/unknown-member: off', SECRETS]);
    expect(run.code).toBe(1);
    const secretFindings = lines(run.stdout)
      .filter((line) => line.endsWith('[security/plaintext-secret]'))
      .map((line) => line.slice(SECRETS.length + 1).replace(/: warning .*?(holds a literal credential|holds a private key).*$/, ' $1'));
    expect(secretFindings).toEqual([
      'alias-members.yaml:4:26 holds a literal credential',
      'alias.yaml:3:13 holds a literal credential',
      'block-scalar.yaml:5:15 holds a literal credential',
      'credential.json:1:70 holds a literal credential',
      'credential.yaml:4:23 holds a literal credential',
      'credential.yaml:5:23 holds a literal credential',
      'envelope-header.yaml:4:17 holds a literal credential',
      'fix-beside-secret.yaml:2:31 holds a literal credential',
      'fix-beside-secret.yaml:2:58 holds a literal credential',
      'flat-account.yaml:3:21 holds a literal credential',
      'flat-account.yaml:4:21 holds a literal credential',
      'flow-mapping.yaml:3:35 holds a literal credential',
      'flow-mapping.yaml:3:74 holds a literal credential',
      'multi-line.yaml:4:23 holds a literal credential',
      'multi-line.yaml:6:23 holds a literal credential',
      'private-key-crlf.yaml:4:19 holds a private key',
      'private-key-crlf.yaml:5:17 holds a private key',
      'private-key.yaml:4:19 holds a private key',
      'runs-on.yaml:14:15 holds a private key',
      'runs-on.yaml:16:16 holds a private key',
    ]);
  });

  test('a misspelt credential member is an unknown member with a suggestion; its value is still masked', async () => {
    const run = await runCli(['--no-config', '-f', 'compact', `${SECRETS}/misspelt.yaml`]);
    expect(lines(run.stdout)).toEqual([
      `${SECRETS}/misspelt.yaml:4:3: warning unknown member "compute_secret_keys" in vm_settings: the spec does not list it; did you mean "compute_secret_key"? [schema/unknown-member]`,
      `${SECRETS}/misspelt.yaml:5:3: warning unknown member "compute_secert_key" in vm_settings: the spec does not list it; did you mean "compute_secret_key"? [schema/unknown-member]`,
    ]);
    expect(maskSecrets(readFileSync(`${SECRETS}/misspelt.yaml`, 'utf8')).split('\n').slice(3, 5)).toEqual(['  compute_secret_keys: ****', '  compute_secert_key: ****']);
  });
});

describe('no output shows a planted secret', () => {
  test.each(FORMATS)('--format %s on standard output (with code frames where the format has them)', async (format) => {
    const run = await runCli(['--no-config', '-f', format, SECRETS]);
    expect(run.code).toBe(1);
    expect(run.stdout.length).toBeGreaterThan(1000);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  test('every format written to files with -o, and the summary on standard output', async () => {
    const out = tempDir();
    const argv = ['--no-config', ...FORMATS.flatMap((f) => ['-f', f]), ...FORMATS.slice(1).flatMap((f) => ['-o', `${f}=${join(out, `report.${f}`)}`]), SECRETS];
    const run = await runCli(argv);
    expect(run.code).toBe(1);
    expect(listFiles(out)).toEqual(FORMATS.slice(1).map((f) => `report.${f}`).sort());
    for (const format of FORMATS.slice(1)) expect(leaks(readFileSync(join(out, `report.${format}`), 'utf8')), format).toEqual([]);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  test('standard input, colour on, every file one by one', async () => {
    const { run } = await import('../../src/cli.js');
    for (const name of readdirSync(SECRETS)) {
      const text = readFileSync(join(SECRETS, name), 'utf8');
      for (const format of FORMATS) {
        let output = '';
        const code = await run(['--no-config', '--stdin', '--stdin-filename', name, '-f', format, '--color'], {
          stdout: (t) => (output += t),
          stderr: (t) => (output += t),
          cwd: process.cwd(),
          env: {},
          isTTY: true,
          readStdin: async () => text,
        });
        expect([0, 1], `${name} ${format}`).toContain(code);
        expect(leaks(output), `${name} ${format}`).toEqual([]);
      }
    }
  });

  test('--fix-dry-run shows no credential a scalar carries on to the next line, nor a key whose marker is not written as itself', async () => {
    const run = await runCli(['--no-config', '--fix-dry-run', '-f', 'compact', `${SECRETS}/runs-on.yaml`]);
    expect(run.stdout).toContain('-node_configuration: {initial_nodes: 1, max_nodes: "2"}\n');
    expect(run.stdout).toContain('     ****"\n');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  test('--fix-dry-run prints a diff with the moved credentials masked', async () => {
    const run = await runCli(['--no-config', '--fix-dry-run', '-f', 'compact', `${SECRETS}/flat-account.yaml`]);
    expect(run.stdout).toContain('-compute_secret_key: ****\n');
    expect(run.stdout).toContain('+  compute_secret_key: ****\n');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  test('--print-config and explain (every rule, examples included) show no credential', async () => {
    const printed = await runCli(['--print-config', `${SECRETS}/credential.yaml`]);
    expect(printed.code).toBe(0);
    expect(leaks(printed.stdout)).toEqual([]);

    // The credentials the rules' own examples hold: explain prints the examples, masked.
    const exampleSecrets = new Set<string>();
    for (const rule of RULES) for (const example of [...rule.cases.valid, ...rule.cases.invalid]) for (const value of credentialValues(example.yaml)) exampleSecrets.add(value);
    expect(exampleSecrets.has('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe(true);
    for (const rule of ALL_RULES) {
      const explained = await runCli(['explain', rule.id]);
      expect(explained.code, rule.id).toBe(0);
      expect([...exampleSecrets].filter((secret) => explained.stdout.includes(secret)), rule.id).toEqual([]);
    }
  });
});

describe('a fix never carries a secret out', () => {
  test('a flat account body: the fix that nests it would copy the credentials, so JSON and SARIF leave it out', async () => {
    const json = JSON.parse((await runCli(['--no-config', '-f', 'json', `${SECRETS}/flat-account.yaml`])).stdout);
    const findings = json.results[0].findings as Array<{ ruleId: string; fix?: unknown }>;
    expect(findings.map((f) => [f.ruleId, 'fix' in f])).toEqual([
      ['account/flat-body', false],
      ['account/flat-body', false],
      ['security/plaintext-secret', false],
      ['account/flat-body', false],
      ['security/plaintext-secret', false],
    ]);
    // --fix still makes it: the secret goes where it already was, the user's own file.
    expect(lintText(readFileSync(`${SECRETS}/flat-account.yaml`, 'utf8')).findings.filter((f) => f.fix).map((f) => f.fix!.text)).toEqual([
      'account:\n  compute_type: CUSTOMER_MANAGED\n  compute_access_key: PLANTEDxSECRETxJ1\n  compute_secret_key: PLANTEDxSECRETxJ2',
      'account:\n  compute_type: CUSTOMER_MANAGED\n  compute_access_key: PLANTEDxSECRETxJ1\n  compute_secret_key: PLANTEDxSECRETxJ2',
      'account:\n  compute_type: CUSTOMER_MANAGED\n  compute_access_key: PLANTEDxSECRETxJ1\n  compute_secret_key: PLANTEDxSECRETxJ2',
    ]);
    const sarif = JSON.parse((await runCli(['--no-config', '-f', 'sarif', `${SECRETS}/flat-account.yaml`])).stdout);
    expect(sarif.runs[0].results.filter((r: { fixes?: unknown }) => r.fixes)).toEqual([]);
  });

  test('fixes beside a secret that carry none of it are kept (a renamed key, an unquoted number)', async () => {
    const json = JSON.parse((await runCli(['--no-config', '-f', 'json', `${SECRETS}/fix-beside-secret.yaml`])).stdout);
    expect(json.results[0].findings.filter((f: { fix?: unknown }) => f.fix).map((f: { ruleId: string; fix: { text: string } }) => [f.ruleId, f.fix.text])).toEqual([
      ['account/storage-key-names', 'storage_secret_key'],
      ['body/number-as-string', '60'],
    ]);
    const sarif = JSON.parse((await runCli(['--no-config', '-f', 'sarif', `${SECRETS}/fix-beside-secret.yaml`])).stdout);
    expect(sarif.runs[0].results.filter((r: { fixes?: unknown }) => r.fixes).map((r: { ruleId: string }) => r.ruleId)).toEqual(['account/storage-key-names', 'body/number-as-string']);
  });

  test('in a stream of documents, the flat account in the middle loses the fixes that would move its credentials, its neighbours keep theirs', async () => {
    const beside = readFileSync(`${SECRETS}/fix-beside-secret.yaml`, 'utf8');
    const flat = readFileSync(`${SECRETS}/flat-account.yaml`, 'utf8').replace(/^#.*\n/, '');
    const stream = join(tempDir(), 'stream.yaml');
    writeFileSync(stream, `${beside}\n---\n${flat}---\n${beside.replace(/^#.*\n/, '')}\n`);
    const json = JSON.parse((await runCli(['--no-config', '-f', 'json', stream])).stdout);
    const edits = (json.results[0].findings as Array<{ document: number; ruleId: string; fix?: { text: string }; suggestions?: unknown[] }>)
      .filter((f) => f.fix || f.suggestions)
      .map((f) => [f.document, f.ruleId, f.fix?.text]);
    expect(edits).toEqual([
      [0, 'account/storage-key-names', 'storage_secret_key'],
      [0, 'body/number-as-string', '60'],
      [2, 'account/storage-key-names', 'storage_secret_key'],
      [2, 'body/number-as-string', '60'],
    ]);
    expect(json.results[0].findings.filter((f: { document: number; ruleId: string }) => f.document === 1 && f.ruleId === 'account/flat-body')).toHaveLength(3);
  });

  test('withoutRevealingEdits: an edit inside one document of a stream is held against that document, an edit across documents against the whole text', () => {
    const source = 'a: 1\n---\ncompute_secret_key: s3cr3t-value\n---\nb: 2\n';
    const at = (start: number, end: number, text: string): Finding => ({ ruleId: 'x/y', severity: 'error', message: 'm', path: '', line: 1, column: 1, endLine: 1, endColumn: 1, fix: { range: [start, end], text } });
    const secretAt = source.indexOf('s3cr3t');
    const kept = (finding: Finding): boolean => withoutRevealingEdits([finding], source)[0].fix !== undefined;
    expect(kept(at(secretAt, secretAt + 12, 'other: s3cr3t-value'))).toBe(false);
    expect(kept(at(secretAt, secretAt + 12, 'other'))).toBe(true);
    // The last document holds no credential: a text of the same letters is not one of its secrets.
    expect(kept(at(source.indexOf('b: 2') + 3, source.indexOf('b: 2') + 4, 's3cr3t-value'))).toBe(true);
    expect(kept(at(0, source.indexOf('b: 2'), 's3cr3t-value'))).toBe(false);
    // An insertion at the very end of a part is that part's (the next one starts after its `---` line).
    const endOfSecretPart = source.indexOf('---', secretAt);
    expect(kept(at(endOfSecretPart, endOfSecretPart, 'x: s3cr3t-value\n'))).toBe(false);
    // A private key anywhere sends every edit to the whole text (its line mask runs on past `---`),
    // and so does a byte-order mark (edit offsets do not count it).
    const elsewhere = (text: string): Finding => at(text.indexOf('b: 2') + 3, text.indexOf('b: 2') + 4, 's3cr3t-value');
    const withKey = `${source}---\nnote: "-----BEGIN RSA PRIVATE KEY-----"\n`;
    expect(withoutRevealingEdits([elsewhere(withKey)], withKey)[0].fix).toBeUndefined();
    const withBom = `\ufeff${source}`;
    expect(withoutRevealingEdits([elsewhere(withBom)], withBom)[0].fix).toBeUndefined();
  });

  test('the test itself: secretsOf finds the masked spans of a file and nothing else', () => {
    const reveals = secretsOf('a: 1\ncompute_secret_key: s3cr3t-value\nnote: |\n  -----BEGIN RSA PRIVATE KEY-----\n  MIIEabc\n  -----END RSA PRIVATE KEY-----\n');
    expect(reveals('account:\n  compute_secret_key: s3cr3t-value')).toBe(true);
    expect(reveals('MIIEabc')).toBe(true);
    expect(reveals('compute_secret_key')).toBe(false);
    expect(reveals('${COMPUTE_SECRET_KEY}')).toBe(false);
    expect(reveals('  ')).toBe(false);
  });
});

describe('maskSecrets on hostile layouts', () => {
  test.each([
    ['an alias: the anchor is masked where it is written', 'saved: &k abc123\nvm_settings:\n  compute_secret_key: *k\n', 'saved: &k ****\nvm_settings:\n  compute_secret_key: ****\n'],
    ['a block sequence under a credential', 'compute_access_key:\n  - abc123\n  - def456\nnext: 1\n', 'compute_access_key:\n  ****\n  ****\nnext: 1\n'],
    ['a flow sequence under a credential', 'compute_access_key: [abc123, "def"]\n', 'compute_access_key: ****\n'],
    ['a nested flow value in a flow mapping', 'vm: {compute_secret_key: {a: abc123}, b: 1}\n', 'vm: {compute_secret_key: ****, b: 1}\n'],
    ['a plain scalar over two lines', 'secret: first\n  second\nnext: 1\n', 'secret: ****\n  ****\nnext: 1\n'],
    ['a double-quoted scalar over two lines', 'secret: "first\n  second"\nnext: 1\n', 'secret: "****"\n  ****"\nnext: 1\n'],
    ['CRLF private key', 'key: |\r\n  -----BEGIN RSA PRIVATE KEY-----\r\n  MIIE\r\n  -----END RSA PRIVATE KEY-----\r\nnext: 1\r\n', 'key: |\r\n  ****\r\n  ****\r\n  ****\r\nnext: 1\r\n'],
    ['a byte-order mark', '\ufeffsecret: abc\n', '\ufeffsecret: ****\n'],
    ['a key that says it holds a password', 'db_password: hunter22\n', 'db_password: ****\n'],
    ['a text that does not parse', 'secret: abc\nother: [\n', 'secret: ****\nother: [\n'],
  ])('%s', (_, text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  test('line count and line starts do not change, whatever the text', () => {
    for (const text of ['a: |\n  x\n', 'secret: [\n  a,\n  b]\n', 'secret: "a\\\n  b"\n', '- - secret: x\n']) {
      expect(maskSecrets(text).split('\n').length).toBe(text.split('\n').length);
    }
  });
});

/** The values of credential members in a YAML text (for explain: the rule examples' own secrets). */
function credentialValues(yaml: string): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key?: string): void => {
    if (typeof value === 'string' && key !== undefined && isCredentialKey(key) && value.length >= 8 && !isPlaceholder(value) && !/^[*xX]+$|\*{4}|^<.*>$|^\$/.test(value)) out.push(value);
    else if (Array.isArray(value)) value.forEach((item) => walk(item));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const document of parseText(yaml, 'yaml').documents) walk(document.value);
  return out;
}

describe('every finding is masked where the engine finalises it, whoever made it', () => {
  const POLICY = 'policies:\n  - id: keys-x\n    message: keys start with x\n    operations: [edit-cluster]\n    schema: {properties: {vm_settings: {properties: {compute_secret_key: {pattern: "^x"}}}}}\n';

  test('a policy constraining a credential quotes "****", in every format and in .dplintcache', async () => {
    const dir = tempDir({ 'dplint.config.yaml': POLICY, 'c.yaml': 'vm_settings:\n  compute_secret_key: PLANTEDxSECRETxPOLICY\n' });
    const compact = await runCli(['-f', 'compact', '--operation', 'edit-cluster', '--cache', 'c.yaml'], { cwd: dir });
    expect(lines(compact.stdout)[0]).toBe('c.yaml:2:23: error keys start with x (vm_settings.compute_secret_key must be text matching ^x; got "****") [policy/keys-x]');
    expect(leaks(readFileSync(join(dir, '.dplintcache'), 'utf8'))).toEqual([]);
    for (const format of FORMATS) {
      const run = await runCli(['-f', format, '--operation', 'edit-cluster', 'c.yaml'], { cwd: dir });
      expect(leaks(run.stdout + run.stderr), format).toEqual([]);
    }
  });

  test('a credential under a key YAML reads as more than the name before its `:` (words, a misspelling with a space, an explicit key) is shown masked', async () => {
    // Each has a finding on the next line, so code frames show the credential's line. The shown
    // text once skipped masking a text whose every name right before a `:` was no credential's.
    const dir = tempDir({
      'words.yaml': 'label: [w]\npassword for db: PLANTEDxSECRETxW1\nmax_nodes: 0\n',
      'typo.yaml': 'label: [t]\nsse key: PLANTEDxSECRETxT1\nmax_nodes: 0\n',
      'explicit.yaml': 'label: [e]\n? password\n: PLANTEDxSECRETxE1\nmax_nodes: 0\n',
    });
    for (const format of FORMATS) {
      const run = await runCli(['--no-config', '-f', format, '--operation', 'edit-cluster', '.'], { cwd: dir });
      expect(run.code, format).toBe(0);
      expect(leaks(run.stdout + run.stderr), format).toEqual([]);
    }
    const stylish = await runCli(['--no-config', '--operation', 'edit-cluster', 'words.yaml'], { cwd: dir });
    expect(lines(stylish.stdout)).toContain('  > 2 | password for db: ****');
  });

  test("a credential reached through an alias under an ordinary member is not quoted in that member's messages", () => {
    const { findings } = lintText('compute_secret_key: &k PLANTEDxSECRETxL1\nlabel: *k\n', { operation: 'edit-cluster' });
    expect(findings.find((f) => f.path === '/label')?.message).toBe('label must be a list; got string "****": write it as [****]');
  });
});

describe('parse errors quote no credential, and nothing but dplint writes to standard error', () => {
  test.each([
    ['V8 quotes the text around an unquoted JSON value', 'c.json', '{"compute_secret_key": PLANTEDxSECRETxJSON}', 'JSON syntax error: an unquoted word: a string must be in double quotes'],
    ['V8 quotes the text before a JSON error', 'c.json', '{"compute_secret_key": "PLANTEDxSECRETxJSON" x}', "JSON syntax error: expected ',' or '}' after a member's value"],
    ['a secret starting with * is an unresolved alias', 'c.yaml', 'compute_secret_key: *PLANTEDxSECRETxSTAR\n', 'YAML syntax error: an alias (*name) must name an anchor (&name) set before it in the document; quote a string that starts with *'],
    ['a secret starting with ! is an unresolved tag', 'c.yaml', 'compute_secret_key: !PLANTEDxSECRETxBANG x\n', 'YAML: Unresolved tag: ****'],
  ])('%s', (_, filename, text, message) => {
    const { findings } = lintText(text, { filename, operation: 'edit-cluster' });
    expect(findings.filter((f) => f.ruleId.startsWith('parse/')).map((f) => f.message)).toEqual([message]);
  });

  test('a collection used as a key under a credential: yaml prints no warning on standard error', async () => {
    const dir = tempDir({ 'c.yaml': 'compute_secret_key: {? [PLANTEDxSECRETxKEY] : 1}\n' });
    const run = await runCli(['--no-config', '--operation', 'edit-cluster', '-f', 'compact', 'c.yaml'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(leaks(run.stdout)).toEqual([]);
  });
});

describe('free-text credentials are masked in code frames, dry-run diffs and fingerprints', () => {
  test.each([
    [
      'a password in a Hadoop custom_config',
      'custom_config: "javax.jdo.option.ConnectionPassword=PLANTEDxSECRETxH1\\nfs.s3a.secret.key=PLANTEDxSECRETxH2\\nfs.defaultFS=hdfs://nn"\n',
      'custom_config: "javax.jdo.option.ConnectionPassword=****\\nfs.s3a.secret.key=****\\nfs.defaultFS=hdfs://nn"\n',
    ],
    ['a database URL in Airflow overrides', 'overrides: "core.sql_alchemy_conn=postgresql://airflow:PLANTEDxSECRETxA1@db:5432/airflow"\n', 'overrides: "core.sql_alchemy_conn=postgresql://airflow:****@db:5432/airflow"\n'],
    ['a key = value line in a block scalar', 'notes: |\n  [client]\n  user = etl\n  password = PLANTEDxSECRETxI1\n', 'notes: |\n  [client]\n  user = etl\n  password = ****\n'],
    ['a private key pasted with the wrong indentation under a credential', 'alt_sa_private_key: -----BEGIN PRIVATE KEY-----\nMIIEvPLANTEDxSECRETxK1\n-----END PRIVATE KEY-----\n', '****\n****\n****\n'],
  ])('%s', (_, text, masked) => {
    expect(maskSecrets(text)).toBe(masked);
  });

  test('a setting whose name says it is a credential has its whole value masked, to the end of its line, in each syntax (=, :, white space)', () => {
    const masked = maskSecrets(readFileSync(`${SECRETS}/free-text.yaml`, 'utf8')).split('\n').slice(4);
    expect(masked).toEqual([
      'spark_defaults: "spark.hadoop.fs.s3a.secret.key   ****"',
      'azure_config: "fs.azure.account.key.acct.blob.core.windows.net=****"',
      'api_config: "api_key=****"',
      'sas_url: "https://acct.blob.core.windows.net/c?sv=2022-11-02&sig=****"',
      'db_url: "postgresql://etl:****@db:5432/etl"',
      'ini_text: "password = ****"',
      'escaped: "javax.jdo.option.ConnectionPassword=****"',
      'properties_colon: "fs.s3a.secret.key: ****"',
      'spark_block: |',
      '  spark.hadoop.fs.s3a.secret.key\t****',
      'ini_block: |',
      '  password = ****',
      'hadoop_block: |',
      '  fs.azure.account.key.acct.blob.core.windows.net: ****',
      '',
    ]);
  });

  test.each([
    ['placeholders alone, in each syntax', 'a: "password=${PW}\\nfs.s3a.secret.key ${KEY}\\nfs.s3a.access.key: ${AK}"\n'],
    ['a placeholder before a YAML comment', 'custom_config: password=${PW}  # from the vault\n'],
    ['settings whose names say nothing of a credential', 'spark: |\n  spark.executor.memory 4g\n  fs.defaultFS=hdfs://nn:8020/x\n'],
    ['a URL with a port and no user information', 'url: http://host:8080/path?q=1\n'],
    ['prose: a name without a dot before a space', 'notes: "the password rotates monthly"\n'],
  ])('kept as written: %s', (_, text) => {
    expect(maskSecrets(text)).toBe(text);
  });

  test('impact shows the free-text settings of an added file masked, in JSON and Markdown', async () => {
    const dir = tempDir({ 'dplint.config.yaml': 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n', 'clusters/a.yaml': 'label: [a]\n' });
    const git = (...args: string[]): void => {
      const run = spawnSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' }, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
    };
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    writeFileSync(join(dir, 'clusters/free.yaml'), readFileSync(`${SECRETS}/free-text.yaml`, 'utf8'));
    const json = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    const members = JSON.parse(json.stdout).clusters[0].members as Array<{ member: string; after: unknown }>;
    expect(members.find((m) => m.member === 'spark_defaults')?.after).toBe('spark.hadoop.fs.s3a.secret.key   ****');
    expect(leaks(json.stdout + json.stderr)).toEqual([]);
    const markdown = await runCli(['impact', 'main'], { cwd: dir });
    expect(markdown.stdout).toContain('| `spark_defaults` | (unset) | `"spark.hadoop.fs.s3a.secret.key   ****"` |');
    expect(leaks(markdown.stdout + markdown.stderr)).toEqual([]);
  });

  test('stylish frames, the --fix-dry-run context and SARIF fingerprints of a custom_config password', async () => {
    const text = (password: string): string =>
      `# dplint: operation=edit-cluster\nhadoop_settings:\n  custom_config: "javax.jdo.option.ConnectionPassword=${password}"\n  use_hadoop2: maybe\nspark_version: 3.10\n`;
    const dir = tempDir({ 'a.yaml': text('PLANTEDxSECRETxH1'), 'b.yaml': text('PLANTEDxSECRETxH2') });
    const stylish = await runCli(['--no-config', 'a.yaml'], { cwd: dir });
    expect(stylish.stdout).toContain('    3 |   custom_config: "javax.jdo.option.ConnectionPassword=****"\n');
    const dryRun = await runCli(['--no-config', '--fix-dry-run', '-f', 'compact', 'a.yaml'], { cwd: dir });
    expect(dryRun.stdout).toContain('   custom_config: "javax.jdo.option.ConnectionPassword=****"\n');
    expect(dryRun.stdout).toContain('+spark_version: "3.10"\n');
    for (const output of [stylish.stdout, dryRun.stdout]) expect(leaks(output)).toEqual([]);
  });

  test('a SARIF fingerprint hashes the masked line: the same for any password on it', async () => {
    const line = (password: string): string => `hadoop_settings: {custom_config: "javax.jdo.option.ConnectionPassword=${password}", use_hadoop2: maybe}`;
    const dir = tempDir({ 'a.yaml': `# dplint: operation=edit-cluster
${line('PLANTEDxSECRETxH1')}
`, 'b.yaml': `# dplint: operation=edit-cluster
${line('PLANTEDxSECRETxH2')}
` });
    const hashesOf = async (file: string): Promise<string[]> => {
      const sarif = JSON.parse((await runCli(['--no-config', '-f', 'sarif', file], { cwd: dir })).stdout);
      expect(leaks(JSON.stringify(sarif))).toEqual([]);
      return sarif.runs[0].results.filter((r: { ruleId: string }) => r.ruleId === 'schema/type').map((r: { partialFingerprints: { primaryLocationLineHash: string } }) => r.partialFingerprints.primaryLocationLineHash);
    };
    const masked = line('****');
    expect(await hashesOf('a.yaml')).toEqual([`${fnv1a64(`schema/type\u0000a.yaml\u0000line:${masked}`)}:1`]);
    expect(await hashesOf('b.yaml')).toEqual([`${fnv1a64(`schema/type\u0000b.yaml\u0000line:${masked}`)}:1`]);
  });
});

describe('impact shows what the lint shows: the masked view', () => {
  const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
  const git = (dir: string, ...args: string[]): void => {
    const run = spawnSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  };
  const CONFIG = 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n  - match: ["account/*.yaml"]\n    operation: edit-account\n  - match: ["allow-list/*.yaml"]\n    operation: add-whitelist-ip\n';

  /** A repository whose base holds no credential, and whose work tree brings credentials under ordinary members by alias. */
  function repository(): string {
    const dir = tempDir({
      'dplint.config.yaml': CONFIG,
      'clusters/etl.yaml': 'label: [etl]\nnode_configuration:\n  idle_cluster_timeout: 2\n',
      'account/account.yaml': 'account:\n  idle_cluster_timeout: 2\n',
      'allow-list/office.yaml': 'ip_cidr: 203.0.113.0/24\n',
    });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    writeFileSync(join(dir, 'clusters/etl.yaml'), readFileSync(`${SECRETS}/alias-members.yaml`, 'utf8'));
    writeFileSync(join(dir, 'account/account.yaml'), 'account:\n  compute_secret_key: &t PLANTEDxSECRETxK2\n  idle_cluster_timeout: *t\n');
    writeFileSync(join(dir, 'allow-list/office.yaml'), 'note_password: &u PLANTEDxSECRETxK3/32\nip_cidr: *u\n');
    return dir;
  }

  test('JSON: a label, a member, the inherited idle timeout and an allow-list entry an alias fills with a credential show ****', async () => {
    const dir = repository();
    const run = await runCli(['impact', 'main', '-f', 'json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
    const report = JSON.parse(run.stdout);
    expect(report.labels.map((l: { label: string; change: string }) => [l.label, l.change])).toEqual([['****', 'added']]);
    expect(report.clusters[0].members.map((m: { member: string; after: unknown }) => [m.member, m.after])).toEqual([
      ['node_configuration.idle_cluster_timeout', '****'],
      ['vm_settings.compute_secret_key', '****'],
      ['node_bootstrap', '****'],
    ]);
    expect(report.inheritedIdleTimeouts.map((i: { before: unknown; after: unknown }) => [i.before, i.after])).toEqual([[2, '****']]);
    expect(report.allowList).toEqual({ added: ['****'], removed: ['203.0.113.0/24'], countBefore: 1, countAfter: 1 });
  });

  test('Markdown (the step summary) shows none of them', async () => {
    const run = await runCli(['impact', 'main'], { cwd: repository() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('| `****` | added | (none) | `clusters/etl.yaml` |');
    expect(run.stdout).toContain("the account's default idle timeout `2` → `\"****\"`");
    expect(run.stdout).toContain('- added `****`');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });
});

describe('past a limit, where masking cannot see the structure, frames show no text', () => {
  // An anchor on an ordinary member, aliased into a credential: only the parse knows the anchor's value is one.
  const ANCHORED = 'saved: &s PLANTEDxSECRETxL1\nvm_settings:\n  compute_secret_key: *s\n';

  /** Every format at once (stylish on standard output, the others written with -o): the lines that hold a planted secret, and stylish's output. */
  async function everyFormat(name: string, text: string): Promise<{ leaked: string[]; stylish: string }> {
    const dir = tempDir({ [name]: text });
    const run = await runCli(['--no-config', ...FORMATS.slice(1).flatMap((f) => ['-o', `${f}=${f}.out`]), name], { cwd: dir });
    expect(run.code).toBe(1);
    const outputs = [run.stdout, run.stderr, ...FORMATS.slice(1).map((f) => readFileSync(join(dir, `${f}.out`), 'utf8'))];
    return { leaked: outputs.flatMap(leaks), stylish: run.stdout };
  }

  test('a document past maxDocuments (10,000): no format shows its lines', async () => {
    const { leaked, stylish } = await everyFormat('stream.yaml', '# dplint: operation=set-cluster-state\n' + 'state: start\n---\n'.repeat(10_000) + ANCHORED);
    expect(leaked).toEqual([]);
    // The line after the limit is shown blank: the anchor's line, which only the parse knows holds a credential.
    expect(stylish).toContain('    20000 | state: start\n  > 20001 | ---\n          | ^\n    20002 |\n');
    expect(stylish).not.toContain('20002 | saved');
  }, 300_000);

  test('maskSecrets: the lines past the documents read are blank, the line count kept, a document marker kept', () => {
    const text = 'state: start\n---\n'.repeat(10_000) + ANCHORED;
    const shown = maskSecrets(text).split('\n');
    expect(shown.length).toBe(text.split('\n').length);
    expect(shown.slice(19_998)).toEqual(['state: start', '---', '', '', '', '']);
  });
});
