import { callRequestsForExport } from '../applications/call-requests.ts';
import { consultantNotesForExport } from '../staff/consultant/consultant.ts';
import { STATES_OPEN_WITH_LENDERS } from '../../domain/application-lifecycle.ts';
import { company } from '../../domain/company.ts';
import type { EraseAnswer } from '../../domain/account-api.ts';
import type { Broker } from '../broker.ts';
import { openApplicant } from '../applications/applicant-record.ts';
import { afterErasure, eraseWhere } from '../applications/lifecycle/transition.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from '../applications/status.ts';
import { consentsOf } from './consents.ts';
import { erasuresOf, queueErasureNotice, recordErasure } from './erasure-notices.ts';

/**
 * "My data": everything held about a person, as JSON (GDPR access and portability), and its erasure.
 * Only what is about the person goes out: no token hashes, ciphertexts, lookup keys or provider secrets.
 */

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

type ExportedRow = ApplicationRow & { created_at: Date; tracking: unknown; notice_choices: unknown };

export async function exportPersonData(broker: Broker, personKey: string) {
  const { db } = broker;
  const rows = (
    await db.query<ExportedRow>(
      `SELECT ${APPLICATION_COLUMNS}, created_at, tracking, notice_choices FROM applications
       WHERE person_key = $1 ORDER BY created_at DESC`,
      [personKey],
    )
  ).rows;
  const applications = [];
  for (const row of rows) applications.push(await applicationExport(broker, row));
  const sessions = (
    await db.query<{ method: string; created_at: Date; last_seen_at: Date }>(
      'SELECT method, created_at, last_seen_at FROM account_sessions WHERE person_key = $1 ORDER BY created_at',
      [personKey],
    )
  ).rows;
  return {
    exportedAt: new Date().toISOString(),
    controller: {
      name: company.legalName,
      registrationNumber: company.registrationNumber,
      address: company.address,
      email: company.email,
    },
    applications,
    consents: await consentsOf(db, personKey),
    // the record of past erasures is about the person too (Art. 15): which lenders were told, when, their answers
    erasures: await erasuresOf(broker, personKey),
    sessions: sessions.map((session) => ({
      method: session.method,
      startedAt: session.created_at.toISOString(),
      lastSeenAt: session.last_seen_at.toISOString(),
    })),
  };
}

/** One application as the export shows it: its identifications, lenders, offers and messages. */
async function applicationExport(broker: Broker, row: ExportedRow) {
  const { db, cipher, lenders } = broker;
  const identifications = (
    await db.query<{
      method: string;
      institution_id: string | null;
      state: string;
      created_at: Date;
      finished_at: Date | null;
    }>(
      `SELECT method, institution_id, state, created_at, finished_at FROM identifications
       WHERE application_id = $1 ORDER BY created_at`,
      [row.id],
    )
  ).rows;
  const requests = (
    await db.query<{ lender_id: string; state: string; sent_at: Date | null; answered_at: Date | null }>(
      'SELECT lender_id, state, sent_at, answered_at FROM lender_requests WHERE application_id = $1 ORDER BY lender_id',
      [row.id],
    )
  ).rows;
  const offers = (
    await db.query<Record<string, unknown> & { lender_id: string; valid_until: Date; created_at: Date }>(
      `SELECT id, lender_id, amount::float8 AS amount, term, annual_rate::float8 AS annual_rate,
         arrangement_fee::float8 AS arrangement_fee, monthly_fee::float8 AS monthly_fee,
         monthly_payment::float8 AS monthly_payment, total_payable::float8 AS total_payable,
         total_cost_of_credit::float8 AS total_cost_of_credit, apr::float8 AS apr, valid_until, created_at
       FROM offers WHERE application_id = $1 ORDER BY apr`,
      [row.id],
    )
  ).rows;
  const notices = (
    await db.query<{ kind: string; channel: string; state: string; created_at: Date; sent_at: Date | null }>(
      'SELECT kind, channel, state, created_at, sent_at FROM notices WHERE application_id = $1 ORDER BY created_at',
      [row.id],
    )
  ).rows;
  const lenderName = (id: string) => lenders.get(id)?.name ?? id;
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    state: row.state,
    language: row.language,
    loan: { amount: row.amount, term: row.term, purpose: row.purpose },
    applicant: openApplicant(cipher, row),
    tracking: row.tracking,
    noticeChoices: row.notice_choices,
    identifications: identifications.map((identification) => ({
      method: identification.method,
      bank: identification.institution_id,
      state: identification.state,
      startedAt: identification.created_at.toISOString(),
      finishedAt: iso(identification.finished_at),
    })),
    lenders: requests.map((request) => ({
      lender: lenderName(request.lender_id),
      state: request.state,
      sentAt: iso(request.sent_at),
      answeredAt: iso(request.answered_at),
    })),
    offers: offers.map(({ lender_id, valid_until, created_at, ...terms }) => ({
      lender: lenderName(lender_id),
      ...terms,
      validUntil: valid_until.toISOString(),
      receivedAt: created_at.toISOString(),
    })),
    chosenOfferId: row.chosen_offer_id,
    signUrl: row.sign_url,
    callRequests: await callRequestsForExport(broker, row.id),
    consultantNotes: await consultantNotesForExport(broker, row.id),
    messages: notices.map((notice) => ({
      kind: notice.kind,
      channel: notice.channel,
      state: notice.state,
      queuedAt: notice.created_at.toISOString(),
      sentAt: iso(notice.sent_at),
    })),
  };
}

