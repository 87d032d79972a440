import type { Metadata } from 'next';
import Link from 'next/link';
import { requireOperator } from '@/lib/console/operator';
import { getConsoleTexts } from '@/lib/console/texts';

export async function generateMetadata(): Promise<Metadata> {
  const { c } = await getConsoleTexts();
  return { title: { absolute: c.consoleName } };
}

/** The sections of the console, in the order of the issue (each page comes with its part of issue 12). */
const sections = [
  { key: 'companies', href: '/console/companies' },
  { key: 'launches', href: '/console/launches' },
  { key: 'dataApi', href: '/console/data-api' },
  { key: 'users', href: '/console/users' },
  { key: 'audit', href: '/console/audit' },
] as const;

export default async function ConsoleHome() {
  const operator = await requireOperator();
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
        {sections.map(({ key, href }) => (
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
}
