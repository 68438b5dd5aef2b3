import type { Job } from 'pg-boss';
import type { DocumentKind } from '../../domain/documents.ts';
import type { Broker } from '../broker.ts';
import { QUEUES, type DocumentDeliveryJob } from '../jobs/queues.ts';
import { deliverDocuments } from '../lenders/document-client.ts';
import { isLenderRejectedError } from '../lenders/lender-client.ts';
import { afterLenderChanges, lockApplication, refreshLenderProgress } from '../applications/lifecycle/transition.ts';
import { Refusal } from '../applications/refusal.ts';
import { readyIncomeSummaryOf } from './bank-share-record.ts';
import type { DocumentFileSource } from './file-source.ts';
import { withTraceContext } from '../ops/tracing/job-spans.ts';

/**
 * The person's answer to a lender's documents request, on its way to that lender and no one else: an item the
 * person sent is marked `sent` (its request too once every item is, which starts the lender's own answer time
 * again), and a `document-delivery` job posts its files to the lender over the signed partner protocol, retried
 * until the lender acknowledges them; then the item is `received` (its request too once every item is).
 */

/** A store other than the broker's own encrypted one, by broker (tests run several brokers in one process). */
const sourceOf = new WeakMap<Broker, DocumentFileSource>();

/** Deliveries of this broker read the files from `source` instead of the broker's encrypted store. */
export function useDocumentFileSource(broker: Broker, source: DocumentFileSource): void {
  sourceOf.set(broker, source);
}

/**
 * The person sent item `itemId` (its files are in the store): the item becomes `sent`, its request `sent` once
 * every item is, and its delivery is queued. Sending a sent item again queues nothing while its job is kept (see
 * sendDeliveryJob), and one whose job is gone again. An item of a request that is no longer open (expired, or
 * answered and received) is refused.
 */
export async function queueDocumentDelivery(broker: Broker, itemId: string): Promise<void> {
  const [item] = (
    await broker.db.query<{ application_id: string }>(
      `SELECT r.application_id FROM document_items i JOIN document_requests r ON r.id = i.request_id WHERE i.id = $1`,
      [itemId],
    )
  ).rows;
  if (!item) throw new Refusal('unknownApplication');
  const applicationId = item.application_id;
  const noticeChoices = await broker.db.transaction(async (tx) => {
    const choices = await lockApplication(tx, applicationId);
    const [marked] = (
      await tx.query<{ state: string; request_state: string; in_time: boolean }>(
        `WITH sent AS (
           UPDATE document_items i SET state = 'sent', sent_at = now()
           FROM document_requests r
           WHERE i.id = $1 AND r.id = i.request_id AND i.state = 'open' AND r.state = 'open' AND r.due_at > now()
           RETURNING i.id)
         SELECT i.state, r.state AS request_state, r.due_at > now() AS in_time
         FROM document_items i JOIN document_requests r ON r.id = i.request_id
         WHERE i.id = $1`,
        [itemId],
      )
    ).rows;
    // the snapshot is the one before the update: an open item of an open request was just sent
    const justSent = marked?.state === 'open' && marked.request_state === 'open' && marked.in_time;
    if (!justSent && marked?.state !== 'sent') throw new Refusal('wrongState');
    // the person's answer is complete once no item is open: the lender's own time counts from here
    await tx.query(
      `UPDATE document_requests r SET state = 'sent', answered_at = now()
       WHERE r.id = (SELECT request_id FROM document_items WHERE id = $1) AND r.state = 'open'
         AND NOT EXISTS (SELECT 1 FROM document_items i WHERE i.request_id = r.id AND i.state = 'open')`,
      [itemId],
    );
    await refreshLenderProgress(tx, applicationId, broker);
    return choices;
  });
  await sendDeliveryJob(broker, itemId);
  await afterLenderChanges(broker, applicationId, noticeChoices);
}

/**
 * Queues item `itemId`'s delivery under the item's own id: while a job of the item is kept (waiting, running,
 * awaiting a retry, or ended: pg-boss keeps a finished job a week), another one is not queued, so no two processes
 * post one item at once. Null when one was kept.
 */
const sendDeliveryJob = (broker: Broker, itemId: string): Promise<string | null> =>
  broker.boss.send(QUEUES.documentDelivery, withTraceContext({ itemId } satisfies DocumentDeliveryJob), { id: itemId });

/** The person's own send queues its item at once: the sweep leaves a sent item this long before it looks. */
const REQUEUE_AFTER_SECONDS = 60;
/** How many sent items one sweep looks at, the longest sent first. */
const REQUEUE_AT_ONCE = 100;

