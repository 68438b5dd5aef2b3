import type { FastifyInstance } from 'fastify';
import { partnerReviewRequestSchema } from '../../lenders/messages.ts';
import { checkPartnerMessage, IDEMPOTENCY_HEADER } from '../../lenders/partner-protocol.ts';
import { parseJson } from '../../lenders/raw-json.ts';
import { lenderOr404, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
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
      const lender = lenderOr404(request, reply);
      if (!lender) return reply;
      const raw = typeof request.body === 'string' ? request.body : '';
      const checked = await checkPartnerMessage(sandboxLenderSecret(lender.id), request.headers, raw, {
        expectedPartner: brokerPartnerId,
        nonces: state.nonces,
      });
      if (!checked.ok) return reply.code(401).send({ error: checked.reason });
      const key = request.headers[IDEMPOTENCY_HEADER];
      const parsed = partnerReviewRequestSchema.safeParse(parseJson(raw));
      if (!parsed.success || typeof key !== 'string' || parsed.data.requestId !== key) {
        return reply.code(400).send({ error: 'invalid' });
      }
      const { reference } = request.params;
      const accepted = [...state.accepted.values()].find((application) => application.reference === reference);
      if (!accepted) return reply.code(404).send({ error: 'unknownReference' });
      const recordKey = lenderKey(lender.id, parsed.data.requestId);
      if (state.reviews.has(recordKey)) return reply.code(202).send({ received: true });
      const record = {
        lenderId: lender.id,
        reference,
        applicationRef: accepted.applicationRef,
        requestId: parsed.data.requestId,
        language: parsed.data.language,
        message: parsed.data.message ?? null,
        signed: true as const,
        receivedAt: new Date().toISOString(),
      };
      remember(state.reviews, recordKey, record);
      answers
        .review(lender, accepted.application, parsed.data.language, state.behaviourOf(lender.id), (outcome) => {
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
