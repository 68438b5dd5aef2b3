// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { AccountAnswer, Consent } from '../../../domain/account-api.ts';
import type { StatusOffer as Offer } from '../../../domain/offer.ts';
import { ApiRequestError, type AccountClient } from '../../api/account-client.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvAccount from '../../../locales/lv/account.json';
import lvCommon from '../../../locales/lv/common.json';
import lvValidation from '../../../locales/lv/validation.json';
import lvOffers from '../../../locales/lv/offers.json';
import ruOffers from '../../../locales/ru/offers.json';
import ruAccount from '../../../locales/ru/account.json';
import ruCommon from '../../../locales/ru/common.json';
import ruValidation from '../../../locales/ru/validation.json';
import { AccountApp } from './AccountApp.tsx';

const HOUR = 3_600_000;

const offer = (id: string, lenderName: string, validForMs: number): Offer => ({
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
  lenderLogo: `/api/lenders/${lenderName.toLowerCase()}/logo.svg`,
  matchesRequest: true,
  best: validForMs > 0,
});

const CONSENTS: Consent[] = [
  { kind: 'email', granted: true, changedAt: '2026-11-24T10:00:00.000Z', source: 'applicationForm' },
  { kind: 'sms', granted: false, changedAt: null, source: null },
  { kind: 'phone', granted: false, changedAt: null, source: null },
  { kind: 'marketing', granted: false, changedAt: null, source: null },
];

const ACCOUNT: AccountAnswer = {
  firstName: 'Jānis',
  sessionExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  consents: CONSENTS,
  erasures: [],
  applications: [
    {
      id: '7d8c3a4e-1b2c-4d5e-8f90-123456789abc',
      createdAt: '2026-11-24T10:00:00.000Z',
      state: 'offers',
      language: 'lv',
      loan: { amount: 5000, term: 60, purpose: 'personalNeeds' },
      lenders: [
        {
          lenderId: 'luminor',
          name: 'Luminor',
          kind: 'bank',
          logo: '/api/lenders/luminor/logo.svg',
          progress: 'offer',
          declineReason: null,
          review: null,
          documentRequests: [],
        },
      ],
      offers: [offer('b1', 'Luminor', 51 * HOUR + 5 * 60_000), offer('b2', 'Citadele', -HOUR)],
      chosenOfferId: null,
      signUrl: null,
      signedAt: null,
      paidAt: null,
      continuable: true,
    },
  ],
};

const unauthorized = () => new ApiRequestError({ status: 401, code: 'notLoggedIn', message: 'Lūdzu, pieslēdzieties' });

function fakeClient(overrides: Partial<AccountClient> = {}): AccountClient {
  return {
    loggedIn: vi.fn(async () => true),
    account: vi.fn(async () => ACCOUNT),
    institutions: vi.fn(async () => [
      { id: 'daugavas-banka', name: 'Daugavas Banka', logo: '/x.svg', order: 1, featured: true },
    ]),
    startLogin: vi.fn(async () => ({
      method: 'smartId' as const,
      verificationCode: '4821',
      pollSecret: 's'.repeat(43),
    })),
    pollLogin: vi.fn(async () => ({ state: 'succeeded' as const, failure: null })),
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
    erase: vi.fn(async () => ({
      withdrawnApplications: 1,
      deletedApplications: 1,
      lendersToBeTold: [
        { lenderId: 'ziemelu-banka', lender: 'Ziemeļu Banka' },
        { lenderId: 'baltic-kredits', lender: 'Baltic Kredīts' },
      ],
    })),
    startSmsOptOut: vi.fn(async () => undefined),
    confirmSmsOptOut: vi.fn(async () => undefined),
    unsubscribe: vi.fn(async () => undefined),
    ...overrides,
  };
}

