import { get } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import type { RecordedFile, ResourceKind } from './sizes.ts';

const gzip9 = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** One GET with `accept-encoding: gzip`, read without decoding: the bytes on the wire, and the content. */
function fetchGzip(url: string): Promise<{ encoding: string; sentBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`GET ${url} answered ${response.statusCode}`));
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'] ?? 'identity';
        resolve({ encoding, sentBytes: raw.length, body: encoding === 'gzip' ? gunzipSync(raw) : raw });
      });
    }).on('error', reject);
  });
}

/** Chromium's resource types, as Playwright names them, in the report's groups. */
const KIND_OF_TYPE: Readonly<Record<string, ResourceKind>> = {
  document: 'html',
  script: 'js',
  stylesheet: 'css',
  font: 'fonts',
};

interface Recording {
  files: RecordedFile[];
  /** the accept-encoding Chromium sent */
  acceptEncoding: string;
}

/**
 * Every response the page receives: Chromium's encoded body size, gzip -9 of the content, and for a GET the same
 * file asked for again with `accept-encoding: gzip` (Chromium offers more than gzip, and the server prefers others).
 * `settled` waits for the bodies still being read.
 */
function recordResponses(page: Page): { recording: Recording; settled: () => Promise<void> } {
  const recording: Recording = { files: [], acceptEncoding: '' };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.protocol.startsWith('http')) return;
    pending.push(
      (async () => {
        const request = response.request();
        const { responseBodySize } = await request.sizes();
        // a redirect or an empty answer has no body to read
        const body = await response.body().catch(() => Buffer.alloc(0));
        const browserEncoding = (await response.headerValue('content-encoding')) ?? 'identity';
        const gzip =
          request.method() === 'GET' && response.status() === 200
            ? await fetchGzip(url.href)
            : { encoding: browserEncoding, sentBytes: responseBodySize };
        recording.acceptEncoding ||= (await request.headerValue('accept-encoding')) ?? '';
        recording.files.push({
          origin: url.origin,
          path: url.pathname,
          kind: KIND_OF_TYPE[request.resourceType()] ?? 'other',
          encoding: gzip.encoding,
          sentBytes: gzip.sentBytes,
          gzip9Bytes: gzip9(body),
          browserEncoding,
          browserBytes: responseBodySize,
        });
      })(),
    );
  });
  return { recording, settled: async () => void (await Promise.all(pending)) };
}

/** Loads a page in a fresh context until the network is idle and `ready` shows; every response, settled. */
export async function loadAndRecord(
  browser: Browser,
  url: string,
  ready: (page: Page) => ReturnType<Page['locator']>,
): Promise<Recording> {
  console.log(`Loading ${url} ...`);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { recording, settled } = recordResponses(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await settled();
    return recording;
  } finally {
    await context.close();
  }
}
