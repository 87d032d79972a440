/**
 * A small PDF 1.4 writer: one content stream per page, the standard Helvetica and Courier fonts, filled rectangles,
 * lines and text. Enough for invoices and scanned receipts, with a correct cross-reference table so any viewer
 * opens the files. Text is WinAnsi plus a /Differences table for the Central European letters WinAnsi lacks
 * (č, ľ, ť, ř, ő…); those glyphs exist in the standard fonts' glyph sets.
 */
export type PdfFont = 'regular' | 'bold' | 'mono';
/** Components 0–1. */
export type Rgb = readonly [number, number, number];

const FONT_NAMES: Readonly<Record<PdfFont, readonly [string, string]>> = {
  regular: ['F1', 'Helvetica'],
  bold: ['F2', 'Helvetica-Bold'],
  mono: ['F3', 'Courier'],
};

const DIFFERENCES: readonly (readonly [number, string, string])[] = [
  [0x81, 'ccaron', 'č'],
  [0x83, 'Ecaron', 'Ě'],
  [0x86, 'Uhungarumlaut', 'Ű'],
  [0x88, 'lacute', 'ĺ'],
  [0x8d, 'Ccaron', 'Č'],
  [0x8f, 'dcaron', 'ď'],
  [0x90, 'Dcaron', 'Ď'],
  [0x98, 'Lacute', 'Ĺ'],
  [0x9d, 'ecaron', 'ě'],
  [0xa4, 'lcaron', 'ľ'],
  [0xa6, 'Lcaron', 'Ľ'],
  [0xa8, 'ncaron', 'ň'],
  [0xaa, 'Ncaron', 'Ň'],
  [0xac, 'Ohungarumlaut', 'Ő'],
  [0xaf, 'racute', 'ŕ'],
  [0xb1, 'uhungarumlaut', 'ű'],
  [0xb2, 'Rcaron', 'Ř'],
  [0xb3, 'tcaron', 'ť'],
  [0xb8, 'Racute', 'Ŕ'],
  [0xb9, 'Tcaron', 'Ť'],
  [0xba, 'rcaron', 'ř'],
  [0xbc, 'uring', 'ů'],
  [0xbd, 'Uring', 'Ů'],
  [0xbe, 'ohungarumlaut', 'ő'],
];

const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  Š: 0x8a,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  š: 0x9a,
  ž: 0x9e,
};

const BY_CHAR = new Map<string, number>(DIFFERENCES.map(([code, , char]) => [char, code]));
const OVERRIDDEN = new Set(DIFFERENCES.map(([code]) => code));

function encodeChar(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return code;
  const mapped = BY_CHAR.get(char) ?? WIN_ANSI_EXTRA[char];
  if (mapped !== undefined) return mapped;
  if (code >= 0xa0 && code <= 0xff && !OVERRIDDEN.has(code)) return code;
  const plain = char.normalize('NFD').charAt(0);
  return plain.charCodeAt(0) >= 32 && plain.charCodeAt(0) <= 126 ? plain.charCodeAt(0) : 63; // '?'
}

/** A PDF literal string in pure ASCII: specials escaped, every byte above 126 as an octal escape. */
function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = encodeChar(char);
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code < 32 || code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

// Helvetica advance widths (per 1000 em) for ASCII 32–126, from the standard font metrics.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** Width in points; bold is approximated from regular, which is close enough for right-aligned amounts. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  let units = 0;
  for (const char of text) {
    if (font === 'mono') {
      units += 600;
      continue;
    }
    const code = char.normalize('NFD').charCodeAt(0);
    units += (code >= 32 && code <= 126 ? HELVETICA[code - 32] : undefined) ?? 556;
  }
  return ((font === 'bold' ? units * 1.06 : units) * size) / 1000;
}

const num = (value: number) => String(Math.round(value * 100) / 100);
const color = ([r, g, b]: Rgb) => `${num(r)} ${num(g)} ${num(b)}`;

export interface TextOptions {
  font?: PdfFont;
  size?: number;
  color?: Rgb;
}

export interface PdfPage {
  readonly width: number;
  readonly height: number;
  text(x: number, y: number, text: string, options?: TextOptions): void;
  /** Text whose right edge is at `right`. */
  textRight(right: number, y: number, text: string, options?: TextOptions): void;
  rect(x: number, y: number, width: number, height: number, fill: Rgb): void;
  line(x1: number, y1: number, x2: number, y2: number, stroke?: Rgb, lineWidth?: number): void;
  /** The page's content stream (ASCII). */
  content(): string;
}

export function createPage(width: number, height: number): PdfPage {
  const ops: string[] = [];
  const page: PdfPage = {
    width,
    height,
    text(x, y, text, options = {}) {
      const [name] = FONT_NAMES[options.font ?? 'regular'];
      ops.push(
        `BT ${color(options.color ?? [0, 0, 0])} rg /${name} ${num(options.size ?? 10)} Tf ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`,
      );
    },
    textRight(right, y, text, options = {}) {
      page.text(right - textWidth(text, options.font ?? 'regular', options.size ?? 10), y, text, options);
    },
    rect(x, y, w, h, fill) {
      ops.push(`${color(fill)} rg ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`);
    },
    line(x1, y1, x2, y2, stroke = [0, 0, 0], lineWidth = 0.5) {
      ops.push(`${color(stroke)} RG ${num(lineWidth)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
    },
    content: () => ops.join('\n'),
  };
  return page;
}

export interface PdfInfo {
  title: string;
  /** Fixed by the caller so the same document always gives the same bytes. */
  createdMs: number;
}

export function writePdf(pages: readonly PdfPage[], info: PdfInfo): Buffer {
  // Object numbers: 1 catalog, 2 page tree, 3 encoding, 4–6 fonts, 7 info, then a page and its content per page.
  const objects: string[] = [];
  const pageRefs = pages.map((_, i) => `${8 + i * 2} 0 R`);
  const differences = DIFFERENCES.map(([code, glyph]) => `${code} /${glyph}`).join(' ');
  const created = new Date(info.createdMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pages.length} >>`);
  objects.push(`<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${differences}] >>`);
  for (const font of ['regular', 'bold', 'mono'] as const) {
    objects.push(`<< /Type /Font /Subtype /Type1 /BaseFont /${FONT_NAMES[font][1]} /Encoding 3 0 R >>`);
  }
  objects.push(`<< /Title ${pdfString(info.title)} /Producer (KROS service sandbox) /CreationDate (D:${created}Z) >>`);
  pages.forEach((page, i) => {
    const content = page.content();
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
        `/Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents ${9 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });

  // The binary comment line marks the file as binary for transfer tools, as the specification recommends.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
