import { Agent, request, type Dispatcher } from 'undici';
import { outboundCall, type OutboundName } from '../ops/tracing/outbound.ts';

/**
 * Outgoing HTTP for the broker's partners (lenders, Smart-ID) and the simulators' callbacks, on an undici
 * Agent with keep-alive instead of global `fetch`: connections are reused across requests (no handshake per
 * message), and `request` skips the WHATWG streams `fetch` builds for every body, which was a measurable part
 * of the CPU an application costs (docs/scaling.md). Each origin gets at most `connections` sockets, so a
 * burst of lender sends queues here instead of piling thousands of requests on one partner at once.
 */

export interface KeepAliveOptions {
  /** sockets per origin; more requests wait for a free one */
  readonly connections?: number;
}

export function keepAliveAgent({ connections = 32 }: KeepAliveOptions = {}): Dispatcher {
  return new Agent({
    connections,
    // the partner's Keep-Alive header may shorten this; 4 s idle keeps the pool warm between bursts
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 60_000,
    connect: { timeout: 5_000 },
  });
}

/**
 * A keep-alive pool for each partner, made on first use: partners that share an origin (the sixteen sandbox lenders
 * under one simulator) then queue each behind its own connections, as partners on origins of their own do.
 */
export function keepAlivePools(options: KeepAliveOptions = {}): (partner: string) => Dispatcher {
  const pools = new Map<string, Dispatcher>();
  return (partner) => {
    let pool = pools.get(partner);
    if (!pool) {
      pool = keepAliveAgent(options);
      pools.set(partner, pool);
    }
    return pool;
  };
}

export interface OutgoingRequest {
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** the whole exchange, waiting for a socket included */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** how the exchange's span is named (tracing: server/ops/tracing/outbound.ts) */
  readonly span?: OutboundName;
}

export interface IncomingAnswer {
  readonly status: number;
  readonly text: string;
}

/** True for an error that means no answer came in time (as opposed to a refused or broken connection). */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'HeadersTimeoutError' || name === 'BodyTimeoutError';
}

/** The abort reason of an exchange that took longer than its timeout, as AbortSignal.timeout would give it. */
const timedOut = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

/**
 * The exchanges in flight under each outer signal, aborted together by one listener: a signal shared by every
 * callback of the simulators had thousands of listeners, and EventTarget's add and remove walk them all.
 */
const inFlightUnder = new WeakMap<AbortSignal, Set<AbortController>>();
function abortWith(outer: AbortSignal, controller: AbortController): () => void {
  if (outer.aborted) {
    controller.abort(outer.reason);
    return () => undefined;
  }
  let controllers = inFlightUnder.get(outer);
  if (!controllers) {
    const all = new Set<AbortController>();
    controllers = all;
    inFlightUnder.set(outer, all);
    outer.addEventListener(
      'abort',
      () => {
        for (const each of all) each.abort(outer.reason);
        all.clear();
      },
      { once: true },
    );
  }
  controllers.add(controller);
  const added = controllers;
  return () => added.delete(controller);
}

/**
 * One request; redirects are not followed (a partner that redirects answers with its 3xx status).
 * The timeout is a plain timer on one AbortController, cleared when the answer is in: AbortSignal.timeout and
 * AbortSignal.any for every message were a measurable share of the simulators' CPU under bench:load.
 */
export function send(dispatcher: Dispatcher, url: string, outgoing: OutgoingRequest): Promise<IncomingAnswer> {
  return outboundCall(outgoing.method, url, outgoing.span, (traceHeaders) =>
    exchange(dispatcher, url, outgoing, traceHeaders),
  );
}

async function exchange(
  dispatcher: Dispatcher,
  url: string,
  outgoing: OutgoingRequest,
  traceHeaders: Readonly<Record<string, string>>,
): Promise<IncomingAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timedOut()), outgoing.timeoutMs);
  const release = outgoing.signal ? abortWith(outgoing.signal, controller) : () => undefined;
  try {
    const response = await request(url, {
      dispatcher,
      method: outgoing.method,
      // no copy of the headers while tracing is off
      headers: 'traceparent' in traceHeaders ? { ...outgoing.headers, ...traceHeaders } : outgoing.headers,
      ...(outgoing.body === undefined ? {} : { body: outgoing.body }),
      signal: controller.signal,
    });
    return { status: response.statusCode, text: await response.body.text() };
  } catch (error) {
    // an abort, while waiting or while reading the body, surfaces as undici's own error: say it was the timeout
    if (isTimeout(controller.signal.reason)) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    release();
  }
}
