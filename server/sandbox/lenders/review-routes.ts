import type { FastifyInstance } from 'fastify';
import { partnerReviewRequestSchema } from '../../lenders/messages.ts';
import { brokerMessageAbout, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { lenderKey, remember } from './sandbox-state.ts';

/**
 * The partner protocol's request for human review, checked like an application (signature, replay, idempotency
 * key). The lender answers after its usual delay with a `reviewUpheld` or `reviewOffer` callback.
 *
 *   POST {prefix}/:lenderId/applications/:reference/review   signed by the broker; 202, or 404 for an unknown reference
 *   GET  {prefix}/reviews                                     every review request received, newest first (for tests)
 */
export function registerReviewRoutes(
  instance: FastifyInstance,
  { state, answers, background }: LenderRoutesContext,
  brokerPartnerId: string,
): void {
  instance.post<{ Params: LenderParams & { reference: string }; Body: unknown }>(
    '/:lenderId/applications/:reference/review',
    async (request, reply) => {
      const checked = await brokerMessageAbout(request, reply, state, brokerPartnerId, partnerReviewRequestSchema);
      if (!checked) return reply;
      const { lender, message, accepted } = checked;
      const { reference } = request.params;
      const recordKey = lenderKey(lender.id, message.requestId);
      if (state.reviews.has(recordKey)) return reply.code(202).send({ received: true });
      const record = {
        lenderId: lender.id,
        reference,
        applicationRef: accepted.applicationRef,
        requestId: message.requestId,
        language: message.language,
        message: message.message ?? null,
        signed: true as const,
        receivedAt: new Date().toISOString(),
      };
      remember(state.reviews, recordKey, record);
      answers
        .review(lender, accepted.application, message.language, state.behaviourOf(lender.id), (outcome) => {
          const stored = state.reviews.get(recordKey);
          if (stored) stored.outcome = outcome;
        })
        .catch(background);
      return reply.code(202).send({ received: true });
    },
  );

  instance.get<{ Querystring: { lenderId?: string } }>('/reviews', async (request) =>
    [...state.reviews.values()]
      .filter((review) => !request.query.lenderId || review.lenderId === request.query.lenderId)
      .reverse(),
  );
}
