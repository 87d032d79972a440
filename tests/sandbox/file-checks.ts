import { inflateSync } from 'node:zlib';

import { expect } from 'vitest';

/**
 * Structural checks that a file is what it claims, written independently of the sandbox's writers: a PDF whose
 * cross-reference table points at its objects and whose stream lengths are right, a PNG whose chunks carry valid
 * CRCs and whose pixel data inflates to the declared size.
 */
export function expectValidPdf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
  const count = Number(header?.[1]);
  expect(count).toBeGreaterThan(1);
  const entries = text
    .slice(startxref + (header?.[0].length ?? 0))
    .split('\n')
    .slice(0, count);
  entries.forEach((entry, i) => {
    expect(entry.length + 1).toBe(20); // fixed-width entries, newline included
    if (i === 0) return;
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${i} 0 obj`)).toBe(true);
  });
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
  }
  return text;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function expectValidPng(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  const types: string[] = [];
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    types.push(type);
    at += 12 + length;
  }
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  expect(inflateSync(Buffer.concat(idat)).length).toBe(height * (1 + width * 3));
  return { width, height };
}
