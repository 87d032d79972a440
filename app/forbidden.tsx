import { NoticePage } from '@/components/notice-page';
import { getMessages } from '@/lib/base/i18n/server';
import { pageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = () => pageTitle((t) => t.forbiddenTitle);

export default async function Forbidden() {
  const { t } = await getMessages();
  return <NoticePage title={t.forbiddenTitle} body={t.forbiddenBody} home={t.back} />;
}
