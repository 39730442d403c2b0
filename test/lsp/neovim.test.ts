import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repo } from '../helpers/repo.js';
import { DPLINT } from './client.js';

/**
 * A real editor: Neovim's built-in LSP client, headless, starts `dplint lsp --stdio` in a config
 * repository, shows dplint's diagnostics for a file with known mistakes and applies the quick fix
 * (test/lsp/neovim/init.lua writes what it saw; this test reads it back).
 */
test('Neovim receives dplint diagnostics and applies a quick fix', () => {
  const root = repo({
    'dplint.config.yaml': 'files:\n  - match: ["clusters/*.yaml"]\n    operation: edit-cluster\n',
    'clusters/etl.yaml': 'label: [etl]\nnode_configuration:\n  max_nodes: "5"\nvm_settings:\n  cloud_region: us-east-9\n',
  });
  const out = join(root, 'neovim-results.json');
  const run = spawnSync('nvim', ['--headless', '--clean', '-u', join(import.meta.dirname, 'neovim', 'init.lua')], {
    cwd: root,
    env: { ...process.env, DPLINT_NVIM_ROOT: root, DPLINT_NVIM_BIN: DPLINT, DPLINT_NVIM_OUT: out },
    encoding: 'utf8',
    timeout: 110_000,
  });
  expect(run.error).toBe(undefined);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  expect(results.failed).toBe(undefined);
  expect(results.diagnostics).toEqual([
    { lnum: 2, col: 13, end_lnum: 2, end_col: 16, severity: 1, source: 'dplint', code: 'body/number-as-string', message: 'node_configuration.max_nodes must be a whole number; got the string "5": write 5 without quotes' },
    {
      lnum: 4,
      col: 16,
      end_lnum: 4,
      end_col: 25,
      severity: 1,
      source: 'dplint',
      code: 'schema/enum',
      message:
        'vm_settings.cloud_region must be one of "us-east-1", "us-east-2", "us-west-1", "us-west-2", "eu-west-1", "eu-west-2", "sa-east-1", "ap-south-1", "ap-southeast-1", "ap-northeast-1", "ap-northeast-2", "ca-central-1"; got "us-east-9" (did you mean "us-east-1"?)',
    },
  ]);
  expect(results.steps).toEqual(['Fix this body/number-as-string problem', 'Disable body/number-as-string for this line']);
  expect(results.fixed_line).toBe('  max_nodes: 5');
  expect(results.after.map((d: { code: string; lnum: number }) => `${d.lnum} ${d.code}`)).toEqual(['4 schema/enum']);
});
