import 'server-only';

/**
 * How many exports a session may download at once: EXPORTS_PER_SESSION; one more is refused (429 `rate_limited`,
 * reason `exports_busy`, with Retry-After) until one of them ends. Without a limit, 20 XLSX exports of 20 000 rows at
 * once took 272 MB more of the server's memory, and each holds a database read per batch.
 *
 * Counted in this instance's memory, not in the database, on purpose: what the limit protects is the memory and the
 * database reads of the instance that streams the files, and an export runs exactly where its request landed. A
 * count in memory ends with its process, so a crash or a restart can never leave a session locked out, and no expiry
 * has to be guessed for a download whose length depends on how fast the reader takes it (a lease row would need one,
 * and renewing it while a slow reader dawdles). The price: behind several instances, a session's requests that land
 * on different instances are counted apart (at most EXPORTS_PER_SESSION per instance each), which still bounds what
 * any one instance holds.
 */
export const EXPORTS_PER_SESSION = 2;

/** When to try again: an export of 20 000 rows takes a few seconds (docs/benchmarks.md). */
export const EXPORT_RETRY_SECONDS = 5;

const running = new Map<string, number>();

/**
 * Takes one of the session's export places: the function that gives it back (once, however often it is called), or
 * null while all of them are taken.
 */
export function takeExportPlace(sessionId: string): (() => void) | null {
  const taken = running.get(sessionId) ?? 0;
  if (taken >= EXPORTS_PER_SESSION) return null;
  running.set(sessionId, taken + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (running.get(sessionId) ?? 1) - 1;
    if (left > 0) running.set(sessionId, left);
    else running.delete(sessionId);
  };
}

/**
 * The body, giving its place back when it ends however it ends: read to its end, failed, cancelled by the reader (Next
 * cancels the body when the client goes away), or when the request is aborted (should a body never be read).
 */
export function holdingPlace(
  body: ReadableStream<Uint8Array>,
  giveBack: () => void,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  if (signal.aborted) giveBack();
  else signal.addEventListener('abort', giveBack, { once: true });
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            giveBack();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          giveBack();
          controller.error(error);
        }
      },
      async cancel(reason) {
        giveBack();
        await reader.cancel(reason);
      },
    },
    // Pulls only what the reader asks for: the body's own stream keeps the backpressure.
    { highWaterMark: 0 },
  );
}
