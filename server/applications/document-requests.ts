import { randomUUID } from 'node:crypto';
import type {
  BankShare,
  DocumentFile,
  DocumentItemState,
  DocumentKind,
  DocumentRequest,
  DocumentRequestState,
} from '../../domain/documents.ts';
import type { ApplicationState } from '../../domain/application-lifecycle.ts';
import type { Language } from '../../domain/language.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import type { PartnerDocumentsRequestCallback } from '../lenders/messages.ts';
import type { FieldCipher } from '../security/field-cipher.ts';
import { openIncomeSummary, type BankShareRow } from '../documents/bank-share-record.ts';
import {
  afterLenderChanges,
  lockApplication,
  mayStartSql,
  noteRefusal,
  refreshLenderProgress,
} from './lifecycle/transition.ts';
import { Refusal } from './refusal.ts';
import { lenderRequestEnded } from '../ops/metrics/record.ts';

/**
 * A lender's documents request (issue 33): stored once per lender request id while the application is open with
 * that lender, shown in the status under its lender, and ended by the person's answer (delivery.ts of
 * server/documents sends it on) or by its due date.
 */

/** Lender request states in which the lender has not said its last word: only then may it ask for documents. */
const WITH_THE_LENDER = `('queued', 'sending', 'sent')`;

/**
 * Stores the request and its items inside the callback's batch (the application row is locked). A request the
 * lender sent before is taken and stores nothing; an application no longer open with the lender refuses it.
 */
export async function storeDocumentsRequest(
  broker: Pick<Broker, 'log'>,
  tx: Sql,
  applicationId: string,
  callback: PartnerDocumentsRequestCallback,
): Promise<void> {
  const items = callback.items.map((item, position) => ({
    id: randomUUID(),
    position,
    kind: item.kind,
    months: item.kind === 'bankStatement' ? item.months : null,
    textLv: item.kind === 'other' ? item.text.lv : null,
    textRu: item.kind === 'other' ? item.text.ru : null,
  }));
  const column = <T>(pick: (item: (typeof items)[number]) => T) => items.map(pick);
  // the snapshot's document_requests is the one before the insert: `known` means the lender asked this before
  const [row] = (
    await tx.query<{ state: ApplicationState | null; lender_state: string | null; stored: boolean; known: boolean }>(
      `WITH application AS (SELECT state FROM applications WHERE id = $1),
       lender AS (SELECT state FROM lender_requests WHERE id = $2 AND application_id = $1),
       inserted AS (
         INSERT INTO document_requests (id, application_id, lender_id, lender_request_id, due_at)
         SELECT $3, $1, $4, $5, $6
         WHERE EXISTS (SELECT 1 FROM application WHERE ${mayStartSql('offerArrived', 'application.state')})
           AND EXISTS (SELECT 1 FROM lender WHERE lender.state IN ${WITH_THE_LENDER})
         ON CONFLICT (application_id, lender_id, lender_request_id) DO NOTHING RETURNING id),
       items AS (
         INSERT INTO document_items (id, request_id, position, kind, months, text_lv, text_ru)
         SELECT i.id, inserted.id, i.position, i.kind, i.months, i.text_lv, i.text_ru
         FROM inserted, unnest($7::uuid[], $8::int[], $9::text[], $10::int[], $11::text[], $12::text[])
           AS i(id, position, kind, months, text_lv, text_ru))
       SELECT (SELECT state FROM application) AS state, (SELECT state FROM lender) AS lender_state,
         EXISTS (SELECT 1 FROM inserted) AS stored,
         EXISTS (SELECT 1 FROM document_requests
           WHERE application_id = $1 AND lender_id = $4 AND lender_request_id = $5) AS known`,
      [
        applicationId,
        callback.applicationRef,
        randomUUID(),
        callback.lenderId,
        callback.documentsRequestId,
        callback.dueAt,
        column((item) => item.id),
        column((item) => item.position),
        column((item) => item.kind),
        column((item) => item.months),
        column((item) => item.textLv),
        column((item) => item.textRu),
      ],
    )
  ).rows;
  if (row?.stored || row?.known) return;
  // neither stored nor asked before: the application takes no lender's answer, or this lender has answered already
  noteRefusal(broker, applicationId, row?.state ?? undefined, 'offerArrived');
  throw new Refusal('wrongState');
}

/** A request's row with its items, as the status statement reads them (JSON: timestamps as text). */
export interface DocumentRequestRow {
  id: string;
  lender_id: string;
  due_at: string;
  state: DocumentRequestState;
  /** null only for a request without items, which the callback's schema never lets in */
  items:
    | {
        id: string;
        kind: DocumentKind;
        months: number | null;
        text_lv: string | null;
        text_ru: string | null;
        state: DocumentItemState;
        files:
          { id: string; content_type: DocumentFile['contentType']; bytes: number; origin: 'upload' | 'bank' }[] | null;
        /** the item's latest sharing of bank data */
        bank_share: BankShareRow | null;
      }[]
    | null;
}

