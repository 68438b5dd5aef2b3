import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountAnswerSchema,
  accountChooseOfferBodySchema,
  consentSchema,
  eraseAnswerSchema,
  loginPollAnswerSchema,
  loginPollBodySchema,
  logoutBodySchema,
  setConsentBodySchema,
  startLoginAnswerSchema,
  startLoginBodySchema,
} from '../../domain/account-api.ts';
import { apiErrorSchema, chooseOfferAnswerSchema, handoffAnswerSchema } from '../../domain/api.ts';
import { accountOverview, applicationOfPerson } from '../account/account.ts';
import { consentsOf, setConsent } from '../account/consents.ts';
import { accountPath, finishLogin, loginByReturnState, pollSmartIdLogin, startLogin } from '../account/login.ts';
import { erasePersonData, exportPersonData } from '../account/my-data.ts';
import { endEverySession, endSession, SESSION_COOKIE, touchSession, type AccountSession } from '../account/sessions.ts';
import { chooseOfferOf } from '../applications/choose-offer.ts';
import { createHandoffOf } from '../applications/handoff.ts';
import { Refusal } from '../applications/refusal.ts';
import type { Broker } from '../broker.ts';
import { verifyBankReturn } from '../identity/bank-link.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { revokeContinueLinksOf } from '../notices/continue-links.ts';
import { ApiProblem } from './problem.ts';
import { sessionCookie } from './session-cookie.ts';
import { ERROR_ANSWERS, perMinute, perMinuteOfBody } from './route-options.ts';

const SESSION_ANSWERS = { ...ERROR_ANSWERS, 401: apiErrorSchema };
const applicationParams = z.object({ id: z.string().max(64) });

declare module 'fastify' {
  interface FastifyRequest {
    accountSession?: AccountSession;
  }
}

