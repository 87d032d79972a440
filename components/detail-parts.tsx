import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { formatMoney, formatNumber } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { Amount } from '@/lib/base/money';
import { tagName } from '@/lib/service/records/present';
import type { Partner, Prices } from '@/lib/service/schemas/common';

import { linkClass } from './link-classes';

/** Building blocks of the detail pages. Values the record lacks are left out, not shown as empty rows. */

export function DetailSection({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      <h3 id={id} className="font-medium text-slate-900">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export type Fact = [label: string, value: ReactNode | null | undefined];

/** Label–value pairs; pairs without a value are dropped. */
export function Facts({ facts }: { facts: Fact[] }) {
  const shown = facts.filter(([, value]) => value !== null && value !== undefined && value !== '' && value !== '—');
  if (shown.length === 0) return <p className="text-sm text-slate-500">—</p>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AddressLines({ address }: { address: NonNullable<Partner['address']> }) {
  const lines = [
    address.businessName,
    address.contactName,
    address.street,
    [address.postCode, address.city].filter(Boolean).join(' '),
    address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
  return (
    <address className="not-italic">
      {lines.map((line, index) => (
        <span key={index} className={index === 0 ? 'block font-medium text-slate-900' : 'block text-slate-700'}>
          {line}
        </span>
      ))}
    </address>
  );
}

export function PartnerFacts({ partner, texts }: { partner: Partner | null | undefined; texts: DocumentTexts }) {
  if (!partner) return <p className="text-sm text-slate-500">—</p>;
  const d = texts.detail;
  return (
    <div className="space-y-3 text-sm">
      {partner.address && <AddressLines address={partner.address} />}
      {partner.postalAddress && (
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{d.postalAddress}</p>
          <AddressLines address={partner.postalAddress} />
        </div>
      )}
      <Facts
        facts={[
          [d.registrationId, partner.registrationId],
          [d.taxId, partner.taxId],
          [d.vatId, partner.vatId],
          [d.email, partner.email],
          [d.phone, partner.phoneNumber],
        ]}
      />
    </div>
  );
}

/** Totals without VAT, VAT and with VAT, in the document's currency and, when that is not the euro, in EUR too. */
export function PricesTable({
  prices,
  texts,
  locale,
}: {
  prices: Prices | null | undefined;
  texts: DocumentTexts;
  locale: Locale;
}) {
  const d = texts.detail;
  const currency = prices?.currency ?? 'EUR';
  const foreign = currency.toUpperCase() !== 'EUR' && prices?.legislativePrices;
  const doc = prices?.documentPrices;
  const eur = prices?.legislativePrices;
  const rows: [string, Amount | null | undefined, Amount | null | undefined][] = [
    [d.totalPrice, doc?.totalPrice, eur?.totalPrice],
    [d.vatTotal, doc?.vatTotalPrice, eur?.vatTotalPrice],
    [d.totalInclVat, doc?.totalPriceInclVat, eur?.totalPriceInclVat],
  ];
  return (
    <>
      <table className="w-full text-sm">
        <caption className="sr-only">{d.prices}</caption>
        <thead>
          <tr className="text-xs text-slate-600">
            <td />
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {foreign ? d.inDocumentCurrency.replace('{currency}', currency) : currency}
            </th>
            {foreign && (
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {d.inEur}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, own, inEur], index) => (
            <tr
              key={label}
              className={index === rows.length - 1 ? 'border-t border-slate-200 font-semibold' : undefined}
            >
              <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-600">
                {label}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{formatMoney(own, currency, locale)}</td>
              {foreign && <td className="px-2 py-1 text-right tabular-nums">{formatMoney(inEur, 'EUR', locale)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {foreign && prices?.exchangeRate != null && (
        <p className="mt-2 text-xs text-slate-600">
          {d.exchangeRate}: {formatNumber(prices.exchangeRate, locale, 6)}
        </p>
      )}
    </>
  );
}

export function Tags({
  tags,
  texts,
}: {
  tags: (string | { name?: string | null })[] | null | undefined;
  texts: DocumentTexts;
}) {
  const names = (tags ?? []).map(tagName).filter((name): name is string => Boolean(name));
  if (names.length === 0) return null;
  // Labelled in words, not only for screen readers: chips alone do not say they are the document's tags.
  return (
    <div className="flex flex-wrap items-center gap-1">
      <span id="document-tags" className="text-xs text-slate-600">
        {texts.detail.tagsTitle}:
      </span>
      <ul aria-labelledby="document-tags" className="flex flex-wrap gap-1">
        {names.map((name) => (
          <li key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

export { linkClass, plainLinkClass } from './link-classes';

/** The link from a document back to its list, at the top of a detail page (and of its problem, when it failed). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={`text-sm ${linkClass}`}>
      {children}
    </Link>
  );
}
