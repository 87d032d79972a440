import type { CompanyVolume } from './data/company-data';
import { EVERY_COMPANY } from './data/company-store';
import type { DriftSettings } from './data-api/volume-settings';
import { companies } from './directory';
import { escapeHtml } from './http/io';

function describeVolume(volume: CompanyVolume | undefined): string {
  if (!volume) return 'usual sizes';
  const parts = [
    volume.invoices === undefined ? '' : `${volume.invoices} invoices`,
    volume.expenses === undefined ? '' : `${volume.expenses} expenses`,
    volume.deliveryNotes === undefined ? '' : `${volume.deliveryNotes} delivery notes`,
    volume.payments === undefined ? '' : `${volume.payments} payments`,
    volume.catalogItems === undefined ? '' : `${volume.catalogItems} catalog items`,
  ].filter(Boolean);
  return `<b>${escapeHtml(parts.join(', '))}</b>`;
}

function describeDrift(drift: DriftSettings | null): string {
  if (!drift) return 'off';
  const kinds = Object.entries(drift.changes)
    .map(([kind, c]) => `${kind} ${c?.changed ?? 0}/${c?.created ?? 0}/${c?.deleted ?? 0}`)
    .join(', ');
  return `<b>every ${drift.everySeconds} s</b> (${escapeHtml(kinds)} changed/created/deleted)`;
}

const countInputs = (id: string, names: readonly (readonly [string, string])[], placeholder: string) =>
  names
    .map(
      ([name, label]) =>
        `<label for="${id}-${name}">${label} <input type="number" name="${name}" id="${id}-${name}" min="0" placeholder="${placeholder}"></label>`,
    )
    .join('\n');

const VOLUME_FIELDS = [
  ['invoices', 'Invoices'],
  ['expenses', 'Expenses'],
  ['deliveryNotes', 'Delivery notes'],
  ['payments', 'Payments'],
  ['catalogItems', 'Catalog items'],
] as const;
const CHANGE_FIELDS = [
  ['changed', 'Change'],
  ['created', 'Create'],
  ['deleted', 'Delete'],
] as const;

function companyForms(tenantId: string, title: string, volume: CompanyVolume | undefined): string {
  const id = `volume-${tenantId === EVERY_COMPANY ? 'all' : escapeHtml(tenantId)}`;
  const tenant = escapeHtml(tenantId);
  const changeForm =
    tenantId === EVERY_COMPANY
      ? ''
      : `<form method="post" action="/admin/data-api/changes" class="changes">
<input type="hidden" name="tenantId" value="${tenant}">
<label for="${id}-kind">Documents <select name="kind" id="${id}-kind"><option value="all">all kinds</option><option value="invoices">invoices</option><option value="expenses">expenses</option><option value="deliveryNotes">delivery notes</option></select></label>
${countInputs(id, CHANGE_FIELDS, '0')}
<button type="submit">Change ${tenant} now</button>
</form>`;
  return `<form method="post" action="/admin/data-api/volume" class="volume">
<input type="hidden" name="tenantId" value="${tenant}">
<p>${title} — now: ${describeVolume(volume)}</p>
${countInputs(id, VOLUME_FIELDS, 'usual')}
<button type="submit">Set size of ${tenant}</button>
</form>
${changeForm}`;
}

/** The home page's section for growing companies and making their documents change; plain forms, no scripts. */
export function renderVolumePanel(volumes: Record<string, CompanyVolume>, drift: DriftSettings | null): string {
  const rows = companies
    .map((company) =>
      companyForms(
        company.tenantId,
        `<b>${escapeHtml(company.name)}</b> <small>(tenant ${escapeHtml(company.tenantId)})</small>`,
        volumes[company.tenantId],
      ),
    )
    .join('\n');
  return `<section id="volumes" aria-labelledby="volumes-title">
<h2 id="volumes-title">Company sizes and changes</h2>
<p class="hint">Make a company large (e.g. 20000 invoices and 10000 expenses, or 20000 payments and 5000 catalog items;
empty fields keep the usual size): it is generated again at that size, from the same seed, on its next use, and uploads
or changes made before are dropped. Payments are those of its invoices entered with an account: without an invoice
count it gets as many invoices as they pay; with one, payments beyond what those invoices carry are receipts no
document claims.
"Change now" edits (pays, postpones, annotates), creates and deletes documents, stamping them with the current time,
so a sync by LastModifiedTimestamp has something to find.</p>
${rows}
${companyForms(EVERY_COMPANY, '<b>Every other company</b>', volumes[EVERY_COMPANY])}
<form method="post" action="/admin/data-api/drift" class="drift">
<p>Drift (changes every company in use on a timer) — now: ${describeDrift(drift)}</p>
<label for="drift-every">Every (s) <input type="number" name="everySeconds" id="drift-every" min="1" placeholder="off"></label>
${countInputs('drift', CHANGE_FIELDS, 'default')}
<button type="submit">Apply drift</button>
</form>
</section>`;
}
