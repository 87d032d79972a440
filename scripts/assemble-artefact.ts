/**
 * The second half of `npm run build`: completes Next's standalone output into the artefact an operator copies to a
 * host. `next build` leaves in `.next/standalone/` the server (`server.js`), its compiled routes and the node_modules
 * it traced; what it leaves out on purpose is added here:
 * - `.next/static/`: the browser's scripts and styles, which a CDN could serve instead (we serve them ourselves);
 * - `drizzle/`: the migrations, applied at startup from the working directory (server.js changes to its own folder).
 * The artefact is then started with `node server.js` from its folder (docs/operations.md, "Deploying").
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const artefact = path.join(root, '.next', 'standalone');

if (!existsSync(path.join(artefact, 'server.js'))) {
  console.error('No standalone output in .next/standalone: run `next build` first (next.config.mjs sets it).');
  process.exit(1);
}

const copies: [from: string, to: string][] = [
  [path.join(root, '.next', 'static'), path.join(artefact, '.next', 'static')],
  [path.join(root, 'drizzle'), path.join(artefact, 'drizzle')],
];
for (const [from, to] of copies) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
// A database folder or development secrets of this checkout must never travel with the artefact.
rmSync(path.join(artefact, '.data'), { recursive: true, force: true });
console.log(`Artefact ready in ${path.relative(root, artefact)}/ (start it with \`node server.js\` there).`);
