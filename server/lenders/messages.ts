import { z } from 'zod';
import { lenderOfferTermsSchema } from '../../domain/offer.ts';
import { EMPLOYMENT_DURATIONS, INCOME_TYPES, LOAN_PURPOSES, OTHER_INCOME_TYPES } from '../../domain/application.ts';
import { DECLINE_REASONS, IDENTIFICATION_METHODS } from '../../domain/api.ts';
import { LANGUAGES } from '../../domain/language.ts';
import {
  DOCUMENT_FILE_ORIGINS,
  DOCUMENT_KINDS,
  incomeSummarySchema,
  STATEMENT_MONTHS_MAX,
} from '../../domain/documents.ts';

/** Ids the lender chooses: printable ASCII, as they go into URLs and the database (which refuses NUL). */
const printableId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x20-\x7e]+$/);

/**
 * The bodies of the partner protocol. Broker → lender: one application per lender
 * (`POST {lender}/applications`, signed, with an idempotency key). Lender → broker: signed callbacks to the
 * application's `callbackUrl` (an offer or a decline, later signed and paid).
 */

// the protocol speaks the application's own option lists (spec section 3)
export const PARTNER_LOAN_PURPOSES = LOAN_PURPOSES;
export type PartnerLoanPurpose = (typeof PARTNER_LOAN_PURPOSES)[number];
export const PARTNER_INCOME_TYPES = INCOME_TYPES;
export type PartnerIncomeType = (typeof PARTNER_INCOME_TYPES)[number];
export const PARTNER_EMPLOYMENT_DURATIONS = EMPLOYMENT_DURATIONS;
export type PartnerEmploymentDuration = (typeof PARTNER_EMPLOYMENT_DURATIONS)[number];
export const PARTNER_OTHER_INCOME_TYPES = OTHER_INCOME_TYPES;
export type PartnerOtherIncomeType = (typeof PARTNER_OTHER_INCOME_TYPES)[number];

export { DECLINE_REASONS, type DeclineReason } from '../../domain/api.ts';

export { IDENTIFICATION_METHODS };

const isoDateTime = z.iso.datetime({ offset: true });
const money = z.number().min(0).max(1_000_000);
/** Lender ids are path segments: lowercase letters, digits and hyphens. */
export const lenderIdSchema = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);

export const partnerIncomeSchema = z.object({
  type: z.enum(PARTNER_INCOME_TYPES),
  employmentDuration: z.enum(PARTNER_EMPLOYMENT_DURATIONS),
  typeOfOtherIncome: z.enum(PARTNER_OTHER_INCOME_TYPES).optional(),
});
export type PartnerIncome = z.infer<typeof partnerIncomeSchema>;

export const partnerApplicationSchema = z.object({
  /** one delivery attempt's identity, stable across retries; also the `idempotency-key` header */
  requestId: z.uuid(),
  /** the broker's application, the same for every lender */
  applicationRef: z.uuid(),
  callbackUrl: z.url({ protocol: /^https?$/ }).max(2000),
  submittedAt: isoDateTime,
  loan: z.object({
    amount: z.number().positive().max(1_000_000),
    term: z.number().int().min(1).max(120),
    purpose: z.enum(PARTNER_LOAN_PURPOSES),
    purposeText: z.string().max(200).optional(),
    amountRefinance: money.optional(),
  }),
  applicant: z.object({
    personalCode: z.string().regex(/^\d{6}-?\d{5}$/),
    firstName: z.string().min(1).max(50),
    lastName: z.string().min(1).max(50),
    dateOfBirth: z.iso.date(),
    email: z.email().max(254),
    phone: z.string().min(1).max(32),
    monthlyIncome: money,
    incomeTypes: z.array(partnerIncomeSchema).max(PARTNER_INCOME_TYPES.length),
    monthlyLiabilities: money,
    hasSpouse: z.boolean(),
    dependents: z.number().int().min(0).max(20),
    ownsProperty: z.boolean().optional(),
    politicallyExposed: z.boolean(),
  }),
  identification: z.object({
    method: z.enum(IDENTIFICATION_METHODS),
    verifiedAt: isoDateTime,
  }),
});
export type PartnerApplication = z.infer<typeof partnerApplicationSchema>;

const callbackBase = {
  requestId: z.uuid(),
  applicationRef: z.uuid(),
  lenderId: lenderIdSchema,
};

export const partnerOfferCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('offer'),
  offer: lenderOfferTermsSchema,
});
export const partnerDeclineCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('decline'),
  reason: z.enum(DECLINE_REASONS),
});
export const partnerSignedCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('signed'),
  offerId: printableId,
  contractRef: printableId,
});
export const partnerPaidCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('paid'),
  offerId: printableId,
  paidAt: isoDateTime,
});

