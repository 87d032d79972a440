/**
 * The HTTP client of the load generator: undici's own fetch with an Agent sized for the clients when the
 * `undici` package is installed, otherwise Node's global fetch (built on undici too: keep-alive, no cap on
 * connections per origin, which for 32 clients comes to the same thing).
 */
import type { Cleanup } from './cleanup';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;
export type HttpClient = { fetch: Fetch; label: string; close(): Promise<void> };

type UndiciModule = {
  Agent: new (options: { connections: number; keepAliveTimeout: number }) => { close(): Promise<void> };
  fetch: (url: string, init: RequestInit & { dispatcher: unknown }) => Promise<unknown>;
};

/** The client, closed on `cleanup` when one is given. */
export async function keepAliveClient(connections: number, cleanup?: Cleanup): Promise<HttpClient> {
  const client = await openClient(connections);
  cleanup?.add('closed the HTTP client', () => client.close());
  return client;
}

async function openClient(connections: number): Promise<HttpClient> {
  let undici: UndiciModule;
  try {
    // A computed specifier: the package is optional and not a dependency of the project.
    const specifier = 'undici';
    undici = (await import(specifier)) as UndiciModule;
  } catch {
    const label = 'global fetch (undici not in node_modules)';
    return { fetch: (url, init) => fetch(url, init), label, close: async () => {} };
  }
  const agent = new undici.Agent({ connections, keepAliveTimeout: 30_000 });
  return {
    fetch: async (url, init) => (await undici.fetch(url, { ...init, dispatcher: agent })) as Response,
    label: `undici fetch, Agent({ connections: ${connections} })`,
    close: () => agent.close(),
  };
}
