import 'server-only';

/**
 * The jobs this process is running, each with a stop signal of its own, so that cancelling a key (a company's jobs:
 * lib/platform/jobs/jobs.ts) also stops its job running here at its next safe point. A job running on another instance is
 * beyond reach: pg-boss marks it cancelled, and the work itself must check what it depends on before each write
 * (lib/owners/mirror/page-guard.ts does for a sync).
 */
export class RunningJobs {
  private readonly running = new Set<{ queue: string; key: string | null; controller: AbortController }>();

  /** Runs `work` with a signal aborted when the process stops (`stopping`) or the job's key is cancelled here. */
  async run<T>(
    queue: string,
    key: string | null,
    stopping: AbortSignal,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const entry = { queue, key, controller: new AbortController() };
    this.running.add(entry);
    try {
      return await work(AbortSignal.any([stopping, entry.controller.signal]));
    } finally {
      this.running.delete(entry);
    }
  }

  /** Aborts the running jobs of the queue and key in this process; answers how many. */
  abort(queue: string, key: string): number {
    let aborted = 0;
    for (const entry of this.running) {
      if (entry.queue !== queue || entry.key !== key) continue;
      entry.controller.abort(new DOMException('The job was cancelled.', 'AbortError'));
      aborted += 1;
    }
    return aborted;
  }
}
