import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { request } from 'undici';
import type { PartnerDocumentDelivery } from './messages.ts';
import { IDEMPOTENCY_HEADER, signPartnerMessage } from './partner-protocol.ts';
import type { LenderEndpoint } from './registry.ts';
import { LenderRejectedError, LenderRetryableError } from './lender-client.ts';
import { isTimeout, keepAlivePools } from '../outbound/keep-alive-client.ts';
import { outboundCall } from '../ops/tracing/outbound.ts';

/**
 * The broker's side of `POST {lender}/applications/{reference}/documents`: one item's files, multipart/form-data,
 * the JSON part `metadata` first. The signature covers that part's exact text, which names each file part's type,
 * length and SHA-256, so the files stream from the store to the lender without the broker holding one whole or
 * signing megabytes. Failures are sorted as lender-client.ts sorts them.
 */

/** A file part as the delivery streams it. */
export interface OutgoingDocumentFile {
  readonly part: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly open: () => Promise<Readable>;
}

/** Ten files of 10 MB to a slow lender: a minute's socket would cut them off. */
export const DOCUMENT_DELIVERY_TIMEOUT_MS = 10 * 60_000;

/** Its own pools: a large upload never makes a lender's application sends wait for a socket. */
const poolOf = keepAlivePools({ connections: 4 });

const partHead = (boundary: string, name: string, contentType: string): string =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${name === 'metadata' ? '' : `; filename="${name}"`}\r\n` +
  `Content-Type: ${contentType}\r\n\r\n`;

/** The body's parts in order, and its exact length (the lender sees a Content-Length, not a chunked stream). */
function multipart(
  metadata: string,
  files: readonly OutgoingDocumentFile[],
): { boundary: string; length: number; body: () => AsyncGenerator<Buffer> } {
  const boundary = `kk-${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(`${partHead(boundary, 'metadata', 'application/json')}${metadata}\r\n`);
  const heads = files.map((file) => Buffer.from(partHead(boundary, file.part, file.contentType)));
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const crlf = Buffer.from('\r\n');
  const length =
    head.length +
    files.reduce((sum, file, index) => sum + (heads[index]?.length ?? 0) + file.bytes + crlf.length, 0) +
    tail.length;
  async function* body(): AsyncGenerator<Buffer> {
    yield head;
    for (const [index, file] of files.entries()) {
      yield heads[index] ?? Buffer.alloc(0);
      let sent = 0;
      for await (const chunk of await file.open()) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        sent += bytes.length;
        yield bytes;
      }
      // a store that gives other bytes than it listed would break the signed promise: abort rather than send
      if (sent !== file.bytes) throw new Error(`document file ${file.part}: ${sent} bytes, ${file.bytes} listed`);
      yield crlf;
    }
    yield tail;
  }
  return { boundary, length, body };
}

/** Posts one item's files; resolves once the lender acknowledged them (2xx). */
export async function deliverDocuments(
  lender: LenderEndpoint,
  lenderReference: string,
  delivery: PartnerDocumentDelivery,
  files: readonly OutgoingDocumentFile[],
  opts: { timeoutMs?: number } = {},
): Promise<void> {
  const metadata = JSON.stringify(delivery);
  const { boundary, length, body } = multipart(metadata, files);
  const url = `${lender.baseUrl.replace(/\/+$/, '')}/applications/${encodeURIComponent(lenderReference)}/documents`;
  let status: number;
  try {
    const span = { template: '/applications/{reference}/documents', attributes: { 'kk.lender_id': lender.id } };
    ({ status } = await outboundCall('POST', url, span, async (traceHeaders) => {
      const response = await request(url, {
        dispatcher: poolOf(lender.id),
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
          accept: 'application/json',
          [IDEMPOTENCY_HEADER]: delivery.itemId,
          ...signPartnerMessage(lender.secret, metadata, lender.keyId),
          ...traceHeaders,
        },
        body: Readable.from(body()),
        signal: AbortSignal.timeout(opts.timeoutMs ?? DOCUMENT_DELIVERY_TIMEOUT_MS),
      });
      await response.body.dump();
      return { status: response.statusCode };
    }));
  } catch (error) {
    throw new LenderRetryableError(
      lender.id,
      isTimeout(error) ? `lender ${lender.id}: timed out` : `lender ${lender.id}: unreachable`,
      undefined,
      { cause: error },
    );
  }
  if (status === 429 || status >= 500) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: HTTP ${status}`, status);
  }
  if (status < 200 || status >= 300) {
    throw new LenderRejectedError(lender.id, `lender ${lender.id}: HTTP ${status}`, status);
  }
}
