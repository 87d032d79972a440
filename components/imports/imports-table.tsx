import { Link } from '@/components/link';
import { formatMoment } from '@/lib/base/i18n/format';
import type { ImportUploadTexts } from '@/lib/base/i18n/import-upload';
import { invoiceImportTexts } from '@/lib/base/i18n/invoice-import';
import type { Locale } from '@/lib/base/i18n/messages';
import type { ImportListRow } from '@/lib/features/imports/imports-list';
import { companyPath } from '@/lib/service/records/present';

import { linkClass } from '../detail-parts';
import { EmptyState } from '../empty-state';

const cell = 'px-3 py-2 align-top';

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
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm" data-imports="">
            <caption className="sr-only">{l.caption}</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-700">
              <tr>
                <th scope="col" className={cell}>
                  {l.columns.when}
                </th>
                <th scope="col" className={cell}>
                  {l.columns.kind}
                </th>
                <th scope="col" className={cell}>
                  {l.columns.file}
                </th>
                <th scope="col" className={cell}>
                  {l.columns.who}
                </th>
                <th scope="col" className={cell}>
                  {l.columns.state}
                </th>
                <th scope="col" className={cell}>
                  {l.columns.lines}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} data-import={row.id}>
                  <td className={`${cell} whitespace-nowrap`}>
                    <Link href={row.href} className={linkClass}>
                      {formatMoment(row.createdAt, locale)}
                    </Link>
                  </td>
                  <td className={cell}>{l.kinds[row.kind]}</td>
                  <td className={`${cell} break-all`}>{row.fileName}</td>
                  <td className={cell}>{row.createdBy}</td>
                  <td className={cell} data-state={row.state}>
                    {l.states[row.state]}
                  </td>
                  <td className={cell}>
                    {row.counts.map(({ state, count }) => `${count} ${l.counts[state]}`).join(', ') || '0'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
