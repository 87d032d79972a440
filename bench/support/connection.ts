import { storeAccessTokens } from '@/lib/owners/connections/store';
import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import { type LoggedRequest, tokenFingerprint } from '../../sandbox/data-api/request-log';
import type { SandboxProcess } from './sandbox-process';

/**
 * A sandbox company's connection for a benchmark that runs the add-on's own jobs in this process against the sandbox
 * in a process of its own (support/sandbox-process.ts): the token stored as a delivery stores it, a reader with a
 * token of its own, and the calls the sandbox saw of a token.
 */

/** The company's connection as a delivery stores it (no receiver of notifications); answers its token. */
export async function storeConnection(
  db: Db,
  sandbox: SandboxProcess,
  tenantId: string,
  userId: string,
): Promise<string> {
  const token = await sandbox.issue(tenantId, userId);
  await storeAccessTokens(
    db,
    [{ userId, tenantId, pluginId: sandboxDefaults.pluginId, accessToken: token, companyName: null }],
    getEnv().encryptionKeys,
    { source: 'gateway' },
  );
  return token;
}

/** Reads the sandbox's data API with a token of its own, whose calls are not the measured token's. */
export async function sandboxReader(
  sandbox: SandboxProcess,
  tenantId: string,
  userId: string,
): Promise<<T>(path: string) => Promise<T>> {
  const reader = await sandbox.issue(tenantId, userId);
  return async <T>(path: string): Promise<T> => {
    const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${reader}` } });
    if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  };
}

/** The calls of one token in the sandbox's request log, in order of arrival. */
export async function tokenCalls(sandbox: SandboxProcess, token: string): Promise<LoggedRequest[]> {
  const fingerprint = tokenFingerprint(token);
  return (await sandbox.requests()).filter((request) => request.tokenFingerprint === fingerprint);
}
