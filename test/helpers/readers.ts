import { fixWith, type FixOptions, type FixTextResult } from '../../src/engine/fix-text.js';
import { limitsOf, lintParsed, type LintOptions, type LintResult } from '../../src/engine/lint.js';
import { formatOf, parseText } from '../../src/parse/parse.js';

/**
 * The lint with every file read by `yaml`, the reader the block reader is held to: where the two
 * differ in anything (findings, fixes, positions), the block reader is wrong.
 */
export function lintWithYaml(text: string, options: LintOptions = {}): LintResult {
  const file = parseText(text, options.format ?? formatOf(options.filename), { ...limitsOf(options), reader: 'yaml' });
  return lintParsed(file, text, options, false);
}

/** The lint with every document's nodes made before anything asks for them: laziness changes no result. */
export function lintEagerly(text: string, options: LintOptions = {}): LintResult {
  const file = parseText(text, options.format ?? formatOf(options.filename), limitsOf(options));
  for (const document of file.documents) void document.node;
  return lintParsed(file, text, options, false);
}

/** fixText with every lint read by `yaml`. */
export function fixWithYaml(text: string, options: LintOptions = {}, fix: FixOptions = {}): FixTextResult {
  return fixWith((output) => lintWithYaml(output, options), text, fix);
}
