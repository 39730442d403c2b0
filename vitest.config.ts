import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout here only stops a hung test. The tests never judge speed (bench/ does), and CI machines
    // run unevenly: the 5 s default once failed a property test that takes about 1.5 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The temporary folders of the whole run live under one folder, removed when the run ends.
    globalSetup: ['test/helpers/temp-root.ts'],
  },
});
