import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerSchedule } from './answer-schedule.ts';
import { findSandboxLender, type SandboxLender } from './catalogue.ts';
import type { LenderSandboxState } from './sandbox-state.ts';

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
