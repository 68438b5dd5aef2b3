import ky, { isHTTPError, type Options } from 'ky';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import {
  apiErrorSchema,
  type ApplicationStatus,
  type chooseOfferAnswerSchema,
  type HandoffAnswer,
  type IdentificationReturn,
  type Institution,
  type RedeemHandoffAnswer,
  type StartIdentificationAnswer,
  type StartIdentificationBody,
  type SubmitApplicationAnswer,
  type SubmitApplicationBody,
  type ReviewRequestBody,
  type ReviewStatus,
} from '../../domain/api.ts';
import {
  chooseOffer,
  createHandoff,
  redeemHandoff,
  requestReview,
  submitApplication,
} from '../../domain/contract/applications.ts';
import { answerSchemaOf, type AnswerSchemaOf, type EndpointDefinition } from '../../domain/contract/define-endpoint.ts';
import { startIdentification } from '../../domain/contract/identification.ts';
import { listInstitutions, listLenders } from '../../domain/contract/reference-data.ts';
import { followApplicationStatus, getApplicationStatus } from '../../domain/contract/status.ts';
import type { LenderSummary } from '../../domain/lenders.ts';
import type { Language } from '../../domain/language.ts';

/**
 * The browser's typed client of the broker's API. Every address and answer schema is the contract's
 * (domain/contract), the one the server's routes are registered from; every failure becomes an ApiRequestError. Nothing personal (personal
 * code, income, e-mail, phone) ever goes into a URL, a log line or an error message: personal data travels
 * in request bodies only, and errors carry the server's code and localized words, never the request.
 */

export type ChooseOfferAnswer = z.infer<typeof chooseOfferAnswerSchema>;

/**
 * Codes the client gives when the server's own `error` code is not there to give:
 * `network` — no answer (connection refused or dropped, timeout); `parse` — an answer of an unexpected
 * form; `http` — an error status whose body is not the API's error shape (a proxy's 502 page, say).
 */
export type ClientErrorCode = 'network' | 'parse' | 'http';

const GENERIC_MESSAGES: Record<ClientErrorCode, string> = {
  network: 'The service could not be reached',
  parse: 'The service answered in an unexpected form',
  http: 'The service could not answer the request',
};

export interface ApiRequestErrorInit {
  status: number | null;
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** Every failure of the client: an error answer of the server, or a network or parse failure (`status` null). */
export class ApiRequestError extends Error {
  /** the HTTP status; null when no usable answer came (network, timeout, parse) */
  readonly status: number | null;
  /** the server's `error` code (`validation`, `invalidToken`, `rateLimited`, …) or a ClientErrorCode */
  readonly code: string;
  /** per-field messages of a 400, in the language asked for, keyed by the form's field names */
  readonly fields?: Readonly<Record<string, string>>;

  constructor(init: ApiRequestErrorInit) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    if (init.fields) this.fields = init.fields;
  }
}

const genericError = (code: ClientErrorCode, status: number | null = null) =>
  new ApiRequestError({ status, code, message: GENERIC_MESSAGES[code] });

export interface BrokerClientOptions {
  /** where the API lives; '' (the default) is the page's own origin */
  baseUrl?: string;
  /** the language of the moment: sent as Accept-Language on every request, so errors come in it */
  language: () => Language;
  /** a fetch to use instead of the global one */
  fetch?: typeof fetch;
  /** per-attempt time limit of a request, and of reading its answer (default 10 000 ms) */
  timeoutMs?: number;
  /**
   * The EventSource watchStatus streams with; the global one when the option is left out. Given as
   * `undefined` (or where there is none, as in Node), watchStatus polls.
   */
  eventSource?: typeof EventSource;
}

export interface WatchStatusOptions {
  /** how often to poll when there is no event stream, or it failed (default 3000 ms) */
  pollMs?: number;
  /**
   * A poll failed. Polling goes on, except after a 400 or 404 (the token is invalid, expired or its
   * application deleted), when the watch stops on its own.
   */
  onError?: (error: ApiRequestError) => void;
}

