'use client';

import { usePathname } from 'next/navigation';

import { Link } from '@/components/link';

/** A link to the overview of the company whose page this is; not-found pages are not told the route's params. */
export function CompanyHomeLink({ label, className }: { label: string; className?: string }) {
  const pathname = usePathname();
  const match = /^\/companies\/[^/]+/.exec(pathname ?? '');
  return (
    <Link href={match?.[0] ?? '/'} className={className}>
      {label}
    </Link>
  );
}
