import Fastify, { type FastifyInstance } from 'fastify';
import { BROKER_PARTNER_ID } from '../../lenders/partner-protocol.ts';
import { parseJson, useRawJsonBody } from '../../lenders/raw-json.ts';
import { AnswerSchedule, type AnswerTiming } from './answer-schedule.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { CallbackSender, type CallbackRetryOptions } from './callback-sender.ts';
import { SANDBOX_LENDERS } from './catalogue.ts';
import { ManualClock } from './clock.ts';
import { registerContractRoutes } from './contract-routes.ts';
import { registerWithdrawalRoutes } from './withdrawal-routes.ts';
import { registerReviewRoutes } from './review-routes.ts';
import { registerDocumentsRoutes } from './documents-routes.ts';
import { ignoreAbort, lenderOr404, type LenderParams } from './route-support.ts';
import {
  clockAdvanceSchema,
  LenderSandboxState,
  sandboxBehaviourSchema,
  type LenderSandboxStats,
} from './sandbox-state.ts';

/**
 * Sixteen sandbox lenders speaking the partner protocol over real HTTP (see server/lenders/partner-protocol.ts):
 *
 *   POST {prefix}/:lenderId/applications        signed by the broker; 202 { reference }, then a signed callback
 *   GET  {prefix}/:lenderId/contracts/:offerId  the lender's signing page (?lang=lv|ru&return_url=…)
 *   POST {prefix}/:lenderId/contracts/:offerId  signs: 'signed' callback, then after the payout delay 'paid'; 303
 *   POST {prefix}/:lenderId/applications/:reference/withdrawal  signed; the broker withdraws an application
 *   GET  {prefix}/withdrawals                   the withdrawals received, newest first
 *   POST {prefix}/:lenderId/applications/:reference/documents  multipart, signed; the documents a lender asked for
 *   GET  {prefix}/documents                     the documents received (ids, kind, each file's type, length, SHA-256)
 *   GET  {prefix}/stats                         per lender: deliveries, applications, byApplicationRef, …
 *   PUT  {prefix}/:lenderId/behaviour           { mode, delayMs? }: inject failures
 *   POST {prefix}/reset                         forget everything, cancel pending answers
 *   POST {prefix}/clock                         { advanceMs }: with a ManualClock only, moves it on; 200 { now, ended }
 *
 * This module wires one registration together and serves the control routes; the protocol's routes live in
 * application-routes.ts and contract-routes.ts, the timing of the answers in answer-schedule.ts, the callbacks in
 * callback-sender.ts. State lives in memory, per registration (sandbox-state.ts). Logs carry lender ids, statuses
 * and counts, never a body or a URL (callback URLs and return URLs may carry tokens).
 */

// Still exported from here, the sandbox lenders' entry point, for those who imported them from it.
export { sampleDelayMs } from './answer-schedule.ts';
export type { CallbackRetryOptions } from './callback-sender.ts';
export { safeReturnUrl } from './contract-routes.ts';
export {
  SANDBOX_BEHAVIOUR_MODES,
  sandboxBehaviourSchema,
  type LenderSandboxStats,
  type SandboxBehaviour,
  type SandboxBehaviourMode,
} from './sandbox-state.ts';

export interface LenderSandboxOptions extends AnswerTiming {
  /** default '/sandbox/lenders' */
  readonly prefix?: string;
  /** the partner id the broker signs with, default 'kreditkompass' */
  readonly brokerPartnerId?: string;
  readonly callbackRetry?: CallbackRetryOptions;
}

const DEFAULT_PREFIX = '/sandbox/lenders';

export async function registerLenderSandbox(app: FastifyInstance, opts: LenderSandboxOptions = {}): Promise<void> {
  const prefix = (opts.prefix ?? DEFAULT_PREFIX).replace(/\/+$/, '');
  const brokerPartnerId = opts.brokerPartnerId ?? BROKER_PARTNER_ID;

  await app.register(
    async (instance) => {
      const state = new LenderSandboxState();
      const sender = new CallbackSender(state, opts.callbackRetry ?? {}, instance.log);
      const answers = new AnswerSchedule(state, sender, opts);
      const context = { state, answers, background: ignoreAbort(instance.log) };
      instance.addHook('onClose', async () => state.close());

      useRawJsonBody(instance);
      if (instance.hasContentTypeParser('application/x-www-form-urlencoded')) {
        instance.removeContentTypeParser('application/x-www-form-urlencoded');
      }
      // the signing page's form
      instance.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );

      registerApplicationRoutes(instance, context, brokerPartnerId);
      registerContractRoutes(instance, context);
      registerWithdrawalRoutes(instance, context, brokerPartnerId);
      registerReviewRoutes(instance, context, brokerPartnerId);
      registerDocumentsRoutes(instance, context, brokerPartnerId);

      instance.get('/stats', async () => {
        const all: Record<string, LenderSandboxStats> = {};
        for (const lender of SANDBOX_LENDERS) all[lender.id] = state.statsOf(lender.id);
        return all;
      });

      instance.put<{ Params: LenderParams; Body: unknown }>('/:lenderId/behaviour', async (request, reply) => {
        const lender = lenderOr404(request, reply);
        if (!lender) return reply;
        const parsed = sandboxBehaviourSchema.safeParse(
          parseJson(typeof request.body === 'string' ? request.body : ''),
        );
        if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
        state.behaviours.set(lender.id, parsed.data);
        return { lenderId: lender.id, ...parsed.data };
      });

      instance.post('/reset', async (_request, reply) => {
        state.reset();
        return reply.code(204).send();
      });

      const { clock } = opts;
      if (clock instanceof ManualClock) {
        instance.post<{ Body: unknown }>('/clock', async (request, reply) => {
          const parsed = clockAdvanceSchema.safeParse(parseJson(typeof request.body === 'string' ? request.body : ''));
          if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
          const ended = clock.advance(parsed.data.advanceMs);
          return { now: clock.now, ended };
        });
      }
    },
    { prefix },
  );
}

/** A Fastify app serving only the sandbox lenders, e.g. in a process of its own (see main.ts). */
export async function createLenderSandboxServer(
  opts: LenderSandboxOptions & { readonly logger?: boolean } = {},
): Promise<FastifyInstance> {
  const { logger = false, ...options } = opts;
  const app = Fastify({
    logger: logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // query strings carry return URLs; log the path only
          serializers: { req: (request) => ({ method: request.method, path: request.url.split('?')[0] }) },
        }
      : false,
  });
  await registerLenderSandbox(app, options);
  return app;
}
