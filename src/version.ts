/** dplint's version; a test keeps it equal to package.json's. */
export const VERSION = '0.1.0';

/** The repository (package.json `repository` and `homepage`; a test keeps them equal). */
export const REPOSITORY_URL = 'https://github.com/dplint/dplint';

/** A rule's page in the repository: docs/rules/<namespace>/<name>.md, generated from the rule file. */
export function ruleDocsPath(id: string): string {
  return `docs/rules/${id}.md`;
}

/**
 * Where a rule's page is read: the page at the tag of this version (`v<version>`), so a finding
 * links the words of the dplint that reported it, and the link works wherever dplint is installed
 * (never a file: URL into node_modules). `policy/*` ids are the config file's and have no page.
 */
export function ruleDocsUrl(id: string): string | undefined {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(id) || id.startsWith('policy/')) return undefined;
  return `${REPOSITORY_URL}/blob/v${VERSION}/${ruleDocsPath(id)}`;
}
