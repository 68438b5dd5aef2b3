import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Consent } from '../../domain/account-api.ts';
import type { ApplicationState, LenderProgress } from '../../domain/api.ts';
import type { LoanApplication } from '../../domain/application.ts';
import { company } from '../../domain/company.ts';
import { lenderProgress, type LenderRequestState } from '../../domain/lender-progress.ts';
import type { Broker } from '../broker.ts';
import { openApplicant } from '../applications/applicant-record.ts';
import {
  enqueueWithdrawals,
  prepareWithdrawalQueue,
  type LenderWithdrawalJob,
} from '../applications/lender-withdrawal.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from '../applications/status.ts';
import { announceStatusChange } from '../applications/status-hub.ts';
import { DEFAULT_LENDER_TIMEOUT_MS } from '../lenders/lender-client.ts';
import { consentsOf } from './consents.ts';

/**
 * "My data": everything held about a person, as JSON (GDPR access and portability), and its erasure.
 * The person is their keyed hash (person_key). Only what is about them goes out: never a token hash, a
 * ciphertext, a lookup key, a provider's session or secret, nor anything about anyone else.
 */

export interface ExportedApplication {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly state: ApplicationState;
  readonly language: string;
  readonly loan: { readonly amount: number; readonly term: number; readonly purpose: string };
  /** the application form as the person filled it in, decrypted */
  readonly applicant: LoanApplication | null;
  /** where the person came from: publisher, utm_* and referrer */
  readonly tracking: unknown;
  /** the form's choices about messages on this application */
  readonly noticeChoices: unknown;
  readonly identifiedAt: string | null;
  readonly identifications: readonly {
    readonly method: string;
    readonly institution: string | null;
    readonly state: string;
    readonly failure: string | null;
    readonly startedAt: string;
    readonly finishedAt: string | null;
  }[];
  /** the lenders the application went to */
  readonly lenders: readonly {
    readonly lenderId: string;
    readonly lenderName: string;
    readonly progress: LenderProgress;
    readonly sentAt: string | null;
    readonly answeredAt: string | null;
  }[];
  readonly offers: readonly {
    readonly id: string;
    readonly lenderId: string;
    readonly lenderName: string;
    readonly amount: number;
    readonly term: number;
    readonly annualRate: number;
    readonly arrangementFee: number;
    readonly monthlyFee: number;
    readonly monthlyPayment: number;
    readonly totalPayable: number;
    readonly totalCostOfCredit: number;
    readonly apr: number;
    readonly exceedsCostCap: boolean;
    readonly validUntil: string;
    readonly receivedAt: string;
  }[];
  readonly chosenOfferId: string | null;
  readonly signUrl: string | null;
  /** the e-mails and SMS about this application */
  readonly notices: readonly {
    readonly kind: string;
    readonly channel: string;
    readonly state: string;
    readonly queuedAt: string;
    readonly sentAt: string | null;
  }[];
}

export interface PersonDataExport {
  readonly exportedAt: string;
  readonly about: {
    readonly controller: string;
    readonly registrationNumber: string;
    readonly address: string;
    readonly email: string;
    readonly contents: string;
  };
  readonly applications: readonly ExportedApplication[];
  readonly consents: readonly Consent[];
  /** the account's sessions that have not ended */
  readonly sessions: readonly { readonly method: string; readonly startedAt: string; readonly lastSeenAt: string }[];
  /** logins to the account that have not been cleared yet */
  readonly logins: readonly {
    readonly method: string;
    readonly institution: string | null;
    readonly state: string;
    readonly startedAt: string;
    readonly finishedAt: string | null;
  }[];
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Rows of one application, grouped by application id. */
function byApplication<Row extends { application_id: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const list = grouped.get(row.application_id);
    if (list) list.push(row);
    else grouped.set(row.application_id, [row]);
  }
  return grouped;
}

