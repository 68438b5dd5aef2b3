import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Language } from '../../domain/language.ts';

/**
 * The broker as an account-information service: it asks a bank (Berlin Group NextGenPSD2) for a one-off consent to
 * read a person's accounts, sends the person to the bank to approve it, then reads accounts, balances and booked
 * transactions once and ends the consent at once. What it read lives only in the answer of `readBankData`: the
 * statement and the income summary are made from it and the transactions themselves are never stored.
 */

export interface BankApiOptions {
  /** where the banks live, one folder a bank: the configuration's `bankLinkBaseUrl` (`{base}/{institutionId}/v1`) */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
  /** per request; default 10 s */
  readonly timeoutMs?: number;
}

export type BankSharingFailure =
  /** the bank did not answer, or answered with an error the person cannot fix */
  | 'bankUnavailable'
  /** the person refused at the bank, or never approved */
  | 'notApproved'
  /** the consent ended or expired before it was read */
  | 'consentEnded'
  /** the answer was not what the protocol says */
  | 'badAnswer';

export class BankSharingError extends Error {
  readonly failure: BankSharingFailure;
  /** the bank's status or error code, for the log (never personal data) */
  readonly detail: string;

  constructor(failure: BankSharingFailure, detail: string) {
    super(`bank sharing failed: ${failure} (${detail})`);
    this.name = 'BankSharingError';
    this.failure = failure;
    this.detail = detail;
  }
}

export interface StartBankSharing {
  readonly institutionId: string;
  /** how many whole months before the current one the statement covers */
  readonly months: number;
  /** where the bank sends the person back; `state` is added to it */
  readonly returnUrl: string;
  /** ties the person's return to this consent; no personal data */
  readonly state: string;
  readonly language: Language;
}

export interface BankSharing {
  readonly consentId: string;
  /** the bank's page where the person approves: send the browser there */
  readonly redirectUrl: string;
  readonly validUntil: string;
}

export interface BankConsentRef {
  readonly institutionId: string;
  readonly consentId: string;
}

export interface BankTransaction {
  readonly id: string;
  /** YYYY-MM-DD */
  readonly bookingDate: string;
  /** incoming positive, outgoing negative */
  readonly amountCents: number;
  readonly currency: string;
  /** the payer of an incoming payment, the payee of an outgoing one */
  readonly counterpartyName: string | null;
  readonly counterpartyIban: string | null;
  readonly remittance: string;
  /** ISO 20022 purpose code (SALA for salary) when the bank gives one */
  readonly purposeCode: string | null;
  /** ISO 20022 bank transaction code, DOMAIN-FAMILY-SUBFAMILY */
  readonly bankTransactionCode: string | null;
}

export interface BankAccountData {
  readonly iban: string;
  readonly name: string;
  readonly ownerName: string | null;
  readonly currency: string;
  /** the balance at the start of the period's first day */
  readonly openingBalanceCents: number;
  /** the balance at the end of the period */
  readonly closingBalanceCents: number;
  /** oldest first */
  readonly transactions: readonly BankTransaction[];
}

export interface BankData {
  readonly institutionId: string;
  /** YYYY-MM-DD, both days included */
  readonly period: { readonly from: string; readonly to: string };
  readonly accounts: readonly BankAccountData[];
  /**
   * false when the bank could not be told to end the consent (it then ends by itself at `validUntil`, tomorrow):
   * the caller logs it, with no personal data
   */
  readonly consentEnded: boolean;
}

const amount = z.object({ amount: z.string().regex(/^-?\d{1,14}(\.\d{1,2})?$/), currency: z.string().length(3) });
const reference = z.object({ iban: z.string() }).partial();
const consentAnswer = z.object({
  consentId: z.string().min(1).max(200),
  consentStatus: z.string(),
  _links: z.object({ scaRedirect: z.object({ href: z.string().min(1) }) }),
});
const statusAnswer = z.object({ consentStatus: z.string() });
const accountsAnswer = z.object({
  accounts: z.array(
    z.object({
      resourceId: z.string().min(1),
      iban: z.string(),
      currency: z.string().length(3),
      name: z.string().optional(),
      product: z.string().optional(),
      ownerName: z.string().optional(),
    }),
  ),
});
const balancesAnswer = z.object({
  balances: z.array(
    z.object({ balanceAmount: amount, balanceType: z.string(), referenceDate: z.iso.date().optional() }),
  ),
});
const transactionsAnswer = z.object({
  transactions: z.object({
    booked: z.array(
      z.object({
        transactionId: z.string().optional(),
        bookingDate: z.iso.date(),
        transactionAmount: amount,
        creditorName: z.string().optional(),
        creditorAccount: reference.optional(),
        debtorName: z.string().optional(),
        debtorAccount: reference.optional(),
        remittanceInformationUnstructured: z.string().optional(),
        purposeCode: z.string().optional(),
        bankTransactionCode: z.string().optional(),
      }),
    ),
  }),
});

