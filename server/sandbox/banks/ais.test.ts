import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formAction, postForm, startApp, type RunningApp } from '../../identity/test-support.ts';
import { registerAisSandbox } from './ais.ts';
import { sandboxIncomeKind, sandboxPersonProfile } from './ais-people.ts';

let running: RunningApp;
const api = (bankId = 'daugavas-banka') => `${running.origin}/sandbox/banks/${bankId}/v1`;

beforeAll(async () => {
  running = await startApp((app) => registerAisSandbox(app, {}));
});
afterAll(() => running.app.close());

const EMPLOYED = '010180-15097';
const SELF_EMPLOYED = '329999-12345';
const BACK = 'http://127.0.0.1:9/back?state=s1';
const REFUSED_BACK = 'http://127.0.0.1:9/refused?state=s1';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const monthsBack = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
};

interface Booked {
  readonly bookingDate: string;
  readonly transactionAmount: { readonly amount: string; readonly currency: string };
  readonly purposeCode?: string;
  readonly bankTransactionCode?: string;
  readonly debtorName?: string;
  readonly debtorAccount?: { readonly iban: string };
  readonly remittanceInformationUnstructured: string;
}

/** What the tests read of the bank's answers; an answer without a field leaves it undefined. */
interface Answer {
  readonly tppMessages: readonly { readonly code: string }[];
  readonly accounts: readonly { readonly resourceId: string; readonly iban: string }[];
  readonly balances: readonly unknown[];
  readonly transactions: { readonly booked: readonly Booked[] };
}