export interface BrokerClient {
  institutions(): Promise<Institution[]>;
  /** Every lender an application may go to, with the amounts and terms each serves. */
  lenders(): Promise<LenderSummary[]>;
  /** Asks a lender that declined for a human review; answers the request as it stands. */
  requestReview(body: ReviewRequestBody): Promise<ReviewStatus>;
  status(token: string): Promise<ApplicationStatus>;
  submit(body: SubmitApplicationBody, idempotencyKey: string): Promise<SubmitApplicationAnswer>;
  startIdentification(body: StartIdentificationBody): Promise<StartIdentificationAnswer>;
  /** `returnTo`: where the lender sends the person back after signing (the wizard by default) */
  chooseOffer(token: string, offerId: string, returnTo?: IdentificationReturn): Promise<ChooseOfferAnswer>;
  /** A one-time code, good for two minutes, that opens the application in another tab of the site. */
  createHandoff(token: string): Promise<HandoffAnswer>;
  /** The application's token for a handoff code; a code is good once (400 handoffExpired after). */
  redeemHandoff(code: string): Promise<RedeemHandoffAnswer>;
  /** Calls onStatus with every new status until the returned function is called. */
  watchStatus(token: string, onStatus: (status: ApplicationStatus) => void, options?: WatchStatusOptions): () => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_POLL_MS = 3000;

/**
 * Statuses worth another attempt. 429 is not among them: the rate limits count per minute, and the
 * person is better told (in their language) than kept waiting.
 */
const RETRY_STATUS_CODES = [408, 500, 502, 503, 504];

/**
 * Retries are for requests that are safe to repeat: GETs, and the submission, which the server
 * deduplicates by its Idempotency-Key, and asking for a handoff code, whose repeat only makes one more
 * short-lived code. Starting an identification, choosing an offer or redeeming a handoff code (a redeem
 * whose answer was lost has spent its code) is never repeated behind the person's back.
 */
const retrySafely = (method: 'get' | 'post'): Options['retry'] => ({
  limit: 2,
  methods: [method],
  statusCodes: RETRY_STATUS_CODES,
  afterStatusCodes: [503],
  maxRetryAfter: 5000,
  retryOnTimeout: true,
});
export const NO_RETRY: Options['retry'] = 0;

/** Tokens, invalid or gone: polling again will not help. */
const PERMANENT_STATUSES = new Set([400, 404]);

function parseText<S extends $ZodType>(schema: S, text: string): z.output<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw genericError('parse');
  }
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) throw genericError('parse');
  return parsed.data;
}

/** ky's errors name the URL (and with it the token): only the status and the server's own words go on. */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (isHTTPError(error)) {
    const status = error.response.status;
    let data: unknown = error.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        data = undefined;
      }
    }
    const body = apiErrorSchema.safeParse(data);
    if (!body.success) return genericError('http', status);
    return new ApiRequestError({
      status,
      code: body.data.error,
      message: body.data.message,
      ...(body.data.fields ? { fields: body.data.fields } : {}),
    });
  }
  // NetworkError, TimeoutError, and whatever else kept the answer from coming
  return genericError('network');
}

/** What a call of an endpoint takes besides its address and method; headers as a plain record. */
type CallInit = Omit<Options, 'headers' | 'method'> & { headers?: Record<string, string> };

/** Calls an endpoint of the contract and answers its parsed answer. */
export type Request = <E extends EndpointDefinition>(
  endpoint: E,
  init: CallInit,
) => Promise<z.output<AnswerSchemaOf<E>>>;

export function createBrokerClient(options: BrokerClientOptions): BrokerClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const EventSourceImpl: typeof EventSource | undefined =
    'eventSource' in options ? options.eventSource : (globalThis as { EventSource?: typeof EventSource }).EventSource;
  const request = requester(options, baseUrl);

  const client: BrokerClient = {
    ...referenceDataMethods(request),
    ...applicationMethods(request),
    ...offerMethods(request),
    watchStatus(token, onStatus, watchOptions = {}) {
      return watchStatus(client, { baseUrl, EventSourceImpl }, token, onStatus, watchOptions);
    },
  };
  return client;
}

