import { randomBytes } from 'node:crypto';

import type { AccessTokenStore } from '../access-tokens';
import type { PageHandler } from '../broker-routes';
import { crossSite } from '../data-api/admin-routes';
import { findCompany, findUser } from '../directory';
import { readBody, sendHtml } from '../http/io';
import type { Route } from '../http/router';
import { consentFormFields, createConnections, pollCompanies } from './approve';
import {
  renderChoiceErrorPage,
  renderConsentPage,
  renderOutcomePage,
  renderParamErrorPage,
  renderReturnPage,
} from './pages';
import { isHttpUrl, MIN_STATE_LENGTH, parseConsentParams } from './params';
import { CONSENT_RETENTION_MS, type ConsentStore, type PollCompany, type PollStatus } from './store';

export interface ConsentApproveInput {
  state: string;
  /** Any user id (the page offers the directory's users; tests may use their own). */
  userId: string;
  tenantIds: readonly string[];
  /** How long ago the approval happened; 15 minutes or more makes the poll answer Expired. Default 0. */
  ageMs?: number;
  /** The consent's `webhook` parameter, and its `webhook_secret` (generated per connection when omitted). */
  webhook?: string;
  webhookSecret?: string;
}

/** Poll-mode consent without a browser, for tests; the page does the same through its buttons. */
export interface ConsentControl {
  /**
   * Approves under the state as the page would in poll mode; answers the companies the poll will carry. Throws on
   * input the page would refuse (a short state, no company or an unknown one, a webhook that is not http(s)).
   */
  approve(input: ConsentApproveInput): PollCompany[];
  /** What a poll would answer now, without counting as one. */
  status(state: string): PollStatus;
}

export interface ConsentDeps {
  tokens: AccessTokenStore;
  store: ConsentStore;
  now: () => number;
}

export function createConsentControl(deps: ConsentDeps): ConsentControl {
  return {
    approve(input) {
      if (input.state.length < MIN_STATE_LENGTH)
        throw new Error(`state must be at least ${MIN_STATE_LENGTH} characters`);
      if (input.tenantIds.length === 0) throw new Error('choose at least one company');
      const unknown = input.tenantIds.filter((id) => !findCompany(id));
      if (unknown.length > 0) throw new Error(`unknown company: ${unknown.join(', ')}`);
      if (input.webhook !== undefined && !isHttpUrl(input.webhook))
        throw new Error('webhook must be an absolute http(s) URL');
      const approved = createConnections(deps.tokens, input);
      const companies = pollCompanies(approved);
      deps.store.approve(input.state, companies, deps.now() - (input.ageMs ?? 0));
      return companies;
    },
    status: (state) => deps.store.peek(state),
  };
}

const DECISIONS = ['approve', 'decline', 'approve-expired'] as const;
type Decision = (typeof DECISIONS)[number];

/** The page's CSP: like every sandbox page, plus the one place its form may go. */
const pageCsp = (formAction: string, extra = '') =>
  `default-src 'none'; style-src 'unsafe-inline';${extra} base-uri 'none'; frame-ancestors 'none'; form-action ${formAction}`;

/** GET and POST /integration-consent: the service's consent page. Poll-mode approvals go through `control`. */
export function consentRoutes(deps: ConsentDeps, control: ConsentControl): Route<PageHandler>[] {
  const show: PageHandler = (req, res) => {
    const parsed = parseConsentParams(new URL(req.url ?? '/', 'http://sandbox.invalid').searchParams);
    if (!parsed.ok) return sendHtml(res, 400, renderParamErrorPage(parsed.problems));
    sendHtml(res, 200, renderConsentPage(parsed.params), { 'Content-Security-Policy': pageCsp("'self'") });
  };

  const decide: PageHandler = async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    if (crossSite(req))
      return sendHtml(res, 403, renderChoiceErrorPage('The consent form was posted from another site.'));
    // The hidden fields are checked as strictly as the address was: the form is as easy to forge.
    const parsed = parseConsentParams(form);
    if (!parsed.ok) return sendHtml(res, 400, renderParamErrorPage(parsed.problems));
    const params = parsed.params;
    const decision = form.get('decision') as Decision | null;
    if (!decision || !DECISIONS.includes(decision))
      return sendHtml(res, 400, renderChoiceErrorPage('Choose Approve or Decline.'));
    const plugin = params.pluginName;

    if (decision === 'decline') {
      const paragraphs =
        params.responseMode === 'post'
          ? [`You declined. Nothing was sent to ${plugin}.`]
          : [`You declined. Nothing is handed to ${plugin}: its polling keeps getting Pending until it gives up.`];
      return sendHtml(res, 200, renderOutcomePage('consent-declined', 'Access declined', paragraphs));
    }

    const user = findUser(form.get('userId') ?? '');
    if (!user) return sendHtml(res, 400, renderChoiceErrorPage('Unknown user.'));
    const tenantIds = [...new Set(form.getAll('companyId'))];
    if (tenantIds.length === 0) return sendHtml(res, 400, renderChoiceErrorPage('Choose a company.'));
    if (!tenantIds.every((id) => findCompany(id))) return sendHtml(res, 400, renderChoiceErrorPage('Unknown company.'));
    if (params.companyMode === 'single' && tenantIds.length > 1)
      return sendHtml(res, 400, renderChoiceErrorPage('Choose one company only.'));
    const webhook =
      params.webhook === undefined ? {} : { webhook: params.webhook, webhookSecret: params.webhookSecret };

    if (params.responseMode === 'poll') {
      const expired = decision === 'approve-expired';
      control.approve({
        state: params.state,
        userId: user.id,
        tenantIds,
        ageMs: expired ? CONSENT_RETENTION_MS : 0,
        ...webhook,
      });
      const paragraphs = expired
        ? [`Approved, as if 15 minutes ago: the access waited too long and ${plugin}'s poll now answers Expired.`]
        : [`You can close this window; ${plugin} will pick up the access.`];
      return sendHtml(
        res,
        200,
        renderOutcomePage(expired ? 'consent-expired' : 'consent-approved', 'Access approved', paragraphs),
      );
    }

    if (decision === 'approve-expired') {
      return sendHtml(
        res,
        200,
        renderOutcomePage('consent-expired', 'Too late', [
          `The time to return to ${plugin} has passed. Nothing was sent to it; start again from the application.`,
        ]),
      );
    }
    const redirectUrl = params.redirectUrl as string; // required in post mode: parseConsentParams checked it
    const approved = createConnections(deps.tokens, { userId: user.id, tenantIds, ...webhook });
    const nonce = randomBytes(16).toString('base64');
    sendHtml(
      res,
      200,
      renderReturnPage({ pluginName: plugin, redirectUrl, fields: consentFormFields(approved, params.state), nonce }),
      { 'Content-Security-Policy': pageCsp(new URL(redirectUrl).origin, ` script-src 'nonce-${nonce}';`) },
    );
  };

  return [
    { method: 'GET', path: '/integration-consent', handler: show },
    { method: 'POST', path: '/integration-consent', handler: decide },
  ];
}
