import { fixWith, type FixOptions, type FixTextResult } from '../../src/engine/fix-text.js';
import { lintParsed, withShown, type LintOptions, type LintResult } from '../../src/engine/lint.js';
import { formatOf, parseText } from '../../src/parse/parse.js';

/**
 * The lint with every file read by `yaml`, the reader the block reader and the JSON reader are held
 * to: where they differ in anything (findings, fixes, positions), the other reader is wrong.
 */
export function lintWithYaml(text: string, options: LintOptions = {}): LintResult {
  const file = parseText(text, options.format ?? formatOf(options.filename), { ...options, reader: 'yaml' });
  return withShown(lintParsed(file, text, options, false));
}

/** The lint with every document's nodes made before anything asks for them: laziness changes no result. */
export function lintEagerly(text: string, options: LintOptions = {}): LintResult {
  const file = parseText(text, options.format ?? formatOf(options.filename), options);
  for (const document of file.documents) void document.node;
  return withShown(lintParsed(file, text, options, false));
}

/** fixText with every lint read by `yaml`. */
export function fixWithYaml(text: string, options: LintOptions = {}, fix: FixOptions = {}): FixTextResult {
  return fixWith((output) => lintWithYaml(output, options), text, fix);
}
