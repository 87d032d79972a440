import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/** A port the kernel just handed out on loopback. (Another process could take it before `next start` binds.) */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type NextServer = {
  pid: number;
  baseUrl: string;
  /** The last lines the server wrote (its logs at warn and above), for diagnosing a failed run. */
  outputTail(): string[];
  /** Lines written since start: with LOG_LEVEL=warn, any line is a warning or an error worth a look. */
  outputLines(): number;
  exited(): boolean;
  stop(): Promise<void>;
};

const TAIL = 40;

/** Starts the production build with `next start` (no build here: `.next` must already exist). */
export function startNext(options: {
  cwd: string;
  port: number;
  env: NodeJS.ProcessEnv;
  nodeArgs?: string[];
}): NextServer {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      'node_modules/next/dist/bin/next',
      'start',
      '-p',
      String(options.port),
      '-H',
      '127.0.0.1',
    ],
    { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid === undefined) throw new Error('next start could not be spawned.');
  const pid = child.pid;

  const tail: string[] = [];
  let lines = 0;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines++;
      tail.push(line.length > 500 ? `${line.slice(0, 500)}…` : line);
      if (tail.length > TAIL) tail.shift();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let hasExited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  const waitExit = (ms: number) =>
    Promise.race([exit.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);

  return {
    pid,
    baseUrl: `http://127.0.0.1:${options.port}`,
    outputTail: () => [...tail],
    outputLines: () => lines,
    exited: () => hasExited,
    async stop() {
      // By PID, never by name: other engineers run their own servers on this host.
      const signal = (name: NodeJS.Signals) => {
        try {
          if (!hasExited) process.kill(pid, name);
        } catch {
          // ESRCH: it exited on its own (Ctrl-C reaches the whole process group)
        }
      };
      signal('SIGTERM');
      if (hasExited || (await waitExit(5_000))) return;
      signal('SIGKILL');
      await waitExit(5_000);
    },
  };
}

/** Polls GET /api/health until 200: the add-on has opened the database and applied its migrations. */
export async function waitForHealth(server: NextServer, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer yet';
  while (performance.now() < deadline) {
    if (server.exited()) throw new Error('next start exited before it became healthy.');
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not become healthy within ${timeoutMs / 1000} s (${last}).`);
}
