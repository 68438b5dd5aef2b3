import {
  partnerAcceptedSchema,
  type PartnerApplication,
  type PartnerReviewRequest,
  type PartnerWithdrawal,
} from './messages.ts';
import { IDEMPOTENCY_HEADER, signPartnerMessage } from './partner-protocol.ts';
import type { LenderEndpoint } from './registry.ts';
import { isTimeout, keepAlivePools, send, type IncomingAnswer } from '../outbound/keep-alive-client.ts';

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

/** A keep-alive pool for each lender, at most 16 connections. */
const poolOf = keepAlivePools({ connections: 16 });

export async function sendApplication(
  lender: LenderEndpoint,
  application: PartnerApplication,
  opts: { timeoutMs?: number } = {},
): Promise<{ reference: string }> {
  const body = JSON.stringify(application);
  const url = `${lender.baseUrl.replace(/\/+$/, '')}/applications`;
  let response: IncomingAnswer;
  try {
    response = await send(poolOf(lender.id), url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [IDEMPOTENCY_HEADER]: application.requestId,
        ...signPartnerMessage(lender.secret, body, lender.keyId),
      },
      body,
      timeoutMs: opts.timeoutMs ?? DEFAULT_LENDER_TIMEOUT_MS,
      span: { template: '/applications', attributes: { 'kk.lender_id': lender.id } },
    });
  } catch (error) {
    throw new LenderRetryableError(
      lender.id,
      isTimeout(error) ? `lender ${lender.id}: timed out` : `lender ${lender.id}: unreachable`,
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
    parsed = JSON.parse(response.text);
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
 * The broker withdraws an application the lender holds (the person erased their data or withdrew it). Answers the
 * lender's HTTP status (2xx, or 404 for a reference it no longer has), which an erasure's record keeps.
 */
export const withdrawApplication = (
  lender: LenderEndpoint,
  lenderReference: string,
  withdrawal: PartnerWithdrawal,
  opts: { timeoutMs?: number } = {},
): Promise<number> => postAboutApplication(lender, lenderReference, 'withdrawal', withdrawal, opts);

/** The person asks the lender for a human review of its decline (the lender answers later by callback). */
export const requestLenderReview = (
  lender: LenderEndpoint,
  lenderReference: string,
  review: PartnerReviewRequest,
  opts: { timeoutMs?: number } = {},
): Promise<void> => postAboutApplication(lender, lenderReference, 'review', review, opts).then(() => undefined);

/**
 * A signed message about an application the lender already holds, `POST {lender}/applications/{reference}/{what}`.
 * 429 and 5xx (or no answer) are retryable; 404 means the lender no longer has it, which is the same as done.
 */
async function postAboutApplication(
  lender: LenderEndpoint,
  lenderReference: string,
  what: 'withdrawal' | 'review',
  message: { readonly requestId: string },
  opts: { timeoutMs?: number },
): Promise<number> {
  const body = JSON.stringify(message);
  const url = `${lender.baseUrl.replace(/\/+$/, '')}/applications/${encodeURIComponent(lenderReference)}/${what}`;
  let response: IncomingAnswer;
  try {
    response = await send(poolOf(lender.id), url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [IDEMPOTENCY_HEADER]: message.requestId,
        ...signPartnerMessage(lender.secret, body, lender.keyId),
      },
      body,
      timeoutMs: opts.timeoutMs ?? DEFAULT_LENDER_TIMEOUT_MS,
      span: { template: `/applications/{reference}/${what}`, attributes: { 'kk.lender_id': lender.id } },
    });
  } catch (error) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: unreachable`, undefined, { cause: error });
  }
  if (response.status === 429 || response.status >= 500) {
    throw new LenderRetryableError(lender.id, `lender ${lender.id}: HTTP ${response.status}`, response.status);
  }
  if (response.status !== 404 && (response.status < 200 || response.status >= 300)) {
    throw new LenderRejectedError(lender.id, `lender ${lender.id}: HTTP ${response.status}`, response.status);
  }
  return response.status;
}
