import fc from 'fast-check';
import picomatch from 'picomatch';
import { expect, test } from 'vitest';
import { compileGlobGroups } from '../../src/config/globs.js';

/**
 * The config's glob matcher files each glob under a literal part a path must have, and matches
 * only the candidates (src/config/globs.ts): for any glob and path, it says what picomatch says of
 * the glob alone, with the options the config always used ({dot: true}).
 */
const runs = Number(process.env.DPLINT_PROPERTY_RUNS ?? 500);

// Few letters, so that globs and paths meet; every glob character picomatch reads, and dots and slashes.
const globChar = fc.constantFrom('a', 'b', '.', '/', '*', '**', '?', '[a]', '{a,b}', '!', '-', 'yaml', '\\', '(', ')', '+', '@');
const pathSegment = fc.constantFrom('a', 'b', '.a', 'a.yaml', 'b.yaml', 'ab', '.', 'yaml', '[a]', '{a,b}', '*', 'a-b');
const glob = fc.array(globChar, { minLength: 1, maxLength: 7 }).map((parts) => parts.join(''));
const path = fc.array(pathSegment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));

function picomatchSays(pattern: string, input: string): boolean | 'refused' {
  try {
    return picomatch(pattern, { dot: true, windows: false })(input);
  } catch {
    return 'refused';
  }
}

test('each glob, alone: the same answer as picomatch', () => {
  fc.assert(
    fc.property(glob, fc.array(path, { minLength: 1, maxLength: 8 }), (pattern, inputs) => {
      const expected = inputs.map((input) => picomatchSays(pattern, input));
      if (expected.includes('refused')) return;
      const compiled = compileGlobGroups([[pattern]]);
      expect(inputs.map((input) => compiled.matches(input))).toEqual(expected);
    }),
    { numRuns: runs },
  );
});

test('groups of globs: the groups that match are those with a glob picomatch matches', () => {
  fc.assert(
    fc.property(fc.array(fc.array(glob, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), path, (groups, input) => {
      const answers = groups.map((globs) => globs.map((g) => picomatchSays(g, input)));
      if (answers.flat().includes('refused')) return;
      const expected = answers.flatMap((list, index) => (list.includes(true) ? [index] : []));
      expect(compileGlobGroups(groups).matching(input)).toEqual(expected);
    }),
    { numRuns: runs },
  );
});

test('the shapes filed by a literal part: literal, first folder, last name, extension', () => {
  const groups = compileGlobGroups([['legacy/**'], ['**/bootstrap.yaml'], ['clusters/**/*.yaml', '*.json'], ['account/account.yaml'], ['**']]);
  expect(groups.matching('legacy/x/y.yaml')).toEqual([0, 4]);
  expect(groups.matching('legacy')).toEqual([0, 4]);
  expect(groups.matching('a/b/bootstrap.yaml')).toEqual([1, 4]);
  expect(groups.matching('clusters/a/b.yaml')).toEqual([2, 4]);
  expect(groups.matching('top.json')).toEqual([2, 4]);
  expect(groups.matching('a/top.json')).toEqual([4]);
  expect(groups.matching('account/account.yaml')).toEqual([3, 4]);
});
