import { randomBytes } from 'node:crypto';

import { escapeHtml } from '../http/io';

/**
 * The home page's "Integration consent" section. The add-on builds the consent address itself (with a state bound
 * to its session); this form only lets a developer open the page by hand, to look at it or to try poll mode with
 * curl. It is a GET form: the parameters land in the address, as they do from an application.
 */
export function renderConsentLauncher(origin: string): string {
  const state = randomBytes(32).toString('base64url');
  const field = (name: string, label: string, value: string, extra = '') =>
    `<label for="launch-consent-${name}">${escapeHtml(label)} <input type="text" id="launch-consent-${name}" name="${name}" value="${escapeHtml(value)}" size="40"${extra}></label>`;
  return `<section id="consent" aria-labelledby="consent-title">
<h2 id="consent-title">Integration consent</h2>
<p class="hint">The service's consent page is <code>/integration-consent</code>; the add-on sends users there with its own
parameters. Open it by hand here. In poll mode, approve and then poll:
<code>curl -X POST -H 'content-type: application/json' -d '{"state":"…"}' ${escapeHtml(origin)}/api/integration-subscription/poll</code>.</p>
<form method="get" action="/integration-consent">
<input type="hidden" name="version" value="1">
${field('plugin_name', 'plugin_name', 'Sandbox trial')}
${field('integrator_name', 'integrator_name', 'Sandbox developer')}
<label for="launch-consent-response_mode">response_mode <select id="launch-consent-response_mode" name="response_mode"><option>poll</option><option>post</option></select></label>
${field('state', 'state (at least 32 characters)', state)}
${field('redirect_url', 'redirect_url (post mode)', '', ' placeholder="http://localhost:3000/…"')}
<label for="launch-consent-company_mode">company_mode <select id="launch-consent-company_mode" name="company_mode"><option>single</option><option>multiple</option></select></label>
${field('webhook', 'webhook (optional)', '', ' placeholder="http://localhost:3000/…"')}
${field('webhook_secret', 'webhook_secret (optional)', '')}
<button type="submit">Open the consent page</button>
</form></section>`;
}
