import { Agent, request, type Dispatcher } from 'undici';

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

export interface OutgoingRequest {
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** the whole exchange, waiting for a socket included */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
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

/** One request; redirects are not followed (a partner that redirects answers with its 3xx status). */
export async function send(dispatcher: Dispatcher, url: string, outgoing: OutgoingRequest): Promise<IncomingAnswer> {
  const timeout = AbortSignal.timeout(outgoing.timeoutMs);
  const signal = outgoing.signal ? AbortSignal.any([outgoing.signal, timeout]) : timeout;
  const response = await request(url, {
    dispatcher,
    method: outgoing.method,
    headers: outgoing.headers,
    ...(outgoing.body === undefined ? {} : { body: outgoing.body }),
    signal,
  });
  try {
    return { status: response.statusCode, text: await response.body.text() };
  } catch (error) {
    // an abort while reading the body surfaces as the body's error: say it was the timeout
    if (timeout.aborted) throw timeout.reason;
    throw error;
  }
}
