import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsOptOutConfirmBodySchema, smsOptOutStartBodySchema } from '../../domain/account-api.ts';
import { answerLanguageSchema, apiErrorSchema, languageSchema } from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { HANDOFF_PARAM, pathOfStep } from '../../domain/wizard-paths.ts';
import { createHandoffOf } from '../applications/handoff.ts';
import type { Broker } from '../broker.ts';
import { applicationOfContinueCode } from '../notices/continue-links.ts';
import { confirmSmsOptOut, startSmsOptOut } from '../notices/sms-opt-out.ts';
import { unsubscribeByCode } from '../notices/unsubscribe.ts';
import { ERROR_ANSWERS, perMinute, perMinuteOfBody } from './route-options.ts';

/** Where a spent or expired continue link lands: a page that points to "Mans profils". */
const LINK_INVALID_PATH: Record<Language, string> = { lv: '/saite-nederiga', ru: '/ru/ssylka-nedeystvitelna' };

const okSchema = z.object({ ok: z.literal(true) });

/** The links in our messages, unsubscribing, and the SMS opt-out. */
export async function registerNoticeRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/continue',
    {
      config: perMinute(broker, 30),
      schema: {
        summary: "A message's continue link: opens the application in the wizard where it stands",
        querystring: z.looseObject({ code: z.string().max(100).optional(), lang: languageSchema.optional() }),
        response: { 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? 'lv';
      const applicationId = await applicationOfContinueCode(broker.db, broker.config.lookupKey, request.query.code);
      if (!applicationId) return reply.redirect(LINK_INVALID_PATH[language], 303);
      const { code } = await createHandoffOf(broker, applicationId);
      // the wizard trades the one-time code for the token and takes it out of the address at once
      return reply.redirect(`${pathOfStep('waiting', language)}?${HANDOFF_PARAM}=${code}`, 303);
    },
  );

  await app.register(async (scope) => {
    // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form; the code is in the address
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/notices/unsubscribe',
      {
        config: perMinuteOfBody(broker, 30),
        schema: {
          summary: 'Stop e-mails: one-click (List-Unsubscribe-Post) or from the unsubscribe page',
          querystring: z.looseObject({ code: z.string().max(100).optional() }),
          body: z.strictObject({ code: z.string().max(100).optional(), language: answerLanguageSchema }).optional(),
          response: { 200: okSchema, ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        await unsubscribeByCode(broker, request.query.code ?? request.body?.code);
        return { ok: true as const };
      },
    );
  });

  api.post(
    '/api/sms-opt-out/start',
    {
      config: perMinuteOfBody(broker, 5),
      schema: {
        summary: 'SMS opt-out, step 1: sends a code to the phone',
        body: smsOptOutStartBodySchema,
        response: { 202: okSchema, ...ERROR_ANSWERS, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await startSmsOptOut(broker, request.body.phoneNumber, request.body.language);
      return reply.status(202).send({ ok: true });
    },
  );

  api.post(
    '/api/sms-opt-out/confirm',
    {
      config: perMinuteOfBody(broker, 10),
      schema: {
        summary: 'SMS opt-out, step 2: the code from the SMS stops every SMS to that phone',
        body: smsOptOutConfirmBodySchema,
        response: { 200: okSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      await confirmSmsOptOut(broker, request.body.phoneNumber, request.body.code);
      return { ok: true as const };
    },
  );
}