async function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const response = await fetch(`${api()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-request-id': randomUUID(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Answer };
}

const consentBody = {
  access: { accounts: [], balances: [], transactions: [] },
  recurringIndicator: false,
  frequencyPerDay: 1,
};

async function createConsent(headers: Record<string, string> = {}) {
  const answer = await call('/consents', {
    method: 'POST',
    headers: { 'tpp-redirect-uri': BACK, 'tpp-nok-redirect-uri': REFUSED_BACK, ...headers },
    body: { ...consentBody, validUntil: tomorrow() },
  });
  expect(answer.status).toBe(201);
  return answer.body as unknown as {
    consentId: string;
    consentStatus: string;
    _links: { scaRedirect: { href: string } };
  };
}

async function decide(href: string, decision: 'approve' | 'refuse', personalCode = EMPLOYED) {
  const pageUrl = new URL(href, running.origin).toString();
  const page = await (await fetch(pageUrl)).text();
  return postForm(new URL(formAction(page), running.origin).toString(), {
    decision,
    personal_code: personalCode,
    first_name: 'Līga',
    last_name: 'Kalniņa',
  });
}

function firstAccount(answer: { body: Answer }) {
  const account = answer.body.accounts[0];
  if (!account) throw new Error('no account');
  return account;
}

const ibanValid = (iban: string) => {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return [...moved].reduce((remainder, digit) => (remainder * 10 + Number(digit)) % 97, 0) === 1;
};

describe('the sandbox banks’ account-information API', () => {
  it('gives a consent, approved at the bank, six months of transactions, and refuses every read once it is ended', async () => {
    const consent = await createConsent({ 'psu-accept-language': 'ru' });
    expect(consent.consentStatus).toBe('received');
    const page = await fetch(new URL(consent._links.scaRedirect.href, running.origin));
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Доступ к информации о счетах');
    expect(html).not.toContain('<script');

    const back = await decide(consent._links.scaRedirect.href, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(BACK);
    const consentId = consent.consentId;
    expect((await call(`/consents/${consentId}/status`)).body).toEqual({ consentStatus: 'valid' });

    const accounts = await call('/accounts', { headers: { 'consent-id': consentId } });
    expect(accounts.status).toBe(200);
    const account = firstAccount(accounts);
    expect(account).toMatchObject({ currency: 'EUR', cashAccountType: 'CACC', ownerName: 'Līga Kalniņa' });
    expect(account.iban).toMatch(/^LV\d{2}DAUG\d{13}$/);
    expect(ibanValid(account.iban)).toBe(true);

    const balances = await call(`/accounts/${account.resourceId}/balances`, { headers: { 'consent-id': consentId } });
    expect(balances.body.balances[0]).toMatchObject({
      balanceType: 'closingBooked',
      balanceAmount: { currency: 'EUR' },
    });

    const dateFrom = monthsBack(6);
    const transactions = await call(
      `/accounts/${account.resourceId}/transactions?dateFrom=${dateFrom}&bookingStatus=booked`,
      {
        headers: { 'consent-id': consentId },
      },
    );
    expect(transactions.status).toBe(200);
    const booked = transactions.body.transactions.booked;
    expect(booked.length).toBeGreaterThan(60);
    expect(booked.every((t) => t.bookingDate >= dateFrom && /^-?\d+\.\d{2}$/.test(t.transactionAmount.amount))).toBe(
      true,
    );
    const salaries = booked.filter((t) => t.purposeCode === 'SALA');
    // one a month: six whole months, and this one's when its pay day has passed
    expect(salaries.length).toBeGreaterThanOrEqual(6);
    expect(new Set(salaries.map((t) => t.debtorName))).toEqual(
      new Set([sandboxPersonProfile(EMPLOYED).employer?.name]),
    );
    expect(salaries.every((t) => ibanValid(t.debtorAccount?.iban ?? ''))).toBe(true);
    expect(
      booked.some((t) => t.bankTransactionCode === 'PMNT-CCRD-POSD' && t.transactionAmount.amount.startsWith('-')),
    ).toBe(true);

    expect((await call(`/consents/${consentId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/consents/${consentId}/status`)).body).toEqual({ consentStatus: 'terminatedByTpp' });
    const later = await call('/accounts', { headers: { 'consent-id': consentId } });
    expect(later.status).toBe(401);
    expect(later.body.tppMessages[0]?.code).toBe('CONSENT_INVALID');
    const laterTransactions = await call(
      `/accounts/${account.resourceId}/transactions?dateFrom=${dateFrom}&bookingStatus=booked`,
      {
        headers: { 'consent-id': consentId },
      },
    );
    expect(laterTransactions.status).toBe(401);
    expect(laterTransactions.body.transactions).toBeUndefined();
  });

  it('gives no data for a refused consent, and sends the person to the not-OK address', async () => {
    const consent = await createConsent();
    const back = await decide(consent._links.scaRedirect.href, 'refuse');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(REFUSED_BACK);
    expect((await call(`/consents/${consent.consentId}/status`)).body).toEqual({ consentStatus: 'rejected' });
    const accounts = await call('/accounts', { headers: { 'consent-id': consent.consentId } });
    expect(accounts.status).toBe(401);
    expect(accounts.body.accounts).toBeUndefined();
    // a decided consent cannot be approved afterwards
    const again = await fetch(new URL(consent._links.scaRedirect.href, running.origin));
    expect(again.status).toBe(409);
  });

  it('gives no data before the person approves', async () => {
    const consent = await createConsent();
    const accounts = await call('/accounts', { headers: { 'consent-id': consent.consentId } });
    expect(accounts.status).toBe(401);
  });

  it('answers the same transactions for the same person, and self-employment income for a code that says so', async () => {
    expect(sandboxIncomeKind(EMPLOYED)).toBe('salary');
    expect(sandboxIncomeKind(SELF_EMPLOYED)).toBe('selfEmployment');
    const read = async (personalCode: string) => {
      const consent = await createConsent();
      await decide(consent._links.scaRedirect.href, 'approve', personalCode);
      const headers = { 'consent-id': consent.consentId };
      const account = firstAccount(await call('/accounts', { headers }));
      const query = `dateFrom=${monthsBack(3)}&bookingStatus=booked`;
      return (await call(`/accounts/${account.resourceId}/transactions?${query}`, { headers })).body.transactions
        .booked;
    };
    const first = await read(SELF_EMPLOYED);
    expect(await read(SELF_EMPLOYED)).toEqual(first);
    expect(first.some((t) => t.purposeCode === 'SALA')).toBe(false);
    const invoices = first.filter((t) => t.purposeCode === 'SUPP');
    expect(invoices.length).toBeGreaterThanOrEqual(6);
    const clients = new Set(sandboxPersonProfile(SELF_EMPLOYED).clients.map((client) => client.name));
    expect(
      invoices.every(
        (t) => clients.has(t.debtorName ?? '') && t.remittanceInformationUnstructured.startsWith('Rēķins'),
      ),
    ).toBe(true);
  });

  it('refuses what the protocol forbids with its error codes', async () => {
    const noRequestId = await fetch(`${api()}/accounts`, { headers: { 'consent-id': 'x' } });
    expect(noRequestId.status).toBe(400);
    expect((await call('/accounts')).body.tppMessages[0]?.code).toBe('FORMAT_ERROR');
    const unknown = await call('/accounts', { headers: { 'consent-id': randomUUID() } });
    expect([unknown.status, unknown.body.tppMessages[0]?.code]).toEqual([403, 'CONSENT_UNKNOWN']);
    const noRedirect = await call('/consents', { method: 'POST', body: { ...consentBody, validUntil: tomorrow() } });
    expect(noRedirect.status).toBe(400);
    const past = await call('/consents', {
      method: 'POST',
      headers: { 'tpp-redirect-uri': BACK },
      body: { ...consentBody, validUntil: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    const unknownBank = await fetch(`${api('no-such-bank')}/consents`, {
      method: 'POST',
      headers: { 'x-request-id': randomUUID(), 'content-type': 'application/json', 'tpp-redirect-uri': BACK },
      body: JSON.stringify({ ...consentBody, validUntil: tomorrow() }),
    });
    expect(unknownBank.status).toBe(404);

    // another bank's consent is unknown here
    const consent = await createConsent();
    await decide(consent._links.scaRedirect.href, 'approve');
    const elsewhere = await fetch(`${api('vidzemes-banka')}/accounts`, {
      headers: { 'x-request-id': randomUUID(), 'consent-id': consent.consentId },
    });
    expect(elsewhere.status).toBe(403);
    // a one-off consent reads each resource once a day
    const headers = { 'consent-id': consent.consentId };
    expect((await call('/accounts', { headers })).status).toBe(200);
    const twice = await call('/accounts', { headers });
    expect([twice.status, twice.body.tppMessages[0]?.code]).toEqual([429, 'ACCESS_EXCEEDED']);
  });
});
