import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { formatPersonalCode } from '../../../domain/personal-code.ts';
import { findInstitution } from '../../identity/institutions.ts';
import { MAX_NAME } from '../approval-form.ts';
import { addFormBodyParser, field, parseHttpUrl } from '../page.ts';
import { ConsentStore, today, type Consent } from './ais-consents.ts';
import { closingCents, sandboxLedgers, type SandboxAccount, type SandboxTransaction } from './ais-data.ts';
import { SCA_TEXT, scaMessagePage, scaPage } from './ais-sca-page.ts';

/**
 * The sandbox banks' account-information API, in the shape of the Berlin Group NextGenPSD2 framework (v1.3):
 *   POST   {prefix}/:bankId/v1/consents                       → 201 {consentStatus, consentId, _links.scaRedirect}
 *   GET    {prefix}/:bankId/v1/consents/:id                   the consent
 *   GET    {prefix}/:bankId/v1/consents/:id/status            {consentStatus}
 *   DELETE {prefix}/:bankId/v1/consents/:id                   → 204, terminatedByTpp
 *   GET    {prefix}/:bankId/v1/consents/:id/authorize         the bank's page: the person approves or refuses
 *   GET    {prefix}/:bankId/v1/accounts                       (Consent-ID)
 *   GET    {prefix}/:bankId/v1/accounts/:id/balances          (Consent-ID)
 *   GET    {prefix}/:bankId/v1/accounts/:id/transactions?dateFrom&dateTo&bookingStatus=booked (Consent-ID)
 * Every request carries X-Request-ID, echoed back. A real bank knows the TPP by its eIDAS certificate; this one
 * takes any caller, as its login page takes any client: it is a test bank.
 */

export interface AisSandboxOptions {
  /** default '/sandbox/banks', the same banks' identification lives there */
  readonly prefix?: string;
}

type ErrorCode =
  | 'FORMAT_ERROR'
  | 'CONSENT_UNKNOWN'
  | 'CONSENT_INVALID'
  | 'CONSENT_EXPIRED'
  | 'RESOURCE_UNKNOWN'
  | 'PERIOD_INVALID'
  | 'ACCESS_EXCEEDED'
  | 'PARAMETER_NOT_SUPPORTED';

const STATUS: Record<ErrorCode, number> = {
  FORMAT_ERROR: 400,
  CONSENT_UNKNOWN: 403,
  CONSENT_INVALID: 401,
  CONSENT_EXPIRED: 401,
  RESOURCE_UNKNOWN: 404,
  PERIOD_INVALID: 400,
  ACCESS_EXCEEDED: 429,
  PARAMETER_NOT_SUPPORTED: 400,
};

const fail = (reply: FastifyReply, code: ErrorCode, text: string) =>
  reply.code(STATUS[code]).send({ tppMessages: [{ category: 'ERROR', code, text }] });

const accountReference = z.object({ iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/) });
const consentRequest = z.object({
  access: z.object({
    accounts: z.array(accountReference).max(20).optional(),
    balances: z.array(accountReference).max(20).optional(),
    transactions: z.array(accountReference).max(20).optional(),
    allPsd2: z.literal('allAccounts').optional(),
  }),
  recurringIndicator: z.boolean(),
  validUntil: z.iso.date(),
  frequencyPerDay: z.int().min(1).max(100),
  combinedServiceIndicator: z.boolean().optional(),
});

const isoDate = z.iso.date();
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
};

const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency: 'EUR' });

function transactionJson(transaction: SandboxTransaction) {
  const { amountCents, creditorIban, debtorIban, ...rest } = transaction;
  return {
    ...rest,
    transactionAmount: money(amountCents),
    ...(creditorIban ? { creditorAccount: { iban: creditorIban } } : {}),
    ...(debtorIban ? { debtorAccount: { iban: debtorIban } } : {}),
  };
}

const bankOffered = (consent: Consent) =>
  consent.access.allAccounts ||
  (consent.access.accounts.length === 0 &&
    consent.access.balances.length === 0 &&
    consent.access.transactions.length === 0);

/** Whether the consent reaches this account for this kind of read (an account listed for balances is listed). */
function allows(consent: Consent, iban: string, kind: 'accounts' | 'balances' | 'transactions'): boolean {
  if (bankOffered(consent)) return true;
  const { accounts, balances, transactions } = consent.access;
  if (kind === 'balances') return balances.includes(iban);
  if (kind === 'transactions') return transactions.includes(iban);
  return [...accounts, ...balances, ...transactions].includes(iban);
}

