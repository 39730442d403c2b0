import { describe, expect, test } from 'vitest';
import { CREDENTIAL_KEYS, maskSecrets, messageMask } from '../src/schema/secrets.js';
import { describeValue } from '../src/schema/values.js';

describe('maskSecrets', () => {
  test('the credential members come from the schemas x-secret marks', () => {
    for (const key of ['acc_key', 'secret', 'compute_access_key', 'compute_secret_key', 'storage_access_key', 'storage_secret_key', 'monitor_api_token', 'monitor_app_token', 'fernet_key']) {
      expect(CREDENTIAL_KEYS.has(key), key).toBe(true);
    }
    expect(CREDENTIAL_KEYS.has('ssh_public_key')).toBe(false);
  });

  test.each([
    ['block style', '  compute_secret_key: abcDEF123  # note', '  compute_secret_key: ****  # note'],
    ['double-quoted', '  secret: "s3cr3t"', '  secret: "****"'],
    ['single-quoted', "  secret: 's3cr3t'", "  secret: '****'"],
    ['JSON', '{"storage_secret_key": "zzz", "a": 1}', '{"storage_secret_key": "****", "a": 1}'],
    ['flow mapping', 'flow: {secret: xyz, b: 2}', 'flow: {secret: ****, b: 2}'],
    ['the auth header of an envelope', '  X-AUTH-TOKEN: tok123', '  X-AUTH-TOKEN: ****'],
    ['a placeholder is kept', '  compute_access_key: ${KEY}', '  compute_access_key: ${KEY}'],
    ['an env placeholder is kept', '  secret: "${env:SECRET}"', '  secret: "${env:SECRET}"'],
    ['placeholders and nothing else are kept', '  secret: ${env:USER}${env:PASS}', '  secret: ${env:USER}${env:PASS}'],
    ['a literal beside a placeholder is masked whole', '  compute_access_key: hunter2${SUFFIX}', '  compute_access_key: ****'],
    ['a literal beside a placeholder, quoted', '  secret: "${env:PREFIX}hunter2"', '  secret: "****"'],
    ['a `${…}` that is no placeholder is masked', '  secret: ${my secret}', '  secret: ****'],
    ['a URL password beside a placeholder', '  metastore: postgresql://hive:pw${SUFFIX}@db:5432/hive', '  metastore: postgresql://hive:****@db:5432/hive'],
    ['text that does not parse: a literal after a placeholder in JSON (yaml ends the value at `$`)', '{"compute_secret_key": ${SECRET}hunter2, "cloud_region": "x"}', '{"compute_secret_key": ****, "cloud_region": "x"}'],
    ['text that does not parse: literals around a placeholder in a flow mapping', 'v: {k: 1, compute_access_key: ab${KEY}hunter2, b: 1}', 'v: {k: 1, compute_access_key: ****, b: 1}'],
    ['text that does not parse: a `${` whose `}` is the mapping\'s takes the rest of the mapping', 'v: {compute_access_key: ${KEY, b: 1}', 'v: {compute_access_key: ****'],
    ['an anchored literal beside a placeholder aliased into a credential', 'saved: &k lit${A}\ncompute_secret_key: *k\n', 'saved: &k ****\ncompute_secret_key: ****\n'],
    ['free text: a literal beside a placeholder after a credential name and `=`', 'custom_config: |\n  fs.s3a.secret.key=hunter2${SUFFIX}\n', 'custom_config: |\n  fs.s3a.secret.key=****\n'],
    ['other members are kept', '  name: ok', '  name: ok'],
  ])('%s', (_, line, masked) => {
    expect(maskSecrets(line)).toBe(masked);
  });

  test('block scalars under a credential and private-key blocks anywhere', () => {
    const text = 'fernet_key: |\n  line1\n  line2\nnext: 1\nkey: |\n  -----BEGIN RSA PRIVATE KEY-----\n  MIIabc\n  -----END RSA PRIVATE KEY-----\nafter: 1\n';
    expect(maskSecrets(text)).toBe('fernet_key: |\n  ****\n  ****\nnext: 1\nkey: |\n  ****\n  ****\n  ****\nafter: 1\n');
  });
});

describe('messageMask', () => {
  test('a credential of the data is masked in a message, the data walked as a tree where the text has no alias', () => {
    const data = { vm_settings: { compute_secret_key: 'wJalrXUtnFEMI', region: 'us-east-1' }, tags: [{ api_token: 'tok-4711' }] };
    const mask = messageMask('vm_settings: {}\n', [data], () => 'vm_settings: {}\n');
    expect(mask('got wJalrXUtnFEMI and "tok-4711" in us-east-1')).toBe('got **** and "****" in us-east-1');
  });

  test('a credential that is more than placeholders is masked in a message, however much of it is a placeholder', () => {
    const text = 'vm_settings:\n  compute_secret_key: wJalrXUt${SUFFIX}\n  compute_access_key: ${my key}\n  storage_secret_key: ${STORAGE_KEY}\n';
    const data = { vm_settings: { compute_secret_key: 'wJalrXUt${SUFFIX}', compute_access_key: '${my key}', storage_secret_key: '${STORAGE_KEY}' } };
    const mask = messageMask(text, [data]);
    expect(mask('got "wJalrXUt${SUFFIX}", "${my key}" and "${STORAGE_KEY}"')).toBe('got "****", "****" and "${STORAGE_KEY}"');
  });

  test('a block scalar of a placeholder alone (its value ends in a line break) is no secret: messages quoting placeholders keep them', () => {
    const text = 'vm_settings:\n  compute_secret_key: |\n    ${COMPUTE_SECRET_KEY}\n  compute_access_key: AKIAIOSFODNN7EXAMPLE\n';
    const data = { vm_settings: { compute_secret_key: '${COMPUTE_SECRET_KEY}\n', compute_access_key: 'AKIAIOSFODNN7EXAMPLE' } };
    const mask = messageMask(text, [data]);
    expect(mask('use a placeholder such as ${COMPUTE_ACCESS_KEY}, not AKIAIOSFODNN7EXAMPLE')).toBe('use a placeholder such as ${COMPUTE_ACCESS_KEY}, not ****');
  });

  test('the data walk alone finds a credential beside a placeholder (a text that does not show it) and masks it in messages', () => {
    const data = { vm_settings: { compute_secret_key: 'wJalrXUt${SUFFIX}' } };
    const mask = messageMask('vm_settings: {}\n', [data], () => 'vm_settings: {}\n');
    expect(mask('got "wJalrXUt${SUFFIX}"')).toBe('got "****"');
  });

  test('data that shares objects after all (a cycle) under a text with no alias is walked again, recording what it walked: it ends, and masks', () => {
    const data: Record<string, unknown> = { vm_settings: { compute_secret_key: 'wJalrXUtnFEMI' } };
    data.again = data;
    (data.vm_settings as Record<string, unknown>).back = data;
    const mask = messageMask('vm_settings: {}\n', [data], () => 'vm_settings: {}\n');
    expect(mask('got wJalrXUtnFEMI')).toBe('got ****');
  });
});

describe('describeValue', () => {
  test('of a credential: placeholders alone as written, anything beside them masked', () => {
    expect(describeValue('${KEY}', true)).toBe('"${KEY}"');
    expect(describeValue('lit${KEY}', true)).toBe('"****"');
  });
});
