import type { ActiveFault } from './data-api/faults';
import { FAULT_MODES } from './data-api/faults';
import { companies } from './directory';
import { escapeHtml } from './http/io';

const DESCRIPTIONS: Readonly<Record<(typeof FAULT_MODES)[number], string>> = {
  none: 'normal answers',
  unauthorized: '401, as if the connection were deleted',
  'payment-required': '402, the company lacks the API package',
  forbidden: '403',
  'not-found': '404',
  'server-error': '5xx (503 unless a status is given)',
  slow: 'each answer delayed (3000 ms unless given)',
  'rate-limited': '429 with retry-after (30 s unless given)',
  'unstable-catalog': 'catalog items listed in a slightly different order per call (each ≤ 5 places off unless given)',
  'upload-refused': 'uploads answer 400 with a validation result naming the first document; nothing is processed',
  'timeout-after-processing':
    'uploads are processed but never answered: the connection drops after the delay (3000 ms unless given)',
};

function describe(fault: ActiveFault | undefined): string {
  if (!fault) return 'none';
  const detail =
    fault.mode === 'server-error'
      ? ` (${fault.status})`
      : fault.mode === 'slow'
        ? ` (${fault.delayMs} ms)`
        : fault.mode === 'rate-limited'
          ? ` (retry after ${fault.retryAfterSeconds} s)`
          : fault.mode === 'unstable-catalog'
            ? ` (≤ ${fault.shift ?? 5} places)`
            : '';
  const left = fault.remaining === null ? '' : `, ${fault.remaining} request(s) left`;
  const only = fault.path === null ? '' : `, only ${fault.path}`;
  return `<b>${escapeHtml(fault.mode)}</b>${escapeHtml(detail + left + only)}`;
}

/** The home page's section for flipping a company's data API into a fault mode; plain forms, no scripts. */
export function renderFaultPanel(faults: Record<string, ActiveFault>, requestCount: number): string {
  const rows = companies
    .map((company) => {
      const id = `fault-${escapeHtml(company.tenantId)}`;
      const options = FAULT_MODES.map(
        (mode) =>
          `<option value="${mode}"${(faults[company.tenantId]?.mode ?? 'none') === mode ? ' selected' : ''}>${mode} – ${escapeHtml(DESCRIPTIONS[mode])}</option>`,
      ).join('');
      return `<form method="post" action="/admin/data-api/fault" class="fault">
<input type="hidden" name="tenantId" value="${escapeHtml(company.tenantId)}">
<p><b>${escapeHtml(company.name)}</b> <small>(tenant ${escapeHtml(company.tenantId)})</small> — now: ${describe(faults[company.tenantId])}</p>
<label for="${id}-mode">Mode <select name="mode" id="${id}-mode">${options}</select></label>
<label for="${id}-status">5xx status <input type="number" name="status" id="${id}-status" min="500" max="599" placeholder="503"></label>
<label for="${id}-delay">Delay (ms) <input type="number" name="delayMs" id="${id}-delay" min="0" max="120000" placeholder="3000"></label>
<label for="${id}-retry">Retry-after (s) <input type="number" name="retryAfterSeconds" id="${id}-retry" min="1" placeholder="30"></label>
<label for="${id}-shift">Catalog shift (places) <input type="number" name="shift" id="${id}-shift" min="1" max="50" placeholder="5"></label>
<label for="${id}-path">Only the path <input type="text" name="path" id="${id}-path" placeholder="/api/delivery-notes" pattern="/api(/[\\w-]+)+"></label>
<label for="${id}-count">Only the next N requests <input type="number" name="count" id="${id}-count" min="1" placeholder="all"></label>
<button type="submit">Apply to ${escapeHtml(company.tenantId)}</button>
</form>`;
    })
    .join('\n');
  return `<section id="faults" aria-labelledby="faults-title">
<h2 id="faults-title">Data API faults</h2>
<p class="hint">Make a company's data API misbehave, to see how the add-on copes. Applies to requests made with that
company's tokens; an unknown token still gets 401 first. ${requestCount} data-API request(s) logged so far
(<a href="/admin/data-api/requests">request log</a>).</p>
${rows}
<form method="post" action="/admin/data-api/faults/clear"><button type="submit">Clear all faults</button></form>
</section>`;
}