export function requester(options: BrokerClientOptions, baseUrl: string): Request {
  const http = ky.create({
    prefix: baseUrl,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /**
   * Calls an endpoint of the contract, reads the body as text (the status is text/plain whose body is
   * JSON) and parses it with the endpoint's answer schema.
   */
  return async function request<E extends EndpointDefinition>(
    endpoint: E,
    init: CallInit,
  ): Promise<z.output<AnswerSchemaOf<E>>> {
    let text: string;
    try {
      text = await http(endpoint.path, {
        ...init,
        method: endpoint.method,
        headers: { ...init.headers, 'accept-language': options.language() },
      }).text();
    } catch (error) {
      throw toApiRequestError(error);
    }
    return parseText(answerSchemaOf(endpoint), text);
  };
}

function referenceDataMethods(request: Request): Pick<BrokerClient, 'institutions' | 'lenders'> {
  return {
    async institutions() {
      return request(listInstitutions, { retry: retrySafely('get') });
    },

    async lenders() {
      return request(listLenders, { retry: retrySafely('get') });
    },
  };
}

function applicationMethods(
  request: Request,
): Pick<BrokerClient, 'requestReview' | 'status' | 'submit' | 'startIdentification'> {
  return {
    async requestReview(body) {
      // the server answers a repeat with the same request, so a retry cannot ask twice
      return request(requestReview, {
        json: body,
        retry: retrySafely('post'),
      });
    },

    async status(token) {
      try {
        return await request(getApplicationStatus, {
          searchParams: { token },
          retry: retrySafely('get'),
        });
      } catch (error) {
        const failure = toApiRequestError(error);
        // never the token, the URL or the answer: only what kind of failure it was
        console.error('Application status request failed', { status: failure.status, code: failure.code });
        throw failure;
      }
    },

    async submit(body, idempotencyKey) {
      return request(submitApplication, {
        json: body,
        headers: { 'idempotency-key': idempotencyKey },
        retry: retrySafely('post'),
      });
    },

    async startIdentification(body) {
      return request(startIdentification, { json: body, retry: NO_RETRY });
    },
  };
}

function offerMethods(request: Request): Pick<BrokerClient, 'chooseOffer' | 'createHandoff' | 'redeemHandoff'> {
  return {
    async chooseOffer(token, offerId, returnTo) {
      return request(chooseOffer, {
        json: { token, offerId, ...(returnTo ? { returnTo } : {}) },
        retry: NO_RETRY,
      });
    },

    async createHandoff(token) {
      return request(createHandoff, { json: { token }, retry: retrySafely('post') });
    },

    async redeemHandoff(code) {
      return request(redeemHandoff, { json: { code }, retry: NO_RETRY });
    },
  };
}

/** BrokerClient.watchStatus: the event stream where there is one, polls where there is none or it failed. */
function watchStatus(
  client: Pick<BrokerClient, 'status'>,
  { baseUrl, EventSourceImpl }: { baseUrl: string; EventSourceImpl: typeof EventSource | undefined },
  token: string,
  onStatus: (status: ApplicationStatus) => void,
  watchOptions: WatchStatusOptions,
): () => void {
  const pollMs = watchOptions.pollMs ?? DEFAULT_POLL_MS;
  let stopped = false;
  let polling = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let source: EventSource | undefined;
  let last: { json: string; updatedAt: number } | undefined;

  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    source?.close();
  };

  /** The stream and the polls may both answer: each status is passed on once, and never an older one. */
  const deliver = (status: ApplicationStatus) => {
    if (stopped) return;
    const json = JSON.stringify(status);
    const updatedAt = Date.parse(status.updatedAt);
    if (last && (json === last.json || updatedAt < last.updatedAt)) return;
    last = { json, updatedAt };
    onStatus(status);
  };

  const poll = async () => {
    timer = undefined;
    try {
      deliver(await client.status(token));
    } catch (error) {
      const failure = toApiRequestError(error);
      if (!stopped) watchOptions.onError?.(failure);
      if (failure.status !== null && PERMANENT_STATUSES.has(failure.status)) stop();
    }
    if (!stopped) timer = setTimeout(() => void poll(), pollMs);
  };

  /** Once started, polling goes on until stop(), whether or not the stream comes back. */
  const startPolling = () => {
    if (polling || stopped) return;
    polling = true;
    void poll();
  };

  if (!EventSourceImpl) {
    startPolling();
    return stop;
  }
  try {
    source = new EventSourceImpl(`${baseUrl}${followApplicationStatus.path}?token=${encodeURIComponent(token)}`);
  } catch {
    startPolling();
    return stop;
  }
  source.addEventListener('status', (event) => {
    let status: ApplicationStatus;
    try {
      status = parseText(answerSchemaOf(getApplicationStatus), String(event.data));
    } catch {
      console.error('Application status event could not be read');
      startPolling();
      return;
    }
    deliver(status);
  });
  // the application is no more: the poll hears the server's 404 (onError) and ends the watch
  source.addEventListener('gone', () => {
    source?.close();
    startPolling();
  });
  source.addEventListener('error', () => startPolling());
  return stop;
}
