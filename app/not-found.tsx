import { NoticePage } from '@/components/notice-page';
import { getMessages } from '@/lib/base/i18n/server';
import { pageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = () => pageTitle((t) => t.pageNotFoundTitle);

/** An address the add-on does not have (a document the service lacks has its own page under the company). */
export default async function NotFound() {
  const { t } = await getMessages();
  return <NoticePage title={t.pageNotFoundTitle} body={t.pageNotFoundBody} home={t.back} />;
}
