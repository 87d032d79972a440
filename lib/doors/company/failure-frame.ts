import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import type { DocumentKind } from '@/lib/base/document-kinds';
import { documentTexts } from '@/lib/base/i18n/documents';
import { type Locale, type Messages, messages } from '@/lib/base/i18n/messages';
import { companyTabs } from '@/lib/doors/company/company-tabs';
import { listConnections } from '@/lib/owners/connections/states';
import type { Session } from '@/lib/owners/sessions/sessions';
import { getDb } from '@/lib/platform/db/client';
import type { CompanyFrame, Link } from '@/lib/platform/http/failure-page';
import { companyPath, kindPath } from '@/lib/service/records/present';

/**
 * Where a failed file request about a company belongs, and the company's frame its failure page wears: the header
 * with sign-out, the company's name and its tabs, the way the company's pages look (app/companies/[tenantId]/
 * layout.tsx), and the way back to the document the link was on. Inside the service's window a download link is
 * followed in our frame, so the failure keeps the user in the add-on.
 */

/** Where the failed file belongs, as far as the address could be read. */
export type FilePlace =
  | {
      /** The kind of document whose pages the file belongs to (their section of the company's pages). */
      kind: DocumentKind;
      /** The document's id when the address names one that can exist; else the way back is the list. */
      documentId: string | null;
      /** The answer is shown inside a frame of our own page (`?disposition=inline`), which is already the way back. */
      embedded: boolean;
    }
  | {
      /** A section of the company's pages that is no kind of document's (`stock`): its segment under the company. */
      section: string;
      /** The way back's words ("Back to the stock"). */
      back: (t: Messages) => string;
      /** Where the way back leads, when not to the section itself (a partner's statement): a path under the company. */
      backTo?: readonly string[];
      embedded: false;
    };

/** The company's page the failed file belongs to (its tab is the current one). */
const sectionPath = (tenantId: string, place: FilePlace) =>
  'section' in place ? companyPath(tenantId, place.section) : kindPath(tenantId, place.kind);

/** The company's name as stored with us; a failure to read it (the database may be why we are here) costs only the name. */
async function companyName(scope: CompanyScope): Promise<string | null> {
  try {
    const [connection] = await listConnections(await getDb(), { ...scope, tenantIds: [scope.tenantId] });
    return connection?.name ?? null;
  } catch {
    return null;
  }
}

/** The way back from a failed file: its document, or the list when the address named no document that can exist. */
export function backLink(tenantId: string, place: FilePlace, locale: Locale): Link {
  if ('section' in place) {
    const href = place.backTo ? companyPath(tenantId, ...place.backTo) : sectionPath(tenantId, place);
    return { href, label: place.back(messages[locale]) };
  }
  const texts = documentTexts[locale];
  const { kind, documentId } = place;
  if (documentId === null) {
    const list: Record<DocumentKind, string> = {
      invoices: texts.detail.backToInvoices,
      expenses: texts.detail.backToExpenses,
      deliveryNotes: texts.detail.backToDeliveryNotes,
    };
    return { href: kindPath(tenantId, kind), label: list[kind] };
  }
  const one: Record<DocumentKind, string> = {
    invoices: texts.fileFailure.backToInvoice,
    expenses: texts.fileFailure.backToExpense,
    deliveryNotes: texts.fileFailure.backToDeliveryNote,
  };
  return { href: kindPath(tenantId, kind, documentId), label: one[kind] };
}

/** The company's frame around the failure, with the section of the failed file as the current tab. */
export async function companyFrame(
  session: Session,
  scope: CompanyScope,
  place: FilePlace,
  locale: Locale,
): Promise<CompanyFrame> {
  const t = messages[locale];
  const { tenantId } = scope;
  const d = t.docs.nav;
  const current = sectionPath(tenantId, place);
  const tabs: Link[] = companyTabs(tenantId, t);
  return {
    appName: t.appName,
    signedInAs: { label: t.signedInAs, userId: session.userId },
    signOut: t.signOut,
    companies: session.tenantIds.length > 1 ? { href: '/', label: t.back } : null,
    name: (await companyName(scope)) ?? `${t.unnamedCompany} ${tenantId}`,
    idLine: `${t.companyId}: ${tenantId}`,
    tabs: { label: d.label, links: tabs.map((tab) => ({ ...tab, current: tab.href === current })) },
  };
}
