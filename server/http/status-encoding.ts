import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type StatusEncoding = 'br' | 'gzip';

/**
 * A status body below this many bytes goes as it is: an application before its offers (a few hundred bytes) gains
 * less from compression than the work costs.
 */
const MIN_BYTES = 1024;

/** Browsers send a handful of distinct headers; a stranger's thousand variants must not grow this for ever. */
const MAX_REMEMBERED_HEADERS = 64;

class BoundedAnswers extends Map<string, string> {
  override set(key: string, value: string): this {
    if (this.size >= MAX_REMEMBERED_HEADERS) this.clear();
    return super.set(key, value);
  }
}

const negotiator = new Negotiator<StatusEncoding>({ supportedValues: ['br', 'gzip'], cache: new BoundedAnswers() });

/**
 * Each cached body's compressed copies, made on the first poll that accepts them and dropped with the body: a body
 * changes a few dozen times in an application's life and is read thousands of times. Quality 5 of brotli: a 6 kB
 * status shrinks to about a fifth in a fraction of a millisecond, where 11 takes several.
 */
const copies: Record<StatusEncoding, WeakMap<Buffer, Buffer>> = { br: new WeakMap(), gzip: new WeakMap() };

const compress: Record<StatusEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** The encoding a status body goes in to a client that sent this Accept-Encoding, or null for the body as it is. */
export function statusEncodingFor(body: Buffer, acceptEncoding: string | undefined): StatusEncoding | null {
  if (acceptEncoding === undefined || body.length < MIN_BYTES) return null;
  return negotiator.negotiate(acceptEncoding);
}

/** The body compressed in `encoding`, from memory after its first time. */
export function encodedStatus(body: Buffer, encoding: StatusEncoding): Buffer {
  let copy = copies[encoding].get(body);
  if (copy === undefined) {
    copy = compress[encoding](body);
    copies[encoding].set(body, copy);
  }
  return copy;
}

/** Each body's bytes as a latin1 string, one character a byte, made once like the copies. */
const latin1Copies = new WeakMap<Buffer, string>();

/**
 * `bytes` as a string that Node writes back byte for byte with the `latin1` encoding: a string body leaves in one write
 * with the head of the answer, where a Buffer goes as a second write after it.
 */
export function latin1Of(bytes: Buffer): string {
  let text = latin1Copies.get(bytes);
  if (text === undefined) {
    text = bytes.toString('latin1');
    latin1Copies.set(bytes, text);
  }
  return text;
}
