import { randomUUID } from 'node:crypto';
import type { ApplicationState } from '../../../domain/api.ts';
import type { Language } from '../../../domain/language.ts';
import { normalizePersonalCode } from '../../../domain/personal-code.ts';
import {
  shortIdOf,
  type ApplicationSearchAnswer,
  type CallQueueAnswer,
  type ConsultantApplication,
  type ConsultantNote,
  type MarkCallBody,
  type PersonalData,
  type PersonalDataReason,
  searchKindOf,
  type SearchKind,
  type StaffCallRequest,
} from '../../../domain/staff-consultant-api.ts';
import { openApplicant } from '../../applications/applicant-record.ts';
import { seal, unseal } from '../../applications/call-requests.ts';
import { Refusal } from '../../applications/refusal.ts';
import type { Broker } from '../../broker.ts';
import type { Sql } from '../../db/database.ts';
import { noticeContinueLink } from '../../notices/notice-triggers.ts';
import { emailKeyOf, phoneKeyOf } from '../../security/lookup-keys.ts';
import { writeAudit } from '../audit-log.ts';
import {
  callQueueRows,
  findByApplicationId,
  findByContactKey,
  findByShortId,
  QUEUE_LIMIT,
  type FoundRow,
} from './queries.ts';
import { timelineOf } from './timeline.ts';

/**
 * The consultant's use cases (issue 34). A consultant sees only the applications of people who asked for a call;
 * the personal code only by its last four digits; contacts and income only for a reason from the list. Every view
 * and action is written to the audit log with who, which application and why; the log keeps ids and codes, never
 * what the person wrote or a contact.
 */

const firstNameOf = (broker: Broker, row: { id: string; key_id: string; applicant_ciphertext: string | null }) => {
  try {
    return openApplicant(broker.cipher, row)?.firstname ?? '';
  } catch {
    // sealed under a key no longer configured: the name is gone, the row is still worth showing
    return '';
  }
};

export async function callQueue(broker: Broker, staffId: string): Promise<CallQueueAnswer> {
  const rows = await callQueueRows(broker.db, QUEUE_LIMIT);
  const calls = rows.slice(0, QUEUE_LIMIT).map((row) => ({
    callRequestId: row.call_request_id,
    applicationId: row.application_id,
    shortId: shortIdOf(row.application_id),
    slotStart: new Date(row.slot_start).toISOString(),
    overdue: row.overdue,
    firstName: firstNameOf(broker, { ...row, id: row.application_id }),
    state: row.state,
    language: row.language,
    question: row.question_ciphertext
      ? unseal(broker, row.call_request_id, 'callQuestion', row.question_ciphertext)
      : null,
  }));
  await writeAudit(broker.db, { staffId, action: 'calls.listed', details: { calls: calls.length } });
  return { calls, truncated: rows.length > QUEUE_LIMIT };
}

async function found(db: Sql, lookupKey: Buffer, kind: SearchKind, query: string): Promise<FoundRow[]> {
  switch (kind) {
    case 'applicationId':
      return findByApplicationId(db, query.toLowerCase());
    case 'shortId':
      return findByShortId(db, query);
    case 'email':
      return findByContactKey(db, 'email', emailKeyOf(lookupKey, query));
    case 'phone':
      return findByContactKey(db, 'phone', phoneKeyOf(lookupKey, query));
  }
}

export async function searchApplications(
  broker: Broker,
  staffId: string,
  query: string,
): Promise<ApplicationSearchAnswer> {
  const text = query.trim();
  // the body's schema let only a searchable text in
  const kind = searchKindOf(text) ?? 'phone';
  const rows = await found(broker.db, broker.config.lookupKey, kind, text);
  // the log keeps how the search was made and what it found, never the e-mail or phone searched for
  await writeAudit(broker.db, {
    staffId,
    action: 'application.searched',
    details: { by: kind, results: rows.length },
  });
  return {
    searchedBy: kind,
    results: rows.map((row) => ({
      applicationId: row.id,
      shortId: shortIdOf(row.id),
      state: row.state,
      firstName: firstNameOf(broker, row),
      createdAt: new Date(row.created_at).toISOString(),
      callWaiting: row.call_waiting,
    })),
  };
}

interface ScopedRow {
  id: string;
  state: ApplicationState;
  language: Language;
  amount: number;
  term: number;
  purpose: string;
  key_id: string;
  applicant_ciphertext: string | null;
  created_at: Date;
}

