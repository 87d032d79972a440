import { formatAmount, type LineItem, type Prices } from './money';
import { createPage, type PdfPage, type Rgb, writePdf } from './pdf';
import type { Address, Partner } from './types';

/** Report ids the service knows: 17 black and white, 19 colour, 101 the editable report. */
export const REPORT_IDS = [17, 19, 101] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export interface ReportDocument {
  /** `FAKTÚRA`, `DOBROPIS`, `DODACÍ LIST`… */
  title: string;
  documentNumber: string;
  supplierName: string;
  partner: Partner;
  dates: readonly (readonly [string, string])[];
  items: readonly LineItem[];
  prices: Prices;
  payment?: { iban: string | null; variableSymbol: string; sumForPayment: number };
  createdMs: number;
}

const BLACK: Rgb = [0, 0, 0];
const GREY: Rgb = [0.45, 0.45, 0.45];
const WHITE: Rgb = [1, 1, 1];

function addressLines(address: Address | null): string[] {
  if (!address) return [];
  return [
    address.businessName ?? '',
    address.contactName ?? '',
    address.street,
    `${address.postCode} ${address.city}`,
    address.country,
  ].filter((line, i, all) => line !== '' && all.indexOf(line) === i);
}

function partnerIds(partner: Partner): string[] {
  return [
    partner.registrationId ? `IČO: ${partner.registrationId}` : '',
    partner.taxId ? `DIČ: ${partner.taxId}` : '',
    partner.vatId ? `IČ DPH: ${partner.vatId}` : '',
  ].filter(Boolean);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A4 report of an invoice or delivery note: the number, both parties, the lines and the totals. */
export function renderReportPdf(doc: ReportDocument, reportId: ReportId): Buffer {
  const colour = reportId === 19;
  const accent: Rgb = colour ? [0.12, 0.37, 0.75] : BLACK;
  const band: Rgb = colour ? [0.86, 0.91, 0.98] : [0.9, 0.9, 0.9];
  const currency = doc.prices.currency;
  const pages: PdfPage[] = [];
  let page = createPage(595, 842);
  pages.push(page);

  if (colour) {
    page.rect(0, 772, 595, 70, accent);
    page.text(40, 798, `${doc.title} ${doc.documentNumber}`, { font: 'bold', size: 20, color: WHITE });
  } else {
    page.text(40, 798, `${doc.title} ${doc.documentNumber}`, { font: 'bold', size: 20 });
    page.line(40, 788, 555, 788, BLACK, 1);
  }
  if (reportId === 101) {
    page.text(40, 776, 'EDITOVATEĽNÁ VERZIA (editable report) – údaje je možné upraviť pred odoslaním', {
      size: 9,
      color: [0.8, 0.35, 0],
    });
  }

  page.text(40, 745, 'Dodávateľ', { font: 'bold', size: 10, color: accent });
  page.text(40, 730, doc.supplierName, { size: 10 });
  page.text(320, 745, 'Odberateľ', { font: 'bold', size: 10, color: accent });
  [...addressLines(doc.partner.address), ...partnerIds(doc.partner)].forEach((line, i) =>
    page.text(320, 730 - i * 13, clip(line, 45), { size: 10 }),
  );
  doc.dates.forEach(([label, value], i) => {
    page.text(40, 700 - i * 13, `${label}:`, { size: 10, color: GREY });
    page.text(140, 700 - i * 13, value, { size: 10 });
  });

  const header = (y: number) => {
    page.rect(40, y - 4, 515, 16, band);
    page.text(44, y, 'Položka', { font: 'bold', size: 9 });
    page.textRight(330, y, 'Množstvo', { font: 'bold', size: 9 });
    page.textRight(410, y, 'Jedn. cena', { font: 'bold', size: 9 });
    page.textRight(455, y, 'DPH %', { font: 'bold', size: 9 });
    page.textRight(551, y, `Spolu ${currency}`, { font: 'bold', size: 9 });
  };
  let y = 590;
  header(y);
  for (const item of doc.items) {
    y -= 16;
    if (y < 140) {
      page = createPage(595, 842);
      pages.push(page);
      y = 790;
      header(y);
      y -= 16;
    }
    page.text(44, y, clip(item.name, 48), { size: 9 });
    page.textRight(330, y, `${formatAmount(item.quantity).replace(/,00$/, '')} ${item.unit}`, { size: 9 });
    page.textRight(410, y, formatAmount(item.unitPrice), { size: 9 });
    page.textRight(455, y, String(item.vatRate), { size: 9 });
    page.textRight(551, y, formatAmount(item.totalPrice), { size: 9 });
  }

  y -= 30;
  const totals: [string, number][] = [
    ['Základ dane', doc.prices.documentPrices.totalPrice],
    ['DPH', doc.prices.documentPrices.vatTotalPrice],
    ['Spolu', doc.prices.documentPrices.totalPriceInclVat],
  ];
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    page.textRight(440, y - i * 15, label, { font: last ? 'bold' : 'regular', size: 10 });
    page.textRight(551, y - i * 15, formatAmount(value, currency), {
      font: last ? 'bold' : 'regular',
      size: 10,
      color: last ? accent : BLACK,
    });
  });
  if (doc.payment) {
    const at = y - totals.length * 15 - 20;
    page.text(40, at, `K úhrade: ${formatAmount(doc.payment.sumForPayment, currency)}`, { font: 'bold', size: 10 });
    page.text(40, at - 14, `IBAN: ${doc.payment.iban ?? '—'}   Variabilný symbol: ${doc.payment.variableSymbol}`, {
      size: 10,
    });
  }
  pages.forEach((p, i) =>
    p.text(40, 30, `Vygenerované sandboxom služby – strana ${i + 1}/${pages.length}`, { size: 8, color: GREY }),
  );
  return writePdf(pages, { title: `${doc.title} ${doc.documentNumber}`, createdMs: doc.createdMs });
}
