import type { AccessTokenStore } from './access-tokens';
import type { PageHandler } from './broker-routes';
import { crossSite } from './data-api/admin-routes';
import { companies, users } from './directory';
import { escapeHtml, readBody, sendHtml } from './http/io';
import type { Route } from './http/router';

/**
 * The service's "API connections" settings, reduced to what a developer needs: make a token by hand for a user and
 * company, shown once, to paste into the add-on's "connect with a token of your own" form.
 */
export function renderManualTokenForm(): string {
  const companyOptions = companies.map((c) => `<option value="${escapeHtml(c.tenantId)}">${escapeHtml(c.name)} (${escapeHtml(c.tenantId)})</option>`).join('');
  const userOptions = users.map((u) => `<option value="${escapeHtml(u.id)}">${escapeHtml(u.displayName)}</option>`).join('');
  return `<section><h2>API connections: a token made by hand</h2>
<p>As in the company settings of the service: the token is shown once. Paste it into the add-on's company page.</p>
<form method="post" action="/admin/api-token">
<label for="manual-user">User <select id="manual-user" name="userId">${userOptions}</select></label>
<label for="manual-company">Company <select id="manual-company" name="tenantId">${companyOptions}</select></label>
<button type="submit">Make a token</button>
</form></section>`;
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
        const token = tokens.issue(tenantId, userId);
        sendHtml(
          res,
          200,
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>API token</title>
<h1>API token for company ${escapeHtml(tenantId)}</h1><p>Copy it now: it is not shown again.</p>
<p><code id="token" style="word-break:break-all">${escapeHtml(token)}</code></p><p><a href="/">Back</a></p></html>`,
        );
      },
    },
  ];
}
