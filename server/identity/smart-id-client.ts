import { randomBytes, verify, type KeyObject } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { IdentificationFailure } from '../../domain/api.ts';
import { formatPersonalCode } from '../../domain/personal-code.ts';
import { personalCodeFromSerialNumber } from './personal-code-format.ts';
import { readSandboxCertificate, sandboxSmartIdCaPublicKey } from './smart-id-cert.ts';
import { smartIdVerificationCode } from './verification-code.ts';
import { keepAliveAgent, send, type IncomingAnswer } from '../outbound/keep-alive-client.ts';

/**
 * Smart-ID relying-party API v2 client (DOMAIN.md): start an authentication with a random SHA-512
 * hash, show the verification code, long-poll the session, and on OK verify the certificate (see
 * smart-id-cert.ts for the sandbox stand-in of X.509) and the signature over the hash.
 *
 * A start that got no answer, a broken connection or a 5xx/429/580 is sent again with the same body while the
 * API's idempotency window (15 s, RP API v2 §2.3.5) lasts: the service answers a repeat with the session the
 * first one opened, so a slow or busy service costs a retry, not the person's identification.
 * Network failures and 5xx answers of polls throw (the caller's job retries); 471/472/404 at start come back as
 * a failed start; a bad certificate or signature comes back as endResult SIGNATURE_INVALID.
 * No personal code ever appears in an error message.
 */

/** End results of the Smart-ID API. */
export const SMART_ID_API_END_RESULTS = [
  'OK',
  'USER_REFUSED',
  'TIMEOUT',
  'DOCUMENT_UNUSABLE',
  'WRONG_VC',
  'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP',
  'USER_REFUSED_CERT_CHOICE',
  'USER_REFUSED_DISPLAYTEXTANDPIN',
  'USER_REFUSED_VC_CHOICE',
  'USER_REFUSED_CONFIRMATIONMESSAGE',
  'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
] as const;
export type SmartIdApiEndResult = (typeof SMART_ID_API_END_RESULTS)[number];

/** Outcomes the client adds: HTTP 471, 472 and 404 at start, and a result that failed verification. */
export const SMART_ID_CLIENT_END_RESULTS = [
  'NO_SUITABLE_ACCOUNT',
  'PERSON_SHOULD_VIEW_APP',
  'USER_ACCOUNT_NOT_FOUND',
  'SIGNATURE_INVALID',
] as const;

export const SMART_ID_END_RESULTS = [...SMART_ID_API_END_RESULTS, ...SMART_ID_CLIENT_END_RESULTS] as const;
export type SmartIdEndResult = (typeof SMART_ID_END_RESULTS)[number];

export type SmartIdStartFailure = 'NO_SUITABLE_ACCOUNT' | 'PERSON_SHOULD_VIEW_APP' | 'USER_ACCOUNT_NOT_FOUND';

export type SmartIdStartResult =
  | {
      readonly kind: 'started';
      readonly sessionId: string;
      /** four digits to show to the person */
      readonly verificationCode: string;
      /** base64 of the 64 random bytes; store it with the session, pollSession needs it */
      readonly hash: string;
    }
  | { readonly kind: 'failed'; readonly endResult: SmartIdStartFailure };

export interface SmartIdIdentity {
  /** DDMMYY-NNNNN, from the certificate's serialNumber PNOLV-… */
  readonly personalCode: string;
  readonly givenName: string;
  readonly surname: string;
}

export type SmartIdSessionResult =
  | { readonly state: 'RUNNING' }
  | {
      readonly state: 'COMPLETE';
      readonly endResult: 'OK';
      readonly identity: SmartIdIdentity;
      readonly documentNumber?: string;
    }
  | {
      readonly state: 'COMPLETE';
      readonly endResult: Exclude<SmartIdEndResult, 'OK'>;
      readonly identity?: undefined;
    };

export type SmartIdErrorCode = 'network' | 'http' | 'bad_response' | 'session_not_found' | 'unknown_hash';