/**
 * Sent items whose delivery job is gone: the queueing failed after the item was marked sent (uploads.ts logs it),
 * or the job was lost. Each is queued again, once; an item whose job is still kept is left to it (one that failed
 * after all its retries, or found no lender to post to, is in the log, and goes again once pg-boss deletes it).
 * Answers how many it queued.
 */
export async function requeueUndeliveredDocuments(broker: Broker): Promise<number> {
  const { rows } = await broker.db.query<{ id: string }>(
    `SELECT id FROM document_items
     WHERE state = 'sent' AND sent_at < now() - make_interval(secs => $1) ORDER BY sent_at LIMIT $2`,
    [REQUEUE_AFTER_SECONDS, REQUEUE_AT_ONCE],
  );
  let queued = 0;
  for (const { id } of rows) if ((await sendDeliveryJob(broker, id)) !== null) queued += 1;
  if (queued > 0) broker.log.warn({ queued }, 'document deliveries queued again by the sweep');
  return queued;
}

interface DeliveryRow {
  application_id: string;
  request_id: string;
  lender_request_id: string;
  lender_id: string;
  lender_reference: string | null;
  position: number;
  kind: DocumentKind;
}

/** Posts one sent item's files to the lender that asked; a failure is thrown for pg-boss to retry the job. */
export async function deliverDocumentItem(broker: Broker, job: Job<DocumentDeliveryJob>): Promise<void> {
  const { itemId } = job.data;
  const [row] = (
    await broker.db.query<DeliveryRow>(
      `SELECT r.application_id, r.id AS request_id, r.lender_request_id, r.lender_id, q.lender_reference,
         i.position, i.kind
       FROM document_items i
       JOIN document_requests r ON r.id = i.request_id
       JOIN lender_requests q ON q.application_id = r.application_id AND q.lender_id = r.lender_id
       WHERE i.id = $1 AND i.state = 'sent'`,
      [itemId],
    )
  ).rows;
  if (!row) return; // received already, or the application was erased
  const lender = broker.lenders.get(row.lender_id);
  if (!lender || !row.lender_reference) {
    broker.log.error(
      { lenderId: row.lender_id },
      'documents for a lender that is not configured or holds no reference',
    );
    return;
  }
  const source: DocumentFileSource = sourceOf.get(broker) ?? broker.documents.source(broker.db);
  const files = await source.list(itemId);
  if (files.length === 0) throw new Error('a sent item without stored files');
  const parts = files.map((file, index) => ({ ...file, part: `file${index + 1}` }));
  const incomeSummary = await readyIncomeSummaryOf(broker.db, broker.cipher, itemId);
  try {
    await deliverDocuments(
      lender,
      row.lender_reference,
      {
        requestId: row.lender_request_id,
        itemId,
        index: row.position,
        kind: row.kind,
        files: parts.map(({ part, contentType, bytes, sha256, origin }) => ({
          part,
          contentType,
          bytes,
          sha256,
          ...(origin === undefined ? {} : { origin }),
        })),
        ...(incomeSummary ? { incomeSummary } : {}),
      },
      parts.map((file) => ({ ...file, open: () => source.open(file.fileId) })),
    );
  } catch (error) {
    // a refusal is logged for the operator and still retried: the person's answer must reach the lender
    if (isLenderRejectedError(error)) {
      broker.log.error({ lenderId: lender.id, status: error.status }, 'lender refused documents');
    }
    throw error;
  }
  await itemReceived(broker, row.application_id, row.request_id, itemId);
}

/** The lender acknowledged the item: `received`, and its request too once every item is. */
async function itemReceived(broker: Broker, applicationId: string, requestId: string, itemId: string): Promise<void> {
  const noticeChoices = await broker.db.transaction(async (tx) => {
    const choices = await lockApplication(tx, applicationId);
    await tx.query(
      `UPDATE document_items SET state = 'received', received_at = now() WHERE id = $1 AND state = 'sent'`,
      [itemId],
    );
    await tx.query(
      `UPDATE document_requests r SET state = 'received'
       WHERE r.id = $1 AND r.state = 'sent'
         AND NOT EXISTS (SELECT 1 FROM document_items i WHERE i.request_id = r.id AND i.state <> 'received')`,
      [requestId],
    );
    await refreshLenderProgress(tx, applicationId, broker);
    return choices;
  });
  await afterLenderChanges(broker, applicationId, noticeChoices);
}
