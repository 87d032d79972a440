import { Link } from '@/components/link';
import { fill } from '@/lib/base/i18n/documents';
import type { Messages } from '@/lib/base/i18n/messages';
import type { PasteOutcome } from '@/lib/features/connections/views';
import type { CompanyConnection } from '@/lib/features/connections/views';

import { ConnectionBadge } from './connection-badge';
import { ConsentStartForm } from './consent-start-form';
import { linkClass } from './detail-parts';
import { PasteTokenForm } from './paste-token-form';

const primaryButton =
  'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-600 focus-ring';

type Props = {
  t: Messages;
  company: CompanyConnection;
  /** How many of the session's companies lack a usable token (this one included when it does). */
  lacking: number;
  /** Where the forms post (the consent form only when consent is configured), and the company's activity page. */
  actions: { consent: string | null; token: string; activity: string };
  /** The outcome of a pasted token just sent (shown at the top of the page): the form stays open after a failure. */
  pasteOutcome: PasteOutcome | null;
  className?: string;
};

/**
 * The company's connection: its state and how it came, and every way to connect it: the service's consent (the
 * main way, one click; it opens the service's consent page in a new tab, components/consent-start-form.tsx), or a
 * token made by hand (a plain form). The outcome of either is shown at the top of the page, not here.
 */
export function ConnectionPanel({ t, company, lacking, actions, pasteOutcome, className = '' }: Props) {
  const c = t.consent;
  const connected = company.state === 'connected';
  const consentForm = actions.consent && (
    <ConsentStartForm action={actions.consent} className="mt-3 space-y-2">
      {!connected && (
        <p className="text-sm text-slate-600">
          {lacking > 1 ? fill(c.intro.multiple, { count: lacking }) : c.intro.single}
        </p>
      )}
      <button type="submit" className={primaryButton} data-connect="consent">
        {c.connect}
      </button>
    </ConsentStartForm>
  );
  return (
    <section
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}
      aria-labelledby="connection"
    >
      <div className="flex items-center justify-between gap-4">
        <h3 id="connection" className="font-medium text-slate-900">
          {t.connection}
        </h3>
        <ConnectionBadge t={t} state={company.state} />
      </div>
      <p className="mt-2 text-sm text-slate-700">{t.stateHelp[company.state]}</p>
      {company.source && connected && <p className="mt-1 text-sm text-slate-600">{c.source[company.source]}</p>}
      {connected && company.source !== 'gateway' && (
        <p className="mt-1 text-sm text-slate-600">
          {company.source === 'pasted' ? c.notificationsPasted : c.notifications}{' '}
          <Link href={actions.activity} className={linkClass}>
            {t.activity.title} →
          </Link>
        </p>
      )}
      {!connected && consentForm}
      {connected && actions.consent && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{c.reconnect}</summary>
          {consentForm}
        </details>
      )}
      <PasteTokenForm
        t={t}
        action={actions.token}
        open={(!connected && !actions.consent) || (pasteOutcome !== null && pasteOutcome !== 'connected')}
      />
    </section>
  );
}
