import type { Metadata } from 'next';

import { Link } from '@/components/link';
import { operatorPage } from '@/lib/doors/console/page';
import { CONSOLE_SECTIONS } from '@/lib/features/console/sections';
import { consoleMetadata, getConsoleTexts } from '@/lib/features/console/texts';

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata();
}

/** The console's home: who is signed in, and every section with what it shows. */
export default operatorPage(async ({ operator }) => {
  const { c } = await getConsoleTexts();
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{c.homeTitle}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {c.signedInAs}: <span className="font-medium text-slate-900">{operator.email}</span>
        {operator.name && <> ({operator.name})</>}
      </p>
      <p className="mt-4 text-slate-700">{c.homeIntro}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {CONSOLE_SECTIONS.map(({ key, href }) => (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <Link href={href} className="font-medium text-brand-700 hover:underline">
              {c.sections[key][0]}
            </Link>
            <p className="mt-1 text-sm text-slate-600">{c.sections[key][1]}</p>
          </li>
        ))}
      </ul>
    </main>
  );
});