export async function registerAisSandbox(app: FastifyInstance, opts: AisSandboxOptions = {}): Promise<void> {
  const prefix = (opts.prefix ?? '/sandbox/banks').replace(/\/+$/, '');
  const consents = new ConsentStore();

  await app.register(
    async (bankApp) => {
      addFormBodyParser(bankApp);
      // every API call names itself; the answer says which call it answers
      bankApp.addHook('onRequest', async (request, reply) => {
        if (request.url.includes('/authorize')) return;
        const requestId = header(request, 'x-request-id');
        if (!REQUEST_ID.test(requestId)) return fail(reply, 'FORMAT_ERROR', 'X-Request-ID must be a UUID');
        reply.header('x-request-id', requestId).header('cache-control', 'no-store');
      });
      registerConsentRoutes(bankApp, prefix, consents);
      registerScaRoutes(bankApp, prefix, consents);
      registerAccountRoutes(bankApp, prefix, consents);
    },
    { prefix: `${prefix}/:bankId/v1` },
  );
}

type BankParams = { bankId: string };
type ConsentParams = BankParams & { consentId: string };

function registerConsentRoutes(app: FastifyInstance, prefix: string, consents: ConsentStore): void {
  app.post<{ Params: BankParams }>('/consents', (request, reply) => {
    const bank = findInstitution(request.params.bankId);
    if (!bank) return fail(reply, 'RESOURCE_UNKNOWN', 'no such bank');
    const parsed = consentRequest.safeParse(request.body);
    if (!parsed.success) return fail(reply, 'FORMAT_ERROR', 'the consent request does not match the schema');
    const redirect = parseHttpUrl(header(request, 'tpp-redirect-uri'));
    const nokHeader = header(request, 'tpp-nok-redirect-uri');
    const nok = nokHeader ? parseHttpUrl(nokHeader) : null;
    if (!redirect || (nokHeader && !nok)) return fail(reply, 'FORMAT_ERROR', 'TPP-Redirect-URI: an http(s) URL');
    const body = parsed.data;
    if (body.validUntil < today()) return fail(reply, 'FORMAT_ERROR', 'validUntil is in the past');
    const ibans = (list?: readonly { iban: string }[]) => (list ?? []).map((reference) => reference.iban);
    const language = header(request, 'psu-accept-language').slice(0, 2).toLowerCase();
    const consent = consents.create({
      bankId: bank.id,
      access: {
        accounts: ibans(body.access.accounts),
        balances: ibans(body.access.balances),
        transactions: ibans(body.access.transactions),
        allAccounts: body.access.allPsd2 === 'allAccounts',
      },
      recurringIndicator: body.recurringIndicator,
      validUntil: body.validUntil,
      frequencyPerDay: body.frequencyPerDay,
      redirectUri: redirect.toString(),
      nokRedirectUri: nok ? nok.toString() : null,
      language: isLanguage(language) ? language : 'lv',
    });
    const self = `${prefix}/${bank.id}/v1/consents/${consent.consentId}`;
    return reply
      .code(201)
      .header('location', self)
      .header('aspsp-sca-approach', 'REDIRECT')
      .send({
        consentStatus: consent.status,
        consentId: consent.consentId,
        _links: {
          scaRedirect: { href: `${self}/authorize` },
          self: { href: self },
          status: { href: `${self}/status` },
        },
      });
  });

  app.get<{ Params: ConsentParams }>('/consents/:consentId', (request, reply) => {
    const consent = consents.find(request.params.bankId, request.params.consentId);
    if (!consent) return fail(reply, 'CONSENT_UNKNOWN', 'no such consent');
    const references = (list: readonly string[]) => list.map((iban) => ({ iban }));
    return reply.send({
      access: consent.access.allAccounts
        ? { allPsd2: 'allAccounts' }
        : {
            accounts: references(consent.access.accounts),
            balances: references(consent.access.balances),
            transactions: references(consent.access.transactions),
          },
      recurringIndicator: consent.recurringIndicator,
      validUntil: consent.validUntil,
      frequencyPerDay: consent.frequencyPerDay,
      lastActionDate: consent.lastActionDate,
      consentStatus: consent.status,
    });
  });

  app.get<{ Params: ConsentParams }>('/consents/:consentId/status', (request, reply) => {
    const consent = consents.find(request.params.bankId, request.params.consentId);
    if (!consent) return fail(reply, 'CONSENT_UNKNOWN', 'no such consent');
    return reply.send({ consentStatus: consent.status });
  });

  app.delete<{ Params: ConsentParams }>('/consents/:consentId', (request, reply) => {
    const consent = consents.find(request.params.bankId, request.params.consentId);
    if (!consent) return fail(reply, 'CONSENT_UNKNOWN', 'no such consent');
    consent.status = 'terminatedByTpp';
    return reply.code(204).send();
  });
}

