import { defineRule } from '../../src/define-rule.js';
import { fieldName } from '../../src/parse/pointer.js';
import { isCredentialKey } from '../../src/schema/secrets.js';
import { isPlaceholder } from '../../src/schema/values.js';

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
/** `-----BEGIN PRIVATE KEY-----`: no shorter string holds a PRIVATE_KEY line, and most values of a body are shorter. */
const SHORTEST_PRIVATE_KEY = 27;

/** Values that stand for a credential without being one. */
const NOT_A_CREDENTIAL = [
  /^\s*$/, // blank (spec 2.6: secrets "may be blank")
  /^<[^<>]+>$/, // a docs placeholder: <your_secret_key>, <AUTH_TOKEN>
  /^\$[A-Za-z_][A-Za-z0-9_]*$/, // a shell variable: $COMPUTE_SECRET_KEY
  /^(?:\*+|x{3,}|X{3,})$/, // a mask: ****, xxxx
  /\*{4,}/, // partly masked (spec 2.6: "partly masked")
];

function isLiteral(value: unknown): value is string {
  return typeof value === 'string' && !isPlaceholder(value) && !NOT_A_CREDENTIAL.some((pattern) => pattern.test(value));
}

export default defineRule({
  id: 'security/plaintext-secret',
  appliesTo: '*',
  severity: 'warning',
  docs: {
    summary: 'A credential (access or secret key, token, Fernet key, private key, X-AUTH-TOKEN header) is written literally in the file.',
    rationale:
      'Spec 5: "Credentials inside payloads (compute and storage keys) are hidden from non-admin users", and "Every request carries the header `X-AUTH-TOKEN` holding an API token"; spec 2.6 calls the Airflow `fernet_key` a "string secret" and 4.11 lists the monitor tokens. A credential committed to a configuration repository is readable by everyone who can read the repository, for as long as its history exists. Blank values, `${VAR}` / `${env:VAR}` placeholders, `$VAR`, `<your_key>` placeholders and `****` / `xxxx` masks are not credentials and are not reported.',
    fix: 'Replace the value with a placeholder such as ${COMPUTE_SECRET_KEY} and let the deploy step fill it in from a secret store; rotate any credential that was committed.',
  },
  messages: {
    literalCredential: '{{field}} holds a literal credential; use a placeholder such as {{placeholder}} and inject it at deploy time',
    privateKey: '{{field}} holds a private key; take it out of the file, or use a placeholder such as {{placeholder}} and inject it at deploy time',
  },
  defaultOptions: {},
  check({ body, headers, report }) {
    // One path, grown and shrunk as the walk goes, copied only into a report: this rule reads
    // every value of every body. A member's value that is no container is judged in its parent's
    // loop, so the walk calls itself once per object or list, not once per value.
    const path: Array<string | number> = [];
    const judge = (value: string, key: string | number | undefined): void => {
      // (Only a string is a literal credential: a member's name is looked up for strings alone.)
      if (typeof key === 'string' && isCredentialKey(key) && isLiteral(value)) {
        const at = [...path, key];
        report({ messageId: 'literalCredential', path: at, data: { field: fieldName(at), placeholder: `\${${key.toUpperCase()}}` } });
      } else if (value.length >= SHORTEST_PRIVATE_KEY && value.includes('-----BEGIN') && PRIVATE_KEY.test(value)) {
        const at = key === undefined ? [...path] : [...path, key];
        report({ messageId: 'privateKey', path: at, data: { field: fieldName(at), placeholder: '${PRIVATE_KEY}' } });
      }
    };
    const visit = (value: object): void => {
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          if (typeof item === 'string') judge(item, index);
          else if (item !== null && typeof item === 'object') {
            path.push(index);
            visit(item);
            path.pop();
          }
        }
        return;
      }
      for (const member of Object.keys(value)) {
        const child: unknown = (value as Record<string, unknown>)[member];
        if (typeof child === 'string') judge(child, member);
        else if (child !== null && typeof child === 'object') {
          path.push(member);
          visit(child);
          path.pop();
        }
      }
    };
    if (typeof body === 'string') judge(body, undefined);
    else if (body !== null && typeof body === 'object') visit(body);

    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() === 'x-auth-token' && isLiteral(value)) {
        report({ messageId: 'literalCredential', path: ['headers', name], fromDocumentRoot: true, data: { field: `header ${name}`, placeholder: '${AUTH_TOKEN}' } });
      }
    }
  },
  cases: {
    valid: [
      {
        name: 'placeholders for the cluster credentials',
        yaml: 'vm_settings:\n  compute_access_key: ${COMPUTE_ACCESS_KEY}\n  compute_secret_key: ${env:COMPUTE_SECRET_KEY}\n',
      },
      {
        name: 'placeholders, a shell variable and a docs placeholder in an account edit',
        operation: 'edit-account',
        yaml: [
          'account:',
          '  compute_type: CUSTOMER_MANAGED',
          '  compute_access_key: ${COMPUTE_ACCESS_KEY}',
          '  compute_secret_key: $COMPUTE_SECRET_KEY',
          '  storage_access_key: <your_storage_access_key>',
          '  storage_secret_key: ${STORAGE_SECRET_KEY}',
          '  defloc: s3://example-bucket/defloc',
          '',
        ].join('\n'),
      },
      {
        name: 'blank, masked and unset values',
        yaml: [
          'vm_settings:',
          '  compute_access_key: "****"',
          '  compute_secret_key: xxxx',
          'monitor_settings:',
          '  monitor_api_token: ""',
          '  monitor_app_token: null',
          '',
        ].join('\n'),
      },
      {
        name: 'a partly masked Fernet key',
        yaml: 'engine_config:\n  type: airflow\n  fernet_key: "ab12********"\n',
      },
      {
        name: 'a public SSH key is not a secret',
        yaml: 'security_settings:\n  ssh_public_key: ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 ops@example.com\n',
      },
      {
        name: 'no credentials in a clone',
        operation: 'clone-cluster',
        yaml: 'cluster_info:\n  label: [etl-clone]\n  cluster_name: etl-clone\n',
      },
    ],
    invalid: [
      {
        name: 'literal compute keys in vm_settings',
        example: true,
        yaml: 'vm_settings:\n  compute_access_key: AKIAEXAMPLE7QWERTY\n  compute_secret_key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
        findings: [
          { messageId: 'literalCredential', line: 2, column: 23, data: { field: 'vm_settings.compute_access_key', placeholder: '${COMPUTE_ACCESS_KEY}' } },
          { messageId: 'literalCredential', line: 3, column: 23, data: { field: 'vm_settings.compute_secret_key', placeholder: '${COMPUTE_SECRET_KEY}' } },
        ],
      },
      {
        name: 'literal storage key and secret in a create-account body',
        operation: 'create-account',
        yaml: [
          'account:',
          '  name: analytics',
          '  acc_key: ${STORAGE_ACCESS_KEY}',
          '  secret: dummy-but-literal',
          '  compute_access_key: aki',
          '  compute_secret_key: ${COMPUTE_SECRET_KEY}',
          '',
        ].join('\n'),
        findings: [
          { messageId: 'literalCredential', line: 4, column: 11, data: { field: 'account.secret', placeholder: '${SECRET}' } },
          { messageId: 'literalCredential', line: 5, column: 23, data: { field: 'account.compute_access_key', placeholder: '${COMPUTE_ACCESS_KEY}' } },
        ],
      },
      {
        name: 'literal storage secret in an account edit',
        operation: 'edit-account',
        yaml: [
          'account:',
          '  storage_access_key: ${STORAGE_ACCESS_KEY}',
          '  storage_secret_key: "s3cr3t/Value+123"',
          '  defloc: s3://example-bucket/defloc',
          '',
        ].join('\n'),
        findings: [{ messageId: 'literalCredential', line: 3, column: 23, data: { field: 'account.storage_secret_key', placeholder: '${STORAGE_SECRET_KEY}' } }],
      },
      {
        name: 'monitor tokens and the Fernet key',
        yaml: [
          'monitor_settings:',
          '  monitor_api_token: 0123456789abcdef0123456789abcdef',
          '  monitor_app_token: ${MONITOR_APP_TOKEN}',
          'engine_config:',
          '  type: airflow',
          '  fernet_key: ZmDfcTF7_60GrrY167zsiPd67pEvs0aGOv2oasOM1Pg=',
          '',
        ].join('\n'),
        findings: [
          { messageId: 'literalCredential', line: 2, column: 22, data: { field: 'monitor_settings.monitor_api_token', placeholder: '${MONITOR_API_TOKEN}' } },
          { messageId: 'literalCredential', line: 6, column: 15, data: { field: 'engine_config.fernet_key', placeholder: '${FERNET_KEY}' } },
        ],
      },
      {
        name: 'a credential under a vendor spelling or the v1.2 envelope is still a credential',
        yaml: 'datadog_settings:\n  datadog_api_token: 0123456789abcdef\ncluster:\n  vm_settings:\n    compute_secret_key: wJalrXUtnFEMI\n',
        findings: [
          { messageId: 'literalCredential', line: 2, column: 22 },
          { messageId: 'literalCredential', line: 5, column: 25 },
        ],
      },
      {
        name: 'a private key pasted where the public key goes',
        yaml: [
          'security_settings:',
          '  ssh_public_key: |',
          '    -----BEGIN OPENSSH PRIVATE KEY-----',
          '    b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
          '    -----END OPENSSH PRIVATE KEY-----',
          '',
        ].join('\n'),
        findings: [{ messageId: 'privateKey', line: 2, column: 19, data: { field: 'security_settings.ssh_public_key', placeholder: '${PRIVATE_KEY}' } }],
      },
      {
        name: 'the shortest private key line there is',
        yaml: 'security_settings:\n  ssh_public_key: "-----BEGIN PRIVATE KEY-----"\n',
        findings: [{ messageId: 'privateKey', line: 2, column: 19, data: { field: 'security_settings.ssh_public_key', placeholder: '${PRIVATE_KEY}' } }],
      },
      {
        name: 'a private key inside a bootstrap script',
        operation: 'set-bootstrap',
        yaml: 'script: "echo \'-----BEGIN RSA PRIVATE KEY-----\' > /tmp/key"\nis_user_bootstrap: true\n',
        findings: [{ messageId: 'privateKey', line: 1, column: 9, data: { field: 'script', placeholder: '${PRIVATE_KEY}' } }],
      },
    ],
  },
});

