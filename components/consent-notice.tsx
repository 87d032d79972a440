import type { ConsentResult } from '@/lib/consent/result';
import { fill } from '@/lib/i18n/documents';
import type { Messages } from '@/lib/i18n/messages';

/** The outcome of a consent the user just came back from: what was connected, and what was left out and why. */
export function ConsentNotice({ t, result }: { t: Messages; result: ConsentResult }) {
  const r = t.consent.result;
  const names = (companies: { tenantId: string; name: string | null }[]) =>
    companies.map((company) => company.name ?? `${t.unnamedCompany} ${company.tenantId}`).join(', ');
  if (result.status !== 'connected' || !result.outcome) {
    return (
      <p role="status" data-consent-result="expired" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {r.expired}
      </p>
    );
  }
  const { stored, leftOut } = result.outcome;
  return (
    <div role="status" data-consent-result="connected" className="mt-3 space-y-1 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p>{stored.length > 0 ? fill(r.connected, { companies: names(stored) }) : r.noneStored}</p>
      {leftOut.length > 0 && (
        <p data-consent-left-out={leftOut.map((company) => company.tenantId).join(' ')} className="text-amber-900">
          {fill(r.leftOut, { companies: names(leftOut) })}
        </p>
      )}
    </div>
  );
}
