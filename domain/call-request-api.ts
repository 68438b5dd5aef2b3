import { z } from 'zod';
import { languageSchema, tokenSchema } from './api.ts';
import { MULTILINE_PLAIN_TEXT } from './plain-text.ts';

/**
 * "Ask a consultant to call me" (issue 34): the open slots, and a call request made, cancelled or moved with the
 * application's token or from the account. The form validates with the same schemas as the server.
 */

export const CALL_QUESTION_MAX = 500;
export const CALL_REQUEST_STATES = ['requested', 'cancelled', 'called', 'notReached'] as const;
export type CallRequestState = (typeof CALL_REQUEST_STATES)[number];

/** A slot's start: an instant on the half hour, as the slots' answer gives it. */
export const slotStartSchema = z.iso.datetime({ error: 'invalidValue' });

/** The person's question in their own words, over several lines; empty means none. */
export const callQuestionSchema = z
  .string({ error: 'invalidValue' })
  .max(CALL_QUESTION_MAX, { error: 'invalidValue' })
  .regex(MULTILINE_PLAIN_TEXT, { error: 'textCharacters' });

export const consultantSlotsAnswerSchema = z.object({
  /** whether a consultant is at work at this moment */
  openNow: z.boolean(),
  /** the open slots of the next working days, grouped by Riga's calendar day */
  days: z.array(z.object({ day: z.iso.date(), slots: z.array(z.iso.datetime()) })),
});
export type ConsultantSlots = z.infer<typeof consultantSlotsAnswerSchema>;

export const callRequestSchema = z.object({
  id: z.uuid(),
  slotStart: z.iso.datetime(),
  state: z.enum(CALL_REQUEST_STATES),
  question: z.string().nullable(),
});
export type CallRequest = z.infer<typeof callRequestSchema>;

/** The application's call request, if one is waiting, and the last digits of the number a consultant calls. */
export const callRequestAnswerSchema = z.object({
  callRequest: callRequestSchema.nullable(),
  /** the phone's last two digits: the person knows which number, and the page shows no more of it */
  phoneEnding: z.string().max(2),
});
export type CallRequestAnswer = z.infer<typeof callRequestAnswerSchema>;

export const callRequestOfTokenBodySchema = z.strictObject({ token: tokenSchema, language: languageSchema.optional() });

export const createCallRequestBodySchema = z.strictObject({
  token: tokenSchema,
  slotStart: slotStartSchema,
  question: callQuestionSchema.optional(),
  language: languageSchema,
});
export type CreateCallRequestBody = z.infer<typeof createCallRequestBodySchema>;

export const moveCallRequestBodySchema = z.strictObject({
  token: tokenSchema,
  slotStart: slotStartSchema,
  language: languageSchema.optional(),
});

export const accountCreateCallRequestBodySchema = z.strictObject({
  slotStart: slotStartSchema,
  question: callQuestionSchema.optional(),
  language: languageSchema.optional(),
});

export const accountMoveCallRequestBodySchema = z.strictObject({
  slotStart: slotStartSchema,
  language: languageSchema.optional(),
});
export const accountCancelCallRequestBodySchema = z.strictObject({ language: languageSchema.optional() });
