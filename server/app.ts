import Fastify, { type FastifyInstance, type FastifyReply, type preParsingHookHandler } from 'fastify';
import type { ApiError } from '../domain/api.ts';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createBroker, type Broker } from './broker.ts';
import { loadConfig, type BrokerConfig } from './config/config.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerApiRoutes } from './http/api-routes.ts';
import { clientErrorAnswer } from './http/client-errors.ts';
import { closeConnectionsWhenIdle } from './http/close-when-idle.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { openApiDocument } from './http/openapi-document.ts';
import { privateRoute } from './http/route.ts';
import { openApiDocument as openApiDocumentRoute } from '../domain/contract/unpublished.ts';
import { apiMessage, requestLanguage } from './http/messages.ts';
import { registerPartnerRoutes } from './http/partner-routes.ts';
import { registerPublisherRoutes } from './http/publisher-routes.ts';
import { ApiProblem } from './http/problem.ts';
import { apiSecurityHeaders, registerSecurityHeaders, siteSecurityHeaders } from './http/security-headers.ts';
import { registerSite } from './site.ts';
import { refuseOtherOrigins } from './http/same-origin.ts';
import { learnAllowedMethods } from './http/allowed-methods.ts';
import { registerMetrics } from './ops/metrics/register-metrics.ts';
import { logFields } from './ops/tracing/log-fields.ts';
import { keepRequestScope } from './ops/tracing/request-context.ts';
import { traceRequests } from './ops/tracing/http-spans.ts';
import { registerHealthRoutes, type Readiness } from './ops/health.ts';

export interface AppOptions {
  /** the Vite build with the prerendered pages; null serves the API alone (server tests run before the build) */
  readonly clientDir: string | null;
  readonly logger?: boolean;
  /** where log lines go instead of stdout (tests read them to prove they carry no personal data) */
  readonly logStream?: { write(line: string): void };
  readonly config?: BrokerConfig;
  /** mounted before the API: the sandbox entry puts its simulators here, production mounts nothing */
  readonly extend?: (app: FastifyInstance) => Promise<void>;
}

export interface BrokerApp {
  readonly app: FastifyInstance;
  readonly broker: Broker;
  /** serve.ts marks the process not ready when a shutdown begins */
  readonly readiness: Readiness;
}

export async function buildApp({
  clientDir,
  logger = true,
  logStream,
  config = loadConfig(),
  extend,
}: AppOptions): Promise<BrokerApp> {
  const apiHeaders = apiSecurityHeaders();
  const app = Fastify({
    logger: logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          ...(logStream ? { stream: logStream } : {}),
          // Query strings carry tokens and provider codes, bodies carry personal data: log the path only.
          serializers: { req: (request) => ({ method: request.method, path: request.url.split('?')[0] }) },
          // the request's id and the active trace on every line, the broker's own lines too
          mixin: logFields,
        }
      : false,
    // behind a load balancer, TRUST_PROXY makes rate limits count the real client, not the balancer
    trustProxy: trustProxy(process.env.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // a request refused before routing (a 431 for headers over the limit) carries our headers too
    clientErrorHandler: clientErrorAnswer(apiHeaders),
    // a path Fastify cannot even route (broken percent-encoding, an over-long parameter) answers in
    // the same error shape and language as everything else
    frameworkErrors: (error, request, reply) => {
      // a parameter longer than any we give out names nothing: not found, as an unknown one would be
      const [status, code] =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ([404, 'notFound'] as const) : ([400, 'malformedBody'] as const);
      const body: ApiError = { error: code, message: apiMessage(requestLanguage(request), code) };
      // no hook runs for a request Fastify could not route: the headers are set here
      void (reply as FastifyReply).headers(apiHeaders).code(status).type('application/json; charset=utf-8').send(body);
    },
  });
  keepRequestScope(app);
  traceRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const allowedMethods = learnAllowedMethods(app);
  closeConnectionsWhenIdle(app);
  registerSecurityHeaders(app, apiHeaders);
  acceptUtf8JsonOnly(app);
  refuseOtherOrigins(app, config.declaredPublicOrigin ?? null);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiProblem(429, 'rateLimited'),
    // the x-ratelimit-* headers on every answer cost the status endpoint a third of its throughput;
    // a refused request still says when to come back
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
  });

  const broker = await createBroker(config, app.log);
  registerMetrics(app, broker);
  // long polls this process makes (Smart-ID sessions it follows) end before the server waits for its open requests:
  // one of them may be to a simulator served by this very server
  app.addHook('preClose', async () => broker.background.close());
  app.addHook('onClose', async () => broker.close());

  const readiness = registerHealthRoutes(app, broker);
  if (extend) await extend(app);
  await registerApiRoutes(app, broker);
  await registerPartnerRoutes(app, broker);
  await registerPublisherRoutes(app, broker);
  // generated from the contract on the first request for it: it changes with the code, not with requests
  let document: Record<string, unknown> | undefined;
  privateRoute(app, openApiDocumentRoute, {}, async () => (document ??= openApiDocument(config.publicBaseUrl)));
  registerApiDocs(app, broker);
  if (clientDir) {
    // pages and assets are compressed; API answers are small and the status endpoint is hot
    await app.register(async (site) => {
      registerSecurityHeaders(site, siteSecurityHeaders());
      await site.register(fastifyCompress, { global: true, threshold: 1024 });
      await registerSite(site, clientDir, { publicOrigin: config.declaredPublicOrigin ?? null, allowedMethods });
    });
  } else
    app.setNotFoundHandler((request, reply) => {
      allowedMethods.refuseOtherMethod(request, reply);
      throw new ApiProblem(404, 'notFound');
    });
  return { app, broker, readiness };
}

/**
 * Bodies are UTF-8 JSON and nothing else (RFC 8259 §8.1): Fastify would read text/plain as a string
 * that no schema takes (a 400 that blames the fields) and decode a body labelled UTF-16 as UTF-8.
 * Any other media type or charset is 415, in the language of the query or Accept-Language.
 *
 * The check goes on the routes that read a body only (every route added after this call, in this
 * context and those it registers): GET and HEAD bodies are never read, and a hook on every poll of the
 * status endpoint was a measurable share of its time (bench/status-throughput.ts).
 */
function acceptUtf8JsonOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const refuseOtherBodies: preParsingHookHandler = (request, _reply, payload, done) => {
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !isUtf8Charset(contentType)) {
      done(new ApiProblem(415, 'unsupportedMediaType'));
      return;
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preParsing = [...[route.preParsing ?? []].flat(), refuseOtherBodies];
  });
}

/** Whether a content type names no charset, or UTF-8 (any case, quoted or not). */
function isUtf8Charset(contentType: string): boolean {
  const charset = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType)?.[2];
  return charset === undefined || charset.toLowerCase() === 'utf-8';
}

/** TRUST_PROXY: `true`, or the proxies' addresses and ranges (`10.0.0.0/8,127.0.0.1`). */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}
