import { companies, type Company, users } from './directory';
import { escapeHtml } from './http/io';

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.5rem}fieldset{border:1px solid #bbb;border-radius:.4rem;margin:0 0 1rem;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .3rem}label{display:block;padding:.15rem 0}small,.hint{color:#555}
button{font:inherit;padding:.5rem 1.5rem;border-radius:.4rem;border:1px solid #1a4fa0;background:#1f5fbf;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.error{border-left:4px solid #b00020;padding:.5rem 1rem;background:#fdecee}button:disabled{opacity:.55}
.starting{border-left:4px solid #f0a500;padding:.5rem 1rem;background:#fff6e0}code{font-size:.95em}
h2{font-size:1.2rem;margin-top:2.5rem}form.fault{border-top:1px solid #ddd;padding:.5rem 0}
form.fault label{display:inline-block;margin-right:.8rem}form.fault input{width:6rem}
form.fault button,#faults>form button{padding:.3rem 1rem}`;

/**
 * A sandbox page in the home page's style; `body` is trusted HTML, `title` is escaped here. With `refreshSeconds` the
 * browser reloads it by itself (the page allows no script).
 */
export function page(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

function companyLabel(company: Company | undefined, tenantId: string): string {
  const name = escapeHtml(company?.name ?? tenantId);
  const empty = company?.emptyToken ? ' <small>(the token provider returns an empty token)</small>' : '';
  return `${name} <small>(tenant ${escapeHtml(tenantId)})</small>${empty}`;
}

/** Shown instead of a usable Launch while `npm run dev` readies the add-on (addon-readiness.ts). */
const ADDON_STARTING = `<p class="starting" role="status"><b>The add-on is starting.</b> <code>npm run dev</code> is
compiling the pages a launch walks (token exchange, callback, the company pages); <b>Launch</b> is offered when it is
done. This page reloads by itself.</p>`;

/**
 * GET /: the add-on store's one click, reduced to choosing a user and the companies to authorize. Until the add-on is
 * ready the button is disabled and the page reloads itself every few seconds.
 */
export function renderLaunchPage(opts: {
  addonUrl: string;
  pluginId: string;
  addonReady: boolean;
  extra?: string;
}): string {
  const userInputs = users
    .map((u, i) => {
      const note = u.note ? ` <small>(${escapeHtml(u.note)})</small>` : '';
      return `<label for="user-${u.key}"><input type="radio" name="userId" id="user-${u.key}" value="${escapeHtml(u.id)}"${
        i === 0 ? ' checked' : ''
      } required> ${escapeHtml(u.displayName)} <small>&lt;${escapeHtml(u.id)}&gt;</small>${note}</label>`;
    })
    .join('\n');

  // Without scripts the list cannot follow the chosen user, so companies are grouped per user and the gateway
  // refuses a company that does not belong to the chosen one (403), as the real gateway does.
  const companyGroups = users
    .map((u) => {
      const boxes = u.tenantIds
        .map((tenantId) => {
          const company = companies.find((c) => c.tenantId === tenantId);
          return `<label for="tenant-${escapeHtml(tenantId)}"><input type="checkbox" name="tenantIds" id="tenant-${escapeHtml(
            tenantId,
          )}" value="${escapeHtml(tenantId)}"> ${companyLabel(company, tenantId)}</label>`;
        })
        .join('\n');
      return `<fieldset><legend>Companies of ${escapeHtml(u.displayName)}</legend>\n${boxes}\n</fieldset>`;
    })
    .join('\n');

  return page(
    'Service sandbox: launch the add-on',
    `<h1>Service sandbox: launch the add-on</h1>
<p>This page plays the service's add-on store. <b>Launch</b> signs a launch JWT, calls the add-on's token exchange
(and token delivery when the add-on asks for tokens), then sends your browser to the add-on's callback.</p>
<p class="hint">Add-on: <code>${escapeHtml(opts.addonUrl)}</code>, plugin id <code>${escapeHtml(opts.pluginId)}</code>.</p>
<form method="post" action="/launch">
<fieldset><legend>User</legend>
${userInputs}
</fieldset>
${companyGroups}
<p class="hint">Tick none of the companies for a sign-in-only launch.</p>
${opts.addonReady ? '<button type="submit">Launch</button>' : `${ADDON_STARTING}\n<button type="submit" disabled>Launch</button>`}
</form>
${opts.extra ?? ''}`,
    opts.addonReady ? undefined : 3,
  );
}

/** The page the browser sees when the gateway refuses or fails a launch. */
export function renderErrorPage(status: number, reason: string): string {
  return page(
    `Launch failed (${status})`,
    `<h1>Launch failed</h1>
<div class="error" role="alert"><p>The gateway answered <b>${status}</b>: ${escapeHtml(reason)}.</p></div>
<p><a href="/">Back to the launch page</a></p>`,
  );
}
