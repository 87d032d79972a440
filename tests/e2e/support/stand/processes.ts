import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

/** A child process of the stand, its output kept for a failure's message. */
export interface Child {
  pid: number;
  output: () => string;
  exited: () => boolean;
  /**
   * SIGTERM by PID, then SIGKILL if it has not ended within `graceMs` (default 30 s: the add-on bounds its own stop at
   * 25 s). A child started `detached` leads a process group of its own, and the whole group is signalled: a runner
   * such as `npm run dev` (npm, tsx, concurrently, next dev and its workers) leaves nothing behind.
   */
  stop: (graceMs?: number) => Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Sends `name` to a process or (negative) group; false when none is left to receive it. */
function signal(target: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(target, name);
    return true;
  } catch {
    return false;
  }
}

/** Whether every process of the group has ended within `timeoutMs`, polled (its members are not our children). */
async function groupGone(group: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (signal(group, 0)) {
    if (Date.now() > deadline) return false;
    await pause(200);
  }
  return true;
}

export function startChild(command: string, args: string[], options: SpawnOptions): Child {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  return {
    pid: child.pid ?? -1,
    output: () => (spawnError ? `could not start ${command}: ${spawnError.message}\n` : '') + chunks.join(''),
    exited: () => spawnError !== undefined || hasExited(child),
    async stop(graceMs = 30_000) {
      if (child.pid === undefined) return;
      const group = options.detached === true;
      const target = group ? -child.pid : child.pid;
      const gone = group ? () => groupGone(target, graceMs) : () => waitForExit(child, graceMs);
      if (!group && hasExited(child)) return;
      if (!signal(target, 'SIGTERM') || (await gone())) return;
      signal(target, 'SIGKILL');
      await waitForExit(child, 5_000);
    },
  };
}

/**
 * Polls `ready` until it answers true (a state, never a fixed wait); fails with `what`, the last problem and the
 * child's output when the child ends or the deadline passes first.
 */
export async function waitUntilReady(
  child: Child,
  what: string,
  ready: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let problem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exited()) {
      problem = 'it exited';
      break;
    }
    try {
      if (await ready()) return;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    await pause(200);
  }
  throw new Error(`${what} did not become ready (${problem}). Its output:\n${child.output()}`);
}
