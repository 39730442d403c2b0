import { defineRule } from '../../src/define-rule.js';
import { getIn } from '../support/rule-helpers.js';
import { isKnown } from '../../src/schema/values.js';

export default defineRule({
  id: 'cluster/ssh-public-key-dss',
  appliesTo: ['edit-cluster'],
  severity: 'warning',
  docs: {
    summary: 'security_settings.ssh_public_key is a DSA (ssh-dss) key, a deprecated key type.',
    rationale:
      'Spec 4.11.4: `ssh_public_key` is the "login key in OpenSSH format (not PEM/PKCS)". ssh-dss is an OpenSSH format, but DSA keys are limited to 1024 bits and OpenSSH has disabled them by default since release 7.0 (2015) and removed them in release 10.0, so logins with such a key are likely to fail on current hosts.',
    fix: 'Create a new key with `ssh-keygen -t ed25519` and send its .pub line instead.',
  },
  messages: {
    dss: 'security_settings.ssh_public_key is an ssh-dss (DSA) key, which is deprecated and disabled by default in current OpenSSH; create an ed25519 key (`ssh-keygen -t ed25519`) and send its public key',
  },
  defaultOptions: {},
  check({ body, report }) {
    const path = ['security_settings', 'ssh_public_key'];
    const value = getIn(body, path);
    if (typeof value !== 'string' || !isKnown(value)) return;
    if (value.trim().split(/\s+/, 1)[0] === 'ssh-dss') report({ messageId: 'dss', path });
  },
  cases: {
    valid: [
      {
        name: 'an ed25519 key',
        yaml: 'security_settings:\n  ssh_public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFKRhYdKV4+9VdAwBXOgD2IiXjS0zcK4O4wAAMzbRUTr ops@example.com\n',
      },
    ],
    invalid: [
      {
        name: 'a DSA key',
        example: true,
        yaml: 'security_settings:\n  ssh_public_key: ssh-dss AAAAB3NzaC1kc3MAAACBAP8= ops@example.com\n',
        findings: [{ messageId: 'dss', line: 2, column: 19 }],
      },
    ],
  },
});
