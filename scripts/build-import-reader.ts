/**
 * Part of `npm run build`, after `next build` (which empties `.next/`): bundles the import reader's worker
 * (lib/features/imports/reading/worker.ts, the statement and sheet readers and the libraries they use) into one file,
 * `.next/import-reader/worker.cjs`, which the production server starts as a worker thread
 * (lib/features/imports/reading/pool.ts) and scripts/assemble-artefact.ts copies into the artefact. Next's bundler
 * makes no entry a worker thread could start; esbuild does (not a dependency of ours: it comes with the development
 * tools, tsx, drizzle-kit and vite, which a build needs anyway). CommonJS,
 * so that the libraries' `require` of Node's modules works as it does in node_modules.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outfile = path.join(root, '.next', 'import-reader', 'worker.cjs');

const result = await build({
  entryPoints: [path.join(root, 'lib', 'features', 'imports', 'reading', 'worker.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  tsconfig: path.join(root, 'tsconfig.json'),
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});
// The worker reads files and nothing else: a module that guards secrets has no business in it.
const inputs = Object.keys(result.metafile.inputs);
const guarded = inputs.filter((input) => input.includes('node_modules/server-only/'));
if (guarded.length > 0) {
  console.error(`The import reader's worker imports a server-only module: ${guarded.join(', ')}`);
  process.exit(1);
}
console.log(`Import reader bundled: ${path.relative(root, outfile)} (${inputs.length} modules).`);
