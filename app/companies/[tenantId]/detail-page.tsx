import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactElement } from 'react';

import { BackLink } from '@/components/detail-parts';
import { DocumentProblem } from '@/components/document-detail';
import type { DocumentKind } from '@/lib/base/document-kinds';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import { getMessages } from '@/lib/base/i18n/server';
import { requireCompany } from '@/lib/doors/company/page';
import { companyPageTitle } from '@/lib/doors/company/page-titles';
import type { Loaded } from '@/lib/platform/http/page-problem';
import { kindPath } from '@/lib/service/records/present';

type Props = { params: Promise<{ tenantId: string; id: string }> };

/** What a document's page draws once its document is loaded. */
export type DetailView<T> = {
  tenantId: string;
  /** The document's id, as the address holds it (checked). */
  id: string;
  value: T;
  /** The link back to the kind's list. */
  back: ReactElement;
  /** This page's own address (a retry of what failed to load on it). */
  self: string;
  texts: DocumentTexts;
  locale: Locale;
};

/**
 * A company's page of one document, the frame every kind shares: the company's door first, an address whose id
 * cannot name a document of the kind is "not found", the document loaded once for the page and its title
 * (lib/features/documents/detail-pages.ts), and a document that cannot be loaded says why under the link back to its
 * list. The title is "{kind} {number}", the kind alone when the document cannot be loaded.
 */
export function companyDetailPage<T>(detail: {
  /** The kind of document, whose list and pages live at its segment (lib/base/document-kinds.ts). */
  kind: DocumentKind;
  /** The id an address holds, null when it cannot name a document of the kind. */
  idOf: (id: string) => string | null;
  load: (tenantId: string, id: string) => Promise<Loaded<T>>;
  /** The kind in words: with the document, when its own type says more (an expense's). */
  name: (texts: DocumentTexts, value?: T) => string;
  numberOf: (value: T) => string | null | undefined;
  backLabel: (texts: DocumentTexts) => string;
  draw: (view: DetailView<T>) => ReactElement;
}): {
  generateMetadata: (props: Props) => Promise<Metadata>;
  Page: (props: Props) => Promise<ReactElement>;
} {
  return {
    generateMetadata: ({ params }: Props) =>
      companyPageTitle(params, async (t, company) => {
        const id = detail.idOf((await params).id);
        if (id === null) return t.docs.notFound.title;
        const loaded = await detail.load(company.scope.tenantId, id);
        return loaded.ok
          ? `${detail.name(t.docs, loaded.value)} ${detail.numberOf(loaded.value) || t.docs.detail.withoutNumber}`
          : detail.name(t.docs);
      }),
    Page: async function CompanyDetailPage({ params }: Props) {
      const { tenantId, id: given } = await params;
      await requireCompany(tenantId);
      const id = detail.idOf(given);
      if (id === null) notFound();
      const { t, locale } = await getMessages();
      const d = t.docs;
      const self = kindPath(tenantId, detail.kind, id);
      const loaded = await detail.load(tenantId, id);
      const back = <BackLink href={kindPath(tenantId, detail.kind)}>{detail.backLabel(d)}</BackLink>;
      if (!loaded.ok) return <DocumentProblem back={back} problem={loaded.problem} texts={d} retryHref={self} />;
      return detail.draw({ tenantId, id, value: loaded.value, back, self, texts: d, locale });
    },
  };
}