/** A call that did not produce an answer. `retryable`: network failures, timeouts, 429 and 5xx. */
export class SmartIdError extends Error {
  readonly code: SmartIdErrorCode;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(
    code: SmartIdErrorCode,
    message: string,
    details: { status?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SmartIdError';
    this.code = code;
    this.status = details.status;
    this.retryable = details.retryable ?? false;
  }
}

export function isSmartIdError(error: unknown): error is SmartIdError {
  return error instanceof SmartIdError;
}

/** Which failure screen an end result leads to (domain/api.ts IDENTIFICATION_FAILURES). */
export function smartIdFailure(endResult: Exclude<SmartIdEndResult, 'OK'>): IdentificationFailure {
  switch (endResult) {
    case 'TIMEOUT':
      return 'timeout';
    case 'DOCUMENT_UNUSABLE':
      return 'documentUnusable';
    case 'WRONG_VC':
      return 'wrongVerificationCode';
    case 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP':
      return 'notSupported';
    case 'NO_SUITABLE_ACCOUNT':
    case 'USER_ACCOUNT_NOT_FOUND':
      return 'noAccount';
    case 'PERSON_SHOULD_VIEW_APP':
    case 'SIGNATURE_INVALID':
      return 'providerError';
    case 'USER_REFUSED':
    case 'USER_REFUSED_CERT_CHOICE':
    case 'USER_REFUSED_DISPLAYTEXTANDPIN':
    case 'USER_REFUSED_VC_CHOICE':
    case 'USER_REFUSED_CONFIRMATIONMESSAGE':
    case 'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE':
      return 'refused';
  }
}

export interface SmartIdClientOptions {
  /** the API base including /v2, e.g. https://sid.demo.sk.ee/smart-id-rp/v2 or http://127.0.0.1:3000/sandbox/smart-id/v2 */
  readonly baseUrl: string;
  readonly relyingPartyUUID: string;
  readonly relyingPartyName: string;
  /** the certificate issuer the client trusts; default: the sandbox CA derived from the sandbox secret */
  readonly caPublicKey?: KeyObject;
  /** timeout of one start attempt; default 5 s (three attempts fit in the 15 s idempotency window) */
  readonly requestTimeoutMs?: number;
  /** pause before a start is sent again; default 200 ms */
  readonly retryPauseMs?: number;
  /** keep-alive connections to the service; default an Agent of this client's own */
  readonly dispatcher?: Dispatcher;
  readonly now?: () => Date;
}

export interface SmartIdClient {
  startAuthentication(personalCode: string, displayText60: string): Promise<SmartIdStartResult>;
  /**
   * Long-polls the session for up to `timeoutMs` (1000..120000). `hash` is the one startAuthentication
   * returned; without it, the client uses the hash it remembers from its own start (same process only).
   * `signal` ends the long poll early (the process is closing).
   */
  pollSession(sessionId: string, timeoutMs: number, hash?: string, signal?: AbortSignal): Promise<SmartIdSessionResult>;
}

const startAnswerSchema = z.object({ sessionID: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) });

const sessionAnswerSchema = z.object({
  state: z.enum(['RUNNING', 'COMPLETE']),
  result: z
    .object({
      endResult: z.string(),
      documentNumber: z.string().max(100).optional(),
    })
    .optional(),
  signature: z.object({ value: z.string().max(1000), algorithm: z.string().max(100) }).optional(),
  cert: z.object({ value: z.string().max(20000), certificateLevel: z.string().optional() }).optional(),
});

const isEndResult = (value: string): value is SmartIdApiEndResult =>
  (SMART_ID_API_END_RESULTS as readonly string[]).includes(value);

const POLL_GRACE_MS = 5000;
/** RP API v2 §2.3.5: a start repeated with exactly the same parameters within 15 s gets the same session */
const IDEMPOTENCY_WINDOW_MS = 15_000;
const START_ATTEMPTS = 3;
/** Hashes of sessions this client started, for pollSession without a hash; forgotten after 10 minutes. */
const REMEMBER_MS = 10 * 60_000;

function json(response: IncomingAnswer, what: string): unknown {
  try {
    return JSON.parse(response.text);
  } catch (error) {
    throw new SmartIdError('bad_response', `Smart-ID ${what}: answer is not JSON`, { cause: error });
  }
}

function httpError(response: IncomingAnswer, what: string): SmartIdError {
  const { status } = response;
  return new SmartIdError('http', `Smart-ID ${what}: HTTP ${status}`, {
    status,
    retryable: status === 429 || status >= 500,
  });
}

const ok = (response: IncomingAnswer) => response.status >= 200 && response.status < 300;

/** Remembers a started session's hash, forgetting those older than REMEMBER_MS (the map is in start order). */
function remember(remembered: Map<string, { hash: string; at: number }>, sessionId: string, hash: string) {
  const at = Date.now();
  for (const [id, entry] of remembered) {
    if (at - entry.at > REMEMBER_MS) remembered.delete(id);
    else break;
  }
  remembered.set(sessionId, { hash, at });
}

/** A complete answer's proof: the qualified certificate from our CA, and its signature of the hash we sent. */
function verifyComplete(
  answer: z.infer<typeof sessionAnswerSchema>,
  hash: Buffer,
  caPublicKey: KeyObject,
  now: Date,
): SmartIdSessionResult {
  const invalid = { state: 'COMPLETE', endResult: 'SIGNATURE_INVALID' } as const;
  if (!answer.cert || !answer.signature || answer.signature.algorithm !== 'Ed25519') return invalid;
  const read = readSandboxCertificate(answer.cert.value, caPublicKey, now);
  if (!read || read.certificate.certificateLevel !== 'QUALIFIED') return invalid;
  const personalCode = personalCodeFromSerialNumber(read.certificate.subject.serialNumber);
  if (!personalCode) return invalid;
  let valid: boolean;
  try {
    valid = verify(null, hash, read.publicKey, Buffer.from(answer.signature.value, 'base64'));
  } catch {
    return invalid;
  }
  if (!valid) return invalid;
  return {
    state: 'COMPLETE',
    endResult: 'OK',
    identity: {
      personalCode,
      givenName: read.certificate.subject.givenName,
      surname: read.certificate.subject.surname,
    },
    ...(answer.result?.documentNumber ? { documentNumber: answer.result.documentNumber } : {}),
  };
}