function scaLanguage(source: unknown, consent: Consent | undefined): Language {
  const lang = field(source, 'lang');
  return isLanguage(lang) ? lang : (consent?.language ?? 'lv');
}

function registerScaRoutes(app: FastifyInstance, prefix: string, consents: ConsentStore): void {
  const action = (consent: Consent) => `${prefix}/${consent.bankId}/v1/consents/${consent.consentId}/authorize`;

  app.get<{ Params: ConsentParams }>('/consents/:consentId/authorize', (request, reply) => {
    const bank = findInstitution(request.params.bankId);
    const consent = consents.find(request.params.bankId, request.params.consentId);
    const lang = scaLanguage(request.query, consent);
    if (!bank || !consent) return scaMessagePage(reply, 404, lang, 'notFound');
    if (consent.status !== 'received') return scaMessagePage(reply, 409, lang, 'done');
    const form = { personalCode: '', firstName: 'Jānis', lastName: 'Bērziņš', errors: {} };
    return scaPage(reply, 200, action(consent), bank, consent, form);
  });

  app.post<{ Params: ConsentParams }>('/consents/:consentId/authorize', (request, reply) => {
    const bank = findInstitution(request.params.bankId);
    const consent = consents.find(request.params.bankId, request.params.consentId);
    const lang = scaLanguage(request.body, consent);
    if (!bank || !consent) return scaMessagePage(reply, 404, lang, 'notFound');
    if (consent.status !== 'received') return scaMessagePage(reply, 409, lang, 'done');
    const decision = field(request.body, 'decision');
    if (decision === 'refuse') {
      consent.status = 'rejected';
      return reply.header('cache-control', 'no-store').redirect(consent.nokRedirectUri ?? consent.redirectUri, 303);
    }
    const typedCode = field(request.body, 'personal_code');
    const firstName = field(request.body, 'first_name').trim();
    const lastName = field(request.body, 'last_name').trim();
    const personalCode = formatPersonalCode(typedCode);
    const nameOk = firstName.length > 0 && lastName.length > 0 && `${firstName} ${lastName}`.length <= MAX_NAME;
    if (decision !== 'approve' || !personalCode || !nameOk) {
      return scaPage(reply, 422, action(consent), bank, consent, {
        personalCode: typedCode.slice(0, 20),
        firstName: firstName.slice(0, MAX_NAME),
        lastName: lastName.slice(0, MAX_NAME),
        errors: scaErrors(consent.language, Boolean(personalCode), nameOk),
      });
    }
    consent.psu = { personalCode, name: `${firstName} ${lastName}` };
    consent.status = 'valid';
    return reply.header('cache-control', 'no-store').redirect(consent.redirectUri, 303);
  });
}

function scaErrors(lang: Language, codeOk: boolean, nameOk: boolean) {
  const t = SCA_TEXT[lang];
  return { ...(codeOk ? {} : { personalCode: t.badPersonalCode }), ...(nameOk ? {} : { name: t.badName }) };
}

/** The consent a read names, if it may read now; otherwise the refusal is sent and null returned. */
function usableConsent(request: FastifyRequest<{ Params: BankParams }>, reply: FastifyReply, consents: ConsentStore) {
  const consentId = header(request, 'consent-id');
  if (!consentId) {
    void fail(reply, 'FORMAT_ERROR', 'Consent-ID is missing');
    return null;
  }
  const consent = consents.find(request.params.bankId, consentId);
  if (!consent) {
    void fail(reply, 'CONSENT_UNKNOWN', 'no such consent');
    return null;
  }
  if (consent.status === 'expired') {
    void fail(reply, 'CONSENT_EXPIRED', 'the consent has expired');
    return null;
  }
  if (consent.status !== 'valid' || !consent.psu) {
    void fail(reply, 'CONSENT_INVALID', `the consent is ${consent.status}`);
    return null;
  }
  return { consent, psu: consent.psu };
}

