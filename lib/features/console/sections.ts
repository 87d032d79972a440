/**
 * The console's sections, in the order of issue 12: the start page lists them, and every console page links them at
 * its top (components/console/console-nav.tsx). Their names are the shell's texts (console-shell.ts `sections`), the
 * same words as each section's own heading. Pure.
 */
export const CONSOLE_SECTIONS = [
  { key: 'companies', href: '/console/companies' },
  { key: 'launches', href: '/console/launches' },
  { key: 'dataApi', href: '/console/data-api' },
  { key: 'users', href: '/console/users' },
  { key: 'audit', href: '/console/audit' },
] as const;

export type ConsoleSectionKey = (typeof CONSOLE_SECTIONS)[number]['key'];

/** The section an address is in (`/console/users?confirm=…` → users), or null (the start page, an unknown address). */
export function sectionOf(pathname: string): ConsoleSectionKey | null {
  const section = CONSOLE_SECTIONS.find(({ href }) => pathname === href || pathname.startsWith(`${href}/`));
  return section?.key ?? null;
}
