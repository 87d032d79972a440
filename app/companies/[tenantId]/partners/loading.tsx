import { ListSkeleton } from '@/components/skeletons';
import { getMessages } from '@/lib/base/i18n/server';

export default async function Loading() {
  const { t } = await getMessages();
  return <ListSkeleton label={t.docs.loading} />;
}
