import { createServer } from 'node:net';

/** Binds `host:port` (0: any free port) and releases it; resolves the bound port, or null when the bind failed. */
function tryBind(host: string, port: number): Promise<{ port: number } | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) => resolve({ error }));
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve({ port: bound }));
    });
  });
}

/**
 * A loopback port that is free on 127.0.0.1 and, where the machine has IPv6 loopback, on ::1 too: the browser
 * resolves `localhost` to either, so nothing else may answer on the other one.
 */
export async function freeLoopbackPort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const v4 = await tryBind('127.0.0.1', 0);
    if ('error' in v4) throw v4.error;
    const v6 = await tryBind('::1', v4.port);
    if ('port' in v6 || v6.error.code === 'EADDRNOTAVAIL' || v6.error.code === 'EAFNOSUPPORT') return v4.port;
  }
  throw new Error('No loopback port was free on both 127.0.0.1 and ::1 after 20 attempts.');
}
