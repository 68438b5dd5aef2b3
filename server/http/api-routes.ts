import type { FastifyInstance } from 'fastify';
import type { Broker } from '../broker.ts';
import { registerApplicationRoutes } from './application-routes.ts';
import { registerIdentificationRoutes } from './identification-routes.ts';
import { registerInstitutionRoutes } from './institution-routes.ts';
import { registerStatusRoutes } from './status-routes.ts';

/** The browser's API, one module a resource. */
export async function registerApiRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  registerInstitutionRoutes(app, broker);
  registerApplicationRoutes(app, broker);
  registerStatusRoutes(app, broker);
  registerIdentificationRoutes(app, broker);
}
