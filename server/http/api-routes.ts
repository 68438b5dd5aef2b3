import type { FastifyInstance } from 'fastify';
import type { Broker } from '../broker.ts';
import { registerAccountRoutes } from './account-routes.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { registerIdentificationRoutes } from './identification-routes.ts';
import { registerInstitutionRoutes } from './institution-routes.ts';
import { registerNoticeRoutes } from './notice-routes.ts';
import { registerStatusRoutes } from './status-routes.ts';
import { registerLenderRoutes } from './lender-routes.ts';
import { registerStandardInformationRoutes } from './standard-information-routes.ts';

/** The browser's API, one module a resource. */
export async function registerApiRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  registerInstitutionRoutes(app, broker);
  registerLenderRoutes(app, broker);
  registerApplicationRoutes(app, broker);
  registerStatusRoutes(app, broker);
  registerStandardInformationRoutes(app, broker);
  registerIdentificationRoutes(app, broker);
  registerAccountRoutes(app, broker);
  await registerNoticeRoutes(app, broker);
}
