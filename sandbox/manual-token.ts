import type { AccessTokenStore } from './access-tokens';
import type { PageHandler } from './broker-routes';
import { type ApprovedCompany, createConnections } from './consent/approve';
import { isHttpUrl } from './consent/params';
import { crossSite } from './data-api/admin-routes';
import { companies, users } from './directory';
import { escapeHtml, readBody, sendHtml } from './http/io';
import type { Route } from './http/router';

/**
 * The service's "API connections" settings, reduced to what a developer needs: make a token by hand for a user and
 * company, shown once, to paste into the add-on's "connect with a token of your own" form. The settings' optional
 * fields come along: a URL for receiving notifications and the authorization key that signs them (generated when
 * the URL comes without one, and then shown once beside the token).
 */
export function renderManualTokenForm(): string {
  const companyOptions = companies
    .map((c) => `<option value="${escapeHtml(c.tenantId)}">${escapeHtml(c.name)} (${escapeHtml(c.tenantId)})</option>`)
    .join('');
  const userOptions = users
    .map((u) => `<option value="${escapeHtml(u.id)}">${escapeHtml(u.displayName)}</option>`)
    .join('');
  return `<section><h2>API connections: a token made by hand</h2>
<p>As in the company settings of the service: the token is shown once. Paste it into the add-on's company page.</p>
<form method="post" action="/admin/api-token">
<label for="manual-user">User <select id="manual-user" name="userId">${userOptions}</select></label>
<label for="manual-company">Company <select id="manual-company" name="tenantId">${companyOptions}</select></label>
<label for="manual-webhook-url">URL for receiving notifications <small>(optional)</small> <input type="url" id="manual-webhook-url" name="webhookUrl" size="40" placeholder="http://localhost:3000/…"></label>
<label for="manual-webhook-secret">Authorization key <small>(optional; generated when a URL is given without one)</small> <input type="text" id="manual-webhook-secret" name="webhookSecret" size="40" autocomplete="off"></label>
<button type="submit">Make a token</button>
</form></section>`;
}

/** A key the user typed is theirs already and is not repeated; a generated one is shown this once. */
function secretLine(connection: ApprovedCompany, typedSecret: string): string {
  if (connection.webhookSecret === undefined) return '';
  if (typedSecret !== '') return '<p>Notifications are signed with the authorization key you entered.</p>';
  return `<p>Authorization key for verifying notifications (also shown only now):</p>
<p><code id="webhook-secret" style="word-break:break-all">${escapeHtml(connection.webhookSecret)}</code></p>`;
}

export function manualTokenRoutes(tokens: AccessTokenStore): Route<PageHandler>[] {
  return [
    {
      method: 'POST',
      path: '/admin/api-token',
      handler: async (req, res) => {
        if (crossSite(req)) return sendHtml(res, 403, '<!doctype html><p>Forbidden</p>');
        const form = new URLSearchParams(await readBody(req));
        const tenantId = form.get('tenantId') ?? '';
        const userId = form.get('userId') ?? '';
        if (!companies.some((c) => c.tenantId === tenantId) || !users.some((u) => u.id === userId)) {
          return sendHtml(res, 400, '<!doctype html><p>Unknown user or company.</p>');
        }
        const webhookUrl = form.get('webhookUrl')?.trim() ?? '';
        const typedSecret = form.get('webhookSecret') ?? '';
        if (webhookUrl !== '' && !isHttpUrl(webhookUrl)) {
          return sendHtml(
            res,
            400,
            '<!doctype html><p>The URL for receiving notifications must be an absolute http(s) URL.</p>',
          );
        }
        if (webhookUrl === '' && typedSecret !== '') {
          return sendHtml(
            res,
            400,
            '<!doctype html><p>An authorization key needs a URL for receiving notifications.</p>',
          );
        }
        // A URL without a key gets a generated one, as a consent's webhook does.
        const webhook = webhookUrl === '' ? {} : { webhook: webhookUrl, webhookSecret: typedSecret || undefined };
        // One company in, one connection out.
        const connection = createConnections(tokens, {
          userId,
          tenantIds: [tenantId],
          ...webhook,
        })[0] as ApprovedCompany;
        sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>API token</title>
<h1>API token for company ${escapeHtml(tenantId)}</h1><p>Copy it now: it is not shown again.</p>
<p><code id="token" style="word-break:break-all">${escapeHtml(connection.token)}</code></p>${secretLine(connection, typedSecret)}<p><a href="/">Back</a></p></html>`,
        );
      },
    },
  ];
}
