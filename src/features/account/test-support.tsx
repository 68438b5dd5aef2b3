import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import type { AccountAnswer, AccountApplication, Consent } from '../../../domain/account-api.ts';
import type { Offer } from '../../../domain/offer.ts';
import { ApiRequestError, type AccountClient } from '../../api/account-client.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvAccount from '../../../locales/lv/account.json';
import lvCommon from '../../../locales/lv/common.json';
import lvValidation from '../../../locales/lv/validation.json';
import ruAccount from '../../../locales/ru/account.json';
import ruCommon from '../../../locales/ru/common.json';
import ruValidation from '../../../locales/ru/validation.json';

/** The account's tests: a fake client (no HTTP), the real words of both languages, fixtures. */

export const WORDS = { lv: lvAccount, ru: ruAccount } as const;
export const VALIDATION = { lv: lvValidation, ru: ruValidation } as const;

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

export const offer = (id: string, lenderName: string, validForMs: number, extra: Partial<Offer> = {}): Offer => ({
  id,
  lenderId: lenderName.toLowerCase(),
  lenderName,
  lenderKind: 'bank',
  amount: 5000,
  term: 60,
  annualRate: 9.9,
  arrangementFee: 0,
  monthlyFee: 0,
  monthlyPayment: 105.96,
  totalPayable: 6357.6,
  totalCostOfCredit: 1357.6,
  apr: 10.36,
  validUntil: new Date(Date.now() + validForMs).toISOString(),
  exceedsCostCap: false,
  ...extra,
});

export const CONSENTS: Consent[] = [
  { kind: 'email', granted: true, changedAt: '2026-11-24T10:00:00.000Z', source: 'applicationForm' },
  { kind: 'sms', granted: false, changedAt: null, source: null },
  { kind: 'phone', granted: false, changedAt: null, source: null },
  { kind: 'marketing', granted: false, changedAt: null, source: null },
];

export const APPLICATION_ID = '7d8c3a4e-1b2c-4d5e-8f90-123456789abc';
export const OLDER_ID = '1a2b3c4d-1b2c-4d5e-8f90-123456789abc';
export const OFFER_IDS = {
  luminor: '0b6f1c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
  citadele: '9a8b7c6d-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
} as const;

export function accountAnswer(overrides: Partial<AccountAnswer> = {}): AccountAnswer {
  return {
    firstName: 'Jānis',
    sessionExpiresAt: new Date(Date.now() + 30 * MINUTE).toISOString(),
    consents: CONSENTS,
    applications: [
      // the older one first: the account lists the newest first whatever the order of the answer
      {
        id: OLDER_ID,
        createdAt: '2026-10-02T09:00:00.000Z',
        state: 'draft',
        language: 'lv',
        loan: { amount: 1200, term: 21, purpose: 'personalNeeds' },
        lenders: [],
        offers: [],
        chosenOfferId: null,
        signUrl: null,
        continuable: true,
      },
      {
        id: APPLICATION_ID,
        createdAt: '2026-11-24T10:00:00.000Z',
        state: 'offers',
        language: 'lv',
        loan: { amount: 5000, term: 60, purpose: 'personalNeeds' },
        lenders: [
          { lenderId: 'luminor', name: 'Luminor', kind: 'bank', progress: 'offer' },
          { lenderId: 'citadele', name: 'Citadele', kind: 'bank', progress: 'offer' },
          { lenderId: 'bigbank', name: 'Bigbank', kind: 'bank', progress: 'declined' },
        ],
        offers: [
          offer(OFFER_IDS.luminor, 'Luminor', 51 * HOUR + 5 * MINUTE),
          offer(OFFER_IDS.citadele, 'Citadele', -HOUR),
        ],
        chosenOfferId: null,
        signUrl: null,
        continuable: true,
      },
    ],
    ...overrides,
  };
}

/** The application with offers of the fixture (the newer of its two). */
export function withOffers(): AccountApplication {
  const found = accountAnswer().applications.find((application) => application.id === APPLICATION_ID);
  if (!found) throw new Error('the fixture has an application with offers');
  return found;
}

export const unauthorized = () =>
  new ApiRequestError({ status: 401, code: 'notLoggedIn', message: 'Lūdzu, pieslēdzieties.' });

export function fakeClient(overrides: Partial<AccountClient> = {}): AccountClient {
  return {
    account: vi.fn(async () => accountAnswer()),
    institutions: vi.fn(async () => [
      { id: 'swedbank', name: 'Swedbank', logo: '/banks/swedbank.svg', order: 2, featured: true },
      { id: 'daugavas-banka', name: 'Daugavas Banka', logo: '/banks/daugavas.svg', order: 1, featured: true },
      { id: 'small-bank', name: 'Mazā Banka', logo: '/banks/small.svg', order: 9, featured: false },
    ]),
    startLogin: vi.fn<AccountClient['startLogin']>(async () => ({
      method: 'smartId',
      verificationCode: '4821',
      pollSecret: 's'.repeat(43),
    })),
    pollLogin: vi.fn<AccountClient['pollLogin']>(async () => ({ state: 'succeeded', failure: null })),
    handoff: vi.fn(async () => 'c'.repeat(43)),
    chooseOffer: vi.fn(async () => 'https://lender.example/contracts/1'),
    setConsent: vi.fn(async (kind, granted) =>
      CONSENTS.map((consent) =>
        consent.kind === kind
          ? { ...consent, granted, changedAt: '2026-11-25T08:00:00.000Z', source: 'account' as const }
          : consent,
      ),
    ),
    logout: vi.fn(async () => undefined),
    erase: vi.fn(async () => ({ withdrawnApplications: 1, deletedApplications: 2 })),
    startSmsOptOut: vi.fn(async () => undefined),
    confirmSmsOptOut: vi.fn(async () => undefined),
    unsubscribe: vi.fn(async () => undefined),
    ...overrides,
  };
}

/** Renders with the account's, the site's and the validation words of a language. */
export function renderIn(lang: 'lv' | 'ru', ui: ReactNode) {
  const i18n = createI18n(lang, {
    lv: { common: lvCommon, account: lvAccount, validation: lvValidation },
    ru: { common: ruCommon, account: ruAccount, validation: ruValidation },
  });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}
