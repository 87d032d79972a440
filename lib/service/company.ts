import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { sha256Hex } from '@/lib/crypto/digest';
import { openToken, type TokenIdentity } from '@/lib/crypto/vault';
import { getDb, type Db } from '@/lib/db/client';
import { accessTokens } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { describeError, getLogger } from '@/lib/log';
import { createDataApiClient, type ClientOptions, type DataApiClient } from './client';
import { DataApiError } from './errors';
import { getRateBudget } from './rate/shared-budget';
import { createTransport, type Answer, type Transport } from './transport';
import { connectionRow } from '@/lib/connections/store';

/**
 * The data-API client of one company for one signed-in user: the token delivered for (user, company, plugin),
 * opened from the vault only here and only for the life of the client. The caller has already checked that the
 * company belongs to the session.
 */

/** Marks the token the service rejected, unless a newer delivery has replaced it in the meantime. */
async function markRejected(db: Db, identity: TokenIdentity, sealedToken: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ invalidatedAt: new Date() })
    .where(and(connectionRow(identity), eq(accessTokens.sealedToken, sealedToken), isNull(accessTokens.invalidatedAt)));
}

// Identical GETs of one token that are in flight at the same moment (ten tabs opening the same list) share one call.
const inFlight = new Map<string, { answer: Promise<Answer>; deadline: number }>();

/**
 * A call joins an identical one in flight only if that one ends no later than its own deadline would (so a page is
 * never held past its deadline), and calls with a deadline never join calls without one or the other way round
 * (work without a deadline is not cut short by a page's).
 */
function mayJoin(pending: number, own: number): boolean {
  return pending <= own && Number.isFinite(pending) === Number.isFinite(own);
}

function sharingIdenticalGets(transport: Transport, budgetKey: string): Transport {
  return {
    send(call) {
      if (call.method !== 'GET' || call.binary || call.signal) return transport.send(call);
      const key = `${budgetKey} ${call.path}?${call.query ?? ''}`;
      const deadline = call.deadline ?? Number.POSITIVE_INFINITY;
      const pending = inFlight.get(key);
      if (pending && mayJoin(pending.deadline, deadline)) return pending.answer;
      const entry = {
        answer: transport.send(call).finally(() => {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }),
        deadline,
      };
      inFlight.set(key, entry);
      return entry.answer;
    },
  };
}

export async function openCompanyClient(identity: TokenIdentity, options: ClientOptions = {}): Promise<DataApiClient> {
  const db = await getDb();
  const [row] = await db
    .select({ keyId: accessTokens.keyId, sealedToken: accessTokens.sealedToken })
    .from(accessTokens)
    .where(and(connectionRow(identity), isNull(accessTokens.invalidatedAt)));
  if (!row) throw new DataApiError('not-connected');

  const token = openToken(row, identity, getEnv().encryptionKeys);
  return clientForToken(token, identity.tenantId, {
    ...options,
    onUnauthorized: () => markRejected(db, identity, row.sealedToken),
  });
}

/**
 * A client for a token in hand: the stored one above, or one the user pasted, checked before it is stored.
 * `onUnauthorized` runs when the service refuses the token.
 */
export async function clientForToken(
  token: string,
  tenantId: string,
  { onUnauthorized, ...options }: ClientOptions & { onUnauthorized?: () => Promise<void> } = {},
): Promise<DataApiClient> {
  const budgetKey = sha256Hex(token);
  const log = getLogger();
  const transport = createTransport({
    baseUrl: getEnv().dataApiBaseUrl,
    token,
    budgetKey,
    budget: await getRateBudget(),
    onUnauthorized,
    onBudgetError: (error) => log.warn({ err: describeError(error), tenantId }, 'data api bookkeeping failed'),
    onOutcome: (outcome) =>
      log[outcome.kind && outcome.kind !== 'not-found' ? 'warn' : 'debug'](
        { dataApi: outcome, tenantId },
        'data api call',
      ),
  });
  return createDataApiClient(sharingIdenticalGets(transport, budgetKey), options);
}