/** An application a consultant may open: one a call was asked for; any other is as good as missing. */
async function scopedApplication(db: Sql, applicationId: string): Promise<ScopedRow> {
  const [row] = (
    await db.query<ScopedRow>(
      `SELECT a.id, a.state, a.language, a.amount, a.term, a.purpose, a.key_id, a.applicant_ciphertext, a.created_at
       FROM applications a
       WHERE a.id = $1 AND EXISTS (SELECT 1 FROM call_requests c WHERE c.application_id = a.id)`,
      [applicationId],
    )
  ).rows;
  if (!row) throw new Refusal('unknownApplication');
  return row;
}

/** `••••••-•1234`: enough to tell the person's code from another's on the phone, no more. */
export function maskPersonalCode(personalCode: string): string {
  const digits = normalizePersonalCode(personalCode).replace(/\D/g, '');
  return `••••••-•${digits.slice(-4)}`;
}

interface NoteRow {
  id: string;
  text_ciphertext: string;
  author_name: string;
  author_email: string;
  created_at: Date;
  call_request_id: string | null;
}

const noteOf = (broker: Broker, row: NoteRow): ConsultantNote => ({
  id: row.id,
  text: unseal(broker, row.id, 'consultantNote', row.text_ciphertext),
  authorName: row.author_name || row.author_email,
  createdAt: new Date(row.created_at).toISOString(),
  callRequestId: row.call_request_id,
});

async function notesOf(broker: Broker, applicationId: string): Promise<ConsultantNote[]> {
  const { rows } = await broker.db.query<NoteRow>(
    `SELECT n.id, n.text_ciphertext, m.name AS author_name, m.email AS author_email, n.created_at, n.call_request_id
     FROM consultant_notes n JOIN staff_members m ON m.id = n.staff_id
     WHERE n.application_id = $1 ORDER BY n.created_at, n.id`,
    [applicationId],
  );
  return rows.map((row) => noteOf(broker, row));
}

interface CallRow {
  id: string;
  slot_start: Date;
  state: StaffCallRequest['state'];
  question_ciphertext: string | null;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

const CALL_COLUMNS = `c.id, c.slot_start, c.state, c.question_ciphertext, c.created_at, c.handled_at,
  COALESCE(NULLIF(m.name, ''), m.email) AS handled_by`;

const callOf = (broker: Broker, row: CallRow): StaffCallRequest => ({
  id: row.id,
  slotStart: new Date(row.slot_start).toISOString(),
  state: row.state,
  question: row.question_ciphertext ? unseal(broker, row.id, 'callQuestion', row.question_ciphertext) : null,
  createdAt: new Date(row.created_at).toISOString(),
  handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
  handledBy: row.handled_by,
});

async function callsOf(broker: Broker, applicationId: string): Promise<StaffCallRequest[]> {
  const { rows } = await broker.db.query<CallRow>(
    `SELECT ${CALL_COLUMNS} FROM call_requests c LEFT JOIN staff_members m ON m.id = c.handled_by
     WHERE c.application_id = $1 ORDER BY c.created_at, c.id`,
    [applicationId],
  );
  return rows.map((row) => callOf(broker, row));
}

export async function consultantApplicationOf(
  broker: Broker,
  staffId: string,
  applicationId: string,
): Promise<ConsultantApplication> {
  const row = await scopedApplication(broker.db, applicationId);
  const applicant = openApplicant(broker.cipher, row);
  const [timeline, notes, callRequests] = [
    await timelineOf(broker.db, broker.lenders, applicationId),
    await notesOf(broker, applicationId),
    await callsOf(broker, applicationId),
  ];
  await writeAudit(broker.db, { staffId, action: 'application.viewed', applicationId });
  return {
    applicationId: row.id,
    shortId: shortIdOf(row.id),
    state: row.state,
    language: row.language,
    firstName: applicant?.firstname ?? '',
    personalCodeMasked: applicant ? maskPersonalCode(applicant.personalId) : '',
    loan: { amount: row.amount, term: row.term, purpose: row.purpose },
    createdAt: new Date(row.created_at).toISOString(),
    timeline,
    notes,
    callRequests,
  };
}

export async function personalDataOf(
  broker: Broker,
  staffId: string,
  applicationId: string,
  reason: PersonalDataReason,
): Promise<PersonalData> {
  const row = await scopedApplication(broker.db, applicationId);
  const applicant = openApplicant(broker.cipher, row);
  if (!applicant) throw new Refusal('unknownApplication');
  await writeAudit(broker.db, { staffId, action: 'application.personalDataViewed', applicationId, reason });
  return {
    firstName: applicant.firstname,
    lastName: applicant.lastname,
    email: applicant.email,
    phoneNumber: applicant.phoneNumber,
    monthlyIncome: applicant.monthlyIncome,
    incomeTypes: applicant.incomeTypes.map((entry) => entry.type),
    monthlyFinancialLiabilities: applicant.monthlyFinancialLiabilities ?? null,
  };
}

async function insertNote(
  broker: Broker,
  tx: Sql,
  staffId: string,
  applicationId: string,
  text: string,
  callRequestId: string | null,
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO consultant_notes (id, application_id, staff_id, call_request_id, text_ciphertext)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, applicationId, staffId, callRequestId, seal(broker, id, 'consultantNote', text)],
  );
  return id;
}

