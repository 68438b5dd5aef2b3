import { z } from 'zod';
import { applicationSchema, LOAN_PURPOSES } from './application.ts';
import { TOKEN_PATTERN } from './token.ts';
import { trackingSchema } from './tracking.ts';
import { LANGUAGES } from './language.ts';
import { statusOfferSchema } from './offer.ts';
import { REVIEW_MESSAGE_MAX } from './review-message.ts';
import { MULTILINE_PLAIN_TEXT } from './plain-text.ts';
import { APPLICATION_STATES } from './application-lifecycle.ts';
import { documentRequestSchema } from './documents.ts';

export { REVIEW_MESSAGE_MAX };

/**
 * The schemas of every request and answer of the broker's API. The server validates with them and
 * generates its OpenAPI document from them; the browser's client parses every answer with them.
 * Request bodies are strict objects: a field the API does not know is refused by name, never kept
 * or dropped in silence. A body may always carry the documented `language`, the language of the
 * answer, errors included.
 */

export const languageSchema = z.enum(LANGUAGES);
/** The documented `language` any request body may carry: the answer's language. */
export const answerLanguageSchema = languageSchema.optional();

/** The application's states, from its lifecycle's model. */
export { APPLICATION_STATES, type ApplicationState } from './application-lifecycle.ts';

export const IDENTIFICATION_METHODS = ['bank', 'smartId', 'eSignature'] as const;
export type IdentificationMethod = (typeof IDENTIFICATION_METHODS)[number];

/** Why an identification failed; the wizard picks its screen and words by it. */
export const IDENTIFICATION_FAILURES = [
  'refused',
  'timeout',
  'personalCodeMismatch',
  'noAccount',
  'documentUnusable',
  'wrongVerificationCode',
  'notSupported',
  'providerError',
  // the return reached a browser other than the one that began it
  'otherBrowser',
] as const;
export type IdentificationFailure = (typeof IDENTIFICATION_FAILURES)[number];

/**
 * Per-lender progress: queued → sent → offer | declined | noAnswer (timed out or failed); a lender may ask for
 * documents first (documentsRequested until the person answers, then sent again until it decides).
 */
export const LENDER_PROGRESS = ['queued', 'sent', 'documentsRequested', 'offer', 'declined', 'noAnswer'] as const;
export type LenderProgress = (typeof LENDER_PROGRESS)[number];

/** 256-bit tokens, base64url without padding: 43 characters. */
export const tokenSchema = z.string({ error: 'invalidToken' }).regex(TOKEN_PATTERN, { error: 'invalidToken' });

export { trackingSchema, type Tracking } from './tracking.ts';

export const submitApplicationBodySchema = z.strictObject({
  language: languageSchema,
  application: applicationSchema,
  tracking: z.optional(trackingSchema),
  /**
   * A test application (a publisher's widget in test mode): marked so in its status, sent only to
   * lenders that take test applications (the sandbox's), never in the publisher's report.
   */
  test: z.optional(z.literal(true)),
  /**
   * The token of the application this one edits (back to the form before the identification, sent again): the
   * person's earlier application, if it was never identified, is replaced, and its messages are not sent twice.
   * A token of anything else replaces nothing.
   */
  replaces: z.optional(tokenSchema),
});
export type SubmitApplicationBody = z.input<typeof submitApplicationBodySchema>;

/** Idempotency-Key header of a submission: the browser makes one per attempt and resends it on retry. */
export const idempotencyKeySchema = z
  .string({ error: 'idempotencyKey' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'idempotencyKey' });

export const submitApplicationAnswerSchema = z.object({
  token: tokenSchema,
  expiresAt: z.iso.datetime(),
});
export type SubmitApplicationAnswer = z.infer<typeof submitApplicationAnswerSchema>;

export const institutionSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  order: z.number().int(),
  featured: z.boolean(),
});
export const institutionsAnswerSchema = z.array(institutionSchema);
export type Institution = z.infer<typeof institutionSchema>;

/**
 * Where the bank, eParaksts or the lender's signing page sends the person back: the site's wizard
 * (default), or, for an application inside a publisher's widget, a page that closes the tab the widget
 * opened (the widget follows the application's status by itself).
 */
export const IDENTIFICATION_RETURNS = ['wizard', 'widget'] as const;
export type IdentificationReturn = (typeof IDENTIFICATION_RETURNS)[number];
const identificationReturnSchema = z.enum(IDENTIFICATION_RETURNS).optional();

export const startIdentificationBodySchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({
      token: tokenSchema,
      language: languageSchema,
      method: z.literal('bank'),
      institutionId: z.string().max(64),
      returnTo: identificationReturnSchema,
    }),
    // Smart-ID sends nobody anywhere: a returnTo is a known field left aside, so one body shape serves every method
    z.strictObject({
      token: tokenSchema,
      language: languageSchema,
      method: z.literal('smartId'),
      returnTo: identificationReturnSchema,
    }),
    z.strictObject({
      token: tokenSchema,
      language: languageSchema,
      method: z.literal('eSignature'),
      returnTo: identificationReturnSchema,
    }),
  ],
  { error: 'identificationMethod' },
);
export type StartIdentificationBody = z.infer<typeof startIdentificationBodySchema>;

export const startIdentificationAnswerSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('bank'), redirectUrl: z.url() }),
  z.object({ method: z.literal('eSignature'), redirectUrl: z.url() }),
  z.object({ method: z.literal('smartId'), verificationCode: z.string().regex(/^\d{4}$/) }),
]);
export type StartIdentificationAnswer = z.infer<typeof startIdentificationAnswerSchema>;

