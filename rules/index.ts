import type { Rule } from '../src/types.js';
import maxNodesBelowInitial from './cluster/max-nodes-below-initial.js';

/** Every cross-field rule, in alphabetical order of id. */
export const RULES: readonly Rule[] = [maxNodesBelowInitial];
