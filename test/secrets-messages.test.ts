// Messages masked by what the file holds (src/schema/secrets.ts, FileSecrets.message), as the engine
// asks for them: the file's own parse and its documents as data. Each case is a credential only one
// source knows (the text's line masks, or the data), quoted in a message as a rule or the parser
// would quote it; any shortcut that masks messages without the line-by-line pass must give these.
import { describe, expect, test } from 'vitest';
import { parseText, type SourceFormat } from '../src/parse/parse.js';
import { FileSecrets } from '../src/schema/secrets.js';

function masked(text: string, message: string, format: SourceFormat = 'yaml'): string {
  const parsed = parseText(text, format);
  return new FileSecrets(text, { parsed, values: parsed.documents.map((document) => document.value) }).message(message);
}

describe('FileSecrets.message: every credential of the file, from the text and from the data', () => {
  test('a free-text secret in a comment', () => {
    const text = '# old: db_password=Tr0ub4dor-and-3\nstate: stop\n';
    expect(masked(text, 'state: unknown value "Tr0ub4dor-and-3"')).toBe('state: unknown value "****"');
  });

  test('a `password=` setting in a block of free text', () => {
    const text = 'hadoop_settings:\n  custom_config: |\n    javax.jdo.option.ConnectionPassword=hive-s3cr3t-99\n    dfs.replication=2\n';
    expect(masked(text, 'custom_config line 1 sets "hive-s3cr3t-99"; dfs.replication is 2')).toBe('custom_config line 1 sets "****"; dfs.replication is 2');
  });

  test("a URL's password", () => {
    const text = 'engine_config:\n  dbtap_url: postgresql://airflow:pg-Pass-7731@db.internal:5432/airflow\n';
    expect(masked(text, 'dbtap_url is not a number: got "postgresql://airflow:pg-Pass-7731@db.internal:5432/airflow"')).toBe(
      'dbtap_url is not a number: got "postgresql://airflow:****@db.internal:5432/airflow"',
    );
  });

  test('a line of a private key', () => {
    const text = 'notes: |\n  -----BEGIN RSA PRIVATE KEY-----\n  MIIEowIBAAKCAQEAx7Hq\n  -----END RSA PRIVATE KEY-----\n';
    expect(masked(text, 'notes: unexpected "MIIEowIBAAKCAQEAx7Hq"')).toBe('notes: unexpected "****"');
  });

  test('a credential an alias brings under an ordinary member', () => {
    const text = 'saved: &s Zq81-long-secret-Value\nvm_settings:\n  compute_secret_key: *s\n  label: *s\n';
    expect(masked(text, 'vm_settings.label must be an array; got "Zq81-long-secret-Value"')).toBe('vm_settings.label must be an array; got "****"');
  });

  test("a credential in a stream's second document", () => {
    const text = 'state: stop\n---\nvm_settings:\n  compute_secret_key: 2ndDocSecret-991\n';
    expect(masked(text, 'document 2: got "2ndDocSecret-991" where a placeholder belongs')).toBe('document 2: got "****" where a placeholder belongs');
  });

  test('a JSON file, its escapes resolved in the data and written in the text', () => {
    const text = '{\n  "vm_settings": {\n    "compute_secret_key": "ab\\"cd-Json-0042"\n  }\n}\n';
    expect(masked(text, 'got "ab\\"cd-Json-0042" and ab"cd-Json-0042', 'json')).toBe('got "****" and ****');
  });

  test('a message that quotes nothing of the file is left as it is', () => {
    const text = 'vm_settings:\n  compute_secret_key: wJalrXUtnFEMI/K7MDENG\n';
    const message = 'vm_settings.compute_secret_key holds a literal credential; use a placeholder such as ${COMPUTE_SECRET_KEY} and inject it at deploy time';
    expect(masked(text, message)).toBe(message);
  });
});