const toCents = (value: string): number => {
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value.startsWith('-') ? -cents : cents;
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period of a statement of `months` months: from the first day of the month that many months back, to today. */
export function statementPeriod(months: number, now: Date = new Date()): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return { from: isoDay(from), to: isoDay(now) };
}

async function call(
  options: BankApiOptions,
  institutionId: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(institutionId)}/v1${path}`;
  const headers: Record<string, string> = { 'x-request-id': randomUUID(), accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new BankSharingError('bankUnavailable', error instanceof Error ? error.name : 'fetch');
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    throw new BankSharingError('badAnswer', `HTTP ${response.status}, not JSON`);
  }
}

const errorCodeOf = (body: unknown): string =>
  z.object({ tppMessages: z.array(z.object({ code: z.string() })).min(1) }).safeParse(body).data?.tppMessages[0]
    ?.code ?? 'none';

/** Reads an answer the protocol allows, or throws the failure its status and error code mean. */
function expect<T>(answer: { status: number; body: unknown }, ok: number, schema: z.ZodType<T>): T {
  if (answer.status !== ok) {
    const code = errorCodeOf(answer.body);
    const ended = ['CONSENT_INVALID', 'CONSENT_EXPIRED', 'CONSENT_UNKNOWN'].includes(code);
    throw new BankSharingError(ended ? 'consentEnded' : 'bankUnavailable', `HTTP ${answer.status} ${code}`);
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new BankSharingError('badAnswer', `HTTP ${answer.status}, unexpected shape`);
  return parsed.data;
}

/**
 * Asks the bank for a one-off consent to read accounts, balances and transactions, valid until tomorrow; the
 * person approves it at `redirectUrl` and comes back to `returnUrl` with `state`.
 */
export async function startBankSharing(start: StartBankSharing, options: BankApiOptions): Promise<BankSharing> {
  const now = options.now?.() ?? new Date();
  const validUntil = isoDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  const returnUrl = new URL(start.returnUrl);
  returnUrl.searchParams.set('state', start.state);
  const answer = await call(options, start.institutionId, '/consents', {
    method: 'POST',
    headers: {
      'tpp-redirect-uri': returnUrl.toString(),
      'tpp-redirect-preferred': 'true',
      'psu-accept-language': start.language,
    },
    // empty lists: the person chooses the accounts at the bank ("bank-offered consent")
    body: {
      access: { accounts: [], balances: [], transactions: [] },
      recurringIndicator: false,
      validUntil,
      frequencyPerDay: 1,
      combinedServiceIndicator: false,
    },
  });
  const consent = expect(answer, 201, consentAnswer);
  const redirectUrl = new URL(consent._links.scaRedirect.href, options.baseUrl);
  if (redirectUrl.protocol !== 'https:' && redirectUrl.protocol !== 'http:') {
    throw new BankSharingError('badAnswer', 'scaRedirect is not http(s)');
  }
  return { consentId: consent.consentId, redirectUrl: redirectUrl.toString(), validUntil };
}

/** The consent's status at the bank: `valid` once approved, `rejected` when refused (Berlin Group values). */
export async function bankSharingStatus(ref: BankConsentRef, options: BankApiOptions): Promise<string> {
  const answer = await call(options, ref.institutionId, `/consents/${encodeURIComponent(ref.consentId)}/status`);
  return expect(answer, 200, statusAnswer).consentStatus;
}

/** Ends the consent at the bank; a consent the bank no longer knows counts as ended. */
export async function endBankSharing(ref: BankConsentRef, options: BankApiOptions): Promise<void> {
  const answer = await call(options, ref.institutionId, `/consents/${encodeURIComponent(ref.consentId)}`, {
    method: 'DELETE',
  });
  if (answer.status === 204 || answer.status === 200) return;
  const code = errorCodeOf(answer.body);
  if (code === 'CONSENT_UNKNOWN' || code === 'CONSENT_INVALID' || code === 'CONSENT_EXPIRED') return;
  throw new BankSharingError('bankUnavailable', `HTTP ${answer.status} ${code}`);
}

function transactionOf(raw: z.infer<typeof transactionsAnswer>['transactions']['booked'][number], index: number) {
  const cents = toCents(raw.transactionAmount.amount);
  const incoming = cents > 0;
  return {
    id: raw.transactionId ?? `${raw.bookingDate}-${index}`,
    bookingDate: raw.bookingDate,
    amountCents: cents,
    currency: raw.transactionAmount.currency,
    counterpartyName: (incoming ? raw.debtorName : raw.creditorName) ?? null,
    counterpartyIban: (incoming ? raw.debtorAccount?.iban : raw.creditorAccount?.iban) ?? null,
    remittance: raw.remittanceInformationUnstructured ?? '',
    purposeCode: raw.purposeCode ?? null,
    bankTransactionCode: raw.bankTransactionCode ?? null,
  } satisfies BankTransaction;
}

async function readAccount(
  ref: BankConsentRef,
  account: z.infer<typeof accountsAnswer>['accounts'][number],
  period: { from: string; to: string },
  options: BankApiOptions,
): Promise<BankAccountData> {
  const headers = { 'consent-id': ref.consentId };
  const path = `/accounts/${encodeURIComponent(account.resourceId)}`;
  const balances = expect(await call(options, ref.institutionId, `${path}/balances`, { headers }), 200, balancesAnswer);
  const query = new URLSearchParams({ dateFrom: period.from, bookingStatus: 'booked' });
  const booked = expect(
    await call(options, ref.institutionId, `${path}/transactions?${query.toString()}`, { headers }),
    200,
    transactionsAnswer,
  ).transactions.booked;
  const transactions = booked
    .map(transactionOf)
    .filter((transaction) => transaction.bookingDate >= period.from && transaction.bookingDate <= period.to)
    .sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  const closing = balances.balances.find((balance) => balance.balanceType === 'closingBooked') ?? balances.balances[0];
  if (!closing) throw new BankSharingError('badAnswer', 'no balance');
  const closingBalanceCents = toCents(closing.balanceAmount.amount);
  // the bank states today's balance; the period's opening is that less what the period booked
  const moved = transactions.reduce((sum, transaction) => sum + transaction.amountCents, 0);
  return {
    iban: account.iban,
    name: account.name ?? account.product ?? account.iban,
    ownerName: account.ownerName ?? null,
    currency: account.currency,
    openingBalanceCents: closingBalanceCents - moved,
    closingBalanceCents,
    transactions,
  };
}

/**
 * After the person's return: checks the consent is valid, reads every account's balance and the booked
 * transactions of `months` whole months before this one and of this one so far, and ends the consent at the bank
 * whatever happened. Throws a BankSharingError; `notApproved` when the person refused or never approved.
 */
export async function readBankData(
  ref: BankConsentRef & { readonly months: number },
  options: BankApiOptions,
): Promise<BankData> {
  let accounts: BankAccountData[];
  let period: { from: string; to: string };
  try {
    const status = await bankSharingStatus(ref, options);
    if (status === 'received' || status === 'rejected' || status === 'partiallyAuthorised') {
      throw new BankSharingError('notApproved', status);
    }
    if (status !== 'valid') throw new BankSharingError('consentEnded', status);
    period = statementPeriod(ref.months, options.now?.() ?? new Date());
    const listed = expect(
      await call(options, ref.institutionId, '/accounts', { headers: { 'consent-id': ref.consentId } }),
      200,
      accountsAnswer,
    ).accounts;
    accounts = [];
    // one account after another: a one-off consent allows few reads, and banks throttle parallel ones
    for (const account of listed) accounts.push(await readAccount(ref, account, period, options));
  } catch (error) {
    // the read failed: end the consent all the same; the read's failure is the one to report
    await endBankSharing(ref, options).catch(() => undefined);
    throw error;
  }
  const consentEnded = await endBankSharing(ref, options).then(
    () => true,
    () => false,
  );
  return { institutionId: ref.institutionId, period, accounts, consentEnded };
}
