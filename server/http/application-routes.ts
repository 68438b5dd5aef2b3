import type { FastifyInstance } from 'fastify';
import {
  chooseOffer as chooseOfferEndpoint,
  createHandoff as createHandoffEndpoint,
  redeemHandoff as redeemHandoffEndpoint,
  requestReview as requestReviewEndpoint,
  submitApplication as submitApplicationEndpoint,
} from '../../domain/contract/applications.ts';
import { requestReview } from '../applications/review-request.ts';
import { chooseOffer } from '../applications/choose-offer.ts';
import { createHandoff, redeemHandoff } from '../applications/handoff.ts';
import { submitApplication } from '../applications/submit.ts';
import { lenderChoiceProblem } from '../applications/lender-choice.ts';
import { ApiProblem } from './problem.ts';
import type { Broker } from '../broker.ts';
import { route } from './route.ts';
import { perMinuteOfBody } from './route-options.ts';

/** Applications: submitting one, choosing an offer, and handing it over to another tab. */
export function registerApplicationRoutes(app: FastifyInstance, broker: Broker): void {
  route(app, submitApplicationEndpoint, { config: perMinuteOfBody(broker, 20) }, async (request, reply) => {
    const lenderProblem = lenderChoiceProblem(broker.lenders, request.body.application);
    if (lenderProblem) throw new ApiProblem(400, 'validation', { excludedLenders: lenderProblem });
    const answer = await submitApplication(broker, request.body, request.headers['idempotency-key']);
    return reply.status(201).send(answer);
  });

  route(app, chooseOfferEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request) =>
    chooseOffer(broker, request.body.token, request.body.offerId, request.body.returnTo),
  );

  route(app, requestReviewEndpoint, { config: perMinuteOfBody(broker, 20) }, async (request, reply) =>
    reply.status(202).send(await requestReview(broker, request.body)),
  );

  route(app, createHandoffEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) => {
    const answer = await createHandoff(broker, request.body.token);
    // the code is a credential for two minutes: no cache is to keep it
    return reply.header('cache-control', 'no-store').send(answer);
  });

  route(app, redeemHandoffEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) => {
    const answer = await redeemHandoff(broker, request.body.code);
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
