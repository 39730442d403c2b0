import { json } from './json.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

/** Output formats by name, for `--format`. */
export const FORMATTERS: Readonly<Record<string, Formatter>> = { stylish, json };
export type { FileResult, FormatOptions, Formatter, Summary } from './types.js';
export { summarize } from './types.js';
