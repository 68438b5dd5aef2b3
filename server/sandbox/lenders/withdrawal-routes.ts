import type { FastifyInstance } from 'fastify';
import { partnerWithdrawalSchema } from '../../lenders/messages.ts';
import { checkPartnerMessage, IDEMPOTENCY_HEADER } from '../../lenders/partner-protocol.ts';
import { parseJson } from '../../lenders/raw-json.ts';
import { lenderOr404, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
import { lenderKey, remember, type WithdrawalRecord } from './sandbox-state.ts';

/**
 * The partner protocol's withdrawal, checked like an application (signature, replay, idempotency key, schema):
 *
 *   POST {prefix}/:lenderId/applications/:reference/withdrawal   signed by the broker, body { requestId, reason };
 *        202 { reference, withdrawn: true } (again for a repeat), 404 for a reference this lender never gave,
 *        500 under the 'error500' behaviour. The application's pending answer and callbacks stop; its unsigned
 *        offers (and their signing pages) go.
 *   GET  {prefix}/withdrawals[?lenderId=…&applicationRef=…]      every withdrawal received, newest first (for tests)
 */

interface WithdrawalParams extends LenderParams {
  reference: string;
}

export function registerWithdrawalRoutes(
  instance: FastifyInstance,
  { state }: LenderRoutesContext,
  brokerPartnerId: string,
): void {
  instance.post<{ Params: WithdrawalParams; Body: unknown }>(
    '/:lenderId/applications/:reference/withdrawal',
    async (request, reply) => {
      const lender = lenderOr404(request, reply);
      if (!lender) return reply;
      if (state.behaviourOf(lender.id).mode === 'error500') return reply.code(500).send({ error: 'internal' });

      const raw = typeof request.body === 'string' ? request.body : '';
      const checked = await checkPartnerMessage(sandboxLenderSecret(lender.id), request.headers, raw, {
        expectedPartner: brokerPartnerId,
        nonces: state.nonces,
      });
      if (!checked.ok) return reply.code(401).send({ error: checked.reason });

      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
        return reply.code(400).send({ error: 'idempotencyKey' });
      }
      const parsed = partnerWithdrawalSchema.safeParse(parseJson(raw));
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      if (parsed.data.requestId !== key) return reply.code(400).send({ error: 'idempotencyKey' });

      const { reference } = request.params;
      const application = state.byReference.get(lenderKey(lender.id, reference));
      if (!application) return reply.code(404).send({ error: 'unknownReference' });

      const recordKey = lenderKey(lender.id, reference);
      // a repeat (the broker retrying after a lost answer) changes nothing
      if (!state.withdrawals.has(recordKey)) {
        state.withdraw(lender.id, application);
        const record: WithdrawalRecord = {
          lenderId: lender.id,
          reference,
          applicationRef: application.applicationRef,
          reason: parsed.data.reason,
          requestId: parsed.data.requestId,
          receivedAt: new Date().toISOString(),
        };
        remember(state.withdrawals, recordKey, record);
        request.log.info({ lenderId: lender.id, reason: record.reason }, 'sandbox lender: application withdrawn');
      }
      return reply.code(202).send({ reference, withdrawn: true });
    },
  );

  instance.get<{ Querystring: { lenderId?: string; applicationRef?: string } }>('/withdrawals', async (request) => {
    const { lenderId, applicationRef } = request.query;
    return [...state.withdrawals.values()]
      .reverse()
      .filter(
        (record) =>
          (lenderId === undefined || record.lenderId === lenderId) &&
          (applicationRef === undefined || record.applicationRef === applicationRef),
      );
  });
}
