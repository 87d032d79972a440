/**
 * The benchmarks' cleanup: steps run once, newest first, on success, failure and Ctrl-C alike. SIGINT and SIGTERM
 * abort `signal` (so the load loops stop and their requests are cut off), run the steps and exit with 130 / 143.
 */
export type Cleanup = {
  /** Registers a step; the last one registered runs first. */
  add(name: string, run: () => Promise<void>): void;
  run(): Promise<void>;
  /** Aborted on Ctrl-C or SIGTERM. */
  signal: AbortSignal;
};

export function installCleanup(progress: (message: string) => void): Cleanup {
  const steps: { name: string; run: () => Promise<void> }[] = [];
  const interrupted = new AbortController();
  let cleaning: Promise<void> | undefined;

  const run = () => {
    cleaning ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step.run();
          progress(`cleanup: ${step.name}`);
        } catch (error) {
          console.error(`cleanup: ${step.name} failed: ${(error as Error).message}`);
        }
      }
    })();
    return cleaning;
  };

  // `on`, not `once`: tsx re-sends a signal its child did not acknowledge within 30 ms, and npm forwards Ctrl-C too.
  // With no listener left, tsx's own handler would exit on the repeat in the middle of the cleanup.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (interrupted.signal.aborted) return;
      interrupted.abort();
      console.error(`\n${signal}: stopping the server and dropping the database…`);
      void run().finally(() => process.exit(code));
    });
  }

  return { add: (name, step) => void steps.push({ name, run: step }), run, signal: interrupted.signal };
}

/** A positive integer from the environment, or the fallback when unset. */
export function positiveInteger(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} is not a positive integer: ${value}`);
  return parsed;
}
