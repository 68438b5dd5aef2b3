import { z } from 'zod';
import { APPLICATION_STATES } from './api.ts';
import { CALL_REQUEST_STATES } from './call-request-api.ts';
import { LANGUAGES } from './language.ts';
import { MULTILINE_PLAIN_TEXT } from './plain-text.ts';

/**
 * The consultant's part of the staff's back office (issue 34): the queue of calls to make, the search among the
 * applications of people who asked for a call, and one application's page (its timeline, the consultant's notes,
 * its call requests, the personal data shown for a reason). The server validates with these schemas and the staff
 * page parses every answer with them.
 */

/** The short id a consultant reads out and types: an application id's first eight hex digits. */
export const shortIdOf = (applicationId: string): string => applicationId.slice(0, 8);

export const applicationStateSchema = z.enum(APPLICATION_STATES);

/** One open call request in the queue: what a consultant needs before calling, and nothing more. */
export const queuedCallSchema = z.object({
  callRequestId: z.uuid(),
  applicationId: z.uuid(),
  shortId: z.string(),
  slotStart: z.iso.datetime(),
  /** the slot has begun or passed and nobody has called yet */
  overdue: z.boolean(),
  firstName: z.string(),
  state: applicationStateSchema,
  /** the language the person wrote in: the consultant speaks it */
  language: z.enum(LANGUAGES),
  question: z.string().nullable(),
});
export type QueuedCall = z.infer<typeof queuedCallSchema>;
export const callQueueAnswerSchema = z.object({ calls: z.array(queuedCallSchema), truncated: z.boolean() });
export type CallQueueAnswer = z.infer<typeof callQueueAnswerSchema>;

export const SEARCH_KINDS = ['applicationId', 'shortId', 'email', 'phone'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORT_ID = /^[0-9a-f]{8}$/i;

/** What the one search box holds: an id, a short id, an e-mail (it has an @), a phone number, or nothing we search. */
export function searchKindOf(query: string): SearchKind | null {
  const text = query.trim();
  if (UUID.test(text)) return 'applicationId';
  if (SHORT_ID.test(text)) return 'shortId';
  if (text.includes('@')) return 'email';
  return text.replace(/\D/g, '').length >= 6 && /^[\d\s()+\-.]+$/.test(text) ? 'phone' : null;
}

/** An application id, its short id, an e-mail or a phone number; one box, the server tells which. */
export const applicationSearchBodySchema = z.strictObject({
  query: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(254, { error: 'invalidValue' })
    .refine((query) => searchKindOf(query) !== null, { error: 'invalidValue' }),
});
export type ApplicationSearchBody = z.infer<typeof applicationSearchBodySchema>;

export const applicationFoundSchema = z.object({
  applicationId: z.uuid(),
  shortId: z.string(),
  state: applicationStateSchema,
  firstName: z.string(),
  createdAt: z.iso.datetime(),
  /** a call request still waits */
  callWaiting: z.boolean(),
});
export type ApplicationFound = z.infer<typeof applicationFoundSchema>;
export const applicationSearchAnswerSchema = z.object({
  searchedBy: z.enum(SEARCH_KINDS),
  results: z.array(applicationFoundSchema),
});
export type ApplicationSearchAnswer = z.infer<typeof applicationSearchAnswerSchema>;

/** What the timeline tells, each said in the staff's language on the page. */
export const TIMELINE_KINDS = [
  'submitted',
  'identificationStarted',
  'identified',
  'identificationFailed',
  'sentToLender',
  'offerReceived',
  'declined',
  'lenderNoAnswer',
  'documentsRequested',
  'documentsAnswered',
  'documentsExpired',
  'documentUploaded',
  'reviewRequested',
  'reviewAnswered',
  'noticeSent',
  'login',
  'callRequested',
  'callCancelled',
  'callCalled',
  'callNotReached',
  'offerChosen',
  'signed',
  'paid',
  'expired',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const NOTICE_CHANNELS = ['email', 'sms'] as const;

export const timelineEventSchema = z.object({
  at: z.iso.datetime(),
  kind: z.enum(TIMELINE_KINDS),
  lenderName: z.string().nullable(),
  /**
   * what the kind needs said: a decline's reason, a notice's kind, an identification's or a login's method, a
   * review's outcome, a call's slot; never a message's content or a person's data
   */
  detail: z.string().nullable(),
  channel: z.enum(NOTICE_CHANNELS).nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const consultantNoteSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  callRequestId: z.uuid().nullable(),
});
export type ConsultantNote = z.infer<typeof consultantNoteSchema>;

export const CALL_OUTCOMES = ['called', 'notReached'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const staffCallRequestSchema = z.object({
  id: z.uuid(),
  slotStart: z.iso.datetime(),
  state: z.enum(CALL_REQUEST_STATES),
  question: z.string().nullable(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
  handledBy: z.string().nullable(),
});
export type StaffCallRequest = z.infer<typeof staffCallRequestSchema>;

/** One application as a consultant opens it: no contact, income or whole personal code until a reason is given. */
export const consultantApplicationSchema = z.object({
  applicationId: z.uuid(),
  shortId: z.string(),
  state: applicationStateSchema,
  language: z.enum(LANGUAGES),
  firstName: z.string(),
  /** `••••••-•1234`: the last four digits only */
  personalCodeMasked: z.string(),
  loan: z.object({ amount: z.number(), term: z.number(), purpose: z.string() }),
  createdAt: z.iso.datetime(),
  timeline: z.array(timelineEventSchema),
  notes: z.array(consultantNoteSchema),
  callRequests: z.array(staffCallRequestSchema),
});
export type ConsultantApplication = z.infer<typeof consultantApplicationSchema>;

export const applicationParams = z.object({ id: z.uuid() });

/** Why the consultant opens a person's contacts and income: written to the audit log with the view. */
export const PERSONAL_DATA_REASONS = ['callRequested', 'applicantAsked', 'documentsHelp', 'complaint'] as const;
export type PersonalDataReason = (typeof PERSONAL_DATA_REASONS)[number];
export const personalDataBodySchema = z.strictObject({
  reason: z.enum(PERSONAL_DATA_REASONS, { error: 'required' }),
});

export const personalDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  monthlyIncome: z.number(),
  incomeTypes: z.array(z.string()),
  monthlyFinancialLiabilities: z.number().nullable(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

export const NOTE_MAX = 2000;
const noteText = z
  .string({ error: 'required' })
  .trim()
  .max(NOTE_MAX, { error: 'invalidValue' })
  .regex(MULTILINE_PLAIN_TEXT, { error: 'textCharacters' });

export const addNoteBodySchema = z.strictObject({ text: noteText.min(1, { error: 'required' }) });
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

export const callRequestParams = z.object({ id: z.uuid() });
export const markCallBodySchema = z.strictObject({
  outcome: z.enum(CALL_OUTCOMES, { error: 'invalidValue' }),
  note: noteText.optional(),
});
export type MarkCallBody = z.infer<typeof markCallBodySchema>;

/** The channels the continue link was queued on; none when the person asked for no messages. */
export const continueLinkAnswerSchema = z.object({ channels: z.array(z.enum(NOTICE_CHANNELS)) });
export type ContinueLinkAnswer = z.infer<typeof continueLinkAnswerSchema>;
