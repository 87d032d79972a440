/**
 * A sender in a process of its own, for the test that kills it between its POST and the answer
 * (tests/imports/restart.test.ts): `node --conditions=react-server --import tsx tests/imports/send-in-child.ts`, with
 * the database (SENDER_DATABASE: a PostgreSQL address or a PGlite folder), the company (SENDER_TENANT), the service
 * (SENDER_SERVICE, SENDER_TOKEN) and the lease (SENDER_LEASE_SECONDS) in its environment. It writes `done` with
 * its result if it ever gets an answer (the test kills it before).
 */
import { workOnImports } from '@/lib/owners/imports/sender';
import { openPglite, openPostgres } from '@/lib/platform/db/client';
import { createDataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { createTransport } from '@/lib/service/transport';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const location = env('SENDER_DATABASE');
const handle = location.startsWith('postgres') ? await openPostgres(location) : await openPglite(location);
const token = env('SENDER_TOKEN');
const client = createDataApiClient(
  createTransport({
    baseUrl: env('SENDER_SERVICE'),
    token,
    budgetKey: 'child',
    budget: createMemoryBudget(),
    // Far longer than the test lets it live: the answer never comes in time.
    attemptTimeoutMs: 120_000,
    callTimeoutMs: 120_000,
  }),
  { priority: 'background' },
);
const result = await workOnImports(
  handle.db,
  { pluginId: env('SENDER_PLUGIN'), tenantId: env('SENDER_TENANT') },
  { openClient: async () => client, settings: { leaseSeconds: Number(env('SENDER_LEASE_SECONDS')) } },
);
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await handle.close();
