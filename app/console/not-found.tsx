import type { Metadata } from 'next';

import { ConsoleCard } from '@/components/console/console-card';
import { Link } from '@/components/link';
import { consoleMetadata, getConsoleTexts } from '@/lib/features/console/texts';

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ c }) => c.notFoundTitle);
}

/** 404 inside the console: its own words and a way to its start page (the sections are linked above, for operators). */
export default async function ConsoleNotFound() {
  const { c } = await getConsoleTexts();
  return (
    <ConsoleCard title={c.notFoundTitle}>
      <p className="mt-2 text-slate-700">{c.notFoundBody}</p>
      <Link href="/console" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
        {c.notFoundHome}
      </Link>
    </ConsoleCard>
  );
}
