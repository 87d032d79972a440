import { NoticePage } from '@/components/notice-page';
import { getMessages } from '@/lib/base/i18n/server';
import { pageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = () => pageTitle((t) => t.signedOutTitle);

export default async function Unauthorized() {
  const { t } = await getMessages();
  return <NoticePage title={t.signedOutTitle} body={t.signedOutBody} />;
}
