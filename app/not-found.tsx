import { headers } from 'next/headers';

import { DocumentNotFound } from '@/components/document-not-found';
import { NoticePage } from '@/components/notice-page';
import { PAGE_PATH_HEADER } from '@/lib/base/http/page-path';
import { getMessages } from '@/lib/base/i18n/server';
import { companyPageTitle, pageTitle } from '@/lib/doors/company/page-titles';
import { companyOfRecordAddress } from '@/lib/features/pages/addressed-record';

/** The company whose document, import or partner this request's address names (its 404 is answered here). */
const recordCompany = async () => companyOfRecordAddress((await headers()).get(PAGE_PATH_HEADER));

export async function generateMetadata() {
  const tenantId = await recordCompany();
  if (tenantId === null) return pageTitle((t) => t.pageNotFoundTitle);
  return companyPageTitle(Promise.resolve({ tenantId }), (t) => t.docs.notFound.title);
}

/**
 * An address the add-on does not have; or, on a page's own request, a record its company lacks: the company's layout
 * answers that 404 before anything streams (lib/features/pages/addressed-record.ts), and Next renders it here.
 */
export default async function NotFound() {
  const { t } = await getMessages();
  if ((await recordCompany()) !== null) {
    return (
      <main className="mx-auto max-w-5xl p-4">
        <DocumentNotFound t={t} />
      </main>
    );
  }
  return <NoticePage title={t.pageNotFoundTitle} body={t.pageNotFoundBody} home={t.back} />;
}
