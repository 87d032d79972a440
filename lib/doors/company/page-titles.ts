import 'server-only';

import type { Metadata } from 'next';

import type { Messages } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { companyOfTitle } from '@/lib/doors/company/page';

/**
 * Every page's `<title>`, in the request's language: "{page} · {company} · {application}" under a company,
 * "{page} · {application}" elsewhere. Whole titles (`absolute`): Next applies a layout's title template to the pages
 * of the segments below it only, not to the page beside it (the overview, the root's pages). A page's title is
 * resolved beside the page, not after it, so it makes the same checks the page makes (session, company, document).
 */

/** The root layout's title, for anything that names itself no further. */
export async function applicationTitle(): Promise<Metadata['title']> {
  return (await getMessages()).t.appName;
}

/** A page outside any company. */
export async function pageTitle(pick: (t: Messages) => string): Promise<Metadata> {
  const { t } = await getMessages();
  return { title: { absolute: `${pick(t)} · ${t.appName}` } };
}

type CompanyPick = (t: Messages, company: CompanyPage) => string | Promise<string>;

/**
 * A page of a company, with the company's name. Without a session, or for a company outside it, the title is that
 * of the 401 or 403 page the page answers, and nothing of the company is read.
 */
export async function companyPageTitle(params: Promise<{ tenantId: string }>, pick: CompanyPick): Promise<Metadata> {
  const { tenantId } = await params;
  const { t } = await getMessages();
  const title = (...parts: string[]): Metadata => ({ title: { absolute: [...parts, t.appName].join(' · ') } });
  const company = await companyOfTitle(tenantId);
  if (company === 'signed-out') return title(t.signedOutTitle);
  if (company === 'forbidden') return title(t.forbiddenTitle);
  const { name } = await company.connection();
  return title(await pick(t, company), name ?? `${t.unnamedCompany} ${tenantId}`);
}
