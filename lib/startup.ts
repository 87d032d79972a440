import 'server-only';
import { ConfigError, getEnv } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { schedulePruning } from '@/lib/db/prune';
import { getLogger } from '@/lib/log';

export async function startServer() {
  try {
    getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One clear line, then stop: a half-configured production add-on must not serve.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = await getDb();
  schedulePruning(db);
  getLogger().info({ database: getEnv().databaseUrl ? 'postgres' : 'pglite' }, 'add-on started');
}
