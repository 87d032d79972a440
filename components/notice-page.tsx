import Link from 'next/link';

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
    <main
      id="main"
      tabIndex={-1}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none"
    >
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{body}</p>
      {home && (
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
          ← {home}
        </Link>
      )}
      {children}
    </main>
  );
}
