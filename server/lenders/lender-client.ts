import { partnerAcceptedSchema, type PartnerApplication, type PartnerWithdrawal } from './messages.ts';
import { IDEMPOTENCY_HEADER, signPartnerMessage } from './partner-protocol.ts';
import type { LenderEndpoint } from './registry.ts';

/**
 * The broker's side of `POST {lender}/applications`. The lender answers 202 `{ reference }` at once and its
 * decision comes later as a signed callback; `POST {lender}/applications/{reference}/withdrawal` takes an
 * application back. Failures are sorted for the job that calls either:
 * LenderRetryableError (network, timeout, 429, 5xx): try again later with the same requestId;
 * LenderRejectedError (any other 4xx, or an answer that is not `{ reference }`): retrying will not help.
 * Error messages carry the lender id and the HTTP status only, never the application.
 */

export class LenderRetryableError extends Error {
  readonly lenderId: string;
  readonly status: number | undefined;

  constructor(lenderId: string, message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LenderRetryableError';
    this.lenderId = lenderId;
    this.status = status;
  }
}

export class LenderRejectedError extends Error {
  readonly lenderId: string;
  readonly status: number | undefined;

  constructor(lenderId: string, message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LenderRejectedError';
    this.lenderId = lenderId;
    this.status = status;
  }
}

export const isLenderRetryableError = (error: unknown): error is LenderRetryableError =>
  error instanceof Error && error.name === 'LenderRetryableError';

export const isLenderRejectedError = (error: unknown): error is LenderRejectedError =>
  error instanceof Error && error.name === 'LenderRejectedError';

export const DEFAULT_LENDER_TIMEOUT_MS = 10_000;

/**
 * Posts a signed JSON body with its idempotency key. Network failures and timeouts throw LenderRetryableError;
 * what the lender answered is the caller's to sort.
 */
async function postSigned(
  lender: LenderEndpoint,
  url: string,
  body: string,
  idempotencyKey: string,
  timeoutMs: number,
): Promise<{ response: Response; text: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [IDEMPOTENCY_HEADER]: idempotencyKey,
        ...signPartnerMessage(lender.secret, body, lender.keyId),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { response, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new LenderRetryableError(
      lender.id,
      timedOut ? `lender ${lender.id}: timed out` : `lender ${lender.id}: unreachable`,
      undefined,
      { cause: error },
    );
  }
}

/** 429 and 5xx: try again later; any other answer outside 2xx: retrying will not help. */
function throwUnlessSuccess(lender: LenderEndpoint, status: number): void {
  if (status === 429 || status >= 500) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: HTTP ${status}`, status);
  }
  if (status < 200 || status >= 300) {
    throw new LenderRejectedError(lender.id, `lender ${lender.id}: HTTP ${status}`, status);
  }
}

const endpointUrl = (lender: LenderEndpoint, path: string) => `${lender.baseUrl.replace(/\/+$/, '')}${path}`;

export async function sendApplication(
  lender: LenderEndpoint,
  application: PartnerApplication,
  opts: { timeoutMs?: number } = {},
): Promise<{ reference: string }> {
  const { response, text } = await postSigned(
    lender,
    endpointUrl(lender, '/applications'),
    JSON.stringify(application),
    application.requestId,
    opts.timeoutMs ?? DEFAULT_LENDER_TIMEOUT_MS,
  );
  throwUnlessSuccess(lender, response.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const accepted = partnerAcceptedSchema.safeParse(parsed);
  if (!accepted.success) {
    throw new LenderRejectedError(lender.id, `lender ${lender.id}: malformed answer`, response.status);
  }
  return { reference: accepted.data.reference };
}

export interface LenderWithdrawal extends PartnerWithdrawal {
  /** the reference the lender answered the application with (lender_requests.lender_reference) */
  readonly lenderReference: string;
}

/**
 * `POST {lender}/applications/{lenderReference}/withdrawal` with `{ requestId, reason }`, signed like an
 * application and with `requestId` as its idempotency key. 200, 202 and 204 are done; so is 404: a lender that
 * does not know the reference (any more) holds nothing to withdraw. Failures sort as for `sendApplication`.
 */
export async function withdrawApplication(
  lender: LenderEndpoint,
  { lenderReference, requestId, reason }: LenderWithdrawal,
  opts: { timeoutMs?: number } = {},
): Promise<void> {
  const body: PartnerWithdrawal = { requestId, reason };
  const { response } = await postSigned(
    lender,
    endpointUrl(lender, `/applications/${encodeURIComponent(lenderReference)}/withdrawal`),
    JSON.stringify(body),
    requestId,
    opts.timeoutMs ?? DEFAULT_LENDER_TIMEOUT_MS,
  );
  if (response.status === 404) return;
  throwUnlessSuccess(lender, response.status);
}
