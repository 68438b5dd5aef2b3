import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  RemoveDocumentBody,
  SendDocumentsAnswer,
  SendDocumentsBody,
  UploadDocumentFields,
} from '../../domain/document-api.ts';
import {
  DOCUMENT_UPLOAD_LIMITS,
  type DocumentFile,
  type DocumentKind,
  type UploadDocumentAnswer,
} from '../../domain/documents.ts';
import { afterTransition, lockApplication } from '../applications/lifecycle/transition.ts';
import { applicationIdForToken } from '../applications/lookup.ts';
import { Refusal } from '../applications/refusal.ts';
import { announceStatusChange } from '../applications/status-hub.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { PdfScan, reencodeImage, sniffContentType, type DocumentContentType } from './content-check.ts';
import type { QueueDocumentDelivery } from './delivery-port.ts';

/**
 * The person's answer to a lender's documents request, item by item: upload files, remove one before sending,
 * send the item. Every step finds the item through the application's token, so a request of another
 * application is as unknown as one that does not exist. A refused file is never kept: its bytes are deleted
 * before the refusal is answered, and no row names it.
 */

export interface ItemRow {
  kind: DocumentKind;
  months: number | null;
  item_state: string;
  request_state: string;
  overdue: boolean;
  files: number;
  /** of `files`, the statements made from shared bank data (at most one) */
  bank_files: number;
}

/**
 * The item as one of the application's, with what decides whether it takes a change: locked for the rest of
 * the transaction when `lock` (the application first, as every writer of its rows does, then the item).
 */
export async function openItem(
  sql: Sql,
  applicationId: string,
  requestId: string,
  itemId: string,
  { lock }: { lock: boolean },
): Promise<ItemRow> {
  if (lock) await lockApplication(sql, applicationId);
  const [row] = (
    await sql.query<ItemRow>(
      `SELECT i.kind, i.months, i.state AS item_state, r.state AS request_state, r.due_at <= now() AS overdue,
         (SELECT count(*)::int FROM document_files f WHERE f.item_id = i.id) AS files,
         (SELECT count(*)::int FROM document_files f WHERE f.item_id = i.id AND f.origin = 'bank') AS bank_files
       FROM document_items i JOIN document_requests r ON r.id = i.request_id
       WHERE i.id = $1 AND r.id = $2 AND r.application_id = $3
       ${lock ? 'FOR UPDATE OF i' : ''}`,
      [itemId, requestId, applicationId],
    )
  ).rows;
  if (!row) throw new Refusal('unknownDocument');
  if (row.overdue || row.request_state === 'expired') throw new Refusal('documentRequestOverdue');
  if (row.item_state !== 'open' || row.request_state !== 'open') throw new Refusal('documentItemClosed');
  return row;
}

async function filesOf(sql: Sql, itemId: string): Promise<DocumentFile[]> {
  const { rows } = await sql.query<{
    id: string;
    content_type: DocumentContentType;
    bytes: number;
    origin: 'upload' | 'bank';
  }>('SELECT id, content_type, bytes, origin FROM document_files WHERE item_id = $1 ORDER BY created_at, id', [itemId]);
  return rows.map((row) => ({ id: row.id, contentType: row.content_type, bytes: row.bytes, origin: row.origin }));
}

/** The upload's file as the multipart parser gives it: its bytes, and whether it was cut at the size limit. */
export interface UploadedFile {
  readonly stream: Readable;
  readonly truncated: () => boolean;
}

