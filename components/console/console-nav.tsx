'use client';

import { usePathname } from 'next/navigation';

import { Link } from '@/components/link';
import { CONSOLE_SECTIONS, type ConsoleSectionKey, sectionOf } from '@/lib/features/console/sections';

/**
 * The console's sections at the top of every page an operator sees, the current one marked (aria-current): a page
 * leads to the others without the way back to the start page. A client component only for the address it is on.
 */
export function ConsoleNav({
  label,
  sections,
}: {
  label: string;
  /** Each section's name and description (console-shell.ts); the name is shown. */
  sections: Record<ConsoleSectionKey, readonly string[]>;
}) {
  const current = sectionOf(usePathname());
  return (
    <nav aria-label={label} className="mb-6 -mt-2 overflow-x-auto">
      <ul className="flex gap-1 text-sm">
        {CONSOLE_SECTIONS.map(({ key, href }) => (
          <li key={key}>
            <Link
              href={href}
              aria-current={current === key ? 'page' : undefined}
              className={`block whitespace-nowrap rounded-md px-3 py-1.5 font-medium focus-ring ${
                current === key ? 'bg-slate-800 text-white' : 'text-brand-700 hover:bg-slate-100'
              }`}
            >
              {sections[key][0]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
