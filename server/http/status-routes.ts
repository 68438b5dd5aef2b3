import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { followApplicationStatus, getApplicationStatus } from '../../domain/contract/status.ts';
import { TOKEN_PATTERN } from '../../domain/token.ts';
import { applicationIdForToken, knownApplicationId } from '../applications/lookup.ts';
import type { Broker } from '../broker.ts';
import { ApiProblem } from './problem.ts';
import { hotRateLimit } from './hot-rate-limit.ts';
import { route } from './route.ts';
import { encodedStatus, latin1Of, statusEncodingFor } from './status-encoding.ts';
import { perMinute } from './route-options.ts';
import { countStream } from '../ops/metrics/record.ts';
import { streamsEndedOnClose } from './streams-ended-on-close.ts';

/**
 * The cached UTF-8 bytes of the JSON the route's schema documents as text. A browser polls it every few seconds while
 * the lenders answer: compressed when it accepts that, a phone's poll carries a fifth of the bytes, and so does the
 * server's write.
 *
 * Written on the reply's own response, with the headers the hooks gave it: Fastify writes a Buffer body in a second
 * write after the head, and a string body only as UTF-8, which compressed bytes are not. As a latin1 string the head
 * and the body leave in one write, which took about 7 µs off each poll's server CPU (bench/status-throughput.ts).
 * The onResponse hooks (metrics, traces) still run when the response finishes.
 */
const sendStatus = (request: FastifyRequest, reply: FastifyReply, body: Buffer) => {
  const encoding = statusEncodingFor(body, request.headers['accept-encoding']);
  const bytes = encoding === null ? body : encodedStatus(body, encoding);
  const headers = reply.getHeaders();
  headers['content-type'] = 'text/plain; charset=utf-8';
  headers['cache-control'] = 'no-store';
  headers.vary = 'accept-encoding';
  if (encoding !== null) headers['content-encoding'] = encoding;
  headers['content-length'] = bytes.length;
  reply.hijack();
  reply.raw.writeHead(200, headers as OutgoingHttpHeaders);
  reply.raw.end(latin1Of(bytes), 'latin1');
};

/**
 * The status query's validator: a well-formed token, which every poll has, passes on the pattern
 * statusQuerySchema checks, without zod's parse; anything else goes to zod, which writes the same
 * 400 as everywhere. statusQuerySchema stays the endpoint's schema, which the document states.
 */
const statusQueryValidator = <Schema>(route: Parameters<FastifySchemaCompiler<Schema>>[0]) => {
  const viaZod = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const token = (data as { token?: unknown } | null)?.token;
    return typeof token === 'string' && TOKEN_PATTERN.test(token) ? { value: data } : viaZod(data);
  };
};

/** An application's status: once, and as server-sent events on every change. */
export function registerStatusRoutes(app: FastifyInstance, broker: Broker): void {
  const endOnClose = streamsEndedOnClose(app);
  route(
    app,
    getApplicationStatus,
    {
      onRequest: hotRateLimit(perMinute(broker, 600).rateLimit.max, 60_000),
      validatorCompiler: statusQueryValidator,
    },
    (request, reply) => {
      // a poll of a token and a status this process already holds is answered without a promise:
      // the awaits of the general path were a visible share of the endpoint's time
      const knownId = knownApplicationId(request.query.token);
      const cached = knownId === undefined ? undefined : broker.hub.cached(knownId);
      if (cached !== undefined) {
        sendStatus(request, reply, cached);
        return;
      }
      return (async () => {
        const applicationId = await applicationIdForToken(broker, request.query.token);
        const body = await broker.hub.body(applicationId);
        if (body === null) throw new ApiProblem(404, 'invalidToken');
        return sendStatus(request, reply, body);
      })();
    },
  );

  route(app, followApplicationStatus, { config: perMinute(broker, 120) }, async (request, reply) => {
    const applicationId = await applicationIdForToken(broker, request.query.token);
    const first = await broker.hub.body(applicationId);
    if (first === null) throw new ApiProblem(404, 'invalidToken');
    // a hijacked reply writes its own head: the security headers the hooks gave the reply go with it
    const securityHeaders = reply.getHeaders() as OutgoingHttpHeaders;
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      ...securityHeaders,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let id = 0;
    const send = (body: Buffer | null) => {
      if (body === null) stream.write('event: gone\ndata: {}\n\n');
      else stream.write(Buffer.concat([Buffer.from(`id: ${++id}\nevent: status\ndata: `), body, Buffer.from('\n\n')]));
    };
    send(first);
    const unsubscribe = countStream(broker, broker.hub.subscribe(applicationId, send));
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), 15_000);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    request.raw.on('close', stop);
    // the server may end the stream itself (it is closing): no heartbeat after the end
    stream.once('close', stop);
    endOnClose(stream);
  });
}
