import { z } from 'zod';
import { smsOptOutConfirmBodySchema, smsOptOutStartBodySchema } from '../account-api.ts';
import { answerLanguageSchema } from '../api.ts';
import { defineEndpoint, USUAL_REFUSALS } from './define-endpoint.ts';
import { seeOther } from './identification.ts';

/** The links in our e-mails and SMS: continuing an application, unsubscribing, the SMS opt-out. */

export const okAnswerSchema = z.object({ ok: z.literal(true) });

const unsubscribeCode = z.string().max(100).optional();

/** A link's parameter as a mail client may have left it: text, or the same name given twice. */
const linkParameter = z.union([z.string(), z.array(z.string())]).optional();

export const continueApplication = defineEndpoint({
  method: 'GET',
  path: '/api/continue',
  operationId: 'continueApplication',
  tag: 'Messages',
  summary: "A message's continue link: opens the application in the wizard where it stands",
  // whatever a mail client or a person made of the link, it answers with a page: unknown text is a spent link
  query: z.looseObject({ code: linkParameter, lang: linkParameter }),
  answers: {
    303: seeOther(
      'the wizard, where the application stands, or a page saying the link is spent (also for a code or language that is no link of ours)',
    ),
  },
  errors: [400, 429],
});

export const unsubscribe = defineEndpoint({
  method: 'POST',
  path: '/api/notices/unsubscribe',
  operationId: 'unsubscribe',
  tag: 'Messages',
  summary: 'Stop e-mails: one-click (List-Unsubscribe-Post) or from the unsubscribe page',
  query: z.looseObject({ code: unsubscribeCode }),
  // a body is always there: JSON from the unsubscribe page, the form a mail client posts (read as {})
  body: z.strictObject({ code: unsubscribeCode, language: answerLanguageSchema }),
  // RFC 8058: a mail client's one-click POST is a form whose code is in the address
  bodyAlsoAs: {
    'application/x-www-form-urlencoded': {
      type: 'object',
      properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
    },
  },
  answers: { 200: okAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const startSmsOptOut = defineEndpoint({
  method: 'POST',
  path: '/api/sms-opt-out/start',
  operationId: 'startSmsOptOut',
  tag: 'Messages',
  summary: 'SMS opt-out, step 1: sends a code to the phone',
  body: smsOptOutStartBodySchema,
  answers: { 202: okAnswerSchema },
  errors: [...USUAL_REFUSALS, 503],
});

export const confirmSmsOptOut = defineEndpoint({
  method: 'POST',
  path: '/api/sms-opt-out/confirm',
  operationId: 'confirmSmsOptOut',
  tag: 'Messages',
  summary: 'SMS opt-out, step 2: the code from the SMS stops every SMS to that phone',
  body: smsOptOutConfirmBodySchema,
  answers: { 200: okAnswerSchema },
  errors: USUAL_REFUSALS,
});
