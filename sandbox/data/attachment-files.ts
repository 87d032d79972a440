import { datePart, parseTimestamp } from './calendar';
import { formatAmount } from './money';
import { createPage, type Rgb, writePdf } from './pdf';
import { createBitmap } from './png';
import { createRandom } from './random';
import type { AttachmentSpec, StoredExpense } from './types';

type Colour = readonly [number, number, number];

/** What a scanner makes of a till receipt: a narrow, slightly grey page in a typewriter font. */
function receiptPdf(expense: StoredExpense): Buffer {
  const { record, lines } = expense;
  const partner = record.partner;
  const currency = record.prices.currency;
  const text = [
    partner?.address.businessName ?? 'Interný doklad',
    partner?.address.street ?? '',
    partner ? `${partner.address.postCode} ${partner.address.city}` : '',
    partner?.registrationId ? `IČO: ${partner.registrationId}` : '',
    partner?.vatId ? `IČ DPH: ${partner.vatId}` : '',
    '-'.repeat(30),
    ...lines.map((line) => `${line.name.slice(0, 18).padEnd(18)} ${formatAmount(line.totalPriceInclVat).padStart(11)}`),
    '-'.repeat(30),
    `SPOLU ${currency}: ${formatAmount(record.prices.documentPrices.totalPriceInclVat).padStart(16)}`,
    `z toho DPH:  ${formatAmount(record.prices.documentPrices.vatTotalPrice).padStart(16)}`,
    '',
    `Doklad: ${record.documentNumber}`,
    `Dátum: ${datePart(record.issueDate)}`,
    'Ďakujeme za nákup!',
  ].filter((line, i) => line !== '' || i > 5);
  const height = 60 + text.length * 13;
  const page = createPage(227, height);
  const paper: Rgb = [0.97, 0.96, 0.93];
  page.rect(0, 0, 227, height, [0.82, 0.82, 0.8]);
  page.rect(8, 6, 211, height - 12, paper);
  text.forEach((line, i) =>
    page.text(16, height - 30 - i * 13, line, { font: 'mono', size: 8.5, color: [0.15, 0.15, 0.18] }),
  );
  return writePdf([page], {
    title: `Sken ${record.documentNumber}`,
    createdMs: parseTimestamp(record.receivedDate) ?? 0,
  });
}

/** A scanned supplier invoice: an A4 page with the heading, the supplier and the lines. */
function documentScanPdf(expense: StoredExpense): Buffer {
  const { record, lines } = expense;
  const page = createPage(595, 842);
  page.rect(0, 0, 595, 842, [0.95, 0.95, 0.93]);
  const titles: Readonly<Record<number, string>> = {
    13: 'INTERNÝ DOKLAD',
    15: 'ZÁLOHOVÁ FAKTÚRA',
    17: 'DOBROPIS',
    19: 'ŤARCHOPIS',
  };
  const title = titles[record.documentType] ?? 'FAKTÚRA';
  page.text(50, 780, `${title} č. ${record.variableSymbol ?? record.documentNumber}`, { font: 'bold', size: 18 });
  const supplier = record.partner;
  [
    supplier?.address.businessName ?? '',
    supplier?.address.street ?? '',
    supplier ? `${supplier.address.postCode} ${supplier.address.city}` : '',
    supplier?.vatId ? `IČ DPH: ${supplier.vatId}` : '',
  ]
    .filter(Boolean)
    .forEach((line, i) => page.text(50, 745 - i * 14, line, { size: 10 }));
  page.text(330, 745, `Dátum vystavenia: ${datePart(record.issueDate)}`, { size: 10 });
  if (record.dueDate) page.text(330, 731, `Dátum splatnosti: ${datePart(record.dueDate)}`, { size: 10 });
  lines.forEach((line, i) => {
    page.text(50, 660 - i * 16, line.name, { size: 10 });
    page.textRight(545, 660 - i * 16, formatAmount(line.totalPriceInclVat, record.prices.currency), { size: 10 });
  });
  page.line(50, 640 - lines.length * 16, 545, 640 - lines.length * 16);
  page.textRight(
    545,
    622 - lines.length * 16,
    `Spolu: ${formatAmount(record.prices.documentPrices.totalPriceInclVat, record.prices.currency)}`,
    { font: 'bold', size: 11 },
  );
  return writePdf([page], {
    title: `Sken ${record.documentNumber}`,
    createdMs: parseTimestamp(record.receivedDate) ?? 0,
  });
}

/** 64 × 64: a photo of a till receipt on a desk, a round company stamp, or a page thumbnail. */
function imagePng(spec: AttachmentSpec): Buffer {
  const random = createRandom(spec.id);
  const ink: Colour = [60, 60, 70];
  if (spec.fileName.startsWith('peciatka')) {
    const image = createBitmap(64, 64, [252, 252, 250]);
    const stamp: Colour = random.chance(0.5) ? [40, 70, 170] : [180, 40, 40];
    for (let y = 0; y < 64; y += 1) {
      for (let x = 0; x < 64; x += 1) {
        const r = Math.hypot(x - 31.5, y - 31.5);
        if ((r >= 25 && r <= 29) || (r >= 19 && r <= 20)) image.set(x, y, stamp);
      }
    }
    image.fill(22, 29, 20, 2, stamp);
    image.fill(25, 34, 14, 2, stamp);
    return image.png();
  }
  const photo = spec.fileName.startsWith('foto');
  const image = createBitmap(64, 64, photo ? [110, 84, 60] : [236, 236, 232]);
  const [left, width] = photo ? [18, 28] : [6, 52];
  image.fill(left, 3, width, 58, [250, 250, 246]);
  for (let y = 8; y < 52; y += 4) image.fill(left + 3, y, random.int(8, width - 6), 1, ink);
  image.fill(left + 3, 55, width - 6, 2, [20, 20, 20]); // the total, in bold
  return image.png();
}

/** The bytes of an attachment; the same spec always gives the same bytes, so `size` stays true. */
export function attachmentContent(expense: StoredExpense, spec: AttachmentSpec): Buffer {
  if (spec.contentType === 'image/png') return imagePng(spec);
  return expense.record.documentType === 11 || expense.record.documentType === 14
    ? receiptPdf(expense)
    : documentScanPdf(expense);
}
