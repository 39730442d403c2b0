// One FileSecrets per file (src/schema/secrets.ts): what the engine hands src/node/lint-files.ts in
// place of an eager shown text must show, mask and screen exactly as that text did.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { lintText, lintTextMasked } from '../src/engine/lint.js';
import { FileSecrets, maskSecrets, withoutRevealingEdits } from '../src/schema/secrets.js';

const CASES = join(__dirname, '..', 'fixtures', 'cases');
const texts = readdirSync(CASES)
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .map((name) => [name, readFileSync(join(CASES, name), 'utf8')] as const);

describe('lintTextMasked: lintText without the shown text, and the file\'s credentials that make it when asked', () => {
  test.each(texts)('%s', (name, text) => {
    const options = { filename: name };
    const eager = lintText(text, options);
    const { result, secrets } = lintTextMasked(text, options);
    const { shownSource, ...rest } = eager;
    expect(result).toEqual(rest);
    expect(result).not.toHaveProperty('shownSource');
    // Credentials are there exactly when there is something to show.
    expect(secrets?.shown()).toBe(shownSource);
    if (!secrets || shownSource === undefined) return;
    const lines = shownSource.split('\n');
    expect(lines.map((_, index) => secrets.line(index))).toEqual(lines);
    expect(withoutRevealingEdits(result.findings, secrets)).toEqual(withoutRevealingEdits(eager.findings, text, shownSource));
  });
});

describe('FileSecrets', () => {
  const text = '# dplint: operation=edit-cluster\nvm_settings:\n  compute_secret_key: PLANTEDxSECRETxONE\n  cloud_region: us-east-1\ncustom: "fs.s3a.secret.key=PLANTEDxSECRETxTWO"\n';

  test('one shown line without the whole shown text, which is made once, when asked', () => {
    const secrets = new FileSecrets(text);
    expect(secrets.line(2)).toBe('  compute_secret_key: ****');
    expect(secrets.line(3)).toBe('  cloud_region: us-east-1');
    expect(secrets.line(4)).toBe('custom: "fs.s3a.secret.key=****"');
    expect(secrets.line(6)).toBe('');
    expect(secrets.shown()).toBe(maskSecrets(text));
    expect(secrets.shown()).toBe(secrets.shown());
  });

  test('messages, values and edits against the spans found once, whatever was asked before, and of which file', () => {
    const other = new FileSecrets('vm_settings:\n  compute_secret_key: UNRELATEDxVALUEx42\n');
    const secrets = new FileSecrets(text);
    expect(other.message('is UNRELATEDxVALUEx42')).toBe('is ****');
    expect(secrets.message('"PLANTEDxSECRETxONE" and PLANTEDxSECRETxTWO, not UNRELATEDxVALUEx42')).toBe('"****" and ****, not UNRELATEDxVALUEx42');
    expect(secrets.value('PLANTEDxSECRETxTWO')).toBe('****');
    expect(secrets.reveals({ range: [0, 0], text: 'key: PLANTEDxSECRETxONE\n' })).toBe(true);
    expect(secrets.reveals({ range: [0, 0], text: 'vm_settings:\n' })).toBe(false);
    expect(other.revealsText('PLANTEDxSECRETxONE')).toBe(false);
  });
});
