import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';

/** The request a line is logged in: its id, and its own logger (whose lines carry the id already). */
const requests = new AsyncLocalStorage<FastifyRequest>();

export const currentRequest = (): Pick<FastifyRequest, 'id' | 'log'> | undefined => requests.getStore();

/**
 * Keeps the request in an AsyncLocalStorage for the whole request, so that lines the use cases write through the
 * broker's logger carry its id too. The request itself is the store: nothing is allocated for it.
 */
export function keepRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => requests.run(request, done));
  reenterOnBodyRoutes(app, (request, _reply, done) => requests.run(request, done));
}

/**
 * Adds `hook` at preValidation to the routes that read a body (every route added after this call): the body arrives
 * in the socket's async context, not the request's, so the handler must be put back in the request's, as
 * @fastify/request-context does. A GET or HEAD goes from onRequest to its handler in the same context, and the status
 * polls are too hot for a hook they do not need.
 */
export function reenterOnBodyRoutes(app: FastifyInstance, hook: preValidationHookHandler): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), hook];
  });
}
