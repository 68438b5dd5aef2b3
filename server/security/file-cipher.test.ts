import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createFileCipher } from './file-cipher.ts';

const collect = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
};

/** The bytes in pieces that fall anywhere: a disk read does not respect the cipher's chunks. */
const pieces = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
  );

describe('the file cipher', () => {
  const keys = new Map([
    ['old', randomBytes(32)],
    ['new', randomBytes(32)],
  ]);
  const cipher = createFileCipher(keys, 'new');

  it.each([0, 1, 65_535, 65_536, 65_537, 200_000, 131_072])('gives back %i bytes exactly', async (size) => {
    const fileId = randomUUID();
    const plain = randomBytes(size);
    const sealed = await collect(pieces(plain, 7_777).pipe(cipher.encrypt(fileId)));
    // a run of 16 random bytes never turns up in the sealed file by chance; a single byte often would
    if (size >= 16) expect(sealed.includes(plain.subarray(0, Math.min(size, 32)))).toBe(false);
    expect((await collect(pieces(sealed, 10_001).pipe(cipher.decrypt(fileId)))).equals(plain)).toBe(true);
  });

  it('refuses a truncated file, a changed byte, another id, and reads an older key', async () => {
    const fileId = randomUUID();
    const plain = randomBytes(150_000);
    const sealed = await collect(Readable.from([plain]).pipe(cipher.encrypt(fileId)));
    const open = (bytes: Buffer, id = fileId, with_ = cipher) =>
      collect(Readable.from([bytes]).pipe(with_.decrypt(id)));
    // cut exactly at a chunk's end: the last chunk is flagged, so the shorter file still fails
    await expect(open(sealed.subarray(0, 5 + 3 + 32 + 65_552 * 2))).rejects.toThrow();
    await expect(open(sealed.subarray(0, sealed.length - 1))).rejects.toThrow();
    const changed = Buffer.from(sealed);
    changed[100] = (changed[100] ?? 0) ^ 1;
    await expect(open(changed)).rejects.toThrow();
    await expect(open(sealed, randomUUID())).rejects.toThrow();
    const rotated = createFileCipher(keys, 'old');
    const older = await collect(Readable.from([plain]).pipe(rotated.encrypt(fileId)));
    expect((await open(older)).equals(plain)).toBe(true);
  });
});