/**
 * Erasure: every application of the person goes (the lifecycle's `erased`, with its offers, lender rows, messages
 * and links), their consents and sessions too. Every lender that ever received one of the applications is told to
 * erase it (GDPR Art. 17(2), 19), whatever it answered and however the application ended: a lender that declined, or
 * whose application expired or was signed, still holds what we sent it. Each lender reference is told once, and the
 * record of who was told stays for the person to see (erasure-notices.ts); a later erasure leaves the earlier records
 * in place, as keeping them is how we meet Art. 19 (Art. 17(3)(b)), and they end a year on by themselves.
 */
export async function erasePersonData(broker: Broker, personKey: string): Promise<EraseAnswer> {
  const { notices, withdrawn, deleted } = await broker.db.transaction(async (tx) => {
    // the applications first: their lender rows cannot change under the erasure (a callback locks them alike)
    await tx.query('SELECT id FROM applications WHERE person_key = $1 FOR UPDATE', [personKey]);
    const received = (
      await tx.query<{ application_id: string; lender_id: string; lender_reference: string; open: boolean }>(
        `SELECT r.application_id, r.lender_id, r.lender_reference,
           (a.state = ANY($2::text[]) AND r.state IN ('sent', 'offer')) AS open
         FROM lender_requests r JOIN applications a ON a.id = r.application_id
         WHERE a.person_key = $1 AND r.lender_reference IS NOT NULL
         ORDER BY r.lender_id, r.lender_reference`,
        [personKey, STATES_OPEN_WITH_LENDERS],
      )
    ).rows;
    const removed = await eraseWhere(tx, 'a.person_key = $1', [personKey]);
    await tx.query('DELETE FROM consents WHERE person_key = $1', [personKey]);
    await tx.query('DELETE FROM account_sessions WHERE person_key = $1', [personKey]);
    await tx.query('DELETE FROM login_attempts WHERE person_key = $1', [personKey]);
    // one word per lender reference, however many rows name it
    const told = new Map(
      received.map((request) => [
        `${request.lender_id}\u0000${request.lender_reference}`,
        { lenderId: request.lender_id, lenderReference: request.lender_reference },
      ]),
    );
    return {
      notices: await recordErasure(tx, personKey, [...told.values()]),
      withdrawn: new Set(received.filter((request) => request.open).map((request) => request.application_id)).size,
      deleted: removed,
    };
  });
  await afterErasure(broker, deleted);
  // after the commit, and never failing the erasure: the data is gone either way, and a notice left unqueued (a
  // crash, the queue's insert failing) is queued again by the sweep, as its record says it was never sent
  for (const notice of notices) {
    try {
      await queueErasureNotice(broker, notice);
    } catch (error) {
      broker.log.error({ err: error, noticeId: notice.id, lenderId: notice.lenderId }, 'erasure notice not queued');
    }
  }
  const lenderIds = [...new Set(notices.map((notice) => notice.lenderId))];
  return {
    withdrawnApplications: withdrawn,
    deletedApplications: deleted.length,
    lendersToBeTold: lenderIds.map((lenderId) => ({
      lenderId,
      lender: broker.lenders.get(lenderId)?.name ?? lenderId,
    })),
  };
}
