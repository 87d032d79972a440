import { describe, expect, it } from 'vitest';

import { safeFileName } from '@/lib/base/http/safe-file-name';
import { contentDisposition, filePolicy } from '@/lib/doors/company/file-answer';
import { extensionOf, inlineKindOf, inlineKindOfName, safeContentType } from '@/lib/features/documents/downloads';

describe('file names', () => {
  it('keep only [A-Za-z0-9._-], dropping accents rather than letters', () => {
    expect(safeFileName('Faktúra č. 2026/001.pdf', 'x', 'pdf')).toBe('Faktura_c.2026_001.pdf');
    expect(safeFileName('účtenka 2026-07-22.PNG', 'x', 'png')).toBe('uctenka_2026-07-22.png');
  });

  it('cannot climb folders, hide files, break headers or be empty', () => {
    expect(safeFileName('../../etc/passwd', 'fallback')).toBe('etc_passwd');
    expect(safeFileName('.htaccess', 'fallback')).toBe('htaccess');
    expect(safeFileName('a"b\r\nSet-Cookie: x=1', 'fallback')).toBe('a_b_Set-Cookie_x_1');
    expect(safeFileName('ščťž', 'invoice-12-17', 'pdf')).toBe('sctz.pdf');
    expect(safeFileName('日本語', 'invoice-12-17', 'pdf')).toBe('invoice-12-17.pdf');
    expect(safeFileName(null, 'attachment-1')).toBe('attachment-1');
  });

  it('end in the extension of the type actually served', () => {
    expect(safeFileName('scan.html', 'x', 'pdf')).toBe('scan.html.pdf');
    expect(safeFileName('report.docx', 'x')).toBe('report.docx');
    expect(safeFileName('x'.repeat(300), 'y', 'pdf')).toBe(`${'x'.repeat(100)}.pdf`);
  });

  it('go into Content-Disposition twice, plain and RFC 5987, both ASCII', () => {
    expect(contentDisposition('attachment', 'invoice-OF2026000123-19.pdf')).toBe(
      `attachment; filename="invoice-OF2026000123-19.pdf"; filename*=UTF-8''invoice-OF2026000123-19.pdf`,
    );
    expect(contentDisposition('inline', 'a "b".png')).toBe(`inline; filename="a_b.png"; filename*=UTF-8''a_b.png`);
  });
});

describe('content types', () => {
  it('pass listed types on and turn everything else into application/octet-stream', () => {
    expect(safeContentType('application/pdf')).toBe('application/pdf');
    expect(safeContentType('IMAGE/PNG; name=x')).toBe('image/png');
    expect(safeContentType('text/plain; charset=windows-1250')).toBe('text/plain; charset=utf-8');
    for (const risky of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/javascript',
      'application/x-shockwave-flash',
    ]) {
      expect(safeContentType(risky)).toBe('application/octet-stream');
    }
    expect(safeContentType(null)).toBe('application/octet-stream');
    expect(safeContentType('garbage')).toBe('application/octet-stream');
  });

  it('show inline only raster images a browser decodes itself, and PDFs; never SVG', () => {
    expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map(inlineKindOf)).toEqual([
      'image',
      'image',
      'image',
      'image',
    ]);
    expect(inlineKindOf('application/pdf')).toBe('pdf');
    expect(inlineKindOf('image/svg+xml')).toBeNull();
    expect(inlineKindOf('text/plain')).toBeNull();
    expect(inlineKindOf('application/octet-stream')).toBeNull();
    expect(inlineKindOfName('scan.JPG')).toBe('image');
    expect(inlineKindOfName('logo.svg')).toBeNull();
    expect(extensionOf('image/jpeg')).toBe('jpg');
    expect(extensionOf('application/octet-stream')).toBeNull();
  });

  it('give an inline file an opaque origin (CSP sandbox) and let only our pages and the service frame it', () => {
    expect(filePolicy("'self'")).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    expect(filePolicy('https://firma.kros.sk')).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'self' https://firma.kros.sk",
    );
  });
});
