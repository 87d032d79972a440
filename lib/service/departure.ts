import 'server-only';

import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';

/**
 * When a request really leaves this process. Node's fetch (undici) does not write a request when `fetch()` is
 * called: the headers go to the socket one or more turns of the event loop later, and on a new connection only once
 * it is open. On a busy instance (pages rendering) that was measured at hundreds of milliseconds, and the service
 * counts arrivals: a call recorded as leaving at `fetch()` arrives later than its record says, inside the window of
 * the calls after it. undici announces each request it creates and the moment it writes its headers on
 * diagnostics channels; the request is tied to the call that made it by the async context `fetch()` was called in.
 */

type Listener = () => void;

const callInFlight = new AsyncLocalStorage<Listener>();
const listenerOf = new WeakMap<object, Listener>();
let subscribed = false;

function subscribeOnce() {
  if (subscribed) return;
  subscribed = true;
  subscribe('undici:request:create', (message) => {
    const listener = callInFlight.getStore();
    const { request } = message as { request: object };
    if (listener) listenerOf.set(request, listener);
  });
  subscribe('undici:client:sendHeaders', (message) => {
    const { request } = message as { request: object };
    const listener = listenerOf.get(request);
    listenerOf.delete(request);
    listener?.();
  });
}

/**
 * When a request left (`now()` then), and whether it surely went (`sent`: undici wrote it, or an answer came) or the
 * fetch failed without undici saying it wrote it.
 */
export type Departure = { at: number; sent: boolean };

/**
 * Calls `fetch` and answers, beside its response, when the request left: when undici wrote its headers (`onSent`
 * is called then, synchronously, before the write), or, for a fetch that never says so (another implementation, or
 * a request given up before it was written), when the fetch settled: the latest it can have left. Never earlier than
 * it really left.
 */
export function fetchWatchingDeparture(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  now: () => number,
  onSent: () => void = () => {},
): { answering: Promise<Response>; left: Promise<Departure> } {
  subscribeOnce();
  let noteLeft!: (sent: boolean) => void;
  const left = new Promise<Departure>((resolve) => {
    let noted = false;
    noteLeft = (sent) => {
      if (noted) return;
      noted = true;
      if (sent) onSent();
      resolve({ at: now(), sent });
    };
  });
  const answering = callInFlight.run(
    () => noteLeft(true),
    () => doFetch(url, init),
  );
  answering.then(
    () => noteLeft(true),
    () => noteLeft(false),
  );
  return { answering, left };
}
