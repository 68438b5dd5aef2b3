import { Readable, Transform, type TransformCallback } from 'node:stream';
import { createInflate, type Inflate } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DOCUMENT_UPLOAD_LIMITS } from '../../domain/documents.ts';

/**
 * What a person's file really is, and whether it may be kept. The type is read from the first bytes
 * (file-type), never from the name or the type the browser declared; a PDF is scanned as it streams past for
 * what makes a PDF act (scripts, launch actions), hide another file or keep its content from our checks
 * (encryption); a photo is decoded and encoded again, which leaves its metadata (EXIF, GPS, XMP) behind.
 */

export type DocumentContentType = (typeof DOCUMENT_UPLOAD_LIMITS.contentTypes)[number];

/** file-type needs at most this many bytes to name any type it knows */
const HEAD_BYTES = 4100;

const isTaken = (mime: string): mime is DocumentContentType =>
  (DOCUMENT_UPLOAD_LIMITS.contentTypes as readonly string[]).includes(mime);

/**
 * The type the content says, and the same content as a stream again. null: a type we do not take (an
 * executable renamed .pdf, a Word file, a GIF, nothing at all).
 */
export async function sniffContentType(
  source: Readable,
): Promise<{ contentType: DocumentContentType | null; content: Readable }> {
  const head: Buffer[] = [];
  let length = 0;
  // the iterator must not destroy the stream when we stop reading: the rest follows the head
  for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    head.push(chunk);
    length += chunk.length;
    if (length >= HEAD_BYTES) break;
  }
  const first = Buffer.concat(head);
  const type = first.length > 0 ? await fileTypeFromBuffer(first) : undefined;
  const content = Readable.from(
    (async function* () {
      if (first.length > 0) yield first;
      yield* source as AsyncIterable<Buffer>;
    })(),
    { objectMode: false },
  );
  return { contentType: type && isTaken(type.mime) ? type.mime : null, content };
}

/**
 * PDF names that make a document run something, carry another file or hide its objects from this scan. A
 * name may spell any letter as #xx (/J#61vaScript), which is undone before matching.
 */
const UNSAFE_NAME = /\/(?:JS|JavaScript|EmbeddedFiles?|Encrypt|Launch)(?=[\s()<>[\]{}/%])/;
const UNSAFE_NAME_AT_END = /\/(?:JS|JavaScript|EmbeddedFiles?|Encrypt|Launch)$/;
/** enough of the previous chunk to catch a name (even #-escaped) or a keyword cut in two */
const CARRY = 256;
/** what object streams may inflate to, together: a bomb is refused rather than scanned forever */
const MAX_INFLATED = 64 * 1024 * 1024;

const unescapeNames = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Finds an unsafe name in text that arrives in pieces. */
class NameScanner {
  private carry = '';
  found = false;

  push(text: string): void {
    if (this.found) return;
    const window = unescapeNames(this.carry + text);
    if (UNSAFE_NAME.test(window)) this.found = true;
    this.carry = (this.carry + text).slice(-CARRY);
  }

  end(): void {
    if (!this.found && UNSAFE_NAME_AT_END.test(unescapeNames(this.carry))) this.found = true;
  }
}

const STREAM_START = /(?<![A-Za-z])stream(?:\r\n|\n|\r)/;
/** how far back of a stream's keyword its dictionary is looked for */
const DICTIONARY = 4096;

/**
 * A pass-through that scans a PDF as it streams. Dictionaries outside streams are read as they are; object
 * streams (PDF 1.5+), where a document's dictionaries may sit compressed, are inflated on the fly and scanned
 * too. Other streams (page content, images) cannot hold an action and are passed over, which also spares their
 * binary bytes a chance match. `verdict()` answers once the stream ended: whether the PDF is safe to keep.
 */
