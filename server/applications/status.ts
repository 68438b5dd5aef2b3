import {
  DECLINE_REASONS,
  type ApplicationState,
  type ApplicationStatus,
  type DeclineReason,
  type IdentificationFailure,
  type IdentificationMethod,
  type LenderStatus,
  type ReviewStatus,
} from '../../domain/api.ts';
import { rankOffers } from '../../domain/offer-ranking.ts';
import type { Language } from '../../domain/language.ts';
import type { LoanPurpose } from '../../domain/application.ts';
import type { Offer, PayoutTime } from '../../domain/offer.ts';
import type { Database, Sql } from '../db/database.ts';
import type { FieldCipher } from '../security/field-cipher.ts';
import { lenderMonogramPath, type LenderEndpoint } from '../lenders/registry.ts';
import { openApplicant } from './applicant-record.ts';
import { lenderProgress, type LenderRequestState } from '../../domain/lender-progress.ts';
import { DOCUMENT_REQUESTS_JSON_SQL, documentRequestOf, type DocumentRequestRow } from './document-requests.ts';

export interface ApplicationRow {
  id: string;
  state: ApplicationState;
  language: Language;
  amount: number;
  term: number;
  purpose: LoanPurpose;
  key_id: string;
  applicant_ciphertext: string | null;
  chosen_offer_id: string | null;
  sign_url: string | null;
  token_expires_at: Date;
  updated_at: Date;
  identified_at: Date | null;
  /** lenders the person unticked: never asked */
  excluded_lenders: string[];
  /** sent by a widget in test mode */
  test: boolean;
}

interface IdentificationRow {
  method: IdentificationMethod;
  state: 'pending' | 'succeeded' | 'failed' | 'abandoned';
  verification_code: string | null;
  failure: IdentificationFailure | null;
}

interface OfferRow {
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
}

/** An application with its status's parts, as the one status statement returns them. */
interface StatusRow extends ApplicationRow {
  identification: IdentificationRow | null;
  requests: { lender_id: string; state: LenderRequestState; failure: string | null }[];
  reviews: (Omit<ReviewRequestRow, 'created_at' | 'answered_at'> & {
    created_at: string;
    answered_at: string | null;
  })[];
  offers: (Omit<OfferRow, 'valid_until'> & { valid_until: string })[];
  document_requests: DocumentRequestRow[];
}

export const APPLICATION_COLUMNS =
  'id, state, language, amount, term, purpose, key_id, applicant_ciphertext, chosen_offer_id, sign_url, token_expires_at, updated_at, identified_at, excluded_lenders, test';

