import 'server-only';

import { sha256Hex } from '@/lib/platform/crypto/digest';
import { getEnv } from '@/lib/platform/env';
import { describeError, getLogger } from '@/lib/platform/log';

import { type ClientOptions, createDataApiClient, type DataApiClient } from './client';
import { getRateBudget } from './rate/shared-budget';
import type { Priority } from './rate/slots';
import { type Answer, type CallOutcome, createTransport, type Transport } from './transport';

/**
 * A data-API client for a token in hand. Where a company's stored token comes from, and what happens to it when the
 * service refuses it, belongs to lib/owners/connections/ (the owner of the access_tokens table); this module never touches
 * the database.
 */

// Identical GETs of one token that are in flight at the same moment (ten tabs opening the same list) share one call.
const inFlight = new Map<string, { answer: Promise<Answer> } & Pending>();

type Pending = { deadline: number; priority: Priority };

/**
 * A call joins an identical one in flight only if that one ends no later than its own deadline would (so a page is
 * never held past its deadline), calls with a deadline never join calls without one or the other way round (work
 * without a deadline is not cut short by a page's), and a page call never joins a background one (which may still
 * be yielding its turn to pages).
 */
function mayJoin(pending: Pending, own: Pending): boolean {
  return (
    pending.deadline <= own.deadline &&
    Number.isFinite(pending.deadline) === Number.isFinite(own.deadline) &&
    (pending.priority === 'page' || own.priority === 'background')
  );
}

function sharingIdenticalGets(transport: Transport, budgetKey: string): Transport {
  return {
    send(call) {
      if (call.method !== 'GET' || call.binary || call.signal) return transport.send(call);
      const key = `${budgetKey} ${call.path}?${call.query ?? ''}`;
      const own: Pending = { deadline: call.deadline ?? Number.POSITIVE_INFINITY, priority: call.priority ?? 'page' };
      const pending = inFlight.get(key);
      if (pending && mayJoin(pending, own)) return pending.answer;
      const entry = {
        answer: transport.send(call).finally(() => {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }),
        ...own,
      };
      inFlight.set(key, entry);
      return entry.answer;
    },
  };
}

/** What the owner of a token hears of its client: the service refused the token; a call ended (for the counters). */
export type TokenClientHooks = { onUnauthorized?: () => Promise<void>; onCall?: (outcome: CallOutcome) => void };

/**
 * A client for a token in hand: the stored one above, or one the user pasted, checked before it is stored. The
 * service floor counts nothing itself: the connections' owner opens every client with its hooks.
 */
export async function clientForToken(
  token: string,
  tenantId: string,
  { onUnauthorized, onCall, ...options }: ClientOptions & TokenClientHooks = {},
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
    onOutcome: (outcome) => {
      onCall?.(outcome);
      log[outcome.kind && outcome.kind !== 'not-found' ? 'warn' : 'debug'](
        { dataApi: outcome, tenantId },
        'data api call',
      );
    },
  });
  return createDataApiClient(sharingIdenticalGets(transport, budgetKey), options);
}
