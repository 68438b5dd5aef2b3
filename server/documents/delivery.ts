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
 * every item is, and its delivery is queued. Sending an item again queues its delivery again, which delivers it
 * once. An item of a request that is no longer open (expired, or answered and received) is refused.
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
    await refreshLenderProgress(tx, applicationId);
    return choices;
  });
  await broker.boss.send(QUEUES.documentDelivery, { itemId } satisfies DocumentDeliveryJob, { singletonKey: itemId });
  await afterLenderChanges(broker, applicationId, noticeChoices);
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
    await refreshLenderProgress(tx, applicationId);
    return choices;
  });
  await afterLenderChanges(broker, applicationId, noticeChoices);
}
