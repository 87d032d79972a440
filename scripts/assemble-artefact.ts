/**
 * The last part of `npm run build`: completes Next's standalone output into the artefact an operator copies to a
 * host. `next build` leaves in `.next/standalone/` the server (`server.js`), its compiled routes and the node_modules
 * it traced; what it leaves out on purpose is added here:
 * - `.next/static/`: the browser's scripts and styles, which a CDN could serve instead (we serve them ourselves);
 * - `drizzle/`: the migrations, applied at startup from the working directory (server.js changes to its own folder);
 * - `.next/import-reader/`: the worker thread that reads uploaded statements and sheets (scripts/build-import-reader.ts);
 * - `deploy/`: the proxy's Caddyfile, the systemd unit and the environment's example, for the host;
 * and server.js gets one line first: NEXT_MANUAL_SIG_HANDLE, so that the add-on's own stop runs on SIGTERM.
 * The artefact is then started with `node server.js` from its folder (docs/operations.md, "Running in
 * production").
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // The import reader's worker, which Next does not bundle (scripts/build-import-reader.ts made it).
  [path.join(root, '.next', 'import-reader'), path.join(artefact, '.next', 'import-reader')],
  // The proxy's configuration, the systemd unit and the environment's example travel with the release they fit.
  [path.join(root, 'deploy'), path.join(artefact, 'deploy')],
];
for (const [from, to] of copies) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
// Next's own SIGTERM handler closes the server and exits without waiting for the jobs or the operational records;
// the artefact's server.js turns it off (before Next reads the variable, once listening), so the add-on's ordered
// stop runs instead (lib/startup/startup.ts). Set here rather than left to the host's environment: an operator who
// starts `node server.js` by hand gets the same stop as the systemd unit.
const serverJs = path.join(artefact, 'server.js');
const manualSignals = "process.env.NEXT_MANUAL_SIG_HANDLE = 'true';\n";
const server = readFileSync(serverJs, 'utf8');
if (!server.includes('startServer(')) {
  console.error('server.js of the standalone output no longer calls startServer: check the stop (docs/operations.md).');
  process.exit(1);
}
if (!server.startsWith(manualSignals)) writeFileSync(serverJs, manualSignals + server);

// A database folder or development secrets of this checkout must never travel with the artefact, nor an `.env` file
// (Next's standalone output copies `.env*` next to server.js, which would load it): the host's configuration is its
// environment (deploy/addon.env.example).
rmSync(path.join(artefact, '.data'), { recursive: true, force: true });
for (const name of readdirSync(artefact)) {
  if (name.startsWith('.env')) rmSync(path.join(artefact, name), { force: true });
}
console.log(`Artefact ready in ${path.relative(root, artefact)}/ (start it with \`node server.js\` there).`);