function accountJson(consent: Consent, account: SandboxAccount, self: string) {
  return {
    resourceId: account.resourceId,
    iban: account.iban,
    currency: 'EUR',
    name: account.name,
    product: account.name,
    cashAccountType: account.cashAccountType,
    status: 'enabled',
    ownerName: consent.psu?.name ?? '',
    _links: {
      ...(allows(consent, account.iban, 'balances') ? { balances: { href: `${self}/balances` } } : {}),
      ...(allows(consent, account.iban, 'transactions') ? { transactions: { href: `${self}/transactions` } } : {}),
    },
  };
}

function registerAccountRoutes(app: FastifyInstance, prefix: string, consents: ConsentStore): void {
  const ledgersOf = (consent: Consent, psu: NonNullable<Consent['psu']>) =>
    sandboxLedgers(consent.bankId, psu.personalCode, psu.name, today());
  const href = (consent: Consent, path: string) => `${prefix}/${consent.bankId}/v1/accounts/${path}`;

  app.get<{ Params: BankParams }>('/accounts', (request, reply) => {
    const usable = usableConsent(request, reply, consents);
    if (!usable) return reply;
    const { consent, psu } = usable;
    if (!consents.read(consent, 'accounts')) return fail(reply, 'ACCESS_EXCEEDED', 'reads per day used up');
    const accounts = ledgersOf(consent, psu)
      .map((ledger) => ledger.account)
      .filter((account) => allows(consent, account.iban, 'accounts'))
      .map((account) => accountJson(consent, account, href(consent, account.resourceId)));
    return reply.send({ accounts });
  });

  type AccountParams = BankParams & { accountId: string };
  const ledgerFor = (
    request: FastifyRequest<{ Params: AccountParams }>,
    reply: FastifyReply,
    kind: 'balances' | 'transactions',
  ) => {
    const usable = usableConsent(request, reply, consents);
    if (!usable) return null;
    const ledger = ledgersOf(usable.consent, usable.psu).find(
      (candidate) => candidate.account.resourceId === request.params.accountId,
    );
    if (!ledger || !allows(usable.consent, ledger.account.iban, kind)) {
      void fail(reply, 'RESOURCE_UNKNOWN', 'no such account under this consent');
      return null;
    }
    if (!consents.read(usable.consent, `${kind}|${ledger.account.resourceId}`)) {
      void fail(reply, 'ACCESS_EXCEEDED', 'reads per day used up');
      return null;
    }
    return ledger;
  };

  app.get<{ Params: AccountParams }>('/accounts/:accountId/balances', (request, reply) => {
    const ledger = ledgerFor(request, reply, 'balances');
    if (!ledger) return reply;
    const balance = money(closingCents(ledger));
    const referenceDate = today();
    return reply.send({
      account: { iban: ledger.account.iban },
      balances: [
        { balanceAmount: balance, balanceType: 'closingBooked', referenceDate },
        { balanceAmount: balance, balanceType: 'interimAvailable', referenceDate },
      ],
    });
  });

  app.get<{ Params: AccountParams; Querystring: Record<string, unknown> }>(
    '/accounts/:accountId/transactions',
    (request, reply) => {
      const bookingStatus = field(request.query, 'bookingStatus');
      const dateFrom = field(request.query, 'dateFrom');
      const dateTo = field(request.query, 'dateTo') || today();
      if (!['booked', 'pending', 'both'].includes(bookingStatus)) {
        return fail(reply, 'PARAMETER_NOT_SUPPORTED', 'bookingStatus: booked, pending or both');
      }
      if (!isoDate.safeParse(dateFrom).success || !isoDate.safeParse(dateTo).success) {
        return fail(reply, 'FORMAT_ERROR', 'dateFrom and dateTo: YYYY-MM-DD');
      }
      if (dateFrom > dateTo || dateFrom > today()) return fail(reply, 'PERIOD_INVALID', 'dateFrom after dateTo');
      const ledger = ledgerFor(request, reply, 'transactions');
      if (!ledger) return reply;
      const booked =
        bookingStatus === 'pending'
          ? []
          : ledger.transactions
              .filter((transaction) => transaction.bookingDate >= dateFrom && transaction.bookingDate <= dateTo)
              .reverse()
              .map(transactionJson);
      return reply.send({
        account: { iban: ledger.account.iban },
        transactions: {
          booked,
          pending: [],
          _links: { account: { href: `${prefix}/${request.params.bankId}/v1/accounts/${ledger.account.resourceId}` } },
        },
      });
    },
  );
}
