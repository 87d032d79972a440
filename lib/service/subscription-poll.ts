import 'server-only';

import { z } from 'zod';

import { readUpTo } from '@/lib/base/http/body';

import { type ConsentCompany, consentCompanySchema, MAX_CONSENT_COMPANIES } from './schemas/consent';
import { parseRetryAfter } from './transport-attempt';

/**
 * The poll of an Integration Consent in poll mode: POST {base}/api/integration-subscription/poll with `{ state }`
 * (interface: "Authentication check and polling", "Poll subscription objects"). No Authorization header: the state
 * is the key, so it is a bearer secret — it goes in the body only and never into an error, a log or a URL. The answer
 * is `{ data: { status, companies: [ { companyId, companyName, token, webHookSecret } ] } }` (service-facts: a capital
 * H in poll, against the post form's `webhookSecret`). Every outcome is a value; nothing here throws.
 */

export const POLL_STATUSES = ['Pending', 'Approved', 'Denied', 'Expired'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export type PollAnswer =
  /** The service answered 200 with a status we know; companies only when Approved (else empty). */
  | { kind: 'status'; status: PollStatus; companies: ConsentCompany[] }
  /** 429: poll again after this long. */
  | { kind: 'rate-limited'; retryAfterMs: number }
  /** 400: the service does not take this state (it never will). */
  | { kind: 'refused' }
  /** No usable answer: network failure, timeout, 5xx, a redirect, any other status, or a body we cannot read. */
  | { kind: 'unreachable'; reason: UnreachableReason };

/** Why a poll got no usable answer: for the log (no value of the answer is ever kept). */
export type UnreachableReason = 'network' | 'timeout' | 'status' | 'malformed';

export type PollOptions = {
  /** Base address of the data API, without `/api`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Time allowed for the whole answer, body included. */
  timeoutMs?: number;
};

export const POLL_PATH = '/api/integration-subscription/poll';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Far above 500 companies with tokens of the longest length we accept: a longer body is not the service's. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const companyIdSchema = z.union([
  z.number().int().nonnegative().refine(Number.isSafeInteger),
  // Integers by the interface; a string of digits is tolerated, as ids are compared as text anyway.
  z.string().regex(/^\d{1,19}$/),
]);

/** One company of an approval, in the poll's spelling; unknown fields are ignored, optional ones may be null. */
const pollCompanySchema = z
  .object({
    companyId: companyIdSchema,
    companyName: z.string().nullish(),
    token: z.string(),
    webHookSecret: z.string().nullish(),
    // The post form's spelling, in case the service ever aligns the two.
    webhookSecret: z.string().nullish(),
  })
  .transform((company) => ({
    tenantId: String(company.companyId),
    companyName: company.companyName?.trim() || null,
    token: company.token,
    webhookSecret: company.webHookSecret || company.webhookSecret || null,
  }))
  .pipe(consentCompanySchema);

const pollBodySchema = z.object({
  data: z.object({
    status: z.string(),
    companies: z.array(z.unknown()).max(MAX_CONSENT_COMPANIES).nullish(),
  }),
});

/** The status in the service's spelling; an enum's case may differ between serializers, so case is not held to. */
function statusOf(value: string): PollStatus | null {
  return POLL_STATUSES.find((status) => status.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

const unreachable = (reason: UnreachableReason): PollAnswer => ({ kind: 'unreachable', reason });

/**
 * Reads a 200 body. An unknown status, a malformed company, a company listed twice, or an approval without any
 * company is not an answer we can act on: all are `malformed` (the caller polls again until its own limit).
 */
export function parsePollBody(text: string): PollAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return unreachable('malformed');
  }
  const body = pollBodySchema.safeParse(json);
  if (!body.success) return unreachable('malformed');
  const status = statusOf(body.data.data.status);
  if (status === null) return unreachable('malformed');
  if (status !== 'Approved') return { kind: 'status', status, companies: [] };

  const companies: ConsentCompany[] = [];
  const seen = new Set<string>();
  for (const entry of body.data.data.companies ?? []) {
    const company = pollCompanySchema.safeParse(entry);
    if (!company.success || seen.has(company.data.tenantId)) return unreachable('malformed');
    seen.add(company.data.tenantId);
    companies.push(company.data);
  }
  if (companies.length === 0) return unreachable('malformed');
  return { kind: 'status', status, companies };
}

/** One poll. Never throws, never retries (the caller schedules the next poll), never follows a redirect. */
export async function pollSubscription(state: string, options: PollOptions): Promise<PollAnswer> {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}${POLL_PATH}`;
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Accept: 'application/json' },
      body: JSON.stringify({ state }),
      // A redirect is not part of the interface; following one would carry the state elsewhere.
      redirect: 'manual',
      signal,
    });
    if (response.status !== 200) {
      // The body of a failure is never read: nothing of it reaches a page or a log.
      await response.body?.cancel().catch(() => {});
      if (response.status === 429)
        return { kind: 'rate-limited', retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) * 1_000 };
      if (response.status === 400) return { kind: 'refused' };
      return unreachable('status');
    }
    const body = await readUpTo(response, MAX_BODY_BYTES);
    return body === null ? unreachable('malformed') : parsePollBody(body.toString('utf8'));
  } catch {
    // The error may describe the request; only what kind of failure it was is kept.
    return unreachable(signal.aborted ? 'timeout' : 'network');
  }
}
