import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts the server on an ephemeral port of 127.0.0.1; resolves to its origin, e.g. `http://127.0.0.1:41234`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
