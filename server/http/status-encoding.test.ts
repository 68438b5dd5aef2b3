import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedStatus, statusEncodingFor } from './status-encoding.ts';

/** A status with its offers, some kilobytes as the real one with eight lenders' answers */
const offer = (at: number) => ({ lender: `Kreditētājs ${at}`, apr: 12.5 + at, monthlyPayment: 95.37, term: 60 });
const status = Buffer.from(JSON.stringify({ offers: Array.from({ length: 30 }, (_, at) => offer(at)) }));

describe('the encoding of a status body', () => {
  it("follows the browser's Accept-Encoding, brotli first, and never an encoding it refused", () => {
    expect(status.length).toBeGreaterThan(1024);
    expect(statusEncodingFor(status, 'gzip, deflate, br, zstd')).toBe('br');
    expect(statusEncodingFor(status, 'gzip, deflate')).toBe('gzip');
    expect(statusEncodingFor(status, 'br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(statusEncodingFor(status, 'identity')).toBeNull();
    expect(statusEncodingFor(status, 'zstd')).toBeNull();
    expect(statusEncodingFor(status, undefined)).toBeNull();
  });

  it('sends a small body as it is', () => {
    expect(statusEncodingFor(Buffer.from('{"state":"draft"}'), 'br')).toBeNull();
  });

  it('compresses a body once, and the copy decodes to the same bytes', () => {
    const br = encodedStatus(status, 'br');
    expect(encodedStatus(status, 'br')).toBe(br);
    expect(brotliDecompressSync(br).equals(status)).toBe(true);
    expect(gunzipSync(encodedStatus(status, 'gzip')).equals(status)).toBe(true);
    expect(br.length).toBeLessThan(status.length / 2);
  });
});
