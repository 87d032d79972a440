import 'server-only';

import type { SearchParams } from '@/lib/base/http/search-params';
import { LINE_STATES, type LineState } from '@/lib/base/imports/states';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { type ImportSummary, listImports } from '@/lib/owners/imports/view';

import { addressCount, one } from './import-page-parts';
import { importPageOfKind } from './import-paths';

/**
 * The company's imports page (GET …/imports): every upload, newest first, with its kind, file, who, when, its state
 * and its lines counted per state (the states with none left out), each linking to its own page.
 */

export type ImportListRow = Pick<ImportSummary, 'id' | 'kind' | 'fileName' | 'createdBy' | 'createdAt' | 'state'> & {
  href: string;
  counts: { state: LineState; count: number }[];
  total: number;
};

export async function loadCompanyImports(page: CompanyPage): Promise<ImportListRow[]> {
  const imports = await page.read((db, scope) => listImports(db, scope));
  return imports.map((summary) => {
    const counts = LINE_STATES.flatMap((state) =>
      summary.counts[state] > 0 ? [{ state, count: summary.counts[state] }] : [],
    );
    return {
      id: summary.id,
      kind: summary.kind,
      fileName: summary.fileName,
      createdBy: summary.createdBy,
      createdAt: summary.createdAt,
      state: summary.state,
      href: importPageOfKind(page.scope.tenantId, summary.kind, summary.id),
      counts,
      total: counts.reduce((sum, { count }) => sum + count, 0),
    };
  });
}

/** What "Discard the import" left in the list's address (lib/features/imports/discard-import.ts); null: nothing. */
export function discardedNoticeOf(params: SearchParams): { file: string; lines: number } | null {
  const file = one(params.discarded)?.trim().slice(0, 120);
  return file ? { file, lines: addressCount(params.lines) } : null;
}
