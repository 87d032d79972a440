import { afterAll, expect } from 'vitest';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import { setLogDestination } from '@/lib/platform/log';

import { capturedLogLines, leakedSecrets, logCapture, rememberSecret } from './log-capture';

// Tests run as "test", never as production: configuration falls back to the sandbox's well-known values, and
// the secrets that would otherwise be persisted under .data/ are fixed here so no test writes there.
// A real PostgreSQL is for the suites that ask for one (tests/support/databases.ts), each in a database of its own;
// everything else runs on an in-memory PGlite per test file.
// (Assigning undefined to process.env would store the string "undefined".)
if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL ??= 'debug';
process.env.PGLITE_DIR ??= 'memory://';
process.env.SESSION_SECRETS ??= 'test-session-secret-0123456789abcdef0123456789';
process.env.ENCRYPTION_KEYS ??= 'k1:' + Buffer.alloc(32, 7).toString('base64');
rememberSecret(sandboxDefaults.pluginApiKey);
for (const secret of process.env.SESSION_SECRETS.split(',')) rememberSecret(secret);
for (const key of process.env.ENCRYPTION_KEYS.split(',')) rememberSecret(key.split(':')[1] ?? key);

setLogDestination(logCapture, 'debug');

// The secrecy rule holds for every suite: whatever a test did, no secret it handed out reached the log.
afterAll(() => {
  expect(leakedSecrets(), `log lines: ${capturedLogLines.length}`).toEqual([]);
});
