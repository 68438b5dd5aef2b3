import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Broker } from '../broker.ts';
import { siteCookie } from './site-cookie.ts';

const BROWSER_COOKIE = 'kk_browser';
/** A login or an identification ends within minutes; the mark outlives the slowest bank, not the day. */
const MARK_MINUTES = 30;
const WELL_FORMED_MARK = /^[\w-]{43}$/;

export const hashBrowserMark = (mark: string): string => createHash('sha256').update(mark).digest('base64url');

/**
 * Ties a login or an identification to the browser that began it, as OAuth's `state` ties a return to
 * its request: the start gives the browser a random mark in a short-lived HttpOnly cookie and keeps the
 * mark's hash with the attempt; the provider's return counts only with that cookie. A link to a begun
 * login, sent to someone else, opens nothing in their browser.
 */
export function browserBinding(broker: Broker) {
  const { name, options } = siteCookie(broker.config.publicBaseUrl, BROWSER_COOKIE, '/api', MARK_MINUTES * 60);
  return {
    /** At a start: this browser's mark (kept, or a new one) renewed in its cookie; its hash, for the attempt. */
    mark(request: FastifyRequest, reply: FastifyReply): string {
      const given = request.cookies[name];
      const mark = given !== undefined && WELL_FORMED_MARK.test(given) ? given : randomBytes(32).toString('base64url');
      void reply.setCookie(name, mark, options);
      return hashBrowserMark(mark);
    },
    /** At a return: whether this browser carries the mark whose hash the attempt keeps. */
    matches(request: FastifyRequest, markHash: string | null): boolean {
      const given = request.cookies[name];
      if (markHash === null || given === undefined || !WELL_FORMED_MARK.test(given)) return false;
      return timingSafeEqual(Buffer.from(hashBrowserMark(given)), Buffer.from(markHash));
    },
  };
}
