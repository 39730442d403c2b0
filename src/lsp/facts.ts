import { sep } from 'node:path';
import { DEFAULT_LIMITS } from '../config/config.js';
import { mayHoldDirectives } from '../engine/fast-path.js';
import { collectFacts, type RepositoryFacts } from '../engine/repository.js';
import { asEnvelope, resolveOperation } from '../engine/resolve-operation.js';
import { readText } from '../node/files.js';
import { lintFileAt, pathToOpen, type PlannedRun } from '../node/lint-files.js';
import { formatOf, readData } from '../parse/parse.js';

/**
 * What a planned file tells the checks across files, as `dplint` run in the folder gathers it
 * (`lintFileAt`'s facts), without running the rules, which the index does not need: a file in the
 * subset of YAML that src/parse/block-yaml.ts reads (the full parse's very data, or it declines),
 * one document, its operation set by the config or an envelope, is read and its facts taken from
 * that data; any other file is linted in full. test/lsp/facts.test.ts holds the two to agreeing.
 */
export function factsOfPlannedFile(file: string, run: PlannedRun): { file: string; facts?: RepositoryFacts } {
  const configured = run.configured(file);
  const settings = configured?.config.settingsFor(configured.path);
  const read = readText(pathToOpen(run, file), settings?.limits.maxFileSize ?? DEFAULT_LIMITS.maxFileSize);
  if ('text' in read) {
    const text = read.text;
    const quick = blockData(file, text, settings?.limits.maxDepth);
    if (quick !== undefined) {
      const { operation, source, findings } = resolveOperation({ comments: [], document: quick, configOperation: settings?.operation });
      if (operation && findings.length === 0 && (source === 'envelope' || source === 'config')) {
        const envelope = source === 'envelope' ? asEnvelope(quick) : undefined;
        const facts = collectFacts([{ operation, prefix: envelope ? ['body'] : [], value: envelope ? envelope.body : quick }]);
        return { file: file.split(sep).join('/'), ...(facts ? { facts } : {}) };
      }
    }
  } else return { file: file.split(sep).join('/') };
  const { result, facts } = lintFileAt(file, run, { cwd: run.cwd, keepSource: false });
  return { file: result.file.split(sep).join('/'), ...(facts ? { facts } : {}) };
}

/**
 * The data of a one-document file in the block subset of YAML (the full parse's data), or
 * undefined when it takes the full parse: read as the lint's quick look reads it (within the
 * parse limits), and left to the full way where the quick look would leave it (a modeline or
 * directive may change the operation or silence a finding).
 */
function blockData(file: string, text: string, maxDepth = DEFAULT_LIMITS.maxDepth): Record<string, unknown> | undefined {
  // (A text with `---` anywhere may be a stream, which the full lint reads: not read here only to be read again.)
  if (formatOf(file) === 'json' || mayHoldDirectives(text) || text.includes('---')) return undefined;
  return readData(text, { maxDepth })?.values[0];
}
