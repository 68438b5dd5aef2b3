import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  bankLoginReturn,
  chooseAccountOffer,
  createAccountHandoff,
  erasePersonData as erasePersonDataEndpoint,
  exportPersonData as exportPersonDataEndpoint,
  getAccount,
  getAccountSession,
  getAccountStandardInformation,
  logout,
  pollLogin,
  setConsent as setConsentEndpoint,
  startLogin as startLoginEndpoint,
} from '../../domain/contract/account.ts';
import { accountOverview, applicationOfPerson } from '../account/account.ts';
import { consentsOf, setConsent } from '../account/consents.ts';
import { accountPath, finishLogin, loginByReturnState, pollSmartIdLogin, startLogin } from '../account/login.ts';
import { erasePersonData, exportPersonData } from '../account/my-data.ts';
import { endEverySession, endSession, touchSession, type AccountSession } from '../account/sessions.ts';
import { chooseOfferOf } from '../applications/choose-offer.ts';
import { standardInformationOfApplication } from '../applications/standard-information.ts';
import { accountStandardInformationHref } from '../../domain/standard-information-href.ts';
import { createHandoffOf } from '../applications/handoff.ts';
import { Refusal } from '../applications/refusal.ts';
import type { Broker } from '../broker.ts';
import { verifyBankReturn } from '../identity/bank-link.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { revokeContinueLinksOf } from '../notices/continue-links.ts';
import { revokeApplicationTokensOf } from '../applications/token-revocation.ts';
import { forgetTokensOf } from '../applications/lookup.ts';
import { ApiProblem } from './problem.ts';
import { registerAccountCallRequestRoutes } from './call-request-routes.ts';
import { browserBinding } from './browser-binding.ts';
import { pagePath } from '../../domain/site-pages.ts';
import { sessionCookie } from './session-cookie.ts';
import { sendStandardInformation } from './standard-information-routes.ts';
import { route } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';

declare module 'fastify' {
  interface FastifyRequest {
    accountSession?: AccountSession;
  }
}

/** What the account's routes share: the session cookie and the check of a live session. */
interface AccountSessions {
  readSessionCookie: (request: FastifyRequest) => string | undefined;
  setSessionCookie: (reply: FastifyReply, sessionId: string) => unknown;
  clearSessionCookie: (reply: FastifyReply) => unknown;
  /** Every account route but the login's: a live session, or 401. */
  requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const sessionOf = (request: FastifyRequest): AccountSession => {
  if (!request.accountSession) throw new Refusal('notLoggedIn');
  return request.accountSession;
};

// answers about one person are never cached by a browser or a proxy
const privately = {
  onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
};

/** The personal account "Mans profils": login, the person's applications, consents, their data, logout. */
export function registerAccountRoutes(app: FastifyInstance, broker: Broker): void {
  const { read: readSessionCookie, set: setSessionCookie, clear: clearSessionCookie } = sessionCookie(broker);
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = readSessionCookie(request);
    const session = id ? await touchSession(broker.db, id) : null;
    if (!session) {
      if (id) clearSessionCookie(reply);
      throw new Refusal('notLoggedIn');
    }
    request.accountSession = session;
  };
  const sessions: AccountSessions = { readSessionCookie, setSessionCookie, clearSessionCookie, requireSession };

  registerLoginRoutes(app, broker, sessions);
  registerApplicationRoutes(app, broker, sessions);
  registerConsentRoutes(app, broker, sessions);
  registerLogoutRoutes(app, broker, sessions);
  registerMyDataRoutes(app, broker, sessions);
  registerAccountCallRequestRoutes(app, broker, requireSession);
}

