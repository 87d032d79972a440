import { DocumentNotFound as DocumentNotFoundNotice } from '@/components/document-not-found';
import { getMessages } from '@/lib/base/i18n/server';
import { companyPageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.notFound.title);

/** A document the service does not have (404 from the data API), or an address that cannot name one. */
export default async function DocumentNotFound() {
  const { t } = await getMessages();
  return <DocumentNotFoundNotice t={t} />;
}