export async function exportPersonData(broker: Broker, personKey: string): Promise<PersonDataExport> {
  const { db, cipher, lenders } = broker;
  const lenderName = (id: string) => lenders.get(id)?.name ?? id;
  const rows = (
    await db.query<ApplicationRow & { created_at: Date; tracking: unknown; notice_choices: unknown }>(
      `SELECT ${APPLICATION_COLUMNS}, created_at, tracking, notice_choices FROM applications
       WHERE person_key = $1 ORDER BY created_at DESC, id`,
      [personKey],
    )
  ).rows;
  const ids = rows.map((row) => row.id);

  const identifications = byApplication(
    (
      await db.query<{
        application_id: string;
        method: string;
        institution_id: string | null;
        state: string;
        failure: string | null;
        created_at: Date;
        finished_at: Date | null;
      }>(
        `SELECT application_id, method, institution_id, state, failure, created_at, finished_at FROM identifications
         WHERE application_id = ANY($1::uuid[]) ORDER BY created_at, id`,
        [ids],
      )
    ).rows,
  );
  const requests = byApplication(
    (
      await db.query<{
        application_id: string;
        lender_id: string;
        state: LenderRequestState;
        sent_at: Date | null;
        answered_at: Date | null;
      }>(
        `SELECT application_id, lender_id, state, sent_at, answered_at FROM lender_requests
         WHERE application_id = ANY($1::uuid[]) ORDER BY lender_id`,
        [ids],
      )
    ).rows,
  );
  const offers = byApplication(
    (
      await db.query<{
        application_id: string;
        id: string;
        lender_id: string;
        amount: number;
        term: number;
        annual_rate: number;
        arrangement_fee: number;
        monthly_fee: number;
        monthly_payment: number;
        total_payable: number;
        total_cost_of_credit: number;
        apr: number;
        exceeds_cost_cap: boolean;
        valid_until: Date;
        created_at: Date;
      }>(
        `SELECT application_id, id, lender_id, amount::float8 AS amount, term, annual_rate::float8 AS annual_rate,
           arrangement_fee::float8 AS arrangement_fee, monthly_fee::float8 AS monthly_fee,
           monthly_payment::float8 AS monthly_payment, total_payable::float8 AS total_payable,
           total_cost_of_credit::float8 AS total_cost_of_credit, apr::float8 AS apr, exceeds_cost_cap,
           valid_until, created_at
         FROM offers WHERE application_id = ANY($1::uuid[]) ORDER BY apr, total_payable, lender_id`,
        [ids],
      )
    ).rows,
  );
  const notices = byApplication(
    (
      await db.query<{
        application_id: string;
        kind: string;
        channel: string;
        state: string;
        created_at: Date;
        sent_at: Date | null;
      }>(
        `SELECT application_id, kind, channel, state, created_at, sent_at FROM notices
         WHERE application_id = ANY($1::uuid[]) ORDER BY created_at, id`,
        [ids],
      )
    ).rows,
  );

  const applications = rows.map((row): ExportedApplication => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    state: row.state,
    language: row.language,
    loan: { amount: row.amount, term: row.term, purpose: row.purpose },
    applicant: openApplicant(cipher, row),
    tracking: row.tracking,
    noticeChoices: row.notice_choices,
    identifiedAt: iso(row.identified_at),
    identifications: (identifications.get(row.id) ?? []).map((identification) => ({
      method: identification.method,
      institution: identification.institution_id,
      state: identification.state,
      failure: identification.failure,
      startedAt: identification.created_at.toISOString(),
      finishedAt: iso(identification.finished_at),
    })),
    lenders: (requests.get(row.id) ?? []).map((request) => ({
      lenderId: request.lender_id,
      lenderName: lenderName(request.lender_id),
      progress: lenderProgress(request.state),
      sentAt: iso(request.sent_at),
      answeredAt: iso(request.answered_at),
    })),
    offers: (offers.get(row.id) ?? []).map((offer) => ({
      id: offer.id,
      lenderId: offer.lender_id,
      lenderName: lenderName(offer.lender_id),
      amount: offer.amount,
      term: offer.term,
      annualRate: offer.annual_rate,
      arrangementFee: offer.arrangement_fee,
      monthlyFee: offer.monthly_fee,
      monthlyPayment: offer.monthly_payment,
      totalPayable: offer.total_payable,
      totalCostOfCredit: offer.total_cost_of_credit,
      apr: offer.apr,
      exceedsCostCap: offer.exceeds_cost_cap,
      validUntil: offer.valid_until.toISOString(),
      receivedAt: offer.created_at.toISOString(),
    })),
    chosenOfferId: row.chosen_offer_id,
    signUrl: row.sign_url,
    notices: (notices.get(row.id) ?? []).map((notice) => ({
      kind: notice.kind,
      channel: notice.channel,
      state: notice.state,
      queuedAt: notice.created_at.toISOString(),
      sentAt: iso(notice.sent_at),
    })),
  }));

  const sessions = (
    await db.query<{ method: string; created_at: Date; last_seen_at: Date }>(
      'SELECT method, created_at, last_seen_at FROM account_sessions WHERE person_key = $1 ORDER BY created_at',
      [personKey],
    )
  ).rows;
  const logins = (
    await db.query<{
      method: string;
      institution_id: string | null;
      state: string;
      created_at: Date;
      finished_at: Date | null;
    }>(
      `SELECT method, institution_id, state, created_at, finished_at FROM login_attempts
       WHERE person_key = $1 ORDER BY created_at, id`,
      [personKey],
    )
  ).rows;

  return {
    exportedAt: new Date().toISOString(),
    about: {
      controller: company.legalName,
      registrationNumber: company.registrationNumber,
      address: company.address,
      email: company.email,
      contents:
        'Everything the controller holds about you: your loan applications with the form as you filled it in, ' +
        'your identifications, the lenders each went to and their offers, the messages sent to you, your ' +
        'consents, and your account sessions and logins. Lenders you signed a contract with hold their own records.',
    },
    applications,
    consents: await consentsOf(db, personKey),
    sessions: sessions.map((session) => ({
      method: session.method,
      startedAt: session.created_at.toISOString(),
      lastSeenAt: session.last_seen_at.toISOString(),
    })),
    logins: logins.map((login) => ({
      method: login.method,
      institution: login.institution_id,
      state: login.state,
      startedAt: login.created_at.toISOString(),
      finishedAt: iso(login.finished_at),
    })),
  };
}