/** An authentication's start (RP API v2 §2.3.5): a qualified certificate, our hash, the text and PIN prompt. */
function startBody(relyingPartyUUID: string, relyingPartyName: string, hash: Buffer, displayText60: string): string {
  return JSON.stringify({
    relyingPartyUUID,
    relyingPartyName,
    certificateLevel: 'QUALIFIED',
    hash: hash.toString('base64'),
    hashType: 'SHA512',
    allowedInteractionsOrder: [{ type: 'displayTextAndPIN', displayText60 }],
  });
}

/** Smart-ID's URLs hold session ids and document numbers: the span names the service, not the URL. */
const SMART_ID_SPAN = { attributes: { 'peer.service': 'smart-id' } } as const;

export function createSmartIdClient({
  baseUrl,
  relyingPartyUUID,
  relyingPartyName,
  caPublicKey = sandboxSmartIdCaPublicKey(),
  requestTimeoutMs = 5_000,
  retryPauseMs = 200,
  dispatcher = keepAliveAgent(),
  now = () => new Date(),
}: SmartIdClientOptions): SmartIdClient {
  const base = baseUrl.replace(/\/+$/, '');
  const remembered = new Map<string, { hash: string; at: number }>();

  async function call(
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal?: AbortSignal },
    timeoutMs: number,
    what: string,
  ): Promise<IncomingAnswer> {
    try {
      return await send(dispatcher, url, { ...init, timeoutMs, span: SMART_ID_SPAN });
    } catch (error) {
      throw new SmartIdError('network', `Smart-ID ${what}: no answer`, { retryable: true, cause: error });
    }
  }

  /** The start, sent again with the same body after no answer or a retryable status while the window lasts. */
  async function startCall(url: string, body: string): Promise<IncomingAnswer> {
    const first = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      let failure: SmartIdError;
      try {
        const response = await call(
          url,
          { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
          requestTimeoutMs,
          'start',
        );
        if (response.status !== 429 && response.status < 500) return response;
        failure = httpError(response, 'start');
      } catch (error) {
        failure = error as SmartIdError;
      }
      if (attempt >= START_ATTEMPTS || Date.now() + retryPauseMs - first >= IDEMPOTENCY_WINDOW_MS) throw failure;
      await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
    }
  }

  return {
    async startAuthentication(personalCode, displayText60) {
      const code = formatPersonalCode(personalCode);
      if (!code) throw new RangeError('Smart-ID: the personal code is not 11 digits');
      if (displayText60.length > 60) throw new RangeError('Smart-ID: displayText60 is longer than 60 characters');
      const hash = randomBytes(64);
      const response = await startCall(
        `${base}/authentication/etsi/PNOLV-${code}`,
        startBody(relyingPartyUUID, relyingPartyName, hash, displayText60),
      );
      if (response.status === 471) return { kind: 'failed', endResult: 'NO_SUITABLE_ACCOUNT' };
      if (response.status === 472) return { kind: 'failed', endResult: 'PERSON_SHOULD_VIEW_APP' };
      if (response.status === 404) return { kind: 'failed', endResult: 'USER_ACCOUNT_NOT_FOUND' };
      if (!ok(response)) throw httpError(response, 'start');
      const parsed = startAnswerSchema.safeParse(json(response, 'start'));
      if (!parsed.success) throw new SmartIdError('bad_response', 'Smart-ID start: unexpected answer');
      const sessionId = parsed.data.sessionID;
      const hashBase64 = hash.toString('base64');
      remember(remembered, sessionId, hashBase64);
      return { kind: 'started', sessionId, verificationCode: smartIdVerificationCode(hash), hash: hashBase64 };
    },

    async pollSession(sessionId, timeoutMs, hash, signal) {
      const hashBase64 = hash ?? remembered.get(sessionId)?.hash;
      if (!hashBase64) throw new SmartIdError('unknown_hash', 'Smart-ID poll: the hash of the session is unknown');
      const wait = Math.min(120_000, Math.max(0, Math.round(timeoutMs)));
      const response = await call(
        `${base}/session/${encodeURIComponent(sessionId)}?timeoutMs=${wait}`,
        { method: 'GET', headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) },
        wait + POLL_GRACE_MS,
        'poll',
      );
      if (response.status === 404) {
        throw new SmartIdError('session_not_found', 'Smart-ID poll: no such session', { status: 404 });
      }
      if (!ok(response)) throw httpError(response, 'poll');
      const parsed = sessionAnswerSchema.safeParse(json(response, 'poll'));
      if (!parsed.success) throw new SmartIdError('bad_response', 'Smart-ID poll: unexpected answer');
      const answer = parsed.data;
      if (answer.state === 'RUNNING') return { state: 'RUNNING' };
      const endResult = answer.result?.endResult ?? '';
      if (!isEndResult(endResult)) throw new SmartIdError('bad_response', 'Smart-ID poll: unknown end result');
      if (endResult !== 'OK') return { state: 'COMPLETE', endResult };
      return verifyComplete(answer, Buffer.from(hashBase64, 'base64'), caPublicKey, now());
    },
  };
}
