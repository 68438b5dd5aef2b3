import type { FastifyInstance } from 'fastify';
import {
  bankSharingReturn,
  cancelBankSharing as cancelBankSharingEndpoint,
  startBankSharing as startBankSharingEndpoint,
} from '../../domain/contract/applications.ts';
import { pagePath } from '../../domain/site-pages.ts';
import { pathOfStep } from '../../domain/wizard-paths.ts';
import { accountPath } from '../account/login.ts';
import { widgetReturnPath } from '../applications/widget-return.ts';
import type { Broker } from '../broker.ts';
import { cancelBankSharing, startBankSharing } from '../documents/bank-sharing.ts';
import { finishBankSharing, type BankSharingOutcome } from '../documents/bank-sharing-return.ts';
import { browserBinding } from './browser-binding.ts';
import { ApiProblem } from './problem.ts';
import { route } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';

/**
 * Where the bank's return sends the person: back where the sharing began. A lender's documents request holds the
 * lender unanswered, so the wizard stands on its waiting step while the request is open; the widget's tab lands on
 * the page that closes it (the widget follows the status). Nothing about the person goes into the address.
 */
export function bankSharingReturnPath({ returnTo, language, state }: BankSharingOutcome): string {
  if (returnTo === 'widget') return widgetReturnPath(state === 'ready' ? 'confirmed' : 'failed', language);
  if (returnTo === 'account') return accountPath(language);
  return pathOfStep('waiting', language);
}

/** Sharing bank data for a documents item: the start, the bank's return, the cancel. Needs the cookie plugin. */
export function registerBankSharingRoutes(app: FastifyInstance, broker: Broker): void {
  const binding = browserBinding(broker);

  route(app, startBankSharingEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) => {
    const answer = await startBankSharing(broker, request.body, binding.mark(request, reply));
    return reply.status(201).header('cache-control', 'no-store').send(answer);
  });

  route(app, bankSharingReturn, { config: perMinute(broker, 30) }, async (request, reply) => {
    const outcome = await finishBankSharing(broker, request.query.state, (hash) => binding.matches(request, hash));
    if (!outcome) throw new ApiProblem(400, 'invalidToken');
    reply.header('cache-control', 'no-store');
    // the other browser holds no application: a page of its own says where to go on
    if (outcome.failure === 'otherBrowser') return reply.redirect(pagePath('otherBrowser', outcome.language), 303);
    return reply.redirect(bankSharingReturnPath(outcome), 303);
  });

  route(app, cancelBankSharingEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) => {
    await cancelBankSharing(broker, request.body);
    return reply.status(204).send(null);
  });
}
