import type { FastifyInstance } from 'fastify';
import {
  confirmSmsOptOut as confirmSmsOptOutEndpoint,
  continueApplication,
  startSmsOptOut as startSmsOptOutEndpoint,
  unsubscribe,
} from '../../domain/contract/messages.ts';
import { languageSchema } from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { documentRequestFragment, HANDOFF_PARAM, pathOfStep } from '../../domain/wizard-paths.ts';
import { createHandoffOf } from '../applications/handoff.ts';
import type { Broker } from '../broker.ts';
import { targetOfContinueCode } from '../notices/continue-links.ts';
import { confirmSmsOptOut, startSmsOptOut } from '../notices/sms-opt-out.ts';
import { unsubscribeByCode } from '../notices/unsubscribe.ts';
import { route } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';

/** Where a spent or expired continue link lands: a page that points to "Mans profils". */
const LINK_INVALID_PATH: Record<Language, string> = { lv: '/saite-nederiga', ru: '/ru/ssylka-nedeystvitelna' };

/** Longer than any continue code we sign (a message id and its signature, base64url). */
const MAX_CONTINUE_CODE = 100;

/** The links in our messages, unsubscribing, and the SMS opt-out. */
export async function registerNoticeRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  route(
    app,
    continueApplication,
    {
      config: perMinute(broker, 30),
    },
    async (request, reply) => {
      const language = languageSchema.safeParse(request.query.lang).data ?? 'lv';
      const { code: given } = request.query;
      // a code longer than ours, or given twice, is none of ours
      const target =
        typeof given === 'string' && given.length <= MAX_CONTINUE_CODE
          ? await targetOfContinueCode(broker.db, broker.config.lookupKey, given)
          : null;
      if (!target) return reply.redirect(LINK_INVALID_PATH[language], 303);
      const { code } = await createHandoffOf(broker, target.applicationId);
      // the wizard trades the one-time code for the token and takes it out of the address at once; a message about a
      // lender's documents request lands on that request (the fragment stays in the browser)
      const fragment = target.documentRequestId
        ? `#${documentRequestFragment(language, target.documentRequestId)}`
        : '';
      return reply.redirect(`${pathOfStep('waiting', language)}?${HANDOFF_PARAM}=${code}${fragment}`, 303);
    },
  );

  await app.register(async (scope) => {
    // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form; the code is in the address
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
      done(null, {}),
    );
    route(
      scope,
      unsubscribe,
      {
        config: perMinuteOfBody(broker, 30),
      },
      async (request) => {
        await unsubscribeByCode(broker, request.query.code ?? request.body.code);
        return { ok: true as const };
      },
    );
  });

  route(
    app,
    startSmsOptOutEndpoint,
    {
      config: perMinuteOfBody(broker, 5),
    },
    async (request, reply) => {
      await startSmsOptOut(broker, request.body.phoneNumber, request.body.language);
      return reply.status(202).send({ ok: true });
    },
  );

  route(
    app,
    confirmSmsOptOutEndpoint,
    {
      config: perMinuteOfBody(broker, 10),
    },
    async (request) => {
      await confirmSmsOptOut(broker, request.body.phoneNumber, request.body.code);
      return { ok: true as const };
    },
  );
}
