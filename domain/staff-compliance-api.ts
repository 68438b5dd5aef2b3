import { z } from 'zod';
import { eraseAnswerSchema } from './account-api.ts';
import { isValidPersonalCode } from './personal-code.ts';
import { MULTILINE_PLAIN_TEXT } from './plain-text.ts';

/**
 * The compliance officer's registers (issue 34): the data requests that came by post or e-mail (GDPR Art. 15 and
 * 17), the complaints, and the lenders' human reviews of a decline. The server validates with these schemas and the
 * staff page parses every answer with them. Error messages are validation.json's keys, so a refused field is named
 * in the caller's language.
 */

/** Today's calendar day in Riga, YYYY-MM-DD: a letter's date of receipt is Riga's, whatever the machine's zone. */
export const rigaToday = (moment: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(moment)
    .slice(0, 10);

const keyOf = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === '' ? 'required' : 'invalidValue';

/** A day of receipt: a calendar date, never one still to come. */
const receivedDay = z.iso.date({ error: keyOf }).refine((day) => day <= rigaToday(), { error: 'invalidValue' });

const freeText = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'invalidValue' })
    .regex(MULTILINE_PLAIN_TEXT, { error: 'textCharacters' });

export const DATA_REQUEST_KINDS = ['erasure', 'access'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
/** how a data request arrived: the person's own account is the other way, and needs no register */
export const DATA_REQUEST_CHANNELS = ['post', 'email'] as const;
/** how the person's identity was made sure of before acting on the request */
export const IDENTITY_CHECKS = ['eSignature', 'inPerson', 'applicationEmail', 'other'] as const;
export const DATA_REQUEST_STATES = ['received', 'done', 'refused'] as const;

export const COMPLAINT_CHANNELS = ['post', 'email', 'phone', 'inPerson'] as const;
export const COMPLAINT_CATEGORIES = ['service', 'offers', 'personalData', 'lender', 'communication', 'other'] as const;
export const COMPLAINT_STATES = ['received', 'answered'] as const;

/** A member for the audit search's picker: removed ones too, so their old records can still be found. */
export const staffDirectoryEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  removed: z.boolean(),
});
export type StaffDirectoryEntry = z.infer<typeof staffDirectoryEntrySchema>;

/**
 * A data request as registered. The person is named by an application's id or a personal code; the code itself is
 * never kept, only its keyed hash (the same one the person's applications carry), which is all the erasure and the
 * export need.
 */
export const registerDataRequestBodySchema = z
  .strictObject({
    kind: z.enum(DATA_REQUEST_KINDS, { error: keyOf }),
    receivedOn: receivedDay,
    channel: z.enum(DATA_REQUEST_CHANNELS, { error: keyOf }),
    applicationId: z.uuid({ error: 'invalidValue' }).optional(),
    personalCode: z
      .string({ error: 'personalCode' })
      .max(20, { error: 'personalCode' })
      .refine(isValidPersonalCode, { error: 'personalCode' })
      .optional(),
    identityCheck: z.enum(IDENTITY_CHECKS, { error: keyOf }),
    identityNote: freeText(500).optional(),
  })
  .superRefine((body, context) => {
    if (body.applicationId === undefined && body.personalCode === undefined) {
      context.addIssue({ code: 'custom', path: ['personalCode'], message: 'required' });
    }
    if (body.applicationId !== undefined && body.personalCode !== undefined) {
      context.addIssue({ code: 'custom', path: ['applicationId'], message: 'invalidValue' });
    }
    // "other" says nothing by itself: the note says how
    if (body.identityCheck === 'other' && body.identityNote === undefined) {
      context.addIssue({ code: 'custom', path: ['identityNote'], message: 'required' });
    }
  });
export type RegisterDataRequestBody = z.infer<typeof registerDataRequestBodySchema>;

export const dataRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DATA_REQUEST_KINDS),
  channel: z.enum(DATA_REQUEST_CHANNELS),
  receivedOn: z.iso.date(),
  /** a month from receipt (GDPR Art. 12(3)) */
  dueOn: z.iso.date(),
  state: z.enum(DATA_REQUEST_STATES),
  /** still open after its due date */
  overdue: z.boolean(),
  /** the application the person named, if they named one (it is gone after an erasure) */
  applicationId: z.uuid().nullable(),
  identifiedBy: z.enum(['applicationId', 'personalCode']),
  identityCheck: z.enum(IDENTITY_CHECKS),
  identityNote: z.string().nullable(),
  refusalReason: z.string().nullable(),
  registeredAt: z.string(),
  registeredBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** an erasure's counts: the applications deleted and the lenders told */
  erased: z.object({ deletedApplications: z.number().int(), lendersToBeTold: z.number().int() }).nullable(),
  /** how many times the access request's export was produced */
  exports: z.number().int(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const dataRequestParams = z.object({ id: z.uuid() });
export const refuseDataRequestBodySchema = z.strictObject({ reason: freeText(1000) });
export const dataRequestErasedSchema = z.object({ request: dataRequestSchema, erasure: eraseAnswerSchema });
export type DataRequestErased = z.infer<typeof dataRequestErasedSchema>;
/** The same export the person's account gives (server/account/my-data.ts). */
export const dataRequestExportSchema = z.record(z.string(), z.unknown());

export const registerComplaintBodySchema = z.strictObject({
  receivedOn: receivedDay,
  channel: z.enum(COMPLAINT_CHANNELS, { error: keyOf }),
  applicationId: z.uuid({ error: 'invalidValue' }).optional(),
  category: z.enum(COMPLAINT_CATEGORIES, { error: keyOf }),
  summary: freeText(2000),
});
export type RegisterComplaintBody = z.infer<typeof registerComplaintBodySchema>;

export const complaintSchema = z.object({
  id: z.uuid(),
  receivedOn: z.iso.date(),
  /** 15 Latvian working days after receipt */
  dueOn: z.iso.date(),
  channel: z.enum(COMPLAINT_CHANNELS),
  applicationId: z.uuid().nullable(),
  category: z.enum(COMPLAINT_CATEGORIES),
  summary: z.string(),
  state: z.enum(COMPLAINT_STATES),
  answeredOn: z.iso.date().nullable(),
  overdue: z.boolean(),
  registeredAt: z.string(),
  registeredBy: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintParams = z.object({ id: z.uuid() });
export const answerComplaintBodySchema = z.strictObject({ answeredOn: receivedDay });

/**
 * A person's request for a lender's human review of its decline. The data model records when it was asked, sent
 * and answered, and nothing of a deadline: the due date is the broker's own expectation, REVIEW_ANSWER_WORKING_DAYS
 * Latvian working days from the asking, the time a credit intermediary has for a complaint.
 */
export const REVIEW_ANSWER_WORKING_DAYS = 15;
export const REVIEW_PHASES = ['queued', 'sent', 'answered', 'failed'] as const;
export const reviewRequestRowSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  lenderId: z.string(),
  lender: z.string(),
  askedAt: z.string(),
  sentAt: z.string().nullable(),
  /** queued: not yet delivered to the lender; failed: the lender refused to take it */
  phase: z.enum(REVIEW_PHASES),
  outcome: z.enum(['upheld', 'offer']).nullable(),
  answeredAt: z.string().nullable(),
  dueOn: z.iso.date(),
  /** unanswered after its due date, or answered after it */
  overdue: z.boolean(),
});
export type ReviewRequestRow = z.infer<typeof reviewRequestRowSchema>;
