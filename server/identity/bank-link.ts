import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '../../domain/language.ts';
import { deriveSandboxSecret } from '../config/sandbox-secret.ts';
import { findInstitution } from './institutions.ts';
import { PROVIDER_PERSONAL_CODE } from './personal-code-format.ts';

/**
 * Internet-bank identification, iPizza-like: the browser is redirected to the bank with the broker's
 * client id, a state and a return URL; the bank sends it back to the return URL with the person's
 * name and personal code, a timestamp, and an HMAC-SHA256 over those fields in a fixed order.
 *
 * Return query fields: v, client_id, bank, status (ok | refused), state, personal_code, first_name,
 * last_name, timestamp (ISO 8601, UTC), mac (base64url). A refusal is signed too, with empty
 * personal_code and names. The broker must still treat each state as single-use (replay within the
 * five minutes is its check, not this module's).
 */

export const BANK_CLIENT_ID = 'kreditkompass';
export const BANK_RETURN_VERSION = '1';
export const BANK_RETURN_MAX_AGE_MS = 5 * 60 * 1000;
export const BANK_RETURN_MAX_SKEW_MS = 60 * 1000;

/** The signed fields, in the order the MAC covers them. */
export const BANK_RETURN_FIELDS = [
  'v',
  'client_id',
  'bank',
  'status',
  'state',
  'personal_code',
  'first_name',
  'last_name',
  'timestamp',
] as const;
export type BankReturnField = (typeof BANK_RETURN_FIELDS)[number];
export type BankReturnFields = Readonly<Record<BankReturnField, string>>;

export interface BankAuthorizeRequest {
  /** the bank simulator's base, e.g. http://127.0.0.1:3000/sandbox/banks */
  readonly bankBaseUrl: string;
  readonly institutionId: string;
  readonly state: string;
  readonly returnUrl: string;
  readonly language: Language;
  readonly clientId?: string;
}

export function bankAuthorizeUrl({
  bankBaseUrl,
  institutionId,
  state,
  returnUrl,
  language,
  clientId = BANK_CLIENT_ID,
}: BankAuthorizeRequest): string {
  const url = new URL(`${bankBaseUrl.replace(/\/+$/, '')}/${encodeURIComponent(institutionId)}/authorize`);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('state', state);
  url.searchParams.set('return_url', returnUrl);
  url.searchParams.set('lang', language);
  return url.toString();
}

/** The shared secret of the broker and one bank. */
export function bankSecret(institutionId: string): Buffer {
  return deriveSandboxSecret(`bank:${institutionId}`);
}

/** Netstring-like canonical form (`<utf-8 length>:<value>,` per field): no two field sets collide. */
function canonical(fields: BankReturnFields): string {
  return BANK_RETURN_FIELDS.map((name) => `${Buffer.byteLength(fields[name])}:${fields[name]},`).join('');
}

/** The MAC a bank puts in `mac` (base64url of HMAC-SHA256 with the bank's secret). */
export function signBankReturn(institutionId: string, fields: BankReturnFields): string {
  return createHmac('sha256', bankSecret(institutionId)).update(canonical(fields)).digest('base64url');
}

export type BankReturn =
  | {
      readonly kind: 'approved';
      readonly state: string;
      /** DDMMYY-NNNNN */
      readonly personalCode: string;
      readonly firstName: string;
      readonly lastName: string;
    }
  | { readonly kind: 'refused'; readonly state: string };

export type BankReturnErrorCode =
  'unknown_institution' | 'missing_field' | 'bad_signature' | 'stale' | 'future' | 'wrong_recipient' | 'malformed';

/** A bank answer the broker must not trust. Its message never carries a personal code. */
export class BankReturnError extends Error {
  readonly code: BankReturnErrorCode;

  constructor(code: BankReturnErrorCode, message: string) {
    super(message);
    this.name = 'BankReturnError';
    this.code = code;
  }
}

export function isBankReturnError(error: unknown): error is BankReturnError {
  return error instanceof BankReturnError;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

export interface VerifyBankReturnInput {
  readonly institutionId: string;
  /** the return request's query as Fastify parsed it (a repeated name counts as malformed) */
  readonly query: Readonly<Record<string, unknown>>;
  readonly now?: Date;
  readonly clientId?: string;
}

/**
 * Checks a bank's answer: the MAC first (nothing is read before it is verified), then the age (at
 * most 5 minutes old, at most 60 s in the future), the recipient and the content.
 * Throws a BankReturnError when the answer cannot be trusted.
 */
export function verifyBankReturn({
  institutionId,
  query,
  now = new Date(),
  clientId = BANK_CLIENT_ID,
}: VerifyBankReturnInput): BankReturn {
  if (!findInstitution(institutionId)) throw new BankReturnError('unknown_institution', 'unknown institution');

  const read = (name: string): string => {
    const value = Object.hasOwn(query, name) ? query[name] : undefined;
    if (value === undefined) throw new BankReturnError('missing_field', `bank answer without ${name}`);
    if (typeof value !== 'string') throw new BankReturnError('malformed', `bank answer with a malformed ${name}`);
    return value;
  };

  const mac = read('mac');
  const fields = Object.fromEntries(BANK_RETURN_FIELDS.map((name) => [name, read(name)])) as Record<
    BankReturnField,
    string
  >;

  const expected = createHmac('sha256', bankSecret(institutionId)).update(canonical(fields)).digest();
  const given = /^[A-Za-z0-9_-]{43}$/.test(mac) ? Buffer.from(mac, 'base64url') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BankReturnError('bad_signature', 'bank answer with a wrong signature');
  }

  if (!ISO_UTC.test(fields.timestamp)) throw new BankReturnError('malformed', 'bank answer with a malformed timestamp');
  const age = now.getTime() - Date.parse(fields.timestamp);
  if (Number.isNaN(age)) throw new BankReturnError('malformed', 'bank answer with a malformed timestamp');
  if (age > BANK_RETURN_MAX_AGE_MS) throw new BankReturnError('stale', 'bank answer older than 5 minutes');
  if (age < -BANK_RETURN_MAX_SKEW_MS) throw new BankReturnError('future', 'bank answer dated in the future');

  if (fields.v !== BANK_RETURN_VERSION) throw new BankReturnError('malformed', 'bank answer of an unknown version');
  if (fields.bank !== institutionId || fields.client_id !== clientId) {
    throw new BankReturnError('wrong_recipient', 'bank answer meant for another bank or client');
  }
  if (fields.state.length === 0) throw new BankReturnError('missing_field', 'bank answer without state');

  if (fields.status === 'refused') return { kind: 'refused', state: fields.state };
  if (fields.status !== 'ok') throw new BankReturnError('malformed', 'bank answer with an unknown status');
  if (!PROVIDER_PERSONAL_CODE.test(fields.personal_code)) {
    throw new BankReturnError('malformed', 'bank answer with a malformed personal code');
  }
  const firstName = fields.first_name.trim();
  const lastName = fields.last_name.trim();
  if (firstName.length === 0 || lastName.length === 0) {
    throw new BankReturnError('malformed', 'bank answer without a name');
  }
  return { kind: 'approved', state: fields.state, personalCode: fields.personal_code, firstName, lastName };
}
