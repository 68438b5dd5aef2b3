import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import lvRequests from '../../../locales/lv/requests.json' with { type: 'json' };
import ruRequests from '../../../locales/ru/requests.json' with { type: 'json' };

/** The words of the documents requests, from the locale files the screens read. */
export const REQUEST_WORDS = { lv: lvRequests, ru: ruRequests };

/** A small real PDF, as a bank's statement download would be. */
export async function statementPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Title: 'Konta izraksts' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('Konta izraksts, 2026. gada maijs - oktobris');
  doc.end();
  return done;
}

/** A phone's photo of a paper document, with the camera's GPS position in its EXIF. */
export const phonePhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 230, g: 225, b: 210 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '56/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 6/1 0/1' },
    })
    .toBuffer();

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export interface ReceivedDocument {
  lenderId: string;
  requestId: string;
  itemId: string;
  kind: string;
  files: { contentType: string; bytes: number; sha256: string }[];
}

/** What the sandbox lenders have received, once `count` items have arrived for `lenderId`. */
export async function receivedBy(
  request: APIRequestContext,
  lenderId: string,
  check: (items: ReceivedDocument[]) => boolean,
) {
  let found: ReceivedDocument[] = [];
  await expect(async () => {
    const answer = (await (await request.get('/sandbox/lenders/documents')).json()) as
      ReceivedDocument[] | { documents: ReceivedDocument[] };
    const all = Array.isArray(answer) ? answer : answer.documents;
    found = all.filter((item) => item.lenderId === lenderId);
    expect(check(found)).toBe(true);
  }).toPass({ timeout: 20_000 });
  return found;
}
