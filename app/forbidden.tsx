import { getMessages } from '@/lib/i18n/server';
import { NoticePage } from '@/components/notice-page';
import { pageTitle } from '@/lib/documents/page-titles';

export const generateMetadata = () => pageTitle((t) => t.forbiddenTitle);

export default async function Forbidden() {
  const { t } = await getMessages();
  return <NoticePage title={t.forbiddenTitle} body={t.forbiddenBody} home={t.back} />;
}
