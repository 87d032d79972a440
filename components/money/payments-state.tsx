import { countOf, fill } from '@/lib/base/i18n/documents';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import type { MirrorStatus } from '@/lib/features/copy/state';
import type { PaymentsState } from '@/lib/features/money/mirror-state';
import { companyPath } from '@/lib/service/records/present';

import { ago, FreshnessBar } from '../freshness-bar';
import { ServiceProblem } from '../service-problem';

/**
 * How fresh the company's copy of its payments is, above the payments' and the accounts' pages, with "Update now"
 * (POST /companies/{id}/sync, back to this page): updated when, being copied (how many read so far), refused by the
 * service, paused or stopped (FreshnessBar, shared with the document lists).
 */
export function MoneyFreshness({
  status,
  state,
  t,
  locale,
  tenantId,
  back,
  now = new Date(),
}: {
  status: MirrorStatus;
  state: PaymentsState;
  t: Messages;
  locale: Locale;
  tenantId: string;
  back: string;
  now?: Date;
}) {
  const m = t.docs.mirror;
  const lines: string[] = [];
  if (status.status === 'paused') lines.push(m.paused);
  else if (status.status === 'stopped') lines.push(m.stopped);
  else {
    if (state.state === 'preparing')
      lines.push(fill(t.money.freshness.preparing, { count: countOf(state.read, t.money.payments, locale) }));
    else if (state.state === 'refused') lines.push(t.money.refused[state.refusal]);
    else lines.push(status.lastSyncedAt ? fill(m.updated, { ago: ago(status.lastSyncedAt, now, locale) }) : m.never);
    if (status.syncAsked) lines.push(m.syncing);
    else if (status.lastError && status.nextTryAt) lines.push(m.failed);
  }
  return (
    <div data-payments-state={state.state}>
      <FreshnessBar
        label={t.money.freshness.label}
        status={status}
        lines={lines}
        texts={t.docs}
        refresh={{ action: companyPath(tenantId, 'sync'), back }}
      />
    </div>
  );
}

/**
 * What stands instead of the payments when the copy cannot show them, in the words the other pages use: synchronization
 * off; the connection not active (401, or the user's own token refused); the service refusing the list (403, 404);
 * the company without the API package (402); the payments still being copied (how many read so far).
 */
export function PaymentsUnavailable({
  state,
  t,
  locale,
  retryHref,
}: {
  state: Exclude<PaymentsState, { state: 'ready' }>;
  t: Messages;
  locale: Locale;
  retryHref: string;
}) {
  switch (state.state) {
    case 'disconnected':
      return <ServiceProblem problem={{ kind: 'disconnected' }} texts={t.docs} retryHref={retryHref} />;
    case 'paused':
      return <ServiceProblem problem={{ kind: 'payment-required' }} texts={t.docs} retryHref={retryHref} />;
    case 'refused':
      return (
        <section
          role="alert"
          data-problem="refused"
          data-refusal={state.refusal}
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950 shadow-sm"
        >
          {t.money.refused[state.refusal]}
        </section>
      );
    case 'preparing':
    case 'off':
      return (
        <p
          role="status"
          data-payments-unavailable={state.state}
          className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-700"
        >
          {state.state === 'off'
            ? t.money.off
            : fill(t.money.freshness.preparing, { count: countOf(state.read, t.money.payments, locale) })}
        </p>
      );
  }
}