/** Login by Smart-ID (started, then polled) or by a bank (its return): a session cookie on success. */
function registerLoginRoutes(app: FastifyInstance, broker: Broker, { setSessionCookie }: AccountSessions): void {
  const binding = browserBinding(broker);
  route(
    app,
    startLoginEndpoint,
    {
      config: perMinuteOfBody(broker, 20),
    },
    async (request, reply) => startLogin(broker, request.body, binding.mark(request, reply)),
  );

  route(
    app,
    pollLogin,
    {
      config: perMinuteOfBody(broker, 120),
      ...privately,
    },
    async (request, reply) => {
      const { answer, sessionId } = await pollSmartIdLogin(broker, request.body.pollSecret, (browserHash) =>
        binding.matches(request, browserHash),
      );
      if (sessionId) setSessionCookie(reply, sessionId);
      return answer;
    },
  );

  route(
    app,
    bankLoginReturn,
    {
      config: perMinute(broker, 30),
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
      if (!binding.matches(request, attempt.browserHash)) {
        await finishLogin(broker, attempt.id, { kind: 'failed', failure: 'otherBrowser' });
        return reply.redirect(pagePath('otherBrowser', attempt.language), 303);
      }
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
}

/** The person's applications: the overview, a handoff to one, choosing one's offer. */
function registerApplicationRoutes(
  app: FastifyInstance,
  broker: Broker,
  { requireSession, readSessionCookie, clearSessionCookie }: AccountSessions,
): void {
  route(
    app,
    getAccount,
    {
      preHandler: requireSession,
      config: perMinute(broker, 120),
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

  route(app, getAccountSession, { config: perMinute(broker, 120), ...privately }, async (request, reply) => {
    const id = readSessionCookie(request);
    const session = id ? await touchSession(broker.db, id) : null;
    // a cookie whose session is gone is cleared, as every account route does
    if (id && !session) clearSessionCookie(reply);
    return { loggedIn: session !== null };
  });

  route(
    app,
    createAccountHandoff,
    {
      preHandler: requireSession,
      config: perMinute(broker, 60),
      ...privately,
    },
    async (request) =>
      createHandoffOf(broker, await applicationOfPerson(broker, sessionOf(request).personKey, request.params.id)),
  );

  route(
    app,
    chooseAccountOffer,
    {
      preHandler: requireSession,
      config: perMinuteOfBody(broker, 30),
      ...privately,
    },
    async (request) => {
      const id = await applicationOfPerson(broker, sessionOf(request).personKey, request.params.id);
      // signed from the account, the person comes back to it: the wizard in this browser may not know the application
      return chooseOfferOf(broker, id, request.body.offerId, (language) => accountPath(language));
    },
  );

  route(
    app,
    getAccountStandardInformation,
    {
      preHandler: requireSession,
      config: perMinute(broker, 60),
      ...privately,
    },
    async (request, reply) => {
      const id = await applicationOfPerson(broker, sessionOf(request).personKey, request.params.id);
      const { offerId, lang, format } = request.query;
      const found = await standardInformationOfApplication(broker, id, offerId, lang);
      const pdf = accountStandardInformationHref(request.params.id, offerId, found.language, 'pdf');
      return sendStandardInformation(reply, found, format, pdf);
    },
  );
}

/** The person's consents, granted or withdrawn from the account. */
function registerConsentRoutes(app: FastifyInstance, broker: Broker, { requireSession }: AccountSessions): void {
  route(
    app,
    setConsentEndpoint,
    {
      preHandler: requireSession,
      config: perMinuteOfBody(broker, 60),
      ...privately,
    },
    async (request) => {
      const { personKey } = sessionOf(request);
      await setConsent(broker.db, personKey, request.body.kind, request.body.granted, 'account');
      return consentsOf(broker.db, personKey);
    },
  );
}

/** Logout: this session, or every session of the person and their continue links. */
function registerLogoutRoutes(
  app: FastifyInstance,
  broker: Broker,
  { requireSession, clearSessionCookie }: AccountSessions,
): void {
  route(
    app,
    logout,
    {
      preHandler: requireSession,
      config: perMinuteOfBody(broker, 30),
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (request.body.everywhere) {
        // every way back in at once: sessions, the links in messages, the applications' tokens and handoff codes
        const replaced = await broker.db.transaction(async (tx) => {
          await endEverySession(tx, session.personKey);
          await revokeContinueLinksOf(tx, session.personKey);
          return revokeApplicationTokensOf(broker, tx, session.personKey);
        });
        // this process's cache at once: the next request may come before its own NOTIFY does
        for (const applicationId of replaced) forgetTokensOf(applicationId);
      } else await endSession(broker.db, session.idHash);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );
}

/** The person's data: its export, and its erasure (which ends the session). */
function registerMyDataRoutes(
  app: FastifyInstance,
  broker: Broker,
  { requireSession, clearSessionCookie }: AccountSessions,
): void {
  route(
    app,
    exportPersonDataEndpoint,
    {
      preHandler: requireSession,
      config: perMinute(broker, 10),
      ...privately,
    },
    async (request, reply) => {
      const data = await exportPersonData(broker, sessionOf(request).personKey);
      const day = new Date().toISOString().slice(0, 10);
      void reply.header('content-disposition', `attachment; filename="kreditkompass-dati-${day}.json"`);
      return { ...data };
    },
  );

  route(
    app,
    erasePersonDataEndpoint,
    {
      preHandler: requireSession,
      config: perMinute(broker, 5),
      ...privately,
    },
    async (request, reply) => {
      const answer = await erasePersonData(broker, sessionOf(request).personKey);
      clearSessionCookie(reply);
      return answer;
    },
  );
}