/** Lender rows whose lender got the application and has not closed it: it is told of the erasure. */
const HELD_BY_LENDER: ReadonlySet<LenderRequestState> = new Set(['sent', 'offer', 'timeout']);
/** A signed contract lives with its lender: that lender is not told the application is withdrawn. */
const CONTRACTED: ReadonlySet<ApplicationState> = new Set(['signed', 'paid']);
/**
 * A send in flight when the erasure comes may reach the lender after the rows are gone, leaving the lender with
 * an application no one withdraws: the erasure waits for it to end, at most as long as one send can take.
 */
const IN_FLIGHT_WAIT_MS = DEFAULT_LENDER_TIMEOUT_MS + 2_000;

/**
 * Erasure, in one transaction: every application of the person goes (its identifications, lender rows, offers,
 * handoffs, continue links and notices with it), and their consents, account sessions and logins. Each lender
 * that got one of the applications and still holds it open (sent, offered, or not answered in time) is told it
 * is withdrawn by a `lender-withdraw` job queued in the same transaction: there is no erasure without its
 * withdrawals, nor a withdrawal without its erasure. Signed and paid applications go too; the lender holding the
 * contract is not told (the contract lives with it), the other lenders that got the application are.
 */
export async function erasePersonData(
  broker: Broker,
  personKey: string,
): Promise<{ withdrawnApplications: number; deletedApplications: number }> {
  await prepareWithdrawalQueue(broker.boss);
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const outcome = await broker.db.transaction(async (tx) => {
      const applications = (
        await tx.query<{ id: string; state: ApplicationState; contract_lender: string | null }>(
          `SELECT a.id, a.state, o.lender_id AS contract_lender
           FROM applications a LEFT JOIN offers o ON o.id = a.chosen_offer_id
           WHERE a.person_key = $1 ORDER BY a.id FOR UPDATE OF a`,
          [personKey],
        )
      ).rows;
      const ids = applications.map((application) => application.id);
      // locked: a send not yet claimed now finds no row once this commits
      const requests = (
        await tx.query<{
          application_id: string;
          lender_id: string;
          state: LenderRequestState;
          lender_reference: string | null;
          in_flight: boolean;
        }>(
          `SELECT application_id, lender_id, state, lender_reference,
             (state = 'sending' AND lease_until > now()) AS in_flight
           FROM lender_requests WHERE application_id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
          [ids],
        )
      ).rows;
      if (requests.some((request) => request.in_flight) && Date.now() < waitUntil) return null;

      const byId = new Map(applications.map((application) => [application.id, application]));
      const withdrawals: (LenderWithdrawalJob & { applicationId: string })[] = [];
      for (const request of requests) {
        const application = byId.get(request.application_id);
        if (!application || request.lender_reference === null || !HELD_BY_LENDER.has(request.state)) continue;
        if (CONTRACTED.has(application.state) && application.contract_lender === request.lender_id) continue;
        withdrawals.push({
          applicationId: application.id,
          lenderId: request.lender_id,
          lenderReference: request.lender_reference,
          requestId: randomUUID(),
          reason: 'erasure',
        });
      }
      await enqueueWithdrawals(
        broker.boss,
        tx,
        withdrawals.map(({ lenderId, lenderReference, requestId, reason }) => ({
          lenderId,
          lenderReference,
          requestId,
          reason,
        })),
      );

      if (ids.length > 0) await tx.query('DELETE FROM applications WHERE id = ANY($1::uuid[])', [ids]);
      // open status streams and every process's cached status learn the application is gone
      for (const id of ids) await announceStatusChange(tx, id);
      await tx.query('DELETE FROM consents WHERE person_key = $1', [personKey]);
      await tx.query('DELETE FROM account_sessions WHERE person_key = $1', [personKey]);
      await tx.query('DELETE FROM login_attempts WHERE person_key = $1', [personKey]);
      return {
        deleted: ids,
        withdrawnApplications: new Set(withdrawals.map((withdrawal) => withdrawal.applicationId)).size,
      };
    });
    if (outcome) {
      // this process answers at once, before the NOTIFY comes back (read-your-writes)
      for (const id of outcome.deleted) broker.hub.forget(id);
      return { withdrawnApplications: outcome.withdrawnApplications, deletedApplications: outcome.deleted.length };
    }
    await sleep(200);
  }
}
