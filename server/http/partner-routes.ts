import type { FastifyInstance } from 'fastify';
import { applyPartnerCallback } from '../applications/partner-callbacks.ts';
import { Refusal, type RefusalReason } from '../applications/refusal.ts';
import type { Broker } from '../broker.ts';
import { partnerCallbackSchema } from '../lenders/messages.ts';
import { parseJson, useRawJsonBody } from '../lenders/raw-json.ts';
import { databaseNonceStore } from '../lenders/database-nonce-store.ts';
import { verifyPartnerMessage } from '../lenders/partner-protocol.ts';
import { ApiProblem } from './problem.ts';
import { partnerDecisions } from '../../domain/contract/unpublished.ts';
import { perMinuteOfBody } from './route-options.ts';
import { lenderAnswered } from '../ops/metrics/record.ts';

/** Refusals of an offer whose statement recorded the message's nonce already. */
const NONCE_RECORDED: ReadonlySet<RefusalReason> = new Set(['replayedMessage', 'offerOutOfBounds']);

/**
 * Lenders' signed callbacks. The signature covers the raw body, so this plugin keeps JSON bodies
 * as text and parses them only after the signature and the nonce check out.
 */
export async function registerPartnerRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  const nonces = databaseNonceStore(broker.db);
  await app.register(async (partner) => {
    partner.removeAllContentTypeParsers();
    useRawJsonBody(partner, 64 * 1024);
    partner.post(partnerDecisions.path, { config: perMinuteOfBody(broker, 6000) }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const partnerId = request.headers['x-kk-partner'];
      const lender = typeof partnerId === 'string' ? broker.lenders.get(partnerId) : undefined;
      if (!lender) throw new ApiProblem(401, 'badSignature');
      const verified = verifyPartnerMessage(lender.secret, request.headers, rawBody);
      if (!verified.ok) throw new ApiProblem(401, 'badSignature');
      const nonce = { value: verified.nonce, expiresAt: new Date(verified.timestamp * 1000 + 600_000) };
      /** A message is taken once: a nonce seen before answers 409 whatever the message says. */
      const rememberNonce = async () => {
        if (!(await nonces.remember(lender.id, nonce.value, nonce.expiresAt))) throw new ApiProblem(409, 'replay');
      };
      const json = parseJson(rawBody);
      const callback = json === undefined ? undefined : partnerCallbackSchema.safeParse(json);
      if (callback?.success && callback.data.type === 'offer') {
        // the hot path, fifteen an application: the nonce is recorded by the statement that stores the offer
        try {
          await applyPartnerCallback(broker, lender.id, callback.data, nonce);
          lenderAnswered(broker, lender.id, callback.data.applicationRef, callback.data.type);
        } catch (error) {
          // refused before it reached that statement: the nonce is recorded here, so the message again is a replay
          // (a refusal for its bounds recorded the nonce with the refusal)
          if (error instanceof Refusal && !NONCE_RECORDED.has(error.reason)) await rememberNonce();
          throw error;
        }
        return reply.send({ ok: true });
      }
      await rememberNonce();
      if (json === undefined || callback === undefined) throw new ApiProblem(400, 'malformedBody');
      if (!callback.success) throw new ApiProblem(400, 'validation');
      await applyPartnerCallback(broker, lender.id, callback.data);
      lenderAnswered(broker, lender.id, callback.data.applicationRef, callback.data.type);
      return reply.send({ ok: true });
    });
  });
}
