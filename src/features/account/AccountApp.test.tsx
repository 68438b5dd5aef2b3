// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountClient } from '../../api/account-client.ts';
import { ApiRequestError } from '../../api/account-client.ts';
import { AccountApp } from './AccountApp.tsx';
import {
  accountAnswer,
  APPLICATION_ID,
  fakeClient,
  HOUR,
  MINUTE,
  OFFER_IDS,
  offer,
  OLDER_ID,
  renderIn,
  unauthorized,
  VALIDATION,
  WORDS,
  withOffers,
} from './test-support.tsx';

const lv = WORDS.lv;
const ru = WORDS.ru;

const loggedOut = (overrides: Partial<AccountClient> = {}) =>
  fakeClient({ account: vi.fn(async () => Promise.reject(unauthorized())), ...overrides });

function renderAccount(client: AccountClient, lang: 'lv' | 'ru' = 'lv', navigate = vi.fn()) {
  const view = renderIn(lang, <AccountApp client={client} navigate={navigate} />);
  return { ...view, navigate };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

describe('the account, logged out', () => {
  it('offers the three ways in, banks in their order, and checks the personal code before asking Smart-ID', async () => {
    const client = loggedOut();
    const user = userEvent.setup();
    renderAccount(client);
    expect(await screen.findByRole('heading', { level: 2, name: lv.login.heading })).toBeInTheDocument();
    expect(screen.getByText(lv.login.intro)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: lv.login.smartId })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: lv.login.bankHeading })).toBeInTheDocument();
    const banks = await screen.findAllByRole('button', { name: /Banka|Swedbank/ });
    expect(banks.map((bank) => bank.textContent)).toEqual(['Daugavas Banka', 'Swedbank']);
    // the banks that are not featured wait behind "Citas bankas"
    expect(screen.queryByRole('button', { name: 'Mazā Banka' })).toBeNull();
    await user.click(screen.getByRole('button', { name: lv.login.moreBanks }));
    expect(screen.getByRole('button', { name: 'Mazā Banka' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lv.login.eParaksts })).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: new RegExp(lv.login.personalCode) });
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: lv.login.smartIdStart }));
    expect(screen.getByText(VALIDATION.lv.personalCode)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(client.startLogin).not.toHaveBeenCalled();
  });

  it('sends the browser to the bank the person picks, and to eParaksts', async () => {
    const client = loggedOut({
      startLogin: vi.fn<AccountClient['startLogin']>(async (body) =>
        body.method === 'bank'
          ? { method: 'bank', redirectUrl: 'https://bank.example/auth?state=x' }
          : { method: 'eSignature', redirectUrl: 'https://eparaksts.example/auth' },
      ),
    });
    const user = userEvent.setup();
    const { navigate } = renderAccount(client, 'ru');
    await user.click(await screen.findByRole('button', { name: 'Swedbank' }));
    expect(client.startLogin).toHaveBeenCalledWith({ method: 'bank', institutionId: 'swedbank', language: 'ru' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://bank.example/auth?state=x'));
  });

  it('says clearly that a bank login failed (?login=failed), takes it out of the address and shows the choices again', async () => {
    window.history.replaceState(null, '', '/profils?login=failed');
    renderAccount(loggedOut());
    expect(await screen.findByRole('alert')).toHaveTextContent(lv.login.failed);
    expect(window.location.search).toBe('');
    expect(screen.getByRole('heading', { name: lv.login.heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lv.login.smartIdStart })).toBeInTheDocument();
  });

  it('shows the Smart-ID code, polls until the person confirms, then opens the account with focus on the greeting', async () => {
    let loggedIn = false;
    const client = fakeClient({
      account: vi.fn(async () => {
        if (!loggedIn) throw unauthorized();
        return accountAnswer();
      }),
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
    const field = await screen.findByRole('textbox', { name: new RegExp(ru.login.personalCode) });
    await user.type(field, '01018015097');
    await user.click(screen.getByRole('button', { name: ru.login.smartIdStart }));
    // sent as banks and providers write it
    expect(client.startLogin).toHaveBeenCalledWith({ method: 'smartId', personalCode: '010180-15097', language: 'ru' });
    expect(await screen.findByRole('heading', { name: ru.login.codeHeading })).toHaveFocus();
    expect(screen.getByText('4821')).toHaveClass('account-login__code');
    expect(screen.getByText(ru.login.codeHint)).toBeInTheDocument();
    expect(client.pollLogin).toHaveBeenCalledWith('s'.repeat(43));
    const greeting = await screen.findByRole('heading', { name: 'Здравствуйте, Jānis!' }, { timeout: 4000 });
    expect(greeting).toHaveFocus();
    expect(client.pollLogin).toHaveBeenCalledTimes(2);
  });

  it('a refused Smart-ID login says why and shows the choices again; cancelling stops asking', async () => {
    const client = loggedOut({
      pollLogin: vi
        .fn<AccountClient['pollLogin']>()
        .mockResolvedValueOnce({ state: 'failed', failure: 'refused' })
        .mockResolvedValue({ state: 'pending', failure: null }),
    });
    const user = userEvent.setup();
    renderAccount(client);
    await user.type(await screen.findByRole('textbox', { name: new RegExp(lv.login.personalCode) }), '320000-12345');
    await user.click(screen.getByRole('button', { name: lv.login.smartIdStart }));
    expect(await screen.findByRole('alert')).toHaveTextContent(lv.login.failures.refused);
    expect(screen.getByRole('heading', { name: lv.login.heading })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: lv.login.smartIdStart }));
    await user.click(await screen.findByRole('button', { name: lv.login.cancel }));
    expect(await screen.findByText(lv.login.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: lv.login.heading })).toHaveFocus();
    const asked = vi.mocked(client.pollLogin).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(client.pollLogin).toHaveBeenCalledTimes(asked);
  });

  it('shows the server’s words when a login cannot start', async () => {
    const client = loggedOut({
      startLogin: vi.fn(async () => {
        throw new ApiRequestError({
          status: 503,
          code: 'providerUnavailable',
          message: 'Smart-ID šobrīd nav pieejams.',
        });
      }),
    });
    const user = userEvent.setup();
    renderAccount(client);
    await user.type(await screen.findByRole('textbox', { name: new RegExp(lv.login.personalCode) }), '320000-12345');
    await user.click(screen.getByRole('button', { name: lv.login.smartIdStart }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Smart-ID šobrīd nav pieejams.');
    expect(screen.getByRole('textbox', { name: new RegExp(lv.login.personalCode) })).toHaveValue('320000-12345');
  });
});

describe('the account, logged in', () => {
  it('greets, notes the idle timeout, and lists the applications newest first with amount, term, state and lenders', async () => {
    renderAccount(fakeClient());
    expect(await screen.findByRole('heading', { level: 2, name: 'Labdien, Jānis!' })).toBeInTheDocument();
    expect(screen.getByText('Drošības dēļ profils aizveras pēc 30 minūtēm bez darbībām.')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Pieteikums 24.11.2026',
      'Pieteikums 02.10.2026',
    ]);
    const [newest, older] = cards as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('5000 €')).toBeInTheDocument();
    expect(within(newest).getByText('60 mēnešu')).toBeInTheDocument();
    expect(within(newest).getByText(lv.states.offers)).toBeInTheDocument();
    const lenders = within(newest)
      .getAllByRole('listitem')
      .filter((item) => item.className.includes('lender'));
    expect(lenders.map((item) => item.textContent)).toEqual([
      'Luminor piedāvājums',
      'Citadele piedāvājums',
      'Bigbank atteica',
    ]);
    expect(within(older).getByText('21 mēnesis')).toBeInTheDocument();
    expect(within(older).getByText(lv.states.draft)).toBeInTheDocument();
  });

  it('shows each offer’s figures and time left; an expired one is greyed and cannot be chosen', async () => {
    renderAccount(fakeClient());
    const card = await screen.findByRole('article', { name: 'Pieteikums 24.11.2026' });
    const offers = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.className.includes('account-offer'));
    const [luminor, citadele] = offers as [HTMLElement, HTMLElement];
    expect(within(luminor).getByText('105,96 €')).toBeInTheDocument();
    expect(within(luminor).getByText('10,36%')).toBeInTheDocument();
    expect(within(luminor).getByText('6357,60 €')).toBeInTheDocument();
    expect(within(luminor).getByText('Derīgs vēl 2 d. 3 st.')).toBeInTheDocument();
    expect(within(luminor).getByRole('button', { name: 'Izvēlēties Luminor piedāvājumu' })).toBeInTheDocument();
    expect(citadele).toHaveClass('account-offer--expired');
    expect(within(citadele).getByText(lv.applications.expired)).toBeInTheDocument();
    expect(within(citadele).queryByRole('button')).toBeNull();
  });

  it('counts down in Russian and greys an offer out when its time runs out, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const client = fakeClient({
      account: vi.fn(async () =>
        accountAnswer({
          applications: [
            {
              ...withOffers(),
              offers: [offer(OFFER_IDS.luminor, 'Luminor', 2 * MINUTE + 10_000)],
            },
          ],
        }),
      ),
    });
    renderAccount(client, 'ru');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Действует ещё 3 мин')).toBeInTheDocument();
    expect(within(card).getByText('60 месяцев')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * MINUTE);
    });
    expect(within(card).getByText(ru.applications.expired)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Выбрать/ })).toBeNull();
  });

  it('chooses an offer and shows it with its signing link at once', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    renderAccount(client);
    const card = await screen.findByRole('article', { name: 'Pieteikums 24.11.2026' });
    await user.click(within(card).getByRole('button', { name: 'Izvēlēties Luminor piedāvājumu' }));
    expect(client.chooseOffer).toHaveBeenCalledWith(APPLICATION_ID, OFFER_IDS.luminor);
    const link = await within(card).findByRole('link', { name: 'Parakstīt līgumu pie Luminor' });
    expect(link).toHaveAttribute('href', 'https://lender.example/contracts/1');
    expect(within(card).getByText(/Izvēlēts Luminor piedāvājums/)).toHaveFocus();
    expect(within(card).getByText(lv.applications.chosen)).toBeInTheDocument();
    // the account is asked again for the new state
    await waitFor(() => expect(client.account).toHaveBeenCalledTimes(2));
  });

  it('says why an offer could not be chosen, in the server’s words', async () => {
    const client = fakeClient({
      chooseOffer: vi.fn(async () => {
        throw new ApiRequestError({ status: 409, code: 'offerExpired', message: 'Piedāvājuma derīgums beidzies.' });
      }),
    });
    const user = userEvent.setup();
    renderAccount(client);
    const card = await screen.findByRole('article', { name: 'Pieteikums 24.11.2026' });
    await user.click(within(card).getByRole('button', { name: 'Izvēlēties Luminor piedāvājumu' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Piedāvājuma derīgums beidzies.');
  });

  it('continues an application in the wizard with a one-time code', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    const { navigate } = renderAccount(client, 'ru');
    const older = await screen.findByRole('article', { name: 'Заявка от 02.10.2026' });
    await user.click(within(older).getByRole('button', { name: ru.applications.continue }));
    expect(client.handoff).toHaveBeenCalledWith(OLDER_ID);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(`/ru/applicantWorkflow/waiting?handoff=${'c'.repeat(43)}`),
    );
  });

  it('withdraws a consent on its own, says so in the status line, and when and how', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    renderAccount(client);
    const email = await screen.findByRole('checkbox', { name: lv.consents.email });
    expect(email).toBeChecked();
    for (const kind of ['sms', 'phone', 'marketing'] as const) {
      expect(screen.getByRole('checkbox', { name: lv.consents[kind] })).not.toBeChecked();
    }
    expect(screen.getByText('Dota 24.11.2026 pieteikuma veidlapā')).toBeInTheDocument();
    expect(screen.getAllByText(lv.consents.never)).toHaveLength(3);
    await user.click(email);
    expect(client.setConsent).toHaveBeenCalledWith('email', false);
    expect(await screen.findByText('Atsaukta 25.11.2026 profilā')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: lv.consents.email })).not.toBeChecked();
    const status = screen
      .getAllByRole('status')
      .find((region) => region.className.includes('account-status')) as HTMLElement;
    expect(status).toHaveTextContent('Saglabāts: Ziņas par pieteikumiem e-pastā — atsaukta.');
  });

  it('erases only after a confirmation that says what happens, then shows the way back in', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    renderAccount(client);
    expect(await screen.findByRole('link', { name: lv.myData.export })).toHaveAttribute('href', '/api/account/export');
    await user.click(screen.getByRole('button', { name: lv.myData.erase }));
    const dialog = await screen.findByRole('alertdialog', { name: lv.myData.confirmHeading });
    expect(dialog).toHaveTextContent(lv.myData.confirmText);
    // the safe choice has the focus
    expect(within(dialog).getByRole('button', { name: lv.myData.keep })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: lv.myData.keep }));
    expect(client.erase).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: lv.myData.erase }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: lv.myData.confirm }));
    expect(client.erase).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Jūsu dati ir dzēsti. Atsaukto pieteikumu skaits: 1.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: lv.login.heading })).toHaveFocus();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('logs out here, or everywhere, and shows the way back in', async () => {
    const client = fakeClient();
    const user = userEvent.setup();
    const { unmount } = renderAccount(client);
    await user.click(await screen.findByRole('button', { name: lv.logout }));
    expect(client.logout).toHaveBeenCalledWith(false);
    expect(await screen.findByText(lv.login.loggedOut)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: lv.login.heading })).toHaveFocus();
    unmount();

    renderAccount(client, 'ru');
    await user.click(await screen.findByRole('button', { name: ru.logoutEverywhere }));
    expect(client.logout).toHaveBeenCalledWith(true);
    expect(await screen.findByText(ru.login.loggedOutEverywhere)).toBeInTheDocument();
  });

  it('goes back to the login when the session has ended meanwhile', async () => {
    const client = fakeClient({ setConsent: vi.fn(async () => Promise.reject(unauthorized())) });
    const user = userEvent.setup();
    renderAccount(client);
    await user.click(await screen.findByRole('checkbox', { name: lv.consents.marketing }));
    expect(await screen.findByText(lv.login.sessionEnded)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: lv.login.heading })).toHaveFocus();
  });

  it('shows an empty account with a way to apply', async () => {
    renderAccount(fakeClient({ account: vi.fn(async () => accountAnswer({ applications: [] })) }));
    expect(await screen.findByText(lv.applications.none)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: lv.applications.newApplication })).toHaveAttribute(
      'href',
      '/applicantWorkflow/enteringEssence',
    );
  });

  it('says so when the account cannot be loaded, and tries again', async () => {
    const client = fakeClient({
      account: vi
        .fn<AccountClient['account']>()
        .mockRejectedValueOnce(new ApiRequestError({ status: null, code: 'network', message: 'x' }))
        .mockResolvedValue(accountAnswer({ applications: [] })),
    });
    const user = userEvent.setup();
    renderAccount(client);
    expect(await screen.findByRole('alert')).toHaveTextContent(lv.errors.network);
    await user.click(screen.getByRole('button', { name: lv.errors.retry }));
    expect(await screen.findByText(lv.applications.none)).toBeInTheDocument();
  });
});

describe('the unchosen offers of a chosen application', () => {
  it('shows the chosen one with its signing link and still lets the person choose another valid one', async () => {
    const base = withOffers();
    const client = fakeClient({
      account: vi.fn(async () =>
        accountAnswer({
          applications: [
            {
              ...base,
              state: 'offerChosen',
              offers: [offer(OFFER_IDS.luminor, 'Luminor', 5 * HOUR), offer(OFFER_IDS.citadele, 'Citadele', 3 * HOUR)],
              chosenOfferId: OFFER_IDS.luminor,
              signUrl: 'https://luminor.example/sign/1',
            },
          ],
        }),
      ),
    });
    renderAccount(client);
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Parakstīt līgumu pie Luminor' })).toHaveAttribute(
      'href',
      'https://luminor.example/sign/1',
    );
    expect(within(card).queryByRole('button', { name: 'Izvēlēties Luminor piedāvājumu' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Izvēlēties Citadele piedāvājumu' })).toBeInTheDocument();
  });
});