/** The personal account "Mans profils": login, the person's applications, consents, their data, logout. */
export function registerAccountRoutes(app: FastifyInstance, broker: Broker): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { set: setSessionCookie, clear: clearSessionCookie } = sessionCookie(broker);

  /** Every account route but the login's: a live session, or 401. */
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = request.cookies[SESSION_COOKIE];
    const session = id ? await touchSession(broker.db, id) : null;
    if (!session) {
      if (id) clearSessionCookie(reply);
      throw new Refusal('notLoggedIn');
    }
    request.accountSession = session;
  };
  const sessionOf = (request: FastifyRequest): AccountSession => {
    if (!request.accountSession) throw new Refusal('notLoggedIn');
    return request.accountSession;
  };
  // answers about one person are never cached by a browser or a proxy
  const privately = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };

  api.post(
    '/api/account/login/start',
    {
      config: perMinuteOfBody(broker, 20),
      schema: {
        summary: 'Start a login to the personal account by internet bank, Smart-ID or eParaksts',
        body: startLoginBodySchema,
        response: { 200: startLoginAnswerSchema, ...ERROR_ANSWERS, 503: apiErrorSchema },
      },
    },
    async (request) => startLogin(broker, request.body),
  );

  api.post(
    '/api/account/login/poll',
    {
      config: perMinuteOfBody(broker, 120),
      schema: {
        summary: 'Follow a Smart-ID login; sets the session cookie once it succeeded',
        body: loginPollBodySchema,
        response: { 200: loginPollAnswerSchema, ...ERROR_ANSWERS },
      },
      ...privately,
    },
    async (request, reply) => {
      const { answer, sessionId } = await pollSmartIdLogin(broker, request.body.pollSecret);
      if (sessionId) setSessionCookie(reply, sessionId);
      return answer;
    },
  );

  api.get(
    '/api/account/login/bank/:institutionId/return',
    {
      config: perMinute(broker, 30),
      schema: {
        summary: "The bank's signed return from a login; sets the session cookie and redirects to the account",
        params: z.object({ institutionId: z.string().max(64) }),
        querystring: z.record(z.string(), z.string().max(512)),
        response: { 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { institutionId } = request.params;
      if (!INSTITUTIONS.some((institution) => institution.id === institutionId)) throw new ApiProblem(404, 'notFound');
      let result: ReturnType<typeof verifyBankReturn>;
      try {
        result = verifyBankReturn({ institutionId, query: request.query, now: new Date() });
      } catch {
        throw new ApiProblem(400, 'badSignature');
      }
      const attempt = await loginByReturnState(broker, 'bank', result.state);
      if (!attempt || attempt.institutionId !== institutionId) throw new ApiProblem(400, 'invalidToken');
      const sessionId = await finishLogin(
        broker,
        attempt.id,
        result.kind === 'approved'
          ? { kind: 'identified', personalCode: result.personalCode }
          : { kind: 'failed', failure: 'refused' },
      );
      if (sessionId) setSessionCookie(reply, sessionId);
      return reply.redirect(accountPath(attempt.language, !sessionId), 303);
    },
  );

  api.get(
    '/api/account',
    {
      preHandler: requireSession,
      config: perMinute(broker, 120),
      schema: {
        summary: "The logged-in person's applications and consents",
        response: { 200: accountAnswerSchema, ...SESSION_ANSWERS },
      },
      ...privately,
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        ...(await accountOverview(broker, session.personKey)),
        sessionExpiresAt: session.expiresAt.toISOString(),
      };
    },
  );

  api.post(
    '/api/account/applications/:id/handoff',
    {
      preHandler: requireSession,
      config: perMinute(broker, 60),
      schema: {
        summary: 'A one-time code that opens one of the person’s applications in the wizard',
        params: applicationParams,
        response: { 200: handoffAnswerSchema, ...SESSION_ANSWERS },
      },
      ...privately,
    },
    async (request) =>
      createHandoffOf(broker, await applicationOfPerson(broker, sessionOf(request).personKey, request.params.id)),
  );

  api.post(
    '/api/account/applications/:id/choose',
    {
      preHandler: requireSession,
      config: perMinuteOfBody(broker, 30),
      schema: {
        summary: 'Choose an offer of one of the person’s applications; answers where to sign',
        params: applicationParams,
        body: accountChooseOfferBodySchema,
        response: { 200: chooseOfferAnswerSchema, ...SESSION_ANSWERS },
      },
      ...privately,
    },
    async (request) => {
      const id = await applicationOfPerson(broker, sessionOf(request).personKey, request.params.id);
      // signed from the account, the person comes back to it: the wizard in this browser may not know the application
      return chooseOfferOf(broker, id, request.body.offerId, (language) => accountPath(language));
    },
  );

  api.put(
    '/api/account/consents',
    {
      preHandler: requireSession,
      config: perMinuteOfBody(broker, 60),
      schema: {
        summary: 'Give or withdraw one consent; withdrawing stops the messages at once',
        body: setConsentBodySchema,
        response: { 200: z.array(consentSchema), ...SESSION_ANSWERS },
      },
      ...privately,
    },
    async (request) => {
      const { personKey } = sessionOf(request);
      await setConsent(broker.db, personKey, request.body.kind, request.body.granted, 'account');
      return consentsOf(broker.db, personKey);
    },
  );

  api.post(
    '/api/account/logout',
    {
      preHandler: requireSession,
      config: perMinuteOfBody(broker, 30),
      schema: {
        summary: 'Log out here, or everywhere (every session of the person, and the links in their messages)',
        body: logoutBodySchema,
        response: { 204: z.null(), ...SESSION_ANSWERS },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (request.body.everywhere) {
        await endEverySession(broker.db, session.personKey);
        await revokeContinueLinksOf(broker.db, session.personKey);
      } else await endSession(broker.db, session.idHash);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/account/export',
    {
      preHandler: requireSession,
      config: perMinute(broker, 10),
      schema: {
        summary: 'Everything held about the person, as JSON (GDPR access and portability)',
        response: { 200: z.record(z.string(), z.unknown()), ...SESSION_ANSWERS },
      },
      ...privately,
    },
    async (request, reply) => {
      const data = await exportPersonData(broker, sessionOf(request).personKey);
      const day = new Date().toISOString().slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="kreditkompass-dati-${day}.json"`);
      return { ...data };
    },
  );

  api.post(
    '/api/account/erase',
    {
      preHandler: requireSession,
      config: perMinute(broker, 5),
      schema: {
        summary: 'Delete everything held about the person; pending applications are withdrawn with each lender',
        response: { 200: eraseAnswerSchema, ...SESSION_ANSWERS },
      },
      ...privately,
    },
    async (request, reply) => {
      const answer = await erasePersonData(broker, sessionOf(request).personKey);
      clearSessionCookie(reply);
      return answer;
    },
  );
}
