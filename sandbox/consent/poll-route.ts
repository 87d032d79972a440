import { sendProblem, sendValidationProblem } from '../data-api/problems';
import type { RateLimiter } from '../data-api/rate-limit';
import type { PublicApiHandler } from '../data-api/types';
import { isJson, parseJson, readBody, sendJson } from '../http/io';
import type { Route } from '../http/router';
import type { ConsentStore } from './store';

/** A poll body is `{ "state": "…" }`; a few KB is far more than any state needs. */
const MAX_POLL_BODY_BYTES = 8 * 1024;

/**
 * POST /api/integration-subscription/poll: no Authorization (the state is the key), answers 200, 400 or 429 only,
 * as the interface lists. The rate windows are the data API's, counted per state instead of per token: a poll has
 * no token, and the state is what identifies the poller.
 */
export function pollRoutes(store: ConsentStore, limiter: RateLimiter): Route<PublicApiHandler>[] {
  const poll: PublicApiHandler = async ({ req, res }) => {
    const text = await readBody(req, MAX_POLL_BODY_BYTES);
    // The service is ASP.NET, which binds a JSON body only when it is declared as one; the interface has no 415 here.
    if (!isJson(req)) {
      return sendProblem(res, 400, 'Bad Request', { detail: 'Send the body as application/json.' });
    }
    const body = parseJson(text);
    if (body === undefined) return sendValidationProblem(res, { $: ['The JSON value could not be parsed.'] });
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return sendValidationProblem(res, { $: ['Expected a PollSubscriptionRequest object { "state": "…" }.'] });
    }
    const state = (body as Record<string, unknown>).state;
    if (typeof state !== 'string' || state === '')
      return sendValidationProblem(res, { state: ['The State field is required.'] });

    const decision = limiter.take(`poll:${state}`);
    if (!decision.allowed) return sendProblem(res, 429, 'Too Many Requests', {}, decision.headers);
    const answer = store.poll(state);
    sendJson(res, 200, { data: answer }, { ...decision.headers, 'Cache-Control': 'no-store' });
  };
  return [{ method: 'POST', path: '/api/integration-subscription/poll', handler: poll }];
}
