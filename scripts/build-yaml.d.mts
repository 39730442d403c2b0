import type { Plugin } from 'esbuild';

/** The text of the one module every importer of `yaml` in the program gets (ES module syntax). */
export function yamlOnceModule(): string;
/** The esbuild plugin that serves it. */
export const yamlOnce: Plugin;
