import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiProblem } from './problem.ts';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The site's own origin: the declared one, else the one this request was made to. */
const ownOrigin = (request: FastifyRequest, declared: string | null): string =>
  declared ?? `${request.protocol}://${request.host}`;

/**
 * Whether a browser sent this request from a page that is not the site's own. Browsers name the page's
 * origin on every state-changing request (`Origin`, `null` from a sandboxed or privacy-sensitive page) and
 * say where it came from (`Sec-Fetch-Site`); a caller that is no browser (a lender's server, a publisher's
 * backend, a mail client's one-click unsubscribe) sends neither, and what it may do rests on its
 * signature, its key or its code.
 */
export function isForeignRequest(request: FastifyRequest, declaredOrigin: string | null): boolean {
  const { origin } = request.headers;
  if (origin !== undefined) return origin !== ownOrigin(request, declaredOrigin);
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/**
 * Every state-changing route under /api (each one added after this call) refuses requests from other
 * sites with 403, before its body is read: SameSite=Lax alone leaves a top-level form post from another
 * site, and a body-less request, to the cookie's mercy.
 */
export function refuseOtherOrigins(app: FastifyInstance, declaredOrigin: string | null): void {
  const refuseForeign = async (request: FastifyRequest) => {
    if (isForeignRequest(request, declaredOrigin)) throw new ApiProblem(403, 'foreignOrigin');
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if ([route.method].flat().every((method) => READING_METHODS.has(method))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), refuseForeign];
  });
}
