import { defineConfig } from 'drizzle-kit';

// Only generates SQL from lib/platform/db/schema.ts; migrations are applied by the app at startup (lib/platform/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/platform/db/schema.ts',
  out: './drizzle',
});
