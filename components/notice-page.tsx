import { Link } from '@/components/link';

import { MainCard } from './main-card';

/**
 * A page that only explains something: signed out, forbidden, nothing connected. `home` is the label of a link back
 * to the start, for pages a user reaches by an address that leads nowhere.
 */
export function NoticePage({
  title,
  body,
  home,
  children,
}: {
  title: string;
  body: string;
  home?: string;
  children?: React.ReactNode;
}) {
  return (
    <MainCard title={title}>
      <p className="mt-2 text-slate-700">{body}</p>
      {home && (
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
          ← {home}
        </Link>
      )}
      {children}
    </MainCard>
  );
}
