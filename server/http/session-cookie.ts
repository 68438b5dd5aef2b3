import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieOf } from '../account/sessions.ts';
import type { Broker } from '../broker.ts';

/** Reads, sets and clears the account's session cookie with the same name and flags everywhere. */
export function sessionCookie(broker: Broker) {
  const { name, options } = sessionCookieOf(broker.config.publicBaseUrl);
  return {
    read: (request: FastifyRequest): string | undefined => request.cookies[name],
    set: (reply: FastifyReply, sessionId: string) => reply.setCookie(name, sessionId, options),
    clear: (reply: FastifyReply) => reply.clearCookie(name, options),
  };
}
