/**
 * `npm run keys:rotate`: re-encrypts every stored access token under the first key of ENCRYPTION_KEYS.
 * With the embedded database, stop the add-on first (PGlite allows one process per folder).
 */
import { reencryptAccessTokens } from '@/lib/features/keys/rotate';
import { closeDb, getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

const env = getEnv();
const outcome = await reencryptAccessTokens(await getDb(), env.encryptionKeys);
console.log(
  `Re-encrypted ${outcome.reencrypted} access token(s) under key "${env.encryptionKeys[0]!.id}"; ` +
    `${outcome.alreadyCurrent} already used it (${outcome.total} stored); ${outcome.consents} consent(s) in progress re-encrypted.`,
);
await closeDb();
