import { partnerAcceptedSchema, type PartnerApplication, type PartnerWithdrawal } from './messages.ts';
import { IDEMPOTENCY_HEADER, signPartnerMessage } from './partner-protocol.ts';
import type { LenderEndpoint } from './registry.ts';

/**
 * The broker's side of `POST {lender}/applications`. The lender answers 202 `{ reference }` at once and its
 * decision comes later as a signed callback. Failures are sorted for the job that calls this:
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

export async function sendApplication(
  lender: LenderEndpoint,
  application: PartnerApplication,
  opts: { timeoutMs?: number } = {},
): Promise<{ reference: string }> {
  const body = JSON.stringify(application);
  const url = `${lender.baseUrl.replace(/\/+$/, '')}/applications`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [IDEMPOTENCY_HEADER]: application.requestId,
        ...signPartnerMessage(lender.secret, body, lender.keyId),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_LENDER_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new LenderRetryableError(
      lender.id,
      timedOut ? `lender ${lender.id}: timed out` : `lender ${lender.id}: unreachable`,
      undefined,
      { cause: error },
    );
  }
  if (response.status === 429 || response.status >= 500) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: HTTP ${response.status}`, response.status);
  }
  if (response.status < 200 || response.status >= 300) {
    throw new LenderRejectedError(lender.id, `lender ${lender.id}: HTTP ${response.status}`, response.status);
  }
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

/**
 * `POST {lender}/applications/{reference}/withdrawal`, signed like an application. A lender that no longer
 * knows the reference (404) has nothing to withdraw: that is done too.
 */
export async function withdrawApplication(
  lender: LenderEndpoint,
  lenderReference: string,
  withdrawal: PartnerWithdrawal,
  opts: { timeoutMs?: number } = {},
): Promise<void> {
  const body = JSON.stringify(withdrawal);
  const url = `${lender.baseUrl.replace(/\/+$/, '')}/applications/${encodeURIComponent(lenderReference)}/withdrawal`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [IDEMPOTENCY_HEADER]: withdrawal.requestId,
        ...signPartnerMessage(lender.secret, body, lender.keyId),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_LENDER_TIMEOUT_MS),
    });
    await response.arrayBuffer();
  } catch (error) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: unreachable`, undefined, { cause: error });
  }
  if (response.status === 429 || response.status >= 500) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: HTTP ${response.status}`, response.status);
  }
  if (response.status === 404) return;
  if (response.status < 200 || response.status >= 300) {
    throw new LenderRejectedError(lender.id, `lender ${lender.id}: HTTP ${response.status}`, response.status);
  }
}
