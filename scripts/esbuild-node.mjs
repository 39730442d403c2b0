// The esbuild options every Node.js bundle of dplint's is built with: the program and its worker
// (scripts/build-cli.mjs), and what the single executable carries beside them (scripts/build-sea.mjs).
export const NODE_BUNDLE = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
};
