import 'server-only';

import { flushOpsRecords } from '@/lib/owners/ops/record';
import type { Db } from '@/lib/platform/db/client';
import { describeError, getLogger } from '@/lib/platform/log';

/** How often each instance writes its gathered operational records: the console is this far behind at most. */
export const OPS_FLUSH_INTERVAL_MS = 5_000;

// On globalThis, like the pending counts themselves (lib/owners/ops/record.ts): one timer per process.
const slot = globalThis as typeof globalThis & { __addonOpsFlushing?: { timer: NodeJS.Timeout; busy: boolean } };

/** One flush; a failure (the database away) is logged and its counts wait for the next one. */
async function flushLogged(openDb: () => Promise<Db>): Promise<void> {
  try {
    const { dropped } = await flushOpsRecords(await openDb());
    if (dropped > 0) getLogger().warn({ dropped }, 'operational records: keys dropped while the database was away');
  } catch (error) {
    getLogger().warn({ err: describeError(error) }, 'operational records: flush failed, kept for the next one');
  }
}

/** Starts writing the operational records every few seconds (the server, lib/startup/startup.ts). */
export function startOpsFlushing(openDb: () => Promise<Db>, intervalMs = OPS_FLUSH_INTERVAL_MS): void {
  if (slot.__addonOpsFlushing) return;
  const state = {
    busy: false,
    timer: setInterval(() => {
      // A slow flush is not overtaken by the next: the counts simply wait.
      if (state.busy) return;
      state.busy = true;
      void flushLogged(openDb).finally(() => (state.busy = false));
    }, intervalMs),
  };
  // The timer never keeps a process alive on its own.
  state.timer.unref();
  slot.__addonOpsFlushing = state;
}

/** Stops the timer and writes what is still pending (shutdown). */
export async function stopOpsFlushing(openDb: () => Promise<Db>): Promise<void> {
  const state = slot.__addonOpsFlushing;
  slot.__addonOpsFlushing = undefined;
  if (state) clearInterval(state.timer);
  await flushLogged(openDb);
}
