import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request a line is logged in: its id, and its own logger (whose lines carry the id already). */
interface RequestScope {
  readonly id: string;
  readonly log: unknown;
}

const requests = new AsyncLocalStorage<RequestScope>();

export const currentRequest = (): RequestScope | undefined => requests.getStore();

/** One scope per request, made once and entered again where Fastify leaves the request's async context. */
const scopes = new WeakMap<FastifyRequest, RequestScope>();

/**
 * Keeps the request's id in an AsyncLocalStorage for the whole request, so that lines the use cases write through
 * the broker's logger carry it too. The body arrives in the socket's async context, not the request's: the
 * preValidation hook enters the scope again, as @fastify/request-context does, for the handler and what it awaits.
 */
export function keepRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = { id: request.id, log: request.log };
    scopes.set(request, scope);
    requests.run(scope, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) requests.run(scope, done);
    else done();
  });
}
