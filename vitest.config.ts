import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// `server-only` throws outside React's server condition; in tests the modules run in plain Node, which is the
// server, so the guard resolves to an empty module here.
const alias = {
  '@/': root,
  'server-only': fileURLToPath(new URL('./tests/support/server-only.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // One pool of two workers for every project: on these two-core machines Vitest's default (cores - 1) is one
    // worker, and a project with `fileParallelism: false` is put in a group that runs after all the others, so the
    // whole suite ran one file at a time. Test files never share a resource: each has its own databases (a new
    // PostgreSQL database or an in-memory PGlite), loopback ports picked free, and its own browser and servers.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/deploy/**'],
          environment: 'node',
          setupFiles: ['tests/support/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The deployable artefact of the build (`npm run build`), started as processes of its own.
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