/** The status statement's part that reads an application's (`a`) requests, oldest first, their items in order. */
export const DOCUMENT_REQUESTS_JSON_SQL = `(SELECT COALESCE(json_agg(d ORDER BY d.created_at, d.id), '[]') FROM (
    SELECT r.id, r.lender_id, r.due_at, r.state, r.created_at,
      (SELECT json_agg(i ORDER BY i.position) FROM (
        SELECT di.id, di.kind, di.months, di.text_lv, di.text_ru, di.position, di.state,
          (SELECT json_agg(f ORDER BY f.created_at, f.id) FROM (
            SELECT id, content_type, bytes, origin, created_at FROM document_files WHERE item_id = di.id) f) AS files,
          (SELECT row_to_json(s) FROM (
            SELECT id, institution_id, state, failure, summary_key_id, summary_ciphertext, file_id FROM bank_shares
            WHERE item_id = di.id ORDER BY created_at DESC, id DESC LIMIT 1) s) AS bank_share
        FROM document_items di WHERE di.request_id = r.id) i) AS items
    FROM document_requests r WHERE r.application_id = a.id) d)`;

/** The sharing as the status shows it: the summary is opened only once the statement is ready. */
function bankShareOf(row: BankShareRow | null, cipher: FieldCipher): BankShare | null {
  if (!row) return null;
  const ready = row.state === 'ready';
  return {
    id: row.id,
    institutionId: row.institution_id,
    state: row.state,
    failure: row.failure,
    summary: ready ? openIncomeSummary(cipher, row) : null,
    fileId: ready ? row.file_id : null,
  };
}

/** A request as the status shows it: the lender's words for `other` in the application's language. */
export function documentRequestOf(row: DocumentRequestRow, language: Language, cipher: FieldCipher): DocumentRequest {
  return {
    id: row.id,
    items: (row.items ?? []).map((item) => {
      const text = language === 'ru' ? item.text_ru : item.text_lv;
      return {
        id: item.id,
        kind: item.kind,
        ...(item.months === null ? {} : { months: item.months }),
        ...(text === null ? {} : { text }),
        state: item.state,
        files: (item.files ?? []).map((file) => ({
          id: file.id,
          contentType: file.content_type,
          bytes: file.bytes,
          origin: file.origin,
        })),
        bankShare: bankShareOf(item.bank_share, cipher),
      };
    }),
    dueAt: new Date(row.due_at).toISOString(),
    state: row.state,
  };
}

/**
 * The condition (SQL over `lender_requests r`) under which a lender's own answer time has not begun again: the
 * person has not answered its request yet, or answered it less than `secondsParam` ago. The lender's time counts
 * from the person's answer, not from the application's send.
 */
export const waitingForDocumentsSql = (secondsParam: string): string =>
  `EXISTS (SELECT 1 FROM document_requests d WHERE d.application_id = r.application_id AND d.lender_id = r.lender_id
     AND (d.state = 'open' OR d.answered_at >= now() - make_interval(secs => ${secondsParam})))`;

/** How many due requests one pass takes; while it finds this many, the watch looks again at once. */
const EXPIRE_AT_ONCE = 200;

/**
 * Ends the open requests whose due date passed: the request becomes `expired`, and its lender, unless the person
 * answered another of its requests, counts as not answering (a late offer or decline is still taken). Each
 * application row is locked first, as for every change of lender rows. Answers how many it ended.
 */
export async function expireDueDocumentRequests(broker: Broker): Promise<number> {
  const { rows } = await broker.db.query<{ id: string; application_id: string; lender_id: string }>(
    `SELECT id, application_id, lender_id FROM document_requests
     WHERE state = 'open' AND due_at <= now() ORDER BY due_at LIMIT $1`,
    [EXPIRE_AT_ONCE],
  );
  for (const row of rows) {
    const noticeChoices = await broker.db.transaction(async (tx) => {
      const choices = await lockApplication(tx, row.application_id);
      const expired = await tx.query(
        `UPDATE document_requests SET state = 'expired' WHERE id = $1 AND state = 'open' AND due_at <= now() RETURNING id`,
        [row.id],
      );
      if (expired.rows.length === 0) return null;
      const timedOut = await tx.query<{ id: string }>(
        `UPDATE lender_requests r SET state = 'timeout', failure = 'documents not provided in time',
           answered_at = now(), lease_until = NULL
         WHERE r.application_id = $1 AND r.lender_id = $2 AND r.state IN ${WITH_THE_LENDER}
           AND NOT EXISTS (SELECT 1 FROM document_requests d WHERE d.application_id = r.application_id
             AND d.lender_id = r.lender_id AND d.state IN ('open', 'sent')) RETURNING r.id`,
        [row.application_id, row.lender_id],
      );
      for (const { id } of timedOut.rows) lenderRequestEnded(broker, row.lender_id, id, 'timeout');
      await refreshLenderProgress(tx, row.application_id, broker);
      return choices;
    });
    if (noticeChoices) await afterLenderChanges(broker, row.application_id, noticeChoices);
  }
  return rows.length;
}

/** Runs expireDueDocumentRequests until a pass finds fewer than it takes at once. */
export async function expireAllDueDocumentRequests(broker: Broker): Promise<void> {
  while ((await expireDueDocumentRequests(broker)) === EXPIRE_AT_ONCE);
}
