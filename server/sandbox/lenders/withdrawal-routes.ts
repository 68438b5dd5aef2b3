import type { FastifyInstance } from 'fastify';
import { partnerWithdrawalSchema } from '../../lenders/messages.ts';
import { brokerMessageAbout, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { lenderKey, remember } from './sandbox-state.ts';

/**
 * The partner protocol's withdrawal, checked like an application (signature, replay, idempotency key):
 *
 *   POST {prefix}/:lenderId/applications/:reference/withdrawal   signed by the broker; 202, or 404 for an unknown reference
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
      const checked = await brokerMessageAbout(request, reply, state, brokerPartnerId, partnerWithdrawalSchema);
      if (!checked) return reply;
      const { lender, message, accepted } = checked;
      const { reference } = request.params;
      // the answer and its callbacks, if still to come, stop: the application is gone
      for (const [offerKey, offer] of state.offers) {
        if (offer.applicationRef === accepted.applicationRef && offer.lenderId === lender.id)
          state.offers.delete(offerKey);
      }
      remember(state.withdrawals, lenderKey(lender.id, reference), {
        lenderId: lender.id,
        reference,
        applicationRef: accepted.applicationRef,
        reason: message.reason,
        receivedAt: new Date().toISOString(),
      });
      return reply.code(202).send({ withdrawn: true });
    },
  );

  instance.get('/withdrawals', async () => [...state.withdrawals.values()].reverse());
}
