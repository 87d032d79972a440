import 'server-only';

import { subscribe } from 'node:diagnostics_channel';
import type { Server } from 'node:http';

type ServerMessage = { server: Server };

/**
 * The HTTP server(s) of this process, closed on shutdown so that requests in flight finish and no new one is taken.
 * Next creates the server before it loads instrumentation.ts and hands it to nothing of ours; Node's documented
 * diagnostics channels name it with each request ('http.server.request.start'), which is how it is learnt here. A
 * server that has not answered a request yet is closed as soon as one arrives during the stop (that request is still
 * served); one that never answers one has nothing in flight.
 */
export type HttpDrain = {
  /** Stops taking connections and resolves once every connection has ended (idle keep-alive ones are closed). */
  drain(): Promise<void>;
};

export function watchHttpServers(): HttpDrain {
  const servers = new Set<Server>();
  const closed: Promise<void>[] = [];
  let closing = false;

  const close = (server: Server) => {
    closed.push(
      new Promise((resolve) => {
        // Node's close() ends idle keep-alive connections and waits for busy ones; each of those becomes idle after its
        // answer and would otherwise be held for the keep-alive timeout (below).
        server.close(() => resolve());
      }),
    );
  };

  subscribe('http.server.request.start', (message) => {
    const { server } = message as ServerMessage;
    if (servers.has(server)) return;
    servers.add(server);
    if (closing) close(server);
  });
  subscribe('http.server.response.finish', (message) => {
    if (!closing) return;
    const { server } = message as ServerMessage;
    // After the answer's last byte the connection turns idle on the next turn of the event loop.
    setImmediate(() => server.closeIdleConnections());
  });

  return {
    async drain() {
      closing = true;
      for (const server of servers) close(server);
      // A connection can also turn idle without an answer finishing then (an upload refused before its body was
      // read turns idle once Node has read the rest): looked for a few times a second while the stop lasts.
      const sweep = setInterval(() => {
        for (const server of servers) server.closeIdleConnections();
      }, 250);
      sweep.unref();
      // A server learnt meanwhile (its first request came during the stop) is closed by the subscriber above.
      let awaited = 0;
      while (awaited < closed.length) {
        const batch = closed.slice(awaited);
        awaited = closed.length;
        await Promise.all(batch);
      }
      clearInterval(sweep);
    },
  };
}
