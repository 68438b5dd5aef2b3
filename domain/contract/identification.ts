import { z } from 'zod';
import {
  bindIdentificationAnswerSchema,
  bindIdentificationBodySchema,
  startIdentificationAnswerSchema,
  startIdentificationBodySchema,
} from '../api.ts';
import { defineEndpoint, USUAL_REFUSALS, type OtherAnswer } from './define-endpoint.ts';

/** Identification: its start, and the bank's and eParaksts' returns that send the browser on to the wizard. */

/** A redirect the browser follows. */
export const seeOther = (where: string): OtherAnswer => ({
  description: `See Other: ${where}`,
  headers: { Location: 'where the browser goes on' },
});

/** A bank's signed return: which bank, and the fields it signed, each a query parameter of its own. */
export const bankReturnParams = z.object({ institutionId: z.string().max(64) });
export const bankReturnQuery = z.record(z.string(), z.string().max(512));

export const startIdentification = defineEndpoint({
  method: 'POST',
  path: '/api/identification/start',
  operationId: 'startIdentification',
  tag: 'Identification',
  summary: 'Start identification by internet bank, Smart-ID or electronic signature',
  body: startIdentificationBodySchema,
  answers: { 200: startIdentificationAnswerSchema },
  errors: [...USUAL_REFUSALS, 503],
});

export const bindIdentification = defineEndpoint({
  method: 'POST',
  path: '/api/identification/bind',
  operationId: 'bindIdentification',
  tag: 'Identification',
  summary: "A widget's identification tab binds the identification to its browser and learns the provider's address",
  description:
    "The publisher's frame that started a bank or eParaksts identification hands its tab the return state by " +
    "`postMessage`, never in an address; the tab's browser gets the short-lived cookie the provider's return must " +
    'carry. Once per identification.',
  body: bindIdentificationBodySchema,
  answers: { 200: bindIdentificationAnswerSchema },
  errors: [400, 429],
});

export const bankIdentificationReturn = defineEndpoint({
  method: 'GET',
  path: '/api/identification/bank/:institutionId/return',
  operationId: 'bankIdentificationReturn',
  tag: 'Identification',
  summary: "The bank's signed return; redirects the browser to the wizard",
  params: bankReturnParams,
  query: bankReturnQuery,
  answers: { 303: seeOther("the wizard's waiting step, or its identification step with the failure") },
  errors: [400, 404, 429],
});

export const eParakstsCallback = defineEndpoint({
  method: 'GET',
  path: '/api/identification/eparaksts/callback',
  operationId: 'eParakstsCallback',
  tag: 'Identification',
  summary: 'eParaksts OAuth 2.0 redirect: exchanges the code and redirects the browser to the wizard',
  // loose: a `lang` beside the OAuth fields stays, so errors answer in that language
  query: z.looseObject({
    state: z.string().min(1).max(128),
    code: z.string().min(1).max(512).optional(),
    error: z.string().max(128).optional(),
  }),
  answers: { 303: seeOther('the wizard (or, for a login, the account)') },
  errors: [400, 429],
});
