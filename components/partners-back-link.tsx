'use client';

import { usePathname } from 'next/navigation';

import { Link } from '@/components/link';

/** The way back to the company's partners, from a page not told the route's params (a not-found page). */
export function PartnersBackLink({ label, className }: { label: string; className?: string }) {
  const match = /^\/companies\/[^/]+/.exec(usePathname() ?? '');
  return (
    <Link href={match ? `${match[0]}/partners` : '/'} className={className}>
      {label}
    </Link>
  );
}
