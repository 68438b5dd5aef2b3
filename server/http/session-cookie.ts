import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, sessionCookieOptions } from '../account/sessions.ts';
import type { Broker } from '../broker.ts';

/** Sets and clears the account's session cookie with the same flags everywhere. */
export function sessionCookie(broker: Broker) {
  const options = sessionCookieOptions(broker.config.publicBaseUrl);
  return {
    set: (reply: FastifyReply, sessionId: string) => reply.setCookie(SESSION_COOKIE, sessionId, options),
    clear: (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, options),
  };
}
