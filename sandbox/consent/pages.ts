import { companies, users } from '../directory';
import { escapeHtml } from '../http/io';
import { page } from '../launch-page';
import { CONSENT_PARAMETERS, consentFields, type ConsentParams, type ParamProblems } from './params';

/**
 * The consent page and the pages that follow it. Ids a browser test can rely on: `consent-user` (the "signed in as"
 * select), `consent-company-<tenantId>` (one radio or checkbox per company, name `companyId`), and the buttons
 * `consent-approve`, `consent-decline`, `consent-approve-expired`; after approval in post mode the form
 * `consent-return` with its button `return-to-application`.
 */

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;

/** 400: names each wrong parameter with a fixed reason; the values sent are never shown. */
export function renderParamErrorPage(problems: ParamProblems): string {
  const items = CONSENT_PARAMETERS.filter((name) => problems[name])
    .map((name) => `<li><code>${name}</code>: ${escapeHtml(problems[name] ?? '')}</li>`)
    .join('\n');
  return page(
    'Invalid consent request',
    `<h1>This consent request is invalid</h1>
<div class="error" role="alert"><p>The application that sent you here built the address wrongly. Wrong parameters:</p>
<ul id="consent-errors">
${items}
</ul></div>
<p class="hint">See interface.md, "Consent page", for the parameters and their values.</p>`,
  );
}

/** 400 for a form that passed the parameters but not the choices (no company, an unknown user …). */
export function renderChoiceErrorPage(reason: string): string {
  return page(
    'Consent not possible',
    `<h1>Consent not possible</h1>\n<div class="error" role="alert"><p>${escapeHtml(reason)}</p></div>`,
  );
}

export function renderConsentPage(params: ConsentParams): string {
  const userOptions = users
    .map(
      (u, i) =>
        `<option value="${escapeHtml(u.id)}"${i === 0 ? ' selected' : ''}>${escapeHtml(u.displayName)} &lt;${escapeHtml(u.id)}&gt;</option>`,
    )
    .join('');
  const single = params.companyMode === 'single';
  const companyInputs = companies
    .map((c, i) => {
      const id = `consent-company-${escapeHtml(c.tenantId)}`;
      const type = single ? 'radio' : 'checkbox';
      const checked = single && i === 0 ? ' checked' : '';
      return `<label for="${id}"><input type="${type}" name="companyId" id="${id}" value="${escapeHtml(c.tenantId)}"${checked}> ${escapeHtml(c.name)} <small>(company ${escapeHtml(c.tenantId)})</small></label>`;
    })
    .join('\n');
  const webhookNote = params.webhook
    ? `<p class="hint">Notifications about your documents will be sent to <code>${escapeHtml(params.webhook)}</code>.</p>`
    : '';
  const modeNote = single ? 'Choose one company.' : 'Choose one or more companies.';
  return page(
    'Allow access to your company',
    `<h1>Allow access to your company</h1>
<p><b id="consent-plugin-name">${escapeHtml(params.pluginName)}</b> by <b id="consent-integrator-name">${escapeHtml(params.integratorName)}</b>
asks to read and write the documents of your company in the invoicing and stock service.</p>
<form method="post" action="/integration-consent" id="consent-form">
${consentFields(params)
  .map(([name, value]) => hidden(name, value))
  .join('\n')}
<p><label for="consent-user">Signed in as <select id="consent-user" name="userId">${userOptions}</select></label></p>
<fieldset><legend>Company</legend>
${companyInputs}
</fieldset>
<p class="hint">${modeNote} The sandbox lists all of its companies, whichever user is signed in.</p>
${webhookNote}
<p>
<button type="submit" name="decision" value="approve" id="consent-approve">Approve</button>
<button type="submit" name="decision" value="decline" id="consent-decline" style="background:#fff;color:#1f5fbf">Decline</button>
</p>
<p class="hint">Sandbox only: approve, but as if 15 minutes had passed before the application picked the access up.</p>
<p><button type="submit" name="decision" value="approve-expired" id="consent-approve-expired" style="background:#6b6b6b;border-color:#555">Approve and let it expire</button></p>
</form>`,
  );
}

/** Seconds the post-mode return page counts down before it posts by itself. */
const COUNTDOWN_SECONDS = 5;

/**
 * Post mode after approval: a form that the browser posts to the application's redirect_url, automatically after the
 * countdown (the inline script is allowed by the page's CSP nonce) or at once by the button. Either may happen, or
 * both, so the application can receive the same body twice, as it can from the service.
 */
export function renderReturnPage(opts: {
  pluginName: string;
  redirectUrl: string;
  fields: readonly (readonly [string, string])[];
  nonce: string;
}): string {
  const script = `(() => {
  const form = document.getElementById('consent-return');
  const shown = document.getElementById('consent-countdown');
  let left = ${COUNTDOWN_SECONDS};
  const tick = () => {
    if (left <= 0) return form.submit();
    shown.textContent = String(left);
    left -= 1;
    setTimeout(tick, 1000);
  };
  tick();
})();`;
  return page(
    'Access approved',
    `<h1>Access approved</h1>
<p>Returning you to <b>${escapeHtml(opts.pluginName)}</b> in <span id="consent-countdown">${COUNTDOWN_SECONDS}</span> s.</p>
<form method="post" action="${escapeHtml(opts.redirectUrl)}" id="consent-return">
${opts.fields.map(([name, value]) => hidden(name, value)).join('\n')}
<button type="submit" id="return-to-application">Return to the application</button>
</form>
<script nonce="${escapeHtml(opts.nonce)}">${script}</script>`,
  );
}

/** A page that only tells what happened (declined, approved in poll mode, expired). */
export function renderOutcomePage(id: string, title: string, paragraphs: readonly string[]): string {
  return page(
    title,
    `<h1 id="${escapeHtml(id)}">${escapeHtml(title)}</h1>\n${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}`,
  );
}
