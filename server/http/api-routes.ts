import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Broker } from '../broker.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { registerIdentificationRoutes } from './identification-routes.ts';
import { registerInstitutionRoutes } from './institution-routes.ts';
import { registerNoticeRoutes } from './notice-routes.ts';
import { registerStatusRoutes } from './status-routes.ts';
import { registerLenderRoutes } from './lender-routes.ts';
import { registerStandardInformationRoutes } from './standard-information-routes.ts';
import { registerDocumentRoutes } from './document-routes.ts';
import { registerBankSharingRoutes } from './bank-sharing-routes.ts';
import { registerCallRequestRoutes } from './call-request-routes.ts';
import { registerStaffRoutes } from './staff-routes.ts';
import { registerFunnelEventRoutes } from './staff-reports-routes.ts';
import { queueDocumentDelivery } from '../documents/delivery.ts';

/** The browser's API, one module a resource. */
export async function registerApiRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  registerInstitutionRoutes(app, broker);
  registerLenderRoutes(app, broker);
  registerApplicationRoutes(app, broker);
  registerStatusRoutes(app, broker);
  registerStandardInformationRoutes(app, broker);
  registerCallRequestRoutes(app, broker);
  registerFunnelEventRoutes(app, broker);
  // the delivery job is the lender side's (server/documents/delivery.ts): its queueDocumentDelivery goes here
  await registerDocumentRoutes(app, broker, queueDocumentDelivery);
  // The session cookie belongs to these two alone (the account's login comes back through
  // identification): the cookie plugin's hooks, which parse every request's cookies and look at
  // every answer, run for them and not for the status endpoint the wizard polls.
  await app.register(async (withCookies) => {
    await withCookies.register(fastifyCookie);
    registerIdentificationRoutes(withCookies, broker);
    registerAccountRoutes(withCookies, broker);
    // the bank's return counts only with the starting browser's mark, a cookie
    registerBankSharingRoutes(withCookies, broker);
  });
  await registerNoticeRoutes(app, broker);
  // the staff's cookie is theirs alone: its own context, apart from the account's
  await registerStaffRoutes(app, broker);
}
