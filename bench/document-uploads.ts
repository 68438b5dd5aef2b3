/**
 * Document uploads: 20 people upload a 10 MB file each at the same moment.
 *
 *   node bench/document-uploads.ts
 *   BENCH_UPLOADS=40 node bench/document-uploads.ts
 *
 * In this process: the real broker (PGlite in memory, logger off, the sandbox mounted, workers running). The
 * uploads come from a child process (this module run with --client), so their 200 MB of bodies are not in the
 * broker's memory: what grows here is what the broker holds while it checks, hashes, encrypts and writes the
 * files. The files are PDFs just under the limit, a page of text and a large stream as a scanned statement has,
 * so every byte goes through the PDF scan and the cipher. One upload first warms up (modules, the first key
 * derivation); then the resident set size is the baseline, sampled every 5 ms until the last answer.
 *
 * Prints { uploads, megabytesEach, lastAcknowledgementMs, peakRssGrowthMb, peakHeapGrowthMb }; the goal is a peak
 * growth under 100 MB.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { tokenHash } from '../server/security/tokens.ts';
import { startBenchBroker } from './bench-broker.ts';
import { submitApplication } from './offer-latency/applicant.ts';

export const TARGET_GROWTH_MB = 100;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const FILE_BYTES = 10 * 1024 * 1024 - 4096;

interface Upload {
  readonly token: string;
  readonly requestId: string;
  readonly itemId: string;
}
type ClientMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly statuses: number[]; readonly lastAcknowledgementMs: number };

export interface DocumentUploadsResult {
  uploads: number;
  megabytesEach: number;
  statuses: Record<string, number>;
  lastAcknowledgementMs: number;
  peakRssGrowthMb: number;
  peakHeapGrowthMb: number;
  targetGrowthMb: number;
  met: boolean;
}

/** A PDF of one page and a large stream (a scan), `bytes` long; its cross-reference offsets are not ours to check. */
async function statementPdf(bytes: number): Promise<Buffer> {
  const doc = new PDFDocument({ compress: false });
  const parts: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.text('Konta izraksts, 6 mēneši');
  doc.end();
  await ended;
  const page = Buffer.concat(parts);
  const head = page.indexOf('\n', page.indexOf('%PDF')) + 1;
  const open = Buffer.from(`99 0 obj\n<< /Length ${bytes} >>\nstream\n`);
  const close = Buffer.from('\nendstream\nendobj\n');
  const scan = randomBytes(bytes - page.length - open.length - close.length);
  return Buffer.concat([page.subarray(0, head), open, scan, close, page.subarray(head)]);
}

/** The --client side: makes the files, says it is ready, then sends every upload at once when told to. */
async function client(): Promise<void> {
  const { url, uploads } = await new Promise<{ url: string; uploads: Upload[] }>((resolve) =>
    process.once('message', resolve),
  );
  const files = await Promise.all(uploads.map(() => statementPdf(FILE_BYTES)));
  process.send?.({ type: 'ready' } satisfies ClientMessage);
  await new Promise((resolve) => process.once('message', resolve));
  const started = performance.now();
  let last = 0;
  const statuses = await Promise.all(
    uploads.map(async (upload, index) => {
      const form = new FormData();
      form.append('token', upload.token);
      form.append('requestId', upload.requestId);
      form.append('itemId', upload.itemId);
      form.append('file', new Blob([new Uint8Array(files[index] ?? Buffer.alloc(0))], { type: 'application/pdf' }));
      const response = await fetch(`${url}/api/applications/documents`, { method: 'POST', body: form });
      await response.arrayBuffer();
      last = Math.max(last, performance.now() - started);
      return response.status;
    }),
  );
  process.send?.({ type: 'done', statuses, lastAcknowledgementMs: Math.round(last) } satisfies ClientMessage);
  process.disconnect?.();
}

/** A documents request of one item for each of `count` fresh applications, as a lender's callback stores it. */
async function documentRequests(running: Awaited<ReturnType<typeof startBenchBroker>>, count: number) {
  const uploads: Upload[] = [];
  for (let index = 0; index < count; index += 1) {
    const token = await submitApplication(running.url);
    const { rows } = await running.broker.db.query<{ id: string }>(
      'SELECT id FROM applications WHERE token_hash = $1',
      [tokenHash(token)],
    );
    const requestId = randomUUID();
    const itemId = randomUUID();
    await running.broker.db.query(
      `INSERT INTO document_requests (id, application_id, lender_id, lender_request_id, due_at)
       VALUES ($1, $2, 'bench-lender', $3, now() + interval '1 day')`,
      [requestId, rows[0]?.id, randomUUID()],
    );
    await running.broker.db.query(
      `INSERT INTO document_items (id, request_id, position, kind, months) VALUES ($1, $2, 0, 'bankStatement', 6)`,
      [itemId, requestId],
    );
    uploads.push({ token, requestId, itemId });
  }
  return uploads;
}

async function runClient(
  url: string,
  uploads: Upload[],
): Promise<{ statuses: number[]; lastAcknowledgementMs: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const messages: ClientMessage[] = [];
  const next = () =>
    new Promise<ClientMessage>((resolve, reject) => {
      const waiting = messages.shift();
      if (waiting) return resolve(waiting);
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the upload client exited (${code})`)));
    });
  child.send({ url, uploads });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('the upload client did not get ready');
  const go = next();
  child.send({ type: 'go' });
  const done = await go;
  if (done.type !== 'done') throw new Error('the upload client did not finish');
  return done;
}

export async function measureDocumentUploads(): Promise<DocumentUploadsResult> {
  const running = await startBenchBroker();
  try {
    const [warm] = await documentRequests(running, 1);
    if (!warm) throw new Error('no warm-up request');
    await runClient(running.url, [warm]);
    const uploads = await documentRequests(running, UPLOADS);

    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 5);
    const { statuses, lastAcknowledgementMs } = await runClient(running.url, uploads);
    clearInterval(sampler);

    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const peakRssGrowthMb = mb(peakRss - baseline.rss);
    const counted: Record<string, number> = {};
    for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
    return {
      uploads: UPLOADS,
      megabytesEach: mb(FILE_BYTES),
      statuses: counted,
      lastAcknowledgementMs,
      peakRssGrowthMb,
      peakHeapGrowthMb: mb(peakHeap - baseline.heapUsed),
      targetGrowthMb: TARGET_GROWTH_MB,
      met: peakRssGrowthMb < TARGET_GROWTH_MB && statuses.every((status) => status === 201),
    };
  } finally {
    await running.close();
  }
}

if (import.meta.main) {
  if (process.argv.includes('--client')) await client();
  else console.log(JSON.stringify(await measureDocumentUploads(), null, 2));
}