/** A lender's answer to a request for human review: the decline stands (with why), or an offer after all. */
const reviewExplanation = z.string().min(1).max(2000);
export const partnerReviewUpheldCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('reviewUpheld'),
  explanation: reviewExplanation,
});
export const partnerReviewOfferCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('reviewOffer'),
  explanation: reviewExplanation,
  offer: lenderOfferTermsSchema,
});

/** The lender's own words about an item of kind `other`, in both languages of the site. */
const lenderWords = z.string().trim().min(1).max(500);
/** One thing a lender asks to see; the broker shows `other`'s words in the application's language. */
export const partnerDocumentItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bankStatement'), months: z.number().int().min(1).max(STATEMENT_MONTHS_MAX) }),
  z.object({ kind: z.literal('incomeProof') }),
  z.object({ kind: z.literal('employmentContract') }),
  z.object({ kind: z.literal('businessIncome') }),
  z.object({ kind: z.literal('other'), text: z.object({ lv: lenderWords, ru: lenderWords }) }),
]);
export type PartnerDocumentItem = z.infer<typeof partnerDocumentItemSchema>;

/**
 * Instead of an offer or a decline, a lender asks the person for documents before it decides: stored once per
 * `documentsRequestId`, while the application is still with that lender. The lender's own answer time then counts
 * from the person's answer.
 */
export const partnerDocumentsRequestCallbackSchema = z.object({
  ...callbackBase,
  type: z.literal('documentsRequest'),
  /** the lender's id of this request: the same id again stores nothing twice */
  documentsRequestId: printableId,
  items: z.array(partnerDocumentItemSchema).min(1).max(10),
  dueAt: isoDateTime,
});
export type PartnerDocumentsRequestCallback = z.infer<typeof partnerDocumentsRequestCallbackSchema>;

export const partnerCallbackSchema = z.discriminatedUnion('type', [
  partnerOfferCallbackSchema,
  partnerDeclineCallbackSchema,
  partnerDocumentsRequestCallbackSchema,
  partnerReviewUpheldCallbackSchema,
  partnerReviewOfferCallbackSchema,
  partnerSignedCallbackSchema,
  partnerPaidCallbackSchema,
]);
export type PartnerCallback = z.infer<typeof partnerCallbackSchema>;
export type PartnerCallbackType = PartnerCallback['type'];

/** What a lender answers to an accepted application (HTTP 202). */
export const partnerAcceptedSchema = z.object({ reference: z.string().min(1).max(128) });

/** The broker withdraws an application a lender got: the person erased their data or withdrew it. */
export const partnerWithdrawalSchema = z.object({
  requestId: z.string().min(1).max(200),
  reason: z.enum(['erasure', 'withdrawn']),
});
export type PartnerWithdrawal = z.infer<typeof partnerWithdrawalSchema>;

/**
 * The person asks a lender that declined for a human review and an explanation (Directive 2023/2225, art. 18):
 * `POST {lender}/applications/{reference}/review`, signed. The lender answers later with a `reviewUpheld` or
 * `reviewOffer` callback, in the language asked for.
 */
export const partnerReviewRequestSchema = z.object({
  requestId: z.uuid(),
  language: z.enum(LANGUAGES),
  message: z.string().max(1000).optional(),
});
export type PartnerReviewRequest = z.infer<typeof partnerReviewRequestSchema>;
export type PartnerAccepted = z.infer<typeof partnerAcceptedSchema>;

/**
 * The first part of `POST {lender}/applications/{reference}/documents` (multipart/form-data, part `metadata`,
 * application/json), the part the broker's signature covers: which request and item the files answer, and each file
 * part's name, type, length and SHA-256, so the signature vouches for the file parts that follow (part `file1`, …)
 * without the broker holding them whole.
 */
export const partnerDocumentDeliverySchema = z.object({
  /** the lender's own `documentsRequestId` */
  requestId: printableId,
  /** the broker's id of the item (also the `idempotency-key` header: one delivery an item, however often retried) */
  itemId: z.uuid(),
  /** the item's place (from 0) in the lender's list */
  index: z.number().int().min(0).max(9),
  kind: z.enum(DOCUMENT_KINDS),
  files: z
    .array(
      z.object({
        part: z.string().regex(/^file\d{1,2}$/),
        contentType: z.string().min(1).max(100),
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        /** `bank`: the statement the broker made from account data the person shared from their bank */
        origin: z.enum(DOCUMENT_FILE_ORIGINS).optional(),
      }),
    )
    .min(1)
    .max(20),
  /**
   * With a statement made from shared bank data: the regular income the broker found in it (the statement's last
   * page shows the same), so the lender need not read the PDF to decide
   */
  incomeSummary: incomeSummarySchema.optional(),
});
export type PartnerDocumentDelivery = z.infer<typeof partnerDocumentDeliverySchema>;