export async function uploadDocument(
  broker: Broker,
  fields: UploadDocumentFields,
  file: UploadedFile,
): Promise<UploadDocumentAnswer> {
  const applicationId = await applicationIdForToken(broker, fields.token);
  // before a byte of the file is read: most refusals cost the person no upload time past the refusal
  const before = await openItem(broker.db, applicationId, fields.requestId, fields.itemId, { lock: false });
  if (before.files >= DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem) throw new Refusal('tooManyDocuments');

  const { contentType, content } = await sniffContentType(file.stream);
  if (contentType === null) throw new Refusal(file.truncated() ? 'documentTooLarge' : 'unsupportedDocument');

  const scan = contentType === 'application/pdf' ? new PdfScan() : null;
  let plaintext: Readable;
  if (scan) plaintext = content.pipe(scan);
  else {
    try {
      plaintext = await reencodeImage(content, contentType as 'image/jpeg' | 'image/png');
    } catch {
      throw new Refusal(file.truncated() ? 'documentTooLarge' : 'unsupportedDocument');
    }
  }
  if (scan) content.on('error', (error) => scan.destroy(error));

  const fileId = randomUUID();
  const stored = await broker.documents.write(applicationId, fileId, plaintext);
  try {
    if (file.truncated()) throw new Refusal('documentTooLarge');
    if (scan && !(await scan.verdict())) throw new Refusal('unsafeDocument');
    const answer = await broker.db.transaction(async (tx): Promise<UploadDocumentAnswer> => {
      // again, now that it is locked: the item may have been sent, or filled, while the file streamed
      const item = await openItem(tx, applicationId, fields.requestId, fields.itemId, { lock: true });
      if (item.files >= DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem) throw new Refusal('tooManyDocuments');
      await tx.query(
        `INSERT INTO document_files (id, item_id, application_id, content_type, bytes, sha256, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [fileId, fields.itemId, applicationId, contentType, stored.bytes, stored.sha256, stored.storageKey],
      );
      // the status lists the item's files: every process drops its cached one
      await announceStatusChange(tx, applicationId);
      return {
        file: { id: fileId, contentType, bytes: stored.bytes, origin: 'upload' },
        files: await filesOf(tx, fields.itemId),
      };
    });
    afterTransition(broker, applicationId);
    return answer;
  } catch (error) {
    await broker.documents.remove(stored.storageKey);
    throw error;
  }
}

export async function removeDocument(broker: Broker, body: RemoveDocumentBody): Promise<void> {
  const applicationId = await applicationIdForToken(broker, body.token);
  const storageKey = await broker.db.transaction(async (tx) => {
    await lockApplication(tx, applicationId);
    const [row] = (
      await tx.query<{ storage_key: string; item_state: string }>(
        `SELECT f.storage_key, i.state AS item_state
         FROM document_files f JOIN document_items i ON i.id = f.item_id
         WHERE f.id = $1 AND f.application_id = $2
         FOR UPDATE OF i`,
        [body.fileId, applicationId],
      )
    ).rows;
    if (!row) throw new Refusal('unknownDocument');
    // once sent, the lender has (or is getting) exactly these files
    if (row.item_state !== 'open') throw new Refusal('documentItemClosed');
    // a shared statement removed as a file takes its summary with it: the lender gets neither
    await tx.query('DELETE FROM bank_shares WHERE file_id = $1', [body.fileId]);
    await tx.query('DELETE FROM document_files WHERE id = $1', [body.fileId]);
    await announceStatusChange(tx, applicationId);
    return row.storage_key;
  });
  afterTransition(broker, applicationId);
  await broker.documents.remove(storageKey);
}

export async function sendDocuments(
  broker: Broker,
  body: SendDocumentsBody,
  queueDelivery: QueueDocumentDelivery,
): Promise<SendDocumentsAnswer> {
  const applicationId = await applicationIdForToken(broker, body.token);
  const requestAnswered = await broker.db.transaction(async (tx) => {
    const item = await openItem(tx, applicationId, body.requestId, body.itemId, { lock: true });
    if (item.files === 0) throw new Refusal('noDocuments');
    await tx.query(`UPDATE document_items SET state = 'sent', sent_at = now() WHERE id = $1`, [body.itemId]);
    // the person's answer is complete once no item waits: the lender's own timeout counts from here
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE document_requests r SET state = 'sent', answered_at = now()
       WHERE r.id = $1 AND r.state = 'open'
         AND NOT EXISTS (SELECT 1 FROM document_items i WHERE i.request_id = r.id AND i.state = 'open')
       RETURNING r.id`,
      [body.requestId],
    );
    return rows.length > 0;
  });
  try {
    await queueDelivery(broker, body.itemId);
  } catch (error) {
    // the item is sent either way: the delivery's sweep queues a sent item that has no job
    broker.log.error(
      { err: { type: (error as Error).name, message: (error as Error).message }, itemId: body.itemId },
      'document delivery not queued',
    );
  }
  return { itemId: body.itemId, state: 'sent', requestAnswered };
}
