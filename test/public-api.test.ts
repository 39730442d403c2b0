// Every export of src/index.ts carries TSDoc, and every exported value an example as well
// (STYLE.md: "TSDoc on every export of src/index.ts").
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

test('every export of src/index.ts is documented; functions, classes and constants with an example', () => {
  const entry = join(ROOT, 'src/index.ts');
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, resolveJsonModule: true, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const exports = checker.getExportsOfModule(module);
  expect(exports.map((e) => e.name)).toEqual(expect.arrayContaining(['validate', 'validateRequest', 'assertValid', 'withValidation', 'lintText', 'DplintValidationError', 'EditClusterRequest']));

  const undocumented: string[] = [];
  const withoutExample: string[] = [];
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // A deprecated body type's description is the text of its @deprecated tag.
    const text = [symbol.getDocumentationComment(checker), ...symbol.getJsDocTags(checker).map((tag) => tag.text ?? [])].map((parts) => ts.displayPartsToString(parts)).join('');
    if (text.trim() === '') undocumented.push(exported.name);
    const isValue = (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Variable)) !== 0;
    if (isValue && !symbol.getJsDocTags(checker).some((tag) => tag.name === 'example')) withoutExample.push(exported.name);
  }
  expect(undocumented).toEqual([]);
  expect(withoutExample).toEqual([]);
});
