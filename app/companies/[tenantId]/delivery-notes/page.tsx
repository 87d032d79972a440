import { ListShell } from '@/components/list-shell';
import type { SearchParams } from '@/lib/documents/filters';
import { loadListPage } from '@/lib/documents/list-page';
import { getMessages } from '@/lib/i18n/server';
import { companyPageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.nav.deliveryNotes);

type Props = { params: Promise<{ tenantId: string }>; searchParams: Promise<SearchParams> };

/** The company's delivery notes, filtered and paged by the URL (GET /api/delivery-notes, one call per view). */
export default async function DeliveryNotesPage({ params, searchParams }: Props) {
  const { tenantId } = await params;
  const page = await loadListPage('deliveryNotes', tenantId, await searchParams, (client, query) =>
    client.deliveryNotes.list(query),
  );
  const { t, locale } = await getMessages();
  return <ListShell kind="deliveryNotes" page={page} tenantId={tenantId} texts={t.docs} locale={locale} />;
}
