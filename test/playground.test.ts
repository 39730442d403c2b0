// The playground end to end in headless Chromium: the browser bundle loads in a real browser,
// findings appear at the right line as one types, and go when the mistake is fixed.
// Needs Debian's chromium (/usr/bin/chromium), which `npm test` installs first; without it the test fails.
// `npm test` builds first, so dist/browser/dplint.js is the bundle under test.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);

if (!available) {
  test('playground end to end needs Chromium', () => {
    expect(available, `${CHROMIUM} is missing: npm test installs it (scripts/test-prerequisites.mjs)`).toBe(true);
  });
} else {
  describe('playground in headless Chromium', () => {
    let server: ChildProcess;
    let url: string;
    let profile: string;
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      expect(available, `${CHROMIUM} is required: npm test installs it (scripts/test-prerequisites.mjs)`).toBe(true);
      expect(existsSync(join(ROOT, 'dist/browser/dplint.js')), 'run `npm run build` first').toBe(true);
      server = spawn(process.execPath, [join(ROOT, 'scripts/serve-playground.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
      url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: server.stdout! }).once('line', resolve);
        server.once('exit', (code) => reject(new Error(`the playground server exited with code ${code}`)));
      });
      profile = mkdtempSync(join(tmpdir(), 'dplint-chromium-'));
      context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        viewport: { width: 1100, height: 900 },
      });
      page = context.pages()[0] ?? (await context.newPage());
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text());
      });
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
    });

    afterAll(async () => {
      await context?.close();
      server?.kill();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    const findings = () =>
      page.$$eval('#findings li', (items) => items.map((li) => `${li.getAttribute('data-line')}:${li.getAttribute('data-column')} ${li.getAttribute('data-severity')} ${li.getAttribute('data-rule-id')}`));
    const markedLines = () => page.$$eval('#gutter [data-severity]', (rows) => rows.map((row) => `${row.getAttribute('data-line')} ${row.getAttribute('data-severity')}`));

    test('a bad cluster shows its finding at the right line; fixing it clears it', async () => {
      const bad = ['# dplint: operation=edit-cluster', 'node_configuration:', '  master_instance_type: m3.xlarge', '  initial_nodes: 4', '  max_nodes: 2', ''].join('\n');
      await page.fill('#source', bad);
      expect(await findings()).toEqual(['5:14 error cluster/max-nodes-below-initial']);
      expect(await markedLines()).toEqual(['5 error']);
      expect(await page.textContent('#summary')).toBe('1 error · checked as edit-cluster (from the modeline)');
      expect(await page.textContent('#findings li .msg')).toBe('node_configuration.max_nodes must be at least initial_nodes (4); got 2');

      const shots = mkdtempSync(join(tmpdir(), 'dplint-playground-'));
      await page.screenshot({ path: join(shots, 'bad-cluster.png'), fullPage: true });
      console.info(`playground screenshot: ${join(shots, 'bad-cluster.png')}`);

      // Fix it the way a person would: select the 2 and type 8.
      await page.click('#findings li button');
      await page.keyboard.type('8');
      expect(await page.inputValue('#source')).toContain('  max_nodes: 8\n');
      expect(await findings()).toEqual([]);
      expect(await markedLines()).toEqual([]);
      expect(await page.textContent('#summary')).toBe('No problems found · checked as edit-cluster (from the modeline)');
    });

    test('the operation chosen in the select applies to a body without a modeline', async () => {
      await page.fill('#source', 'state: stop\n');
      expect(await findings()).toEqual(['1:1 info operation/inferred', '1:8 error schema/enum']);
      expect(await markedLines()).toEqual(['1 error']);
      await page.selectOption('#operation', 'set-cluster-state');
      expect(await findings()).toEqual(['1:8 error schema/enum']);
      expect(await page.textContent('#summary')).toBe('1 error · checked as set-cluster-state (chosen above)');
      await page.selectOption('#operation', '');
    });

    test('the page raised no error', () => {
      expect(pageErrors).toEqual([]);
    });
  });
}
