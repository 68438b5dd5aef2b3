import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  bankIdentificationReturn,
  bindIdentification,
  eParakstsCallback,
  startIdentification as startIdentificationEndpoint,
} from '../../domain/contract/identification.ts';
import type { Language } from '../../domain/language.ts';
import { pathOfStep } from '../../domain/wizard-paths.ts';
import {
  bindWidgetIdentification,
  identificationByReturnState,
  startIdentification,
} from '../applications/identification.ts';
import { finishIdentification } from '../applications/identification-outcome.ts';
import type { Broker } from '../broker.ts';
import { verifyBankReturn } from '../identity/bank-link.ts';
import { INSTITUTIONS } from '../identity/institutions.ts';
import { ApiProblem } from './problem.ts';
import { browserBinding } from './browser-binding.ts';
import { pagePath } from '../../domain/site-pages.ts';
import { sessionCookie } from './session-cookie.ts';
import { accountPath, finishLogin, loginByReturnState } from '../account/login.ts';
import { route } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';
import { widgetReturnPath } from '../applications/widget-return.ts';

/** The wizard's screens the identity providers send the person back to. */
const WIZARD_RETURN_STEP = { waiting: 'confirmingIdentity', failed: 'choosingIdConfirmationMethodWithError' } as const;

/** A widget's popup lands on a page that closes it; the widget follows the status on its own. */
const returnPath = ({ succeeded, language, returnTo }: { succeeded: boolean; language: Language; returnTo: string }) =>
  returnTo === 'widget'
    ? widgetReturnPath(succeeded ? 'confirmed' : 'failed', language)
    : pathOfStep(WIZARD_RETURN_STEP[succeeded ? 'waiting' : 'failed'], language);

/** Identification: its start, and the bank's and eParaksts' returns that redirect the browser to the wizard. */
export function registerIdentificationRoutes(app: FastifyInstance, broker: Broker): void {
  const cookie = sessionCookie(broker);
  const binding = browserBinding(broker);
  /** A return that reached another browser ends the attempt, and says why on a page of its own. */
  const fromAnotherBrowser = async (reply: FastifyReply, identificationId: string) => {
    const finished = await finishIdentification(broker, identificationId, { kind: 'failed', failure: 'otherBrowser' });
    return reply.redirect(pagePath('otherBrowser', finished?.language ?? 'lv'), 303);
  };
  const boundHere = (request: FastifyRequest, identification: { browser_hash: string | null }) =>
    binding.matches(request, identification.browser_hash);

  route(app, startIdentificationEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) =>
    startIdentification(broker, request.body, request.body.returnTo === 'widget' ? null : binding.mark(request, reply)),
  );

  route(app, bindIdentification, { config: perMinuteOfBody(broker, 30) }, async (request, reply) =>
    bindWidgetIdentification(broker, request.body.returnState, request.body.language, binding.mark(request, reply)),
  );

  route(app, bankIdentificationReturn, { config: perMinute(broker, 30) }, async (request, reply) => {
    const { institutionId } = request.params;
    if (!INSTITUTIONS.some((institution) => institution.id === institutionId)) throw new ApiProblem(404, 'notFound');
    let result: ReturnType<typeof verifyBankReturn>;
    try {
      result = verifyBankReturn({ institutionId, query: request.query, now: new Date() });
    } catch {
      throw new ApiProblem(400, 'badSignature');
    }
    const identification = await identificationByReturnState(broker, 'bank', result.state);
    if (!identification || identification.institution_id !== institutionId) throw new ApiProblem(400, 'invalidToken');
    if (!boundHere(request, identification)) return fromAnotherBrowser(reply, identification.id);
    const finished = await finishIdentification(
      broker,
      identification.id,
      result.kind === 'approved'
        ? { kind: 'identified', personalCode: result.personalCode }
        : { kind: 'failed', failure: 'refused' },
    );
    if (!finished) throw new ApiProblem(400, 'invalidToken');
    return reply.redirect(returnPath(finished), 303);
  });

  route(app, eParakstsCallback, { config: perMinute(broker, 30) }, async (request, reply) => {
    const identification = await identificationByReturnState(broker, 'eSignature', request.query.state);
    const login = identification ? null : await loginByReturnState(broker, 'eSignature', request.query.state);
    if (!identification && !login) throw new ApiProblem(400, 'invalidToken');
    if (login && !binding.matches(request, login.browserHash)) {
      await finishLogin(broker, login.id, { kind: 'failed', failure: 'otherBrowser' });
      return reply.redirect(pagePath('otherBrowser', login.language), 303);
    }
    if (identification && !boundHere(request, identification)) return fromAnotherBrowser(reply, identification.id);
    const { code } = request.query;
    let outcome: Parameters<typeof finishIdentification>[2];
    if (!code) {
      outcome = { kind: 'failed', failure: 'refused' };
    } else {
      try {
        const accessToken = await broker.eParaksts.exchangeCode(code);
        const user = await broker.eParaksts.userInfo(accessToken);
        outcome = { kind: 'identified', personalCode: user.personalCode };
      } catch {
        outcome = { kind: 'failed', failure: 'providerError' };
      }
    }
    // eParaksts has one redirect address: a login to the account comes back here too
    if (login) {
      const sessionId = await finishLogin(broker, login.id, outcome);
      if (sessionId) cookie.set(reply, sessionId);
      return reply.redirect(accountPath(login.language, !sessionId), 303);
    }
    const finished = identification ? await finishIdentification(broker, identification.id, outcome) : null;
    if (!finished) throw new ApiProblem(400, 'invalidToken');
    return reply.redirect(returnPath(finished), 303);
  });
}
