import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from './problem.ts';

interface KnownRoute {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
  /** the static files' catch-all, which never answers under /api */
  readonly catchAll: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/account/applications/:id/handoff` → a RegExp matching its concrete paths; `*` matches the rest. */
const patternOf = (url: string): RegExp =>
  new RegExp(
    `^${url
      .split(/(:\w+|\*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : escape(part)))
      .join('')}$`,
  );

/**
 * RFC 9110 §15.5.6: a method the path does not take is 405 with the methods it does take in `Allow`,
 * not a 404 that says the resource is missing. The routes are learnt as they are added (every one added
 * after this call); the not-found handlers ask `refuseOtherMethod` first.
 */
export function learnAllowedMethods(app: FastifyInstance) {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({ pattern: patternOf(route.url), methods: [route.method].flat(), catchAll: route.url === '/*' });
  });
  const allowedFor = (path: string): string[] => {
    const api = path.startsWith('/api/');
    const matching = routes.filter((route) => !(api && route.catchAll) && route.pattern.test(path));
    const allowed = new Set(matching.flatMap((route) => route.methods));
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
  return {
    /** Throws the 405 when the path exists for other methods; returns when it exists for none. */
    refuseOtherMethod(request: FastifyRequest, reply: FastifyReply): void {
      const allowed = allowedFor(request.url.split('?')[0] ?? '/');
      if (allowed.length === 0 || allowed.includes(request.method)) return;
      void reply.header('allow', allowed.join(', '));
      throw new ApiProblem(405, 'methodNotAllowed');
    },
  };
}

export type AllowedMethods = ReturnType<typeof learnAllowedMethods>;
