import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PdfScan, sniffContentType } from './content-check.ts';

const collect = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
};

const PDF = [
  '%PDF-1.7',
  '1 0 obj',
  '<< /Type /Catalog /Pages 2 0 R >>',
  'endobj',
  '2 0 obj',
  '<< /Type /Pages /Kids [] /Count 0 >>',
  'endobj',
  'trailer',
  '<< /Root 1 0 R >>',
  '%%EOF',
].join('\n');

const withCatalog = (entries: string) =>
  Buffer.from(PDF.replace('/Type /Catalog', `/Type /Catalog ${entries}`), 'latin1');

/** An object stream holding `objects`, compressed, inserted after the header. */
const withObjectStream = (objects: string, filter = '/Filter /FlateDecode') => {
  const body = filter ? deflateSync(Buffer.from(objects)) : Buffer.from(objects);
  const head = Buffer.from(`\n9 0 obj\n<< /Type /ObjStm /N 1 /First 4 ${filter} /Length ${body.length} >>\nstream\n`);
  return Buffer.concat([
    Buffer.from('%PDF-1.7'),
    head,
    body,
    Buffer.from('\nendstream\nendobj\n'),
    Buffer.from(PDF.slice(8)),
  ]);
};

/** Scans the bytes cut into pieces of `size`, so names and keywords fall across chunks. */
async function safe(bytes: Buffer, size: number): Promise<boolean> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  const scan = new PdfScan();
  expect((await collect(Readable.from(chunks).pipe(scan))).equals(bytes)).toBe(true);
  return scan.verdict();
}

describe('a PDF scan', () => {
  it.each([1, 3, 7, 4096])('finds what makes a PDF unsafe, in chunks of %i bytes', async (size) => {
    expect(await safe(Buffer.from(PDF), size)).toBe(true);
    expect(await safe(withCatalog('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), size)).toBe(false);
    expect(await safe(withCatalog('/AA << /O << /S /J#61vaScript >> >>'), size)).toBe(false);
    expect(await safe(withCatalog('/Names << /EmbeddedFiles 5 0 R >>'), size)).toBe(false);
    expect(await safe(withCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>'), size)).toBe(false);
    expect(await safe(Buffer.from(PDF.replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 8 0 R')), size)).toBe(false);
    expect(await safe(withObjectStream('3 0 << /S /JavaScript /JS (x) >>'), size)).toBe(false);
    expect(await safe(withObjectStream('3 0 << /S /JavaScript >>', ''), size)).toBe(false);
    expect(await safe(withObjectStream('3 0 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'), size)).toBe(true);
    expect(await safe(withObjectStream('3 0 << /JS (x) >>', '/Filter [/ASCII85Decode /FlateDecode]'), size)).toBe(
      false,
    );
  });

  it.each([1, 5, 333])(
    'passes over the bytes of other streams, where a chance /JS means nothing, and reads on after them (%i)',
    async (size) => {
      const image = Buffer.concat([randomBytes(1000), Buffer.from('/JS /Encrypt '), randomBytes(1000)]);
      const pdfWith = (after: string) =>
        Buffer.concat([
          Buffer.from(`%PDF-1.7\n4 0 obj\n<< /Subtype /Image /Length ${image.length} >>\nstream\n`),
          image,
          Buffer.from('\nendstream\nendobj\n'),
          Buffer.from(after.slice(8)),
        ]);
      expect(await safe(pdfWith(PDF), size)).toBe(true);
      expect(await safe(pdfWith(PDF.replace('/Type /Catalog', '/Type /Catalog /OpenAction << /JS (x) >>')), size)).toBe(
        false,
      );
    },
  );
});

describe('the type of a file', () => {
  it('is read from its content', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from([0x40, 0, 0, 0]),
      Buffer.from('PE\0\0'),
      randomBytes(6000),
    ]);
    expect((await sniffContentType(Readable.from([exe]))).contentType).toBeNull();
    expect((await sniffContentType(Readable.from([Buffer.alloc(0)]))).contentType).toBeNull();
    const { contentType, content } = await sniffContentType(Readable.from([Buffer.from(PDF), randomBytes(9000)]));
    expect(contentType).toBe('application/pdf');
    expect((await collect(content)).length).toBe(PDF.length + 9000);
  });
});