/** A widget's identification tab binding itself: the return state its frame handed it, and its language. */
export const bindIdentificationBodySchema = z.strictObject({
  returnState: z.string({ error: 'invalidToken' }).regex(/^[\w-]{43}$/, { error: 'invalidToken' }),
  language: languageSchema,
});
export type BindIdentificationBody = z.infer<typeof bindIdentificationBodySchema>;
export const bindIdentificationAnswerSchema = z.object({ redirectUrl: z.url() });

/** Loose: a `lang` beside the token stays in the parsed query, so errors answer in that language. */
export const statusQuerySchema = z.looseObject({ token: tokenSchema });

/**
 * Why a lender declined, in the categories of the partner protocol; the screens say each in plain words. A lender
 * that gives none (or one we do not know) is shown as `other`.
 */
export const DECLINE_REASONS = [
  'income',
  'debtToIncome',
  'age',
  'employment',
  'purpose',
  'lenderPolicy',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * A request for human review of a decline (the directive's right to human intervention and an explanation):
 * `pending` until the lender answers, then `upheld` (with its explanation) or `offer` (the offer is among the
 * offers).
 */
export const REVIEW_STATES = ['pending', 'upheld', 'offer'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const reviewStatusSchema = z.object({
  state: z.enum(REVIEW_STATES),
  requestedAt: z.iso.datetime(),
  /** the lender's words, in the language of the request */
  explanation: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
});
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const lenderStatusSchema = z.object({
  lenderId: z.string(),
  name: z.string(),
  kind: z.enum(['bank', 'nonBank']),
  logo: z.string(),
  progress: z.enum(LENDER_PROGRESS),
  /** set when progress is `declined` */
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  review: reviewStatusSchema.nullable(),
  /** what the lender asked the person to show before it decides, oldest first */
  documentRequests: z.array(documentRequestSchema),
});
export type LenderStatus = z.infer<typeof lenderStatusSchema>;

/** Free text a person writes to a lender, over several lines: no control characters, no lone surrogates (they are sent on). */
const plainText = (max: number) =>
  z
    .string({ error: 'invalidValue' })
    .max(max, { error: 'invalidValue' })
    .regex(MULTILINE_PLAIN_TEXT, { error: 'textCharacters' });

export const reviewRequestBodySchema = z.strictObject({
  token: tokenSchema,
  lenderId: z.string({ error: 'invalidValue' }).max(64, { error: 'invalidValue' }),
  message: plainText(REVIEW_MESSAGE_MAX).optional(),
  language: languageSchema,
});
export type ReviewRequestBody = z.infer<typeof reviewRequestBodySchema>;
export const reviewRequestAnswerSchema = reviewStatusSchema;

export const applicationStatusSchema = z.object({
  state: z.enum(APPLICATION_STATES),
  language: languageSchema,
  /** the only personal detail the status carries: for the greeting */
  firstName: z.string(),
  loan: z.object({ amount: z.number(), term: z.number().int(), purpose: z.enum(LOAN_PURPOSES) }),
  identification: z.object({
    method: z.enum(IDENTIFICATION_METHODS).nullable(),
    state: z.enum(['none', 'pending', 'succeeded', 'failed']),
    verificationCode: z.string().nullable(),
    failure: z.enum(IDENTIFICATION_FAILURES).nullable(),
  }),
  lenders: z.array(lenderStatusSchema),
  offers: z.array(statusOfferSchema),
  chosenOfferId: z.string().nullable(),
  signUrl: z.string().nullable(),
  /** when the identification succeeded: the one-hour promise for offers counts from here */
  identifiedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** present on a test application only (`test` of the submission) */
  test: z.optional(z.literal(true)),
});
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** Offer ids are the UUIDs of the status: other text (NUL included, which PostgreSQL refuses) never reaches the database. */
export const chooseOfferBodySchema = z.strictObject({
  token: tokenSchema,
  offerId: z.uuid(),
  language: answerLanguageSchema,
  returnTo: identificationReturnSchema,
});
export const chooseOfferAnswerSchema = z.object({ signUrl: z.url() });

/**
 * One-time handoff codes carry an application from a publisher's widget to a tab of the site, whose
 * storage does not have the token: 256 bits, base64url without padding, like tokens. They travel
 * in request bodies only.
 */
export const handoffCodeSchema = z.string({ error: 'invalidValue' }).regex(TOKEN_PATTERN, { error: 'invalidValue' });
export const handoffBodySchema = z.strictObject({ token: tokenSchema, language: answerLanguageSchema });
export const handoffAnswerSchema = z.object({ code: handoffCodeSchema });
export type HandoffAnswer = z.infer<typeof handoffAnswerSchema>;
export const redeemHandoffBodySchema = z.strictObject({ code: handoffCodeSchema, language: answerLanguageSchema });
export const redeemHandoffAnswerSchema = z.object({ token: tokenSchema });
export type RedeemHandoffAnswer = z.infer<typeof redeemHandoffAnswerSchema>;

/** Every error answer: a stable code, a message in the requested language, and per-field messages. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The standard pre-contractual information of one offer of the application, as a printable page or a PDF. */
export const STANDARD_INFORMATION_FORMATS = ['html', 'pdf'] as const;
/** Which offer, in which language and format: the account's route names the application in its path instead of a token. */
export const accountStandardInformationQuerySchema = z.object({
  offerId: z.uuid({ error: 'invalidValue' }),
  lang: languageSchema.optional(),
  format: z.enum(STANDARD_INFORMATION_FORMATS, { error: 'invalidValue' }).default('html'),
});
export const standardInformationQuerySchema = accountStandardInformationQuerySchema.extend({ token: tokenSchema });