export class PdfScan extends Transform {
  private readonly names = new NameScanner();
  private mode: 'dictionaries' | 'passOver' | 'objectStream' = 'dictionaries';
  private tail = '';
  private inflater: Inflate | null = null;
  private readonly inflating: Promise<void>[] = [];
  private inflated = 0;
  private unsafe = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.unsafe) {
      if (this.mode === 'passOver') this.passOver(chunk);
      else this.scan(chunk.toString('latin1'));
    }
    callback(null, chunk);
  }

  /**
   * Most of a large PDF is a stream passed over (a scan, a photo): its end is looked for in the bytes as they are,
   * without making a string of every chunk for the garbage collector.
   */
  private passOver(chunk: Buffer): void {
    const keyword = 'endstream';
    const tail = Buffer.from(this.tail, 'latin1');
    const seam = tail.length > 0 ? Buffer.concat([tail, chunk.subarray(0, keyword.length - 1)]).indexOf(keyword) : -1;
    const inChunk = seam === -1 ? chunk.indexOf(keyword) : -1;
    if (seam === -1 && inChunk === -1) {
      const last = chunk.length >= keyword.length - 1 ? chunk : Buffer.concat([tail, chunk]);
      this.tail = last.subarray(-(keyword.length - 1)).toString('latin1');
      return;
    }
    // where the dictionaries go on: a keyword across the seam ends inside this chunk
    const after = seam === -1 ? inChunk + keyword.length : seam + keyword.length - tail.length;
    this.mode = 'dictionaries';
    this.tail = '';
    this.scan(chunk.subarray(after).toString('latin1'));
  }

  override _flush(callback: TransformCallback): void {
    this.names.end();
    this.inflater?.end();
    this.inflater = null;
    callback();
  }

  /** Whether the whole PDF was safe: to be asked after the stream ended. */
  async verdict(): Promise<boolean> {
    await Promise.all(this.inflating);
    return !this.unsafe && !this.names.found;
  }

  private scan(text: string): void {
    let rest = text;
    while (rest.length > 0) {
      const window = this.tail + rest;
      if (this.mode === 'dictionaries') {
        const found = STREAM_START.exec(window);
        // "stream\r" at the very end may yet be "stream\r\n": the next chunk says
        const start =
          found && !(found[0].endsWith('\r') && found.index + found[0].length === window.length) ? found : null;
        if (!start) {
          this.names.push(rest);
          this.tail = window.slice(-DICTIONARY);
          return;
        }
        // a match wholly inside the tail would have been found with the chunk before: it ends in `rest`
        const end = start.index + start[0].length - this.tail.length;
        this.names.push(rest.slice(0, end));
        this.enterStream(unescapeNames(window.slice(Math.max(0, start.index - DICTIONARY), start.index)));
        rest = rest.slice(end);
        this.tail = '';
        continue;
      }
      const end = window.indexOf('endstream');
      if (end === -1) {
        // "endstream" may be cut in two: what could be its start waits for the next chunk
        const keep = Math.min(window.length, 'endstream'.length - 1);
        this.feed(window.slice(0, window.length - keep));
        this.tail = window.slice(window.length - keep);
        return;
      }
      this.feed(window.slice(0, end));
      this.inflater?.end();
      this.inflater = null;
      this.mode = 'dictionaries';
      this.tail = '';
      rest = window.slice(end + 'endstream'.length);
    }
  }

  /** Decides what to do with a stream by the dictionary before it: `own` ends where its keyword begins. */
  private enterStream(before: string): void {
    const own = before.slice(before.lastIndexOf('obj') + 1);
    if (!/\/ObjStm\b/.test(own)) {
      this.mode = 'passOver';
      return;
    }
    const filters = own.match(/\/[A-Za-z0-9]+Decode\b/g) ?? [];
    if (filters.length === 0) return; // plain text: read on as dictionaries
    if (filters.some((filter) => filter !== '/FlateDecode')) {
      // a filter chain we do not undo would hide the objects from the scan
      this.unsafe = true;
      return;
    }
    this.mode = 'objectStream';
    this.openInflater();
  }

  private openInflater(): void {
    const names = new NameScanner();
    const inflater = createInflate();
    this.inflater = inflater;
    this.inflating.push(
      new Promise<void>((resolve) => {
        inflater.on('data', (data: Buffer) => {
          this.inflated += data.length;
          if (this.inflated > MAX_INFLATED) {
            this.unsafe = true;
            inflater.destroy();
            return;
          }
          names.push(data.toString('latin1'));
        });
        inflater.on('end', () => {
          names.end();
          if (names.found) this.unsafe = true;
        });
        // an object stream that does not inflate cannot be checked: the PDF is not kept
        inflater.on('error', () => {
          this.unsafe = true;
        });
        inflater.on('close', () => resolve());
      }),
    );
  }

  private feed(text: string): void {
    if (text.length > 0) this.inflater?.write(Buffer.from(text, 'latin1'));
  }
}

/** Photos decoded at once: each holds its pixels in memory while it is encoded again. */
const IMAGE_SLOTS = 2;
let busySlots = 0;
const waiting: (() => void)[] = [];

async function imageSlot(): Promise<() => void> {
  if (busySlots >= IMAGE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busySlots += 1;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else busySlots -= 1;
  };
}

/** A 48-megapixel phone photo passes; a decompression bomb does not. */
const MAX_PIXELS = 60_000_000;

/**
 * The photo decoded and encoded again in its own format, turned upright by its EXIF orientation first: sharp
 * writes no metadata unless asked, so location, camera and XMP stay behind. A file that does not decode
 * rejects, and is refused like a wrong type.
 */
export async function reencodeImage(content: Readable, contentType: 'image/jpeg' | 'image/png'): Promise<Readable> {
  const release = await imageSlot();
  try {
    const image = sharp({ limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const encoder = contentType === 'image/jpeg' ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png();
    content.pipe(encoder);
    content.on('error', (error) => encoder.destroy(error));
    // sharp reads the whole input before it decodes: the pixels exist only while it encodes
    const output = await encoder.toBuffer();
    return Readable.from([output]);
  } finally {
    release();
  }
}
