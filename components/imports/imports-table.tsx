import { Link } from '@/components/link';
import { formatMoment } from '@/lib/base/i18n/format';
import { importStateWords, type ImportUploadTexts } from '@/lib/base/i18n/import-upload';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import type { Locale } from '@/lib/base/i18n/messages';
import type { ImportListRow } from '@/lib/features/imports/imports-list';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { EmptyState } from '../empty-state';
import { RowHeader, Table, Td } from '../table';

/** The company's imports, newest first: kind, file, who, when, state, lines per state, and a link to each. */
export function ImportsTable({
  rows,
  tenantId,
  texts,
  locale,
}: {
  rows: ImportListRow[];
  tenantId: string;
  texts: ImportUploadTexts;
  locale: Locale;
}) {
  const l = texts.list;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{l.title}</h2>
        <div className="flex flex-wrap gap-4 text-sm">
          <Link href={companyPath(tenantId, 'payments', 'import')} className={linkClass}>
            {l.newImport}
          </Link>
          <Link href={companyPath(tenantId, 'invoices', 'import')} className={linkClass}>
            {invoiceImportTexts[locale].linkFromInvoices}
          </Link>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">{l.intro}</p>
      {rows.length === 0 ? (
        <EmptyState message={l.none} />
      ) : (
        <div className="mt-4" data-imports="">
          <Table
            caption={l.caption}
            captionHidden
            cards="labelled"
            columns={[l.columns.when, l.columns.kind, l.columns.file, l.columns.who, l.columns.state, l.columns.lines]}
          >
            {rows.map((row) => (
              <tr key={row.id} data-import={row.id} className="hover:bg-slate-50">
                <RowHeader>
                  <Link href={row.href} className={linkClass}>
                    {formatMoment(row.createdAt, locale)}
                  </Link>
                </RowHeader>
                <Td>{l.kinds[row.kind]}</Td>
                {/* A file's name breaks where it must, never letter by letter in a squeezed column. */}
                <Td>
                  <span className="wrap-break-word">{row.fileName}</span>
                </Td>
                <Td>{row.createdBy}</Td>
                <ImportStateCells row={row} locale={locale} />
              </tr>
            ))}
          </Table>
        </div>
      )}
    </>
  );
}

/** The import's state and its lines per state, in the words of the import's own page. */
function ImportStateCells({ row, locale }: { row: ImportListRow; locale: Locale }) {
  const words = importStateWords(row.kind, locale);
  return (
    <>
      <td className="cell" data-state={row.state}>
        {words.importStates[row.state]}
      </td>
      <Td>{row.counts.map(({ state, count }) => `${words.states[state]}: ${count}`).join(', ') || '0'}</Td>
    </>
  );
}
