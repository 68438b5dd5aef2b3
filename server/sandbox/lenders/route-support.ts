import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerSchedule } from './answer-schedule.ts';
import { findSandboxLender, type SandboxLender } from './catalogue.ts';
import type { z } from 'zod';
import { checkPartnerMessage, IDEMPOTENCY_HEADER } from '../../lenders/partner-protocol.ts';
import { parseJson } from '../../lenders/raw-json.ts';
import { sandboxLenderSecret } from './sandbox-lenders-config.ts';
import { lenderKey, type AcceptedApplication, type LenderSandboxState } from './sandbox-state.ts';

/**
 * What the sandbox lenders' route modules share: one registration's state, the lender in the path, and where the
 * failures of the background work they start go.
 */

export interface LenderRoutesContext {
  readonly state: LenderSandboxState;
  readonly answers: AnswerSchedule;
  /** handles the failures of the background answers a route starts */
  readonly background: (error: unknown) => void;
}

export interface LenderParams {
  lenderId: string;
}

/** The lender the path names, or undefined with a 404 already sent. */
export function lenderOr404(
  request: FastifyRequest<{ Params: LenderParams }>,
  reply: FastifyReply,
): SandboxLender | undefined {
  const lender = findSandboxLender(request.params.lenderId);
  if (!lender) void reply.code(404).send({ error: 'unknownLender' });
  return lender;
}

/** Background answers end with an AbortError on reset or close: that is no failure. */
export const ignoreAbort = (log: FastifyBaseLogger) => (error: unknown) => {
  if (error instanceof Error && error.name === 'AbortError') return;
  log.error({ err: error }, 'sandbox lender: background task failed');
};

/**
 * What a message of the broker about an application this lender holds must pass (withdrawal, review): the lender
 * in the path, the broker's signature (fresh, never replayed), an idempotency key equal to the body's requestId, a
 * body the schema accepts, and a reference this lender gave. Answers them, or undefined with the refusal sent.
 */
export async function brokerMessageAbout<T extends { readonly requestId: string }>(
  request: FastifyRequest<{ Params: LenderParams & { reference: string }; Body: unknown }>,
  reply: FastifyReply,
  state: LenderSandboxState,
  brokerPartnerId: string,
  schema: z.ZodType<T>,
): Promise<{ lender: SandboxLender; message: T; accepted: AcceptedApplication } | undefined> {
  const lender = lenderOr404(request, reply);
  if (!lender) return undefined;
  const raw = typeof request.body === 'string' ? request.body : '';
  const checked = await checkPartnerMessage(sandboxLenderSecret(lender.id), request.headers, raw, {
    expectedPartner: brokerPartnerId,
    nonces: state.nonces,
  });
  if (!checked.ok) {
    void reply.code(401).send({ error: checked.reason });
    return undefined;
  }
  const key = request.headers[IDEMPOTENCY_HEADER];
  const parsed = schema.safeParse(parseJson(raw));
  if (!parsed.success || typeof key !== 'string' || parsed.data.requestId !== key) {
    void reply.code(400).send({ error: 'invalid' });
    return undefined;
  }
  const { reference } = request.params;
  // a lender knows its own references only, never another lender's
  const own = lenderKey(lender.id, '');
  const accepted = [...state.accepted].find(
    ([key, application]) => key.startsWith(own) && application.reference === reference,
  )?.[1];
  if (!accepted) {
    void reply.code(404).send({ error: 'unknownReference' });
    return undefined;
  }
  return { lender, message: parsed.data, accepted };
}
