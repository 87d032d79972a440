import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * A watchdog for the cleanup, in its own process group. In-process handlers are not enough: `tsx` SIGKILLs its
 * child when the child does not acknowledge a signal within 30 ms, which happens on a busy host, and then the
 * server would keep running and the database would stay. The guardian holds the read end of a pipe from the
 * benchmark; when the pipe closes without a `released` line (the benchmark died, however), it stops the server
 * by PID and drops the database. Ctrl-C does not reach it: it is not in the terminal's foreground group.
 */
const SCRIPT = String.raw`
const pg = require('pg');
const [adminUrl, database] = process.argv.slice(1);
let serverPid = 0, released = false, pending = '';
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function stopServer() {
  if (!serverPid || !alive(serverPid)) return;
  try { process.kill(serverPid, 'SIGTERM'); } catch {}
  for (let i = 0; i < 50 && alive(serverPid); i++) await sleep(100);
  if (alive(serverPid)) try { process.kill(serverPid, 'SIGKILL'); } catch {}
}
async function dropDatabase() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try { await client.query('drop database if exists ' + database + ' with (force)'); } finally { await client.end(); }
}
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let i; (i = pending.indexOf('\n')) >= 0; pending = pending.slice(i + 1)) {
    const line = pending.slice(0, i);
    if (line === 'released') released = true;
    else if (line.startsWith('server ')) serverPid = Number(line.slice(7));
  }
});
process.stdin.on('close', async () => {
  if (released) process.exit(0);
  setTimeout(() => process.exit(1), 30000).unref();
  await stopServer();
  await dropDatabase().catch((error) => console.error('bench guardian: drop failed: ' + error.message));
  console.error('bench guardian: the benchmark ended without cleaning up; stopped pid ' + serverPid + ', dropped ' + database);
  process.exit(0);
});
`;

export type Guardian = { watchServer(pid: number): void; release(): Promise<void> };

export function startGuardian(options: { cwd: string; adminUrl: string; database: string }): Guardian {
  // CommonJS for `-e`, so `require('pg')` resolves from the project's node_modules (cwd).
  const child = spawn(process.execPath, ['-e', SCRIPT, options.adminUrl, options.database], {
    cwd: options.cwd,
    detached: true,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const pipe = child.stdin as Socket;
  // Neither the child nor the pipe may keep the benchmark alive.
  child.unref();
  pipe.unref();
  pipe.on('error', () => {}); // the guardian gone first: nothing left to tell it
  return {
    watchServer: (pid) => void pipe.write(`server ${pid}\n`),
    release: () => new Promise<void>((resolve) => pipe.end('released\n', () => resolve())),
  };
}
