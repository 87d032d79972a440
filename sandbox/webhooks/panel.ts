import { z } from 'zod';

import type { PageHandler } from '../broker-routes';
import { sameSitePost } from '../data-api/admin-routes';
import { escapeHtml, isForm, parseJson, sendJson } from '../http/io';
import type { Route } from '../http/router';
import { WEBHOOK_KIND_LABELS, WEBHOOK_KINDS } from './events';
import type { DeliveryLogEntry, WebhookSender } from './sender';

const SIGNATURES = [
  ['', 'signed correctly'],
  ['wrong-secret', 'signed with a wrong secret'],
  ['body', 'body changed after signing'],
] as const;

const attemptText = (status: number) => (status === 0 ? 'no answer' : String(status));

function logRow(entry: DeliveryLogEntry): string {
  const attempts = entry.attempts.map(attemptText).join(', ') + (entry.finished ? '' : ' …');
  const notes = [entry.resend ? 'resent' : '', entry.tamper ? `tampered: ${entry.tamper}` : '']
    .filter(Boolean)
    .join('; ');
  return `<tr><td>${escapeHtml(new Date(entry.at).toISOString())}</td><td>${escapeHtml(entry.companyName)}</td><td>${escapeHtml(entry.kind)}</td>
<td><code>${escapeHtml(entry.requestId ?? '—')}</code></td><td>${escapeHtml(attempts)}</td><td>${escapeHtml(notes)}</td></tr>`;
}

/** The home page's "Webhooks" section: connections with a webhook (never a token or secret), a send form, the log. */
export function renderWebhookPanel(webhooks: WebhookSender): string {
  const connections = webhooks.connections();
  const rows = connections
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.companyName)} <small>(${escapeHtml(c.tenantId)})</small></td><td>${escapeHtml(c.userName)}</td><td><code>${escapeHtml(c.url)}</code></td><td><code>${escapeHtml(c.connectionId)}</code></td></tr>`,
    )
    .join('\n');
  const connectionOptions = connections
    .map(
      (c) =>
        `<option value="${escapeHtml(c.connectionId)}">${escapeHtml(`${c.companyName} – ${c.userName} – ${c.url}`)}</option>`,
    )
    .join('');
  const kindOptions = WEBHOOK_KINDS.map(
    (k) => `<option value="${k}">${escapeHtml(`${k} – ${WEBHOOK_KIND_LABELS[k]}`)}</option>`,
  ).join('');
  const signatureOptions = SIGNATURES.map(
    ([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`,
  ).join('');
  const log = webhooks.deliveries().reverse();

  const table =
    connections.length === 0
      ? '<p class="hint">No connection has a webhook yet: approve a consent with a <code>webhook</code> parameter, or make a token by hand with a notification URL.</p>'
      : `<table><thead><tr><th>Company</th><th>User</th><th>URL</th><th>Connection</th></tr></thead><tbody>
${rows}
</tbody></table>
<form method="post" action="/admin/webhooks/send" class="fault">
<label for="webhook-connection">To <select id="webhook-connection" name="connectionId">${connectionOptions}</select></label>
<label for="webhook-kind">Kind <select id="webhook-kind" name="kind">${kindOptions}</select></label>
<label for="webhook-signature">Signature <select id="webhook-signature" name="tamper">${signatureOptions}</select></label>
<button type="submit" id="webhook-send">Send</button>
</form>
<form method="post" action="/admin/webhooks/resend-last" class="fault"><button type="submit" id="webhook-resend-last"${webhooks.hasLast() ? '' : ' disabled'}>Send the last one again (same body, same signature)</button></form>`;

  const logTable =
    log.length === 0
      ? '<p class="hint">Nothing sent yet.</p>'
      : `<table id="webhook-log"><thead><tr><th>Time</th><th>Company</th><th>Kind</th><th>requestId</th><th>Attempts</th><th></th></tr></thead><tbody>
${log.map(logRow).join('\n')}
</tbody></table>`;

  return `<section id="webhooks" aria-labelledby="webhooks-title">
<h2 id="webhooks-title">Webhooks</h2>
<p class="hint">Notifications as the service sends them: JSON, signed in <code>X-Kros-Signature-256</code>; 200 ends a delivery,
400 is not retried, 500 or no answer is retried twice. Reload the page to follow a delivery in progress.</p>
${table}
<h3>Deliveries</h3>
${logTable}
</section>`;
}

const sendRequestSchema = z.object({
  connectionId: z.string().min(1).optional(),
  tenantId: z
    .union([z.string().regex(/^\d+$/), z.number().int()])
    .transform(String)
    .optional(),
  userId: z.string().min(1).optional(),
  kind: z.enum(WEBHOOK_KINDS),
  requestId: z.string().min(1).optional(),
  tamper: z.enum(['body', 'wrong-secret']).optional(),
});

/** Empty form fields mean "not set", as in the fault form. */
function fromForm(text: string): Record<string, string> {
  return Object.fromEntries([...new URLSearchParams(text)].filter(([, value]) => value !== ''));
}

const backHome = { Location: '/#webhooks', 'Cache-Control': 'no-store' };

/**
 * POST /admin/webhooks/send and /admin/webhooks/resend-last: a form (home page) starts the delivery and lands back on
 * the page at once; JSON (a test in another process) waits and answers { requestId, attempts }.
 */
export function webhookRoutes(webhooks: WebhookSender): Route<PageHandler>[] {
  return [
    {
      method: 'POST',
      path: '/admin/webhooks/send',
      handler: sameSitePost(async (req, res, text) => {
        const form = isForm(req);
        const parsed = sendRequestSchema.safeParse(form ? fromForm(text) : parseJson(text));
        if (!parsed.success || (parsed.data.connectionId === undefined && parsed.data.tenantId === undefined)) {
          return sendJson(res, 400, {
            message: 'expected { connectionId | tenantId (+ userId), kind, requestId?, tamper? }',
          });
        }
        try {
          if (form) {
            webhooks.startSend(parsed.data);
            res.writeHead(303, backHome);
            return void res.end();
          }
          sendJson(res, 200, await webhooks.send(parsed.data));
        } catch (error) {
          sendJson(res, 400, { message: error instanceof Error ? error.message : 'cannot send' });
        }
      }),
    },
    {
      method: 'POST',
      path: '/admin/webhooks/resend-last',
      handler: sameSitePost(async (req, res) => {
        if (!webhooks.hasLast()) return sendJson(res, 409, { message: 'nothing was sent yet' });
        if (isForm(req)) {
          webhooks.resendLast().catch(() => undefined);
          res.writeHead(303, backHome);
          return void res.end();
        }
        sendJson(res, 200, await webhooks.resendLast());
      }),
    },
  ];
}
