import { randomUUID } from 'node:crypto';
import type { CallRequestAnswer, CallRequestState, ConsultantSlots } from '../../domain/call-request-api.ts';
import { isOpenNow, nextOpenSlot, openSlotDays, slotVerdict } from '../../domain/consultant-hours.ts';
import { isLatvianPublicHoliday } from '../../domain/latvian-holidays.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { noticeCallRequested } from '../notices/notice-triggers.ts';
import { emailKeyOf, phoneKeyOf } from '../security/lookup-keys.ts';
import { openApplicant } from './applicant-record.ts';
import { lockApplication } from './lifecycle/transition.ts';
import { Refusal } from './refusal.ts';
import { applicationRowById } from './status.ts';

/**
 * "Ask a consultant to call me" (issue 34): one call request waits at a time an application, at a slot within the
 * consultant hours. Moving it replaces it (the old one is cancelled, the new one confirmed again); the question and
 * the number to call are sealed with the request's id as associated data, and go with the application.
 */

export function consultantSlots(now: Date = new Date()): ConsultantSlots {
  return {
    openNow: isOpenNow(now, isLatvianPublicHoliday),
    days: openSlotDays(now, isLatvianPublicHoliday).map((day) => ({ day: day.day, slots: [...day.slots] })),
  };
}

/** A slot a call may be set for, or the refusal that names the next open one; closed is told before past. */
function requireOpenSlot(slotStart: string, now: Date = new Date()): Date {
  const start = new Date(slotStart);
  const nextSlot = nextOpenSlot(now, isLatvianPublicHoliday);
  if (slotVerdict(start, isLatvianPublicHoliday) !== 'open') throw new Refusal('slotClosed', { nextSlot });
  if (start.getTime() <= now.getTime()) throw new Refusal('slotPast', { nextSlot });
  return start;
}

/** A call request's text sealed with its id and purpose as associated data (also the consultants' notes'). */
export const seal = (broker: Broker, id: string, purpose: string, text: string) => {
  const sealed = broker.cipher.encrypt(text, `${id}:${purpose}`);
  return `${sealed.keyId}.${sealed.ciphertext}`;
};

export const unseal = (broker: Broker, id: string, purpose: string, sealed: string) => {
  const separator = sealed.indexOf('.');
  return broker.cipher.decrypt(sealed.slice(0, separator), sealed.slice(separator + 1), `${id}:${purpose}`);
};

interface CallRow {
  id: string;
  slot_start: Date;
  state: CallRequestState;
  question_ciphertext: string | null;
}

async function waitingCall(sql: Sql, applicationId: string, lock = false): Promise<CallRow | undefined> {
  const [row] = (
    await sql.query<CallRow>(
      `SELECT id, slot_start, state, question_ciphertext FROM call_requests
       WHERE application_id = $1 AND state = 'requested' ${lock ? 'FOR UPDATE' : ''}`,
      [applicationId],
    )
  ).rows;
  return row;
}

/** The person's phone, from the application: the number a consultant calls is the one they gave. */
async function applicantOf(broker: Broker, applicationId: string) {
  const row = await applicationRowById(broker.db, applicationId);
  const applicant = row ? openApplicant(broker.cipher, row) : null;
  if (!row || !applicant) throw new Refusal('unknownApplication');
  if (row.state === 'expired') throw new Refusal('wrongState');
  return { phone: applicant.phoneNumber, email: applicant.email, language: row.language };
}

const phoneEndingOf = (phone: string) => phone.replace(/\D/g, '').slice(-2);

/** The waiting call request, if any, and the last two digits of the number to be called. */
export async function callRequestOf(broker: Broker, applicationId: string): Promise<CallRequestAnswer> {
  const { phone } = await applicantOf(broker, applicationId);
  const row = await waitingCall(broker.db, applicationId);
  return {
    callRequest: row
      ? {
          id: row.id,
          slotStart: row.slot_start.toISOString(),
          state: row.state,
          question: row.question_ciphertext ? unseal(broker, row.id, 'callQuestion', row.question_ciphertext) : null,
        }
      : null,
    phoneEnding: phoneEndingOf(phone),
  };
}

/**
 * Stores a call request, cancelling the one waiting, and queues its confirmation; a move (`keep`) must find one
 * waiting and keeps its question.
 */
async function setCall(
  broker: Broker,
  applicationId: string,
  slotStart: string,
  question: { readonly text: string | undefined } | 'keep',
): Promise<CallRequestAnswer> {
  const start = requireOpenSlot(slotStart);
  const { phone, email, language } = await applicantOf(broker, applicationId);
  const id = randomUUID();
  await broker.db.transaction(async (tx) => {
    await lockApplication(tx, applicationId);
    const waiting = await waitingCall(tx, applicationId, true);
    if (question === 'keep' && !waiting) throw new Refusal('noCallRequest');
    if (waiting) {
      await tx.query(`UPDATE call_requests SET state = 'cancelled', updated_at = now() WHERE id = $1`, [waiting.id]);
    }
    const text =
      question === 'keep'
        ? waiting?.question_ciphertext
          ? unseal(broker, waiting.id, 'callQuestion', waiting.question_ciphertext)
          : undefined
        : question.text?.trim() || undefined;
    await tx.query(
      `INSERT INTO call_requests (id, application_id, slot_start, question_ciphertext, phone_ciphertext, language,
         email_key, phone_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        applicationId,
        start,
        text ? seal(broker, id, 'callQuestion', text) : null,
        seal(broker, id, 'callPhone', phone),
        language,
        // the consultants find the request by these (server/staff/consultant/search.ts)
        emailKeyOf(broker.config.lookupKey, email),
        phoneKeyOf(broker.config.lookupKey, phone),
      ],
    );
  });
  await noticeCallRequested(broker, applicationId, id);
  return callRequestOf(broker, applicationId);
}

export const requestCall = (broker: Broker, applicationId: string, slotStart: string, question?: string) =>
  setCall(broker, applicationId, slotStart, { text: question });

export const moveCall = (broker: Broker, applicationId: string, slotStart: string) =>
  setCall(broker, applicationId, slotStart, 'keep');

export async function cancelCall(broker: Broker, applicationId: string): Promise<void> {
  const { rows } = await broker.db.query(
    `UPDATE call_requests SET state = 'cancelled', updated_at = now()
     WHERE application_id = $1 AND state = 'requested' RETURNING id`,
    [applicationId],
  );
  if (rows.length === 0) throw new Refusal('noCallRequest');
}

/** Every call request of an application, its question and number opened, for the person's data export. */
export async function callRequestsForExport(broker: Broker, applicationId: string) {
  const { rows } = await broker.db.query<
    CallRow & { phone_ciphertext: string; language: string; created_at: Date; updated_at: Date }
  >(
    `SELECT id, slot_start, state, question_ciphertext, phone_ciphertext, language, created_at, updated_at
     FROM call_requests WHERE application_id = $1 ORDER BY created_at, id`,
    [applicationId],
  );
  return rows.map((row) => ({
    slotStart: row.slot_start.toISOString(),
    state: row.state,
    language: row.language,
    question: row.question_ciphertext ? unseal(broker, row.id, 'callQuestion', row.question_ciphertext) : null,
    phoneNumber: unseal(broker, row.id, 'callPhone', row.phone_ciphertext),
    askedAt: row.created_at.toISOString(),
    changedAt: row.updated_at.toISOString(),
  }));
}
