import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { partnerApplicationSchema } from '../../lenders/messages.ts';
import { checkPartnerMessage, IDEMPOTENCY_HEADER } from '../../lenders/partner-protocol.ts';
import { parseJson } from '../../lenders/raw-json.ts';
import { lenderOr404, type LenderParams, type LenderRoutesContext } from './route-support.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
import { lenderKey, remember } from './sandbox-state.ts';

/**
 * The partner protocol's way in, checked as strictly as a real lender would (signature, replay, idempotency key,
 * schema) so the broker's client is tested against refusals too:
 *
 *   POST {prefix}/:lenderId/applications   signed by the broker; 202 { reference }, then a signed callback
 */

/** `brokerPartnerId`: the partner id the broker signs with. */
export function registerApplicationRoutes(
  instance: FastifyInstance,
  { state, answers, background }: LenderRoutesContext,
  brokerPartnerId: string,
): void {
  instance.post<{ Params: LenderParams; Body: unknown }>('/:lenderId/applications', async (request, reply) => {
    const lender = lenderOr404(request, reply);
    if (!lender) return reply;
    const stats = state.statsOf(lender.id);
    stats.deliveries += 1;
    const behaviour = state.behaviourOf(lender.id);
    if (behaviour.mode === 'error500') return reply.code(500).send({ error: 'internal' });

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
    const parsed = partnerApplicationSchema.safeParse(parseJson(raw));
    if (!parsed.success) {
      // paths only: the values are personal data
      return reply.code(400).send({ error: 'invalid', paths: parsed.error.issues.map((i) => i.path.join('.')) });
    }
    const application = parsed.data;
    if (application.requestId !== key) return reply.code(400).send({ error: 'idempotencyKey' });

    const acceptedKey = lenderKey(lender.id, key);
    const known = state.accepted.get(acceptedKey);
    const ref = application.applicationRef;
    if (known) {
      if (known.applicationRef !== ref) return reply.code(409).send({ error: 'idempotencyKeyReused' });
      stats.deliveriesByApplicationRef[ref] = (stats.deliveriesByApplicationRef[ref] ?? 0) + 1;
      return reply.code(202).send({ reference: known.reference });
    }
    const reference = randomUUID();
    remember(state.accepted, acceptedKey, { reference, applicationRef: ref, application });
    stats.applications += 1;
    stats.byApplicationRef[ref] = (stats.byApplicationRef[ref] ?? 0) + 1;
    stats.deliveriesByApplicationRef[ref] = (stats.deliveriesByApplicationRef[ref] ?? 0) + 1;
    answers.answer(lender, application, behaviour).catch(background);
    return reply.code(202).send({ reference });
  });
}
