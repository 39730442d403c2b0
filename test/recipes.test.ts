import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { JUNIT_XSD, present, SARIF_SCHEMA, xmllint } from './formatters/external-schemas.js';
import { runCli } from './helpers/cli.js';

/**
 * The CI recipes of docs/ci.md (examples/ci/*.yml, included there verbatim): each is valid YAML,
 * and the dplint command it runs, run here on the sample config repository, writes files that
 * the real formats accept.
 */
const ROOT = join(__dirname, '..');

function dplintCommand(recipe: string): string[] {
  const line = recipe.split('\n').find((l) => l.includes('npx dplint '));
  if (!line) throw new Error('the recipe runs no dplint command');
  return line.slice(line.indexOf('npx dplint ') + 'npx dplint '.length).trim().split(/\s+/);
}

function sampleRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dplint-recipe-'));
  cpSync(join(ROOT, 'fixtures', 'config-repo'), dir, { recursive: true });
  return dir;
}

describe('docs/ci.md shows the recipes as they are in examples/ci', () => {
  const page = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
  test.each(['github-actions.yml', 'gitlab-ci.yml', 'github-impact.yml'])('%s', (name) => {
    expect(page).toContain(readFileSync(join(ROOT, 'examples', 'ci', name), 'utf8'));
  });
});

test('GitHub Actions: annotations on stdout and a SARIF file that validates', async () => {
  const recipe = readFileSync(join(ROOT, 'examples', 'ci', 'github-actions.yml'), 'utf8');
  const workflow = parse(recipe);
  expect(Object.keys(workflow.jobs)).toEqual(['dplint']);
  expect(workflow.jobs.dplint.steps.at(-1)).toMatchObject({ uses: 'github/codeql-action/upload-sarif@v3', with: { sarif_file: 'dplint.sarif' } });
  const dir = sampleRepository();
  const run = await runCli(dplintCommand(recipe), { cwd: dir });
  expect(run.code).toBe(1);
  expect(run.stdout.split('\n')[0]).toMatch(/^::error file=clusters\/presto-adhoc\.yaml,line=3,endLine=3,col=17,endColumn=22,title=yaml\/unquoted-string::/);
  const sarif = JSON.parse(readFileSync(join(dir, 'dplint.sarif'), 'utf8'));
  expect(sarif.runs[0].results.length).toBeGreaterThan(0);
  expect(present(SARIF_SCHEMA), `${SARIF_SCHEMA} is missing: the SARIF output cannot be validated`).toBe(true);
  const ajv = new Ajv04.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')));
  expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
});

test('GitLab CI: compact lines on stdout, a Code Quality report and a JUnit report that validates', async () => {
  const recipe = readFileSync(join(ROOT, 'examples', 'ci', 'gitlab-ci.yml'), 'utf8');
  const pipeline = parse(recipe);
  expect(pipeline.dplint.artifacts.reports).toEqual({ codequality: 'gl-code-quality-report.json', junit: 'dplint-junit.xml' });
  const dir = sampleRepository();
  const run = await runCli(dplintCommand(recipe), { cwd: dir });
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('clusters/presto-adhoc.yaml:3:17: error presto_version must be a string');
  const xml = readFileSync(join(dir, 'dplint-junit.xml'), 'utf8');
  expect(xml).toContain('<testsuites');
  expect(present(JUNIT_XSD), `${JUNIT_XSD} is missing: the JUnit output cannot be validated`).toBe(true);
  expect(xmllint(xml)).toEqual({ status: 0, stderr: '- validates\n' });
  const quality = JSON.parse(readFileSync(join(dir, 'gl-code-quality-report.json'), 'utf8'));
  expect(quality[0]).toMatchObject({
    type: 'issue',
    check_name: 'yaml/unquoted-string',
    severity: 'major',
    location: { path: 'clusters/presto-adhoc.yaml', lines: { begin: 3, end: 3 } },
  });
  expect(quality[0].description).toMatch(/^presto_version must be a string/);
  expect(quality.length).toBe(run.stdout.trimEnd().split('\n').length);
});
