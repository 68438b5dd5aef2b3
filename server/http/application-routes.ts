import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chooseOfferAnswerSchema,
  chooseOfferBodySchema,
  handoffAnswerSchema,
  handoffBodySchema,
  idempotencyKeySchema,
  redeemHandoffAnswerSchema,
  redeemHandoffBodySchema,
  submitApplicationAnswerSchema,
  reviewRequestAnswerSchema,
  reviewRequestBodySchema,
  submitApplicationBodySchema,
} from '../../domain/api.ts';
import { requestReview } from '../applications/review-request.ts';
import { chooseOffer } from '../applications/choose-offer.ts';
import { createHandoff, redeemHandoff } from '../applications/handoff.ts';
import { submitApplication } from '../applications/submit.ts';
import { lenderChoiceProblem } from '../applications/lender-choice.ts';
import { ApiProblem } from './problem.ts';
import type { Broker } from '../broker.ts';
import { ERROR_ANSWERS, perMinuteOfBody } from './route-options.ts';

/** Applications: submitting one, choosing an offer, and handing it over to another tab. */
export function registerApplicationRoutes(app: FastifyInstance, broker: Broker): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/applications',
    {
      config: perMinuteOfBody(broker, 20),
      schema: {
        summary: 'Submit an application',
        description: 'Idempotent per Idempotency-Key: a repeat with the same key and body answers the same token.',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema }),
        body: submitApplicationBodySchema,
        response: { 201: submitApplicationAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const lenderProblem = lenderChoiceProblem(broker.lenders, request.body.application);
      if (lenderProblem) throw new ApiProblem(400, 'validation', { excludedLenders: lenderProblem });
      const answer = await submitApplication(broker, request.body, request.headers['idempotency-key']);
      return reply.status(201).send(answer);
    },
  );

  api.post(
    '/api/applications/chooseOffer',
    {
      config: perMinuteOfBody(broker, 30),
      schema: {
        summary: 'Choose an offer: answers where to sign with that lender',
        body: chooseOfferBodySchema,
        response: { 200: chooseOfferAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => chooseOffer(broker, request.body.token, request.body.offerId, request.body.returnTo),
  );

  api.post(
    '/api/applications/reviewRequest',
    {
      config: perMinuteOfBody(broker, 20),
      schema: {
        summary: 'Ask a lender that declined for a human review and an explanation of its decision',
        description:
          'The lender answers later, after a human looked at the application; the status shows the request and its outcome.',
        body: reviewRequestBodySchema,
        response: { 202: reviewRequestAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => reply.status(202).send(await requestReview(broker, request.body)),
  );

  api.post(
    '/api/applications/handoff',
    {
      config: perMinuteOfBody(broker, 30),
      schema: {
        summary: 'A one-time code that opens the application in another tab of the site',
        description:
          'For a widget whose storage the site cannot read: the code is good for one redeem within two minutes.',
        body: handoffBodySchema,
        response: { 200: handoffAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const answer = await createHandoff(broker, request.body.token);
      // the code is a credential for two minutes: no cache is to keep it
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  api.post(
    '/api/applications/handoff/redeem',
    {
      config: perMinuteOfBody(broker, 30),
      schema: {
        summary: "Trade a handoff code, once, for the application's token",
        description: 'A spent, expired or unknown code answers 400 handoffExpired.',
        body: redeemHandoffBodySchema,
        response: { 200: redeemHandoffAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const answer = await redeemHandoff(broker, request.body.code);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
