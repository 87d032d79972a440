import { ActivityEvent } from '@/components/activity-event';
import { EmptyState } from '@/components/empty-state';
import { WebhookReceiver } from '@/components/webhook-receiver';
import { WorkConnection } from '@/components/work-connection';
import { fill } from '@/lib/base/i18n/documents';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import { ACTIVITY_LIMIT, loadActivityPage } from '@/lib/features/activity/page';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.activity.title);

type Props = { params: Promise<{ tenantId: string }> };

/**
 * The service's notifications about the company (upload results, payments), newest first, the connection that does
 * the company's work, and the address notifications are sent to. Read from our own database only: the page never calls the data API.
 */
export default async function ActivityPage({ params }: Props) {
  const { tenantId } = await params;
  const company = await requireCompany(tenantId);
  const { t, locale } = await getMessages();
  const a = t.activity;
  const { events, receiver, driver } = await company.read((db, scope) =>
    loadActivityPage(db, { ...scope, tenantIds: company.session.tenantIds }),
  );

  return (
    <>
      <h2 className="text-lg font-semibold text-slate-900">{a.title}</h2>
      <p className="mt-1 text-sm text-slate-600">{fill(a.intro, { count: ACTIVITY_LIMIT })}</p>
      {events.length === 0 ? (
        <EmptyState message={a.empty} />
      ) : (
        <ol aria-label={a.listLabel} className="mt-4 space-y-3">
          {events.map((event) => (
            <li key={event.key}>
              <ActivityEvent event={event} tenantId={tenantId} texts={a} locale={locale} />
            </li>
          ))}
        </ol>
      )}
      <WorkConnection driver={driver} texts={a} />
      <WebhookReceiver receiver={receiver} texts={a} />
    </>
  );
}
