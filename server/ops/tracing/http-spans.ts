import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reenterOnBodyRoutes } from './request-context.ts';
import { activeTracer } from './tracer.ts';

/** Each traced request's context (its server span in it), entered again where Fastify leaves it. */
const contexts = new WeakMap<FastifyRequest, Context>();

/**
 * A server span per request, `METHOD /route/template`, continuing the caller's `traceparent`. The route's template
 * only, never the path or the query: tokens and application ids travel in them. Nothing is added while tracing is
 * off (the hooks are not even registered).
 */
export function traceRequests(app: FastifyInstance): void {
  const tracer = activeTracer();
  if (tracer === null) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    // an unrouted request (a 404) has no template: it is named by its method alone
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: request.method,
          [ATTR_URL_SCHEME]: request.protocol,
          ...(route === undefined ? {} : { [ATTR_HTTP_ROUTE]: route }),
        },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    contexts.set(request, active);
    context.with(active, done);
  });
  reenterOnBodyRoutes(app, (request, _reply, done) => {
    const active = contexts.get(request);
    if (active === undefined) done();
    else context.with(active, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    endSpan(request, reply.statusCode);
    done();
  });
  // a client that went away before the answer: no status, the span still ends
  app.addHook('onRequestAbort', (request, done) => {
    endSpan(request, undefined);
    done();
  });
}

function endSpan(request: FastifyRequest, status: number | undefined): void {
  const active = contexts.get(request);
  if (active === undefined) return;
  contexts.delete(request);
  const span = trace.getSpan(active);
  if (span === undefined) return;
  if (status !== undefined) {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
    // a 4xx is the client's error, not the server's (semantic conventions for server spans)
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
