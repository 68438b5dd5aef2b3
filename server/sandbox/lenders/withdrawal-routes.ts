import type { FastifyInstance } from 'fastify';
import { partnerWithdrawalSchema } from '../../lenders/messages.ts';
import { brokerMessageAbout, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { lenderKey, remember } from './sandbox-state.ts';

/**
 * The partner protocol's withdrawal, checked like an application (signature, replay, idempotency key):
 *
 *   POST {prefix}/:lenderId/applications/:reference/withdrawal   signed by the broker; 202, or 404 for an unknown reference
 *                                                                (500 while the lender's behaviour is error500)
 *   GET  {prefix}/withdrawals                                    every withdrawal received, newest first (for tests)
 */
export function registerWithdrawalRoutes(
  instance: FastifyInstance,
  { state }: LenderRoutesContext,
  brokerPartnerId: string,
): void {
  instance.post<{ Params: LenderParams & { reference: string }; Body: unknown }>(
    '/:lenderId/applications/:reference/withdrawal',
    async (request, reply) => {
      // a lender that is down is down for every message, a withdrawal too: the broker must try again
      if (state.lenderBehaviourIsDown(request.params.lenderId)) return reply.code(500).send({ error: 'internal' });
      const checked = await brokerMessageAbout(request, reply, state, brokerPartnerId, partnerWithdrawalSchema);
      if (!checked) return reply;
      const { lender, message, accepted } = checked;
      const { reference } = request.params;
      // the answer and its callbacks, if still to come, stop: the application is gone
      for (const [offerKey, offer] of state.offers) {
        if (offer.applicationRef === accepted.applicationRef && offer.lenderId === lender.id)
          state.offers.delete(offerKey);
      }
      // one record per idempotency key, as a lender keeps them: the same message again (an answer lost on the way)
      // is one withdrawal, a second message about the same reference is another
      remember(state.withdrawals, lenderKey(lender.id, message.requestId), {
        lenderId: lender.id,
        reference,
        applicationRef: accepted.applicationRef,
        requestId: message.requestId,
        reason: message.reason,
        receivedAt:
          state.withdrawals.get(lenderKey(lender.id, message.requestId))?.receivedAt ?? new Date().toISOString(),
      });
      return reply.code(202).send({ withdrawn: true });
    },
  );

  instance.get('/withdrawals', async () => [...state.withdrawals.values()].reverse());
}
