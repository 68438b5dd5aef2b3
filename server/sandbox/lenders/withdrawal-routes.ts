import type { FastifyInstance } from 'fastify';
import { partnerWithdrawalSchema } from '../../lenders/messages.ts';
import { checkPartnerMessage, IDEMPOTENCY_HEADER } from '../../lenders/partner-protocol.ts';
import { parseJson } from '../../lenders/raw-json.ts';
import { lenderOr404, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
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
      const lender = lenderOr404(request, reply);
      if (!lender) return reply;
      const raw = typeof request.body === 'string' ? request.body : '';
      const checked = await checkPartnerMessage(sandboxLenderSecret(lender.id), request.headers, raw, {
        expectedPartner: brokerPartnerId,
        nonces: state.nonces,
      });
      if (!checked.ok) return reply.code(401).send({ error: checked.reason });
      const key = request.headers[IDEMPOTENCY_HEADER];
      const parsed = partnerWithdrawalSchema.safeParse(parseJson(raw));
      if (!parsed.success || typeof key !== 'string' || parsed.data.requestId !== key) {
        return reply.code(400).send({ error: 'invalid' });
      }
      const { reference } = request.params;
      const accepted = [...state.accepted.values()].find((application) => application.reference === reference);
      if (!accepted) return reply.code(404).send({ error: 'unknownReference' });
      // the answer and its callbacks, if still to come, stop: the application is gone
      for (const [offerKey, offer] of state.offers) {
        if (offer.applicationRef === accepted.applicationRef && offer.lenderId === lender.id)
          state.offers.delete(offerKey);
      }
      remember(state.withdrawals, lenderKey(lender.id, reference), {
        lenderId: lender.id,
        reference,
        applicationRef: accepted.applicationRef,
        reason: parsed.data.reason,
        receivedAt: new Date().toISOString(),
      });
      return reply.code(202).send({ withdrawn: true });
    },
  );

  instance.get('/withdrawals', async () => [...state.withdrawals.values()].reverse());
}
