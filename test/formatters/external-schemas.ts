import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The official SARIF and JUnit schemas, in the workspace's shared folder (`../shared/schemas-external` from the project root). */
const FOLDER = fileURLToPath(new URL('../../../shared/schemas-external/', import.meta.url));

export const SARIF_SCHEMA = `${FOLDER}sarif-schema-2.1.0.json`;
export const JUNIT_XSD = `${FOLDER}junit.xsd`;

/** Whether a schema file is present; tests skip (saying why) in a clone outside the workspace. */
export const present = (file: string): boolean => existsSync(file);

/** Validates XML against the JUnit XSD with xmllint; returns xmllint's verdict (stderr) and exit status. */
export function xmllint(xml: string): { status: number | null; stderr: string } {
  const run = spawnSync('xmllint', ['--noout', '--schema', JUNIT_XSD, '-'], { input: xml, encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('xmllint is not installed: run `apt-get install -y libxml2-utils` (CI installs it); the JUnit output cannot be validated without it');
  }
  return { status: run.status, stderr: run.stderr };
}