/** One application's row by its id, or null: the read the lenders' send and the notices share. */
export async function applicationRowById(db: Database, id: string): Promise<ApplicationRow | null> {
  const [row] = (await db.query<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = $1`, [id]))
    .rows;
  return row ?? null;
}

/** APPLICATION_COLUMNS of the applications table by the alias `a`, for statements that join it. */
export const APPLICATION_COLUMNS_OF_A = APPLICATION_COLUMNS.split(',')
  .map((column) => `a.${column.trim()}`)
  .join(', ');

/** The answer of getApplicationStatus: progress and offers, and of the person only the first name. */
export async function buildStatus(
  sql: Sql,
  cipher: FieldCipher,
  lenders: ReadonlyMap<string, LenderEndpoint>,
  applicationId: string,
): Promise<ApplicationStatus | null> {
  // one statement, its parts as JSON: the status is rebuilt on every change, and five round trips
  // a build were a fifth of the statements of an application
  const [application] = (
    await sql.query<StatusRow>(
      `SELECT ${APPLICATION_COLUMNS},
         (SELECT row_to_json(i) FROM (SELECT method, state, verification_code, failure FROM identifications
           WHERE application_id = a.id AND state <> 'abandoned' ORDER BY created_at DESC LIMIT 1) i) AS identification,
         (SELECT COALESCE(json_agg(r ORDER BY r.lender_id), '[]') FROM (SELECT lender_id, state, failure
           FROM lender_requests WHERE application_id = a.id) r) AS requests,
         (SELECT COALESCE(json_agg(v), '[]') FROM (SELECT lender_id, state, explanation, created_at, answered_at
           FROM review_requests WHERE application_id = a.id) v) AS reviews,
         (SELECT COALESCE(json_agg(o ORDER BY o.apr, o.total_payable, o.lender_id), '[]') FROM (
           SELECT id, lender_id, amount::float8 AS amount, term, annual_rate::float8 AS annual_rate,
             arrangement_fee::float8 AS arrangement_fee, monthly_fee::float8 AS monthly_fee,
             monthly_payment::float8 AS monthly_payment, total_payable::float8 AS total_payable,
             total_cost_of_credit::float8 AS total_cost_of_credit, apr::float8 AS apr, exceeds_cost_cap, valid_until
           FROM offers WHERE application_id = a.id) o) AS offers,
         ${DOCUMENT_REQUESTS_JSON_SQL} AS document_requests
       FROM applications a WHERE a.id = $1`,
      [applicationId],
    )
  ).rows;
  return application ? shapeStatus(application, cipher, lenders) : null;
}

/**
 * The status of an application this process has just stored, from the row the insert returned: it has no
 * identification, lender, review or offer yet, so nothing needs reading. The wizard opens the status stream
 * right after the submission, and its first body was a read of the largest statement for nothing.
 */
export const newApplicationStatus = (
  application: ApplicationRow,
  cipher: FieldCipher,
  lenders: ReadonlyMap<string, LenderEndpoint>,
): ApplicationStatus =>
  shapeStatus(
    { ...application, identification: null, requests: [], reviews: [], offers: [], document_requests: [] },
    cipher,
    lenders,
  );

function shapeStatus(
  application: StatusRow,
  cipher: FieldCipher,
  lenders: ReadonlyMap<string, LenderEndpoint>,
): ApplicationStatus {
  const identification = application.identification;
  const requests = application.requests;
  // timestamps inside JSON arrive as text
  const reviews = new Map(
    application.reviews.map((row) => [
      row.lender_id,
      {
        ...row,
        created_at: new Date(row.created_at),
        answered_at: row.answered_at === null ? null : new Date(row.answered_at),
      },
    ]),
  );
  const offers = application.offers.map((row) => ({ ...row, valid_until: new Date(row.valid_until) }));

  const applicant = openApplicant(cipher, application);
  return {
    state: application.state,
    language: application.language,
    firstName: applicant?.firstname ?? '',
    loan: { amount: application.amount, term: application.term, purpose: application.purpose },
    identification: identification
      ? {
          method: identification.method,
          state: identification.state === 'abandoned' ? 'none' : identification.state,
          verificationCode: identification.state === 'pending' ? identification.verification_code : null,
          failure: identification.failure,
        }
      : { method: null, state: 'none', verificationCode: null, failure: null },
    lenders: requests.map((request): LenderStatus => {
      const lender = lenders.get(request.lender_id);
      const documentRequests = application.document_requests.filter((row) => row.lender_id === request.lender_id);
      const progress = lenderProgress(
        request.state,
        documentRequests.some((row) => row.state === 'open'),
      );
      return {
        lenderId: request.lender_id,
        name: lender?.name ?? request.lender_id,
        kind: lender?.kind ?? 'nonBank',
        logo: lender?.logo ?? lenderMonogramPath(request.lender_id),
        progress,
        declineReason: progress === 'declined' ? declineReasonOf(request.failure) : null,
        review: reviewOf(reviews.get(request.lender_id)),
        documentRequests: documentRequests.map((row) => documentRequestOf(row, application.language, cipher)),
      };
    }),
    offers: rankOffers(
      offers.map((row) => offerOf(row, lenders.get(row.lender_id))),
      application,
      Date.now(),
    ),
    chosenOfferId: application.chosen_offer_id,
    signUrl: application.sign_url,
    identifiedAt: application.identified_at ? application.identified_at.toISOString() : null,
    updatedAt: application.updated_at.toISOString(),
    expiresAt: application.token_expires_at.toISOString(),
    ...(application.test ? { test: true as const } : {}),
  };
}

function offerOf(
  row: OfferRow,
  lender: LenderEndpoint | undefined,
): Offer & { lenderLogo: string; payoutTime?: PayoutTime } {
  return {
    id: row.id,
    lenderId: row.lender_id,
    lenderName: lender?.name ?? row.lender_id,
    lenderKind: lender?.kind ?? 'nonBank',
    lenderLogo: lender?.logo ?? lenderMonogramPath(row.lender_id),
    amount: row.amount,
    term: row.term,
    annualRate: row.annual_rate,
    arrangementFee: row.arrangement_fee,
    monthlyFee: row.monthly_fee,
    monthlyPayment: row.monthly_payment,
    totalPayable: row.total_payable,
    totalCostOfCredit: row.total_cost_of_credit,
    apr: row.apr,
    validUntil: row.valid_until.toISOString(),
    exceedsCostCap: row.exceeds_cost_cap,
    ...(lender?.payoutTime ? { payoutTime: lender.payoutTime } : {}),
  };
}

/** A row of review_requests as the status and the review request answer read it. */
export interface ReviewRequestRow {
  lender_id: string;
  state: 'queued' | 'sent' | 'upheld' | 'offer' | 'failed';
  explanation: string | null;
  created_at: Date;
  answered_at: Date | null;
}

/** A lender's decline as the status says it; the reasons of older rows (`amount`) are the lender's policy. */
export function declineReasonOf(failure: string | null): DeclineReason {
  if (failure === 'amount') return 'lenderPolicy';
  return (DECLINE_REASONS as readonly string[]).includes(failure ?? '') ? (failure as DeclineReason) : 'other';
}

/** A review request as the person sees it: pending until the lender answers, then its outcome and words. */
export function reviewStatusOf(row: ReviewRequestRow): ReviewStatus {
  const answered = row.state === 'upheld' || row.state === 'offer' ? row.state : null;
  return {
    state: answered ?? 'pending',
    requestedAt: row.created_at.toISOString(),
    explanation: answered ? row.explanation : null,
    answeredAt: answered && row.answered_at ? row.answered_at.toISOString() : null,
  };
}

const reviewOf = (row: ReviewRequestRow | undefined): ReviewStatus | null => (row ? reviewStatusOf(row) : null);
