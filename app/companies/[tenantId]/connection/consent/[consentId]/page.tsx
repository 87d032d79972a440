import { notFound } from 'next/navigation';

import { ConsentMoveOn } from '@/components/consent-move-on';
import { ConsentOpenButton } from '@/components/consent-open-button';
import { ConsentProgressRefresher } from '@/components/consent-progress-refresher';
import { ConsentStartForm } from '@/components/consent-start-form';
import { linkClass } from '@/components/detail-parts';
import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import { formatClockTime } from '@/lib/base/i18n/format';
import type { Locale, Messages } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { followConsent } from '@/lib/features/connections/connect';
import type { ProgressView } from '@/lib/features/connections/views';
import { isConsentId } from '@/lib/features/connections/views';
import { getEnv } from '@/lib/platform/env';
import { companyPath } from '@/lib/service/records/present';
import { pollSubscription } from '@/lib/service/subscription-poll';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.consentProgress.title);

/**
 * Progress of an Integration Consent, in either response mode, shown in the add-on's frame while the user approves
 * on the service's consent page in another tab. Each render reads the attempt's row and moves it on by what can be
 * known now (lib/owners/consent/progress.ts: in poll mode at most one poll of the service; in post mode /consent/return
 * completes the row from the other tab); while it is pending a small client component renders the page again every
 * few seconds. Once connected it moves on to the company's page by itself. The consent page is opened (again)
 * through a POST to ./open, so the state never appears in this HTML.
 */
type Props = { params: Promise<{ tenantId: string; consentId: string }> };

const buttonClass = 'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring';

export default async function ConsentProgressPage({ params }: Props) {
  const { tenantId, consentId } = await params;
  const company = await requireCompany(tenantId);
  if (!isConsentId(consentId)) notFound();
  const env = getEnv();
  const view = await company.read((db, scope) =>
    followConsent(db, consentId, scope, {
      poll: (state) => pollSubscription(state, { baseUrl: env.dataApiBaseUrl }),
      keys: env.encryptionKeys,
    }),
  );
  if (!view) notFound();
  const { t, locale } = await getMessages();
  const c = t.consentProgress;
  const here = companyPath(tenantId, 'connection', 'consent', consentId);

  return (
    <section
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="consent-progress"
      data-consent-status={view.status}
    >
      <h2 id="consent-progress" className="font-medium text-slate-900">
        {c.title}
      </h2>
      {view.status === 'pending' ? (
        <Pending view={view} here={here} t={t} locale={locale} />
      ) : view.status === 'connected' ? (
        // The company page tells what was connected and what was not (the same notice in both modes).
        <Connected href={`${companyPath(tenantId)}?consent=${encodeURIComponent(consentId)}`} t={t} />
      ) : (
        <Ended status={view.status} tenantId={tenantId} t={t} />
      )}
      <ConsentProgressRefresher active={!view.finished} />
    </section>
  );
}

function Pending({ view, here, t, locale }: { view: ProgressView; here: string; t: Messages; locale: Locale }) {
  const c = t.consentProgress.pending;
  return (
    <>
      <p role="status" aria-live="polite" className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <span
          aria-hidden="true"
          className="inline-block size-3 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        />
        {c.status}
      </p>
      <ol className="mt-4 space-y-4">
        <li>
          <h3 className="text-sm font-medium text-slate-900">{c.openTitle}</h3>
          <p className="mt-1 text-sm text-slate-600">{c.openBody}</p>
          {/* A POST, so the address with the state is made by the server and never written into this page. */}
          <ConsentOpenButton action={`${here}/open`} className={buttonClass}>
            {c.open}
          </ConsentOpenButton>
        </li>
        <li>
          <h3 className="text-sm font-medium text-slate-900">{c.approveTitle}</h3>
          <p className="mt-1 text-sm text-slate-600">{c.approveBody}</p>
        </li>
      </ol>
      <p className="mt-4 text-xs text-slate-500">
        {fill(c.validUntil, { time: formatClockTime(view.expiresAt, locale) })}
      </p>
      <noscript>
        <p className="mt-2 text-sm">
          <a href={here} className={linkClass}>
            {c.refresh}
          </a>
        </p>
      </noscript>
    </>
  );
}

function Connected({ href, t }: { href: string; t: Messages }) {
  const c = t.consentProgress.connected;
  return (
    <div role="status" className="mt-2">
      <p className="text-sm font-medium text-emerald-800">{c.title}</p>
      <p className="mt-1 text-sm text-slate-700">{c.body}</p>
      <a href={href} className={`mt-3 inline-block text-sm ${linkClass}`} data-consent-continue>
        {c.continue} →
      </a>
      <ConsentMoveOn href={href} />
    </div>
  );
}

function Ended({
  status,
  tenantId,
  t,
}: {
  status: Exclude<ProgressView['status'], 'pending' | 'connected'>;
  tenantId: string;
  t: Messages;
}) {
  const c = t.consentProgress;
  const text = c.ended[status];
  return (
    <div role="status" className="mt-2">
      <p className="text-sm font-medium text-red-700">{text.title}</p>
      <p className="mt-1 text-sm text-slate-700">{text.body}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {/* A new attempt with a new state (the start route of the company page), in a new tab like the first. */}
        <ConsentStartForm action={companyPath(tenantId, 'connection', 'consent')}>
          <button type="submit" className={buttonClass} data-connect="consent">
            {c.startAgain}
          </button>
        </ConsentStartForm>
        <Link href={companyPath(tenantId)} className={`text-sm ${linkClass}`}>
          {c.backToCompany}
        </Link>
      </div>
    </div>
  );
}
