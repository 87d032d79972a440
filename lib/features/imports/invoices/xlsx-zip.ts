import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

/**
 * An XLSX is a zip, and a zip's own word on its sizes cannot be trusted: a 429 KB upload declared small parts and
 * inflated to 300 MB (issue 30). So the parts the reader needs are inflated here first, their bytes counted as they
 * come (and dropped), stopping at `maxUnpackedBytes`; exceljs is then handed a zip of our making that holds only those
 * parts, with the sizes just measured, in the order its streaming reader wants them: relations, workbook, shared
 * strings and styles before the sheets. With that order it never parks a sheet in a temporary file (it does when a
 * sheet comes first, as Excel writes them, and left one behind on every upload), so nothing is written to disk.
 */

/** Why the zip is refused: not a zip we can read, or more unpacked than allowed. */
export class XlsxZipRefused extends Error {
  override name = 'XlsxZipRefused';
  constructor(readonly reason: 'zip' | 'not-xlsx' | 'too-large') {
    super(`xlsx zip refused: ${reason}`);
  }
}

const RELATIONS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const FIRST = [RELATIONS, WORKBOOK, SHARED_STRINGS, STYLES];

/** What a workbook without shared strings (every text inline) stands for: exceljs then needs no temporary file. */
const NO_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

type Part = { name: string; method: 0 | 8; packed: Buffer; size: number; crc: number };
type Listed = Omit<Part, 'size' | 'crc'>;

/** The parts the reader needs, as the central directory lists them (their data located through each local header). */
function listedParts(zip: Buffer): Listed[] {
  const from = Math.max(0, zip.length - 22 - 65_535);
  let end = zip.length - 22;
  while (end >= from && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < from) throw new XlsxZipRefused('zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const parts = new Map<string, Listed>();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new XlsxZipRefused('zip');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (!FIRST.includes(name) && !SHEET.test(name)) continue;
    // Encrypted, ZIP64 or another compression than deflate: no workbook a spreadsheet program saves.
    if (flags & 1 || packedSize === 0xffffffff || local === 0xffffffff || (method !== 0 && method !== 8))
      throw new XlsxZipRefused('zip');
    if (parts.has(name) || local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new XlsxZipRefused('zip');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (dataAt + packedSize > zip.length) throw new XlsxZipRefused('zip');
    parts.set(name, { name, method, packed: zip.subarray(dataAt, dataAt + packedSize) });
  }
  if (!parts.has(RELATIONS) || !parts.has(WORKBOOK)) throw new XlsxZipRefused('not-xlsx');
  const sheets = [...parts.values()].filter((part) => SHEET.test(part.name));
  const first = FIRST.flatMap((name) => parts.get(name) ?? []);
  return [...first, ...sheets];
}

/**
 * A part's unpacked size and checksum, its bytes counted as they are inflated and let go: refused once the whole
 * workbook's count passes `budget`, whatever the zip declared.
 */
function measured(part: Listed, budget: number): Promise<Part> {
  if (part.method === 0) {
    if (part.packed.length > budget) return Promise.reject(new XlsxZipRefused('too-large'));
    return Promise.resolve({ ...part, size: part.packed.length, crc: crc32(part.packed) });
  }
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 256 * 1024 });
    let size = 0;
    let crc = 0;
    let over = false;
    inflater.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > budget) {
        over = true;
        inflater.destroy();
        reject(new XlsxZipRefused('too-large'));
        return;
      }
      crc = crc32(chunk, crc);
    });
    inflater.on('error', () => reject(new XlsxZipRefused('zip')));
    inflater.on('end', () => resolve({ ...part, size, crc }));
    inflater.end(part.packed);
  });
}

function localHeader(part: Part, name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6); // names in UTF-8
  header.writeUInt16LE(part.method, 8);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(part.packed.length, 18);
  header.writeUInt32LE(part.size, 22);
  header.writeUInt16LE(name.length, 26);
  return header;
}

function centralHeader(part: Part, name: Buffer, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(part.method, 10);
  header.writeUInt32LE(part.crc, 16);
  header.writeUInt32LE(part.packed.length, 20);
  header.writeUInt32LE(part.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return header;
}

/** The zip exceljs reads: the measured parts (their packed bytes as uploaded), a directory, its end. */
function* zipOf(parts: Part[]): Generator<Buffer> {
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const header = localHeader(part, name);
    directory.push(centralHeader(part, name, offset), name);
    offset += header.length + name.length + part.packed.length;
    yield header;
    yield name;
    yield part.packed;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  yield central;
  yield end;
}

/**
 * The workbook's parts exceljs needs, measured (at most `maxUnpackedBytes` unpacked in all), as a stream of a zip
 * it reads without a temporary file. Throws XlsxZipRefused.
 */
export async function boundedWorkbook(bytes: Uint8Array, maxUnpackedBytes: number): Promise<Readable> {
  if (bytes.byteLength < 22) throw new XlsxZipRefused('zip');
  const listed = listedParts(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const parts: Part[] = [];
  let unpacked = 0;
  for (const part of listed) {
    const done = await measured(part, maxUnpackedBytes - unpacked);
    unpacked += done.size;
    parts.push(done);
  }
  if (!parts.some((part) => part.name === SHARED_STRINGS)) {
    const empty: Part = {
      name: SHARED_STRINGS,
      method: 0,
      packed: NO_SHARED_STRINGS,
      size: NO_SHARED_STRINGS.length,
      crc: crc32(NO_SHARED_STRINGS),
    };
    parts.splice(2, 0, empty);
  }
  return Readable.from(zipOf(parts), { objectMode: false });
}
