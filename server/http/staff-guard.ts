import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDefinition } from '../../domain/contract/define-endpoint.ts';
import { STAFF_ACCESS } from '../../domain/contract/staff.ts';
import { Refusal } from '../applications/refusal.ts';
import type { Broker } from '../broker.ts';
import { staffSessionCookieOf, touchStaffSession, type StaffSession } from '../staff/sessions.ts';
import { route, type EndpointHandler } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';

/**
 * The staff routes' guard, apart from staff-routes.ts so that each area's routes (registered by its STAFF_AREAS)
 * import it without a cycle back to the list that registers them.
 */

declare module 'fastify' {
  interface FastifyRequest {
    staffSession?: StaffSession;
  }
}

// what the staff see is never kept by a browser or a proxy
const privately = {
  onSend: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
};

export const sessionOf = (request: FastifyRequest): StaffSession => {
  if (!request.staffSession) throw new Refusal('staffNotLoggedIn');
  return request.staffSession;
};

/** Registers a staff endpoint with the guard its roles in STAFF_ACCESS ask for, or none for the login's. */
export function staffRouteOf(app: FastifyInstance, broker: Broker) {
  const cookie = staffSessionCookieOf(broker.config.publicBaseUrl);
  // before the body's schema: a caller without the right session learns nothing of what the route takes
  const guardFor = (roles: readonly string[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    const id = request.cookies[cookie.name];
    const session = id ? await touchStaffSession(broker.db, id) : null;
    if (!session) {
      if (id) reply.clearCookie(cookie.name, cookie.options);
      throw new Refusal('staffNotLoggedIn');
    }
    if (!roles.includes(session.role)) throw new Refusal('staffForbidden');
    request.staffSession = session;
  };
  return <const E extends EndpointDefinition>(endpoint: E, requests: number, handler: EndpointHandler<E>) => {
    const roles = STAFF_ACCESS.get(endpoint);
    route(
      app,
      endpoint,
      {
        config: endpoint.body ? perMinuteOfBody(broker, requests) : perMinute(broker, requests),
        ...privately,
        ...(roles ? { preValidation: guardFor(roles) } : {}),
      } as never,
      handler,
    );
  };
}
