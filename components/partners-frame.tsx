import type { ReactNode } from 'react';

import { type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { PartnerTexts } from '@/lib/base/i18n/partners-sk';
import { type MirrorStatus, readinessOf } from '@/lib/features/copy/state';
import { PARTNER_KINDS } from '@/lib/features/partners/kinds';
import type { PartnersMirror } from '@/lib/features/partners/pages';

import { ago, FreshnessBar } from './freshness-bar';
import { MirrorKindsProgress } from './mirror-kinds-progress';
import { ServiceProblem } from './service-problem';

/**
 * What the partners list and a statement share: how fresh the company's copy of invoices and expenses is (with
 * "Update now"), and what stands in place of the page while the copy cannot answer it: being prepared (with the
 * progress of every kind above), refused by the service (which kind, in words), the connection removed, or no copy
 * kept at all.
 */

export function PartnersFreshness({
  status,
  texts,
  docs,
  locale,
  refresh,
  now = new Date(),
}: {
  status: MirrorStatus;
  texts: PartnerTexts;
  docs: DocumentTexts;
  locale: Locale;
  refresh: { action: string; back: string };
  now?: Date;
}) {
  const t = docs.mirror;
  const lines: string[] = [];
  if (status.status === 'paused') lines.push(t.paused);
  else if (status.status === 'stopped') lines.push(t.stopped);
  else {
    if (readinessOf(status, PARTNER_KINDS) !== 'ready') lines.push(texts.freshness.preparing);
    else if (status.lastSyncedAt)
      lines.push(fill(texts.freshness.ready, { ago: ago(status.lastSyncedAt, now, locale) }));
    else lines.push(t.never);
    if (status.syncAsked) lines.push(t.syncing);
    else if (status.lastError && status.nextTryAt) lines.push(t.failed);
  }
  return (
    <div className="print:hidden">
      <FreshnessBar
        label={texts.freshness.label}
        status={status}
        lines={lines}
        under={<MirrorKindsProgress status={status} kind="invoices" texts={docs} locale={locale} />}
        texts={docs}
        refresh={refresh}
      />
    </div>
  );
}

/** The page's place while the copy cannot answer it (null once it can). */
export function PartnersUnavailable({
  mirror,
  texts,
  docs,
  retryHref,
}: {
  mirror: PartnersMirror;
  texts: PartnerTexts;
  docs: DocumentTexts;
  retryHref: string;
}): ReactNode {
  const { readiness } = mirror;
  switch (readiness.state) {
    case 'ready':
      return null;
    case 'disconnected':
      return <ServiceProblem problem={{ kind: 'disconnected' }} texts={docs} retryHref={retryHref} />;
    case 'off':
      return <Notice state="off" title={texts.title} body={texts.off} />;
    case 'preparing':
      return <Notice state="preparing" title={texts.preparing.title} body={texts.preparing.body} />;
    case 'refused': {
      const r = texts.refused;
      const kinds = readiness.kinds.map(({ kind }) => r.kinds[kind]).join(', ');
      const answer = r.answers[readiness.kinds[0]?.refusal ?? 'not-found'];
      return <Notice state="refused" title={r.title} body={fill(r.body, { kinds, answer })} />;
    }
  }
}

function Notice({ state, title, body }: { state: string; title: string; body: string }) {
  return (
    <section
      role="status"
      data-partners-state={state}
      className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm text-slate-700">{body}</p>
    </section>
  );
}
