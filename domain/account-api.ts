import { z } from 'zod';
import { APPLICATION_STATES, answerLanguageSchema, lenderStatusSchema, languageSchema } from './api.ts';
import { LOAN_PURPOSES } from './application-options.ts';
import { statusOfferSchema } from './offer.ts';
import { isValidPersonalCode } from './personal-code.ts';
import { isValidPhone } from './phone.ts';

/**
 * The personal account "Mans profils" and the return paths around it: login, the list of a person's
 * applications, consents, their data, the SMS opt-out. The server validates with these schemas and the
 * account's pages parse every answer with them. Errors are the API's usual `apiErrorSchema`. Request
 * bodies are strict, as in api.ts: an unknown field is refused by name; `language` is always allowed.
 */

/** Log in with the same providers as an application: a login is an identification without an application. */
export const LOGIN_METHODS = ['bank', 'smartId', 'eSignature'] as const;

export const startLoginBodySchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('bank'), language: languageSchema, institutionId: z.string().max(64) }),
    // Smart-ID finds the person's account by the personal code they type
    z.strictObject({
      method: z.literal('smartId'),
      language: languageSchema,
      personalCode: z
        .string({ error: 'personalCode' })
        .max(20, { error: 'personalCode' })
        .refine(isValidPersonalCode, { error: 'personalCode' }),
    }),
    z.strictObject({ method: z.literal('eSignature'), language: languageSchema }),
  ],
  { error: 'identificationMethod' },
);
export type StartLoginBody = z.infer<typeof startLoginBodySchema>;

export const startLoginAnswerSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('bank'), redirectUrl: z.url() }),
  z.object({ method: z.literal('eSignature'), redirectUrl: z.url() }),
  // the browser polls the login (the contract's pollLogin) with this secret until the session cookie comes back
  z.object({ method: z.literal('smartId'), verificationCode: z.string().regex(/^\d{4}$/), pollSecret: z.string() }),
]);
export type StartLoginAnswer = z.infer<typeof startLoginAnswerSchema>;

export const loginPollBodySchema = z.strictObject({
  pollSecret: z.string().min(16).max(128),
  language: answerLanguageSchema,
});
export const loginPollAnswerSchema = z.object({
  state: z.enum(['pending', 'succeeded', 'failed']),
  failure: z.string().nullable(),
});
export type LoginPollAnswer = z.infer<typeof loginPollAnswerSchema>;

/** Consents, each on its own: contact by e-mail, by SMS, by phone, and direct marketing. */
export const CONSENT_KINDS = ['email', 'sms', 'phone', 'marketing'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** How a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['applicationForm', 'account', 'unsubscribeLink', 'smsOptOut'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const consentSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  granted: z.boolean(),
  /** null: never asked */
  changedAt: z.iso.datetime().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const setConsentBodySchema = z.strictObject({
  kind: z.enum(CONSENT_KINDS),
  granted: z.boolean(),
  language: answerLanguageSchema,
});

export const accountApplicationSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  state: z.enum(APPLICATION_STATES),
  language: languageSchema,
  loan: z.object({ amount: z.number(), term: z.number().int(), purpose: z.enum(LOAN_PURPOSES) }),
  lenders: z.array(lenderStatusSchema),
  offers: z.array(statusOfferSchema),
  chosenOfferId: z.string().nullable(),
  signUrl: z.string().nullable(),
  /** when the chosen lender reported the contract signed, and the money paid out */
  signedAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  /** the wizard can go on with it (identification, waiting, offers, signing) */
  continuable: z.boolean(),
});
export type AccountApplication = z.infer<typeof accountApplicationSchema>;

/**
 * How a lender answered the word of an erasure: `acknowledged` (it erased or held nothing more), `refused` (it
 * answered with a refusal, which the operator takes up), `pending` (still trying), `unanswered` (we gave up after
 * hours of retries; the operator takes it up).
 */
export const ERASURE_NOTICE_OUTCOMES = ['pending', 'acknowledged', 'refused', 'unanswered'] as const;

/** One lender told of an erasure (GDPR Art. 19: the person may ask which recipients were informed). */
export const erasureNoticeSchema = z.object({
  lenderId: z.string(),
  lender: z.string(),
  /** when it was first sent; null until the first try */
  sentAt: z.iso.datetime().nullable(),
  /** when the lender answered */
  answeredAt: z.iso.datetime().nullable(),
  outcome: z.enum(ERASURE_NOTICE_OUTCOMES),
});
export type ErasureNotice = z.infer<typeof erasureNoticeSchema>;

/** A past erasure of the person's data and the lenders it was sent to. */
export const accountErasureSchema = z.object({
  requestedAt: z.iso.datetime(),
  lenders: z.array(erasureNoticeSchema),
});
export type AccountErasure = z.infer<typeof accountErasureSchema>;

export const accountAnswerSchema = z.object({
  firstName: z.string(),
  applications: z.array(accountApplicationSchema),
  consents: z.array(consentSchema),
  /** the person's past erasures, newest first (kept a year) */
  erasures: z.array(accountErasureSchema),
  /** when the session ends if nothing happens (idle timeout) */
  sessionExpiresAt: z.iso.datetime(),
});
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** Whether this browser has a live session: the account page asks before it asks for the account, so a logged-out visit is no error. */
export const accountSessionAnswerSchema = z.object({ loggedIn: z.boolean() });

export const accountChooseOfferBodySchema = z.strictObject({ offerId: z.uuid(), language: answerLanguageSchema });

export const logoutBodySchema = z.strictObject({
  everywhere: z.boolean().default(false),
  language: answerLanguageSchema,
});

export const eraseAnswerSchema = z.object({
  withdrawnApplications: z.number().int(),
  deletedApplications: z.number().int(),
  /** every lender that received one of the applications, each once: each is told to erase it */
  lendersToBeTold: z.array(z.object({ lenderId: z.string(), lender: z.string() })),
});
export type EraseAnswer = z.infer<typeof eraseAnswerSchema>;

/** The footer's SMS opt-out: a phone number, a code by SMS, done. */
const phoneField = z.string({ error: 'phone' }).max(24, { error: 'phone' }).refine(isValidPhone, { error: 'phone' });
export const smsOptOutStartBodySchema = z.strictObject({ phoneNumber: phoneField, language: languageSchema });
export const smsOptOutConfirmBodySchema = z.strictObject({
  phoneNumber: phoneField,
  language: answerLanguageSchema,
  code: z.string({ error: 'smsCode' }).regex(/^\d{6}$/, { error: 'smsCode' }),
});
