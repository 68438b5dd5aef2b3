import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart.ts';

const body = (boundary: string, parts: string[]) =>
  Buffer.from(`${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');

describe('parseMultipart', () => {
  it('reads each part with its name, type and exact bytes, CRLFs inside the data included', () => {
    const parsed = parseMultipart(
      body('b1', [
        'Content-Disposition: form-data; name="metadata"\r\nContent-Type: application/json\r\n\r\n{"a":1}',
        'Content-Disposition: form-data; name="file1"; filename="file1"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n\r\nx',
      ]),
      'multipart/form-data; boundary=b1',
    );
    expect(parsed?.map((part) => [part.name, part.contentType, part.data.toString('latin1')])).toEqual([
      ['metadata', 'application/json', '{"a":1}'],
      ['file1', 'application/pdf', '%PDF\r\n\r\nx'],
    ]);
  });

  it('answers null for another content type, a missing boundary or a body cut short', () => {
    const whole = body('b2', ['Content-Disposition: form-data; name="metadata"\r\n\r\n{}']);
    expect(parseMultipart(whole, 'application/json')).toBeNull();
    expect(parseMultipart(whole, 'multipart/form-data')).toBeNull();
    expect(parseMultipart(whole.subarray(0, whole.length - 12), 'multipart/form-data; boundary=b2')).toBeNull();
  });
});