function renderAccount(client: AccountClient, lang: 'lv' | 'ru' = 'lv') {
  const i18n = createI18n(lang, {
    lv: { common: lvCommon, account: lvAccount, offers: lvOffers, validation: lvValidation },
    ru: { common: ruCommon, account: ruAccount, offers: ruOffers, validation: ruValidation },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <AccountApp client={client} />
    </I18nextProvider>,
  );
}

describe('the personal account', () => {
  it('offers the three ways in when there is no session, and checks the personal code before asking Smart-ID', async () => {
    // a logged-out visit asks whether a session is live, never for the account (no failed request)
    const client = fakeClient({ loggedIn: vi.fn(async () => false) });
    const user = userEvent.setup();
    renderAccount(client);
    expect(await screen.findByRole('heading', { name: lvAccount.login.heading })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Daugavas Banka' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lvAccount.login.eParaksts })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: new RegExp(lvAccount.login.personalCode) }), '123');
    await user.click(screen.getByRole('button', { name: lvAccount.login.smartIdStart }));
    expect(screen.getByText(lvValidation.personalCode)).toBeInTheDocument();
    expect(client.startLogin).not.toHaveBeenCalled();
    expect(client.account).not.toHaveBeenCalled();
  });

  it('goes back to the login when the session ended between the two questions', async () => {
    renderAccount(fakeClient({ account: vi.fn(async () => Promise.reject(unauthorized())) }));
    expect(await screen.findByRole('heading', { name: lvAccount.login.heading })).toBeInTheDocument();
  });

  it('shows the Smart-ID code, waits for the confirmation and opens the account', async () => {
    let loggedIn = false;
    const client = fakeClient({
      loggedIn: vi.fn(async () => loggedIn),
      // pending at first, as while the person looks for the phone; confirmed on the next ask
      pollLogin: vi
        .fn<AccountClient['pollLogin']>()
        .mockResolvedValueOnce({ state: 'pending', failure: null })
        .mockImplementation(async () => {
          loggedIn = true;
          return { state: 'succeeded', failure: null };
        }),
    });
    const user = userEvent.setup();
    renderAccount(client, 'ru');
    const field = await screen.findByRole('textbox', { name: new RegExp(ruAccount.login.personalCode) });
    expect(screen.getByText(ruAccount.intro)).toBeInTheDocument();
    await user.type(field, '010180-15097');
    await user.click(screen.getByRole('button', { name: ruAccount.login.smartIdStart }));
    expect(await screen.findByText('4821')).toBeInTheDocument();
    expect(client.startLogin).toHaveBeenCalledWith({ method: 'smartId', personalCode: '010180-15097', language: 'ru' });
    expect(await screen.findByText('Здравствуйте, Jānis!', {}, { timeout: 4000 })).toBeInTheDocument();
    // the call to log in goes once the person is in
    expect(screen.queryByText(ruAccount.intro)).toBeNull();
  });

  it('compares the offers as the wizard does, and chooses one only after a confirmation, then brings its signing into view', async () => {
    let chosen = false;
    const [open] = ACCOUNT.applications;
    if (!open) throw new Error('the fixture has an application');
    const client = fakeClient({
      account: vi.fn(async () =>
        chosen
          ? {
              ...ACCOUNT,
              applications: [
                { ...open, state: 'offerChosen' as const, chosenOfferId: 'b1', signUrl: 'https://lender.example/c/1' },
              ],
            }
          : ACCOUNT,
      ),
      chooseOffer: vi.fn(async () => {
        chosen = true;
        return 'https://lender.example/c/1';
      }),
    });
    const user = userEvent.setup();
    renderAccount(client);
    const card = await screen.findByRole('article', { name: /^5000\s€ uz 60 mēnešiem/ });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(/mēnešiem · Personīgās vajadzības$/);
    expect(within(card).getByText(/^Iesniegts 2026\. gada 24\. novembris/)).toBeInTheDocument();
    expect(within(card).getByText('Piedāvājumi saņemti')).toBeInTheDocument();
    expect(within(card).getByText(lvCommon.warning)).toBeInTheDocument();
    const luminor = within(card).getByRole('article', { name: 'Luminor' });
    expect(within(luminor).getByText(lvOffers.best)).toBeInTheDocument();
    expect(within(luminor).getByRole('link', { name: /^Standarta informācija/ })).toHaveAttribute(
      'href',
      `/api/account/applications/${open.id}/standardInformation?offerId=b1&lang=lv&format=html`,
    );
    // an offer that ran out is greyed and cannot be chosen
    const citadele = within(card).getByRole('article', { name: 'Citadele' });
    expect(within(citadele).getByText(lvOffers.expired)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Izvēlēties aizdevēja Citadele piedāvājumu' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Izvēlēties aizdevēja Luminor piedāvājumu' }));
    const question = within(card).getByText('Izvēlēties aizdevēja Luminor piedāvājumu?');
    expect(question).toHaveFocus();
    expect(client.chooseOffer).not.toHaveBeenCalled();
    await user.click(within(card).getByRole('button', { name: lvAccount.applications.cancel }));
    expect(client.chooseOffer).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Izvēlēties aizdevēja Luminor piedāvājumu' }));
    await user.click(within(card).getByRole('button', { name: lvAccount.applications.confirm }));
    expect(client.chooseOffer).toHaveBeenCalledWith(open.id, 'b1');
    await waitFor(() => expect(client.account).toHaveBeenCalledTimes(2));
    const sign = await screen.findByRole('link', { name: 'Parakstīt līgumu ar aizdevēju Luminor' });
    await waitFor(() => expect(sign).toHaveFocus());
    expect(screen.getByText('Jūs izvēlējāties aizdevēja Luminor piedāvājumu.')).toBeInTheDocument();
  });

  it.each(['lv', 'ru'] as const)(
    'shows a counter-offer (%s) in its own group with its own term against the asked one, never as the best',
    async (lang) => {
      const [open] = ACCOUNT.applications;
      if (!open) throw new Error('the fixture has an application');
      const counter = {
        ...offer('c1', 'Luminor', 24 * HOUR),
        amount: 8000,
        term: 24,
        matchesRequest: false,
        best: false,
      };
      const application = { ...open, loan: { ...open.loan, amount: 8000, term: 12 }, offers: [counter] };
      renderAccount(fakeClient({ account: vi.fn(async () => ({ ...ACCOUNT, applications: [application] })) }), lang);
      const words = lang === 'lv' ? lvOffers : ruOffers;
      const card = await screen.findByRole('article', {
        name: lang === 'lv' ? /^8000\s€ uz 12 mēnešiem/ : /^8\s?000\s€ на 12 месяцев/,
      });
      expect(within(card).getByText(lang === 'lv' ? words.noMatching : words.noMatching)).toBeInTheDocument();
      expect(
        within(card).getByText(lang === 'lv' ? '24 mēneši pieprasīto 12 vietā' : '24 месяца вместо запрошенных 12'),
      ).toBeInTheDocument();
      expect(within(card).queryByText(words.best)).toBeNull();
      expect(within(card).getByText((lang === 'lv' ? lvCommon : ruCommon).warning)).toBeInTheDocument();
      expect(within(card).getAllByRole('link', { name: new RegExp(words.standardInformationPdf) })).toHaveLength(1);
    },
  );

  it.each([
    ['lv', 'Labdien!'],
    ['ru', 'Здравствуйте!'],
  ] as const)('greets a person without applications (%s) without an empty name', async (lang, greeting) => {
    renderAccount(fakeClient({ account: vi.fn(async () => ({ ...ACCOUNT, firstName: '', applications: [] })) }), lang);
    expect(await screen.findByText(greeting)).toBeInTheDocument();
    expect(screen.queryByText(/, !/)).toBeNull();
  });

  it('sums up a paid application: the loan, when signed and paid, its standard information; the rest not chosen; nothing to press', async () => {
    const [open] = ACCOUNT.applications;
    if (!open) throw new Error('the fixture has an application');
    const paid = {
      ...open,
      state: 'paid' as const,
      chosenOfferId: 'b1',
      signUrl: 'https://lender.example/contracts/1',
      signedAt: '2026-11-25T09:00:00.000Z',
      paidAt: '2026-11-26T09:30:00.000Z',
      continuable: false,
    };
    renderAccount(fakeClient({ account: vi.fn(async () => ({ ...ACCOUNT, applications: [paid] })) }));
    const card = await screen.findByRole('article', { name: /^5000\s€ uz 60 mēnešiem/ });
    expect(within(card).getByText(/^Iesniegts/)).toHaveTextContent(lvAccount.states.paid);
    const summary = within(card).getByRole('region', { name: lvAccount.applications.loanTaken });
    const figure = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(figure(lvAccount.applications.lender)).toBe('Luminor');
    expect(figure(lvOffers.monthlyPayment)).toMatch(/^105,96\s€$/);
    expect(figure(lvAccount.applications.signedAt)).toBe('2026. gada 25. novembris');
    expect(figure(lvAccount.applications.paidAt)).toBe('2026. gada 26. novembris');
    expect(within(summary).getByRole('link', { name: /^PDF/ })).toHaveAttribute(
      'href',
      `/api/account/applications/${paid.id}/standardInformation?offerId=b1&lang=lv&format=pdf`,
    );
    const others = within(card).getByRole('region', { name: lvAccount.applications.notChosenHeading });
    expect(within(others).getByText(/Citadele/).parentElement).toHaveTextContent(lvAccount.applications.notChosen);
    expect(within(card).queryByRole('link', { name: /^Parakstīt līgumu/ })).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('withdraws a consent on its own and says when and how', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    renderAccount(client);
    const email = await screen.findByRole('checkbox', { name: lvAccount.consents.email });
    expect(email).toBeChecked();
    expect(screen.getByRole('checkbox', { name: lvAccount.consents.marketing })).not.toBeChecked();
    expect(screen.getByText(/Dota .* pieteikuma veidlapā/)).toBeInTheDocument();
    await user.click(email);
    expect(client.setConsent).toHaveBeenCalledWith('email', false);
    expect(await screen.findByText(/Atsaukta .* profilā/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Saglabāts: Ziņas par pieteikumiem e-pastā — atsaukta.',
    );
  });

  it('erases only after a confirmation, then says so and names the lenders to be told', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    renderAccount(client);
    await user.click(await screen.findByRole('button', { name: lvAccount.myData.erase }));
    const dialog = await screen.findByRole('alertdialog', { name: lvAccount.myData.confirmHeading });
    await user.click(within(dialog).getByRole('button', { name: lvAccount.myData.keep }));
    expect(client.erase).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: lvAccount.myData.erase }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: lvAccount.myData.confirm }),
    );
    expect(client.erase).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText(
        'Jūsu dati ir dzēsti. Atsaukto pieteikumu skaits: 1. Par dzēšanu paziņosim 2 aizdevējiem: Ziemeļu Banka un Baltic Kredīts.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the past erasures only when there were some', async () => {
    renderAccount(
      fakeClient({
        account: vi.fn(async () => ({
          ...ACCOUNT,
          applications: [],
          erasures: [
            {
              requestedAt: '2026-11-20T09:00:00.000Z',
              lenders: [
                {
                  lenderId: 'ziemelu-banka',
                  lender: 'Ziemeļu Banka',
                  sentAt: '2026-11-20T09:00:01.000Z',
                  answeredAt: '2026-11-20T09:00:02.000Z',
                  outcome: 'acknowledged' as const,
                },
              ],
            },
          ],
        })),
      }),
    );
    const section = await screen.findByRole('region', { name: lvAccount.erasures.heading });
    expect(within(section).getByRole('listitem')).toHaveTextContent(/^Ziemeļu Banka: paziņots .*dzēšanu apstiprināja/);
  });

  it('shows no erasure section to a person who never erased', async () => {
    renderAccount(fakeClient());
    await screen.findByRole('region', { name: lvAccount.myData.heading });
    expect(screen.queryByRole('region', { name: lvAccount.erasures.heading })).toBeNull();
  });

  it('logs out everywhere and shows the way back in', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    renderAccount(client);
    await user.click(await screen.findByRole('button', { name: lvAccount.logoutEverywhere }));
    expect(client.logout).toHaveBeenCalledWith(true);
    expect(await screen.findByText(lvAccount.login.loggedOutEverywhere)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: lvAccount.login.heading })).toBeInTheDocument();
  });
});