async function noteById(broker: Broker, id: string): Promise<ConsultantNote> {
  const [row] = (
    await broker.db.query<NoteRow>(
      `SELECT n.id, n.text_ciphertext, m.name AS author_name, m.email AS author_email, n.created_at, n.call_request_id
       FROM consultant_notes n JOIN staff_members m ON m.id = n.staff_id WHERE n.id = $1`,
      [id],
    )
  ).rows;
  if (!row) throw new Refusal('unknownApplication');
  return noteOf(broker, row);
}

export async function addNote(
  broker: Broker,
  staffId: string,
  applicationId: string,
  text: string,
): Promise<ConsultantNote> {
  await scopedApplication(broker.db, applicationId);
  const id = await broker.db.transaction(async (tx) => {
    const noteId = await insertNote(broker, tx, staffId, applicationId, text, null);
    await writeAudit(tx, { staffId, action: 'application.noteAdded', applicationId, details: { noteId } });
    return noteId;
  });
  return noteById(broker, id);
}

/** Marks a waiting call called or not reached; one that no longer waits (cancelled, moved, marked) is refused. */
export async function markCall(
  broker: Broker,
  staffId: string,
  callRequestId: string,
  { outcome, note }: MarkCallBody,
): Promise<StaffCallRequest> {
  await broker.db.transaction(async (tx) => {
    const [marked] = (
      await tx.query<{ application_id: string }>(
        `UPDATE call_requests SET state = $2, handled_by = $3, handled_at = now(), updated_at = now()
         WHERE id = $1 AND state = 'requested' RETURNING application_id`,
        [callRequestId, outcome, staffId],
      )
    ).rows;
    if (!marked) throw new Refusal('noCallRequest');
    const text = note?.trim();
    const noteId = text ? await insertNote(broker, tx, staffId, marked.application_id, text, callRequestId) : null;
    await writeAudit(tx, {
      staffId,
      action: 'callRequest.marked',
      applicationId: marked.application_id,
      details: { callRequestId, outcome, noteId },
    });
  });
  const [row] = (
    await broker.db.query<CallRow>(
      `SELECT ${CALL_COLUMNS} FROM call_requests c LEFT JOIN staff_members m ON m.id = c.handled_by WHERE c.id = $1`,
      [callRequestId],
    )
  ).rows;
  if (!row) throw new Refusal('noCallRequest');
  return callOf(broker, row);
}

/** A new message with the continue link, on the channels the person allowed; answers which. */
export async function resendContinueLink(broker: Broker, staffId: string, applicationId: string) {
  const row = await scopedApplication(broker.db, applicationId);
  // an expired or erased application has nothing to continue
  if (row.state === 'expired') throw new Refusal('wrongState');
  const channels = await noticeContinueLink(broker, applicationId);
  await writeAudit(broker.db, {
    staffId,
    action: 'application.continueLinkResent',
    applicationId,
    details: { channels: channels.join(',') },
  });
  return { channels };
}

/**
 * The consultants' notes on an application, for the person's data export (GDPR Art. 15): what was written and when;
 * who wrote it stays the broker's (a member of staff is named in the audit log).
 */
export async function consultantNotesForExport(broker: Broker, applicationId: string) {
  const { rows } = await broker.db.query<{ id: string; text_ciphertext: string; created_at: Date }>(
    'SELECT id, text_ciphertext, created_at FROM consultant_notes WHERE application_id = $1 ORDER BY created_at, id',
    [applicationId],
  );
  return rows.map((row) => ({
    text: unseal(broker, row.id, 'consultantNote', row.text_ciphertext),
    writtenAt: new Date(row.created_at).toISOString(),
  }));
}
