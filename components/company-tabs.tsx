'use client';

import { usePathname } from 'next/navigation';

import { Link } from '@/components/link';
/** `alsoCurrentUnder`: other addresses (and what is below them) where the tab is the current one. */
export type CompanyTab = { href: string; label: string; alsoCurrentUnder?: string[] };

/**
 * The company's sections as tabs. A client component only to know the current address (a layout is not told it);
 * the first tab (the overview) is current only on its own address, the others on theirs and everything below.
 */
export function CompanyTabs({ tabs, label }: { tabs: CompanyTab[]; label: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="mt-3 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab, index) => {
          const under = (href: string) => pathname === href || pathname.startsWith(`${href}/`);
          const current =
            index === 0 ? pathname === tab.href : under(tab.href) || (tab.alsoCurrentUnder ?? []).some(under);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? 'page' : undefined}
                className={`inline-block rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-ring ${
                  current
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
