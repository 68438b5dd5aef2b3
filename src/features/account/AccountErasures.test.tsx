// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { AccountErasure } from '../../../domain/account-api.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvAccount from '../../../locales/lv/account.json';
import ruAccount from '../../../locales/ru/account.json';
import { AccountErasures } from './AccountErasures.tsx';

/** What the account shows of a past erasure: which lenders were told, when, and what each answered. */

const ERASURE: AccountErasure = {
  requestedAt: '2026-11-20T09:00:00.000Z',
  lenders: [
    {
      lenderId: 'ziemelu-banka',
      lender: 'Ziemeļu Banka',
      sentAt: '2026-11-20T09:00:01.000Z',
      answeredAt: '2026-11-20T09:00:02.000Z',
      outcome: 'acknowledged',
    },
    {
      lenderId: 'baltic-kredits',
      lender: 'Baltic Kredīts',
      sentAt: '2026-11-20T09:00:01.000Z',
      answeredAt: null,
      outcome: 'pending',
    },
    { lenderId: 'puce-credit', lender: 'Pūce Credit', sentAt: null, answeredAt: null, outcome: 'pending' },
    {
      lenderId: 'amber-finance',
      lender: 'Amber Finance',
      sentAt: '2026-11-20T09:00:01.000Z',
      answeredAt: '2026-11-21T10:00:00.000Z',
      outcome: 'refused',
    },
    {
      lenderId: 'lapsa-finanses',
      lender: 'Lapsa Finanses',
      sentAt: '2026-11-20T09:00:01.000Z',
      answeredAt: null,
      outcome: 'unanswered',
    },
  ],
};

const inLanguage = (lang: 'lv' | 'ru', erasures: readonly AccountErasure[]) =>
  render(
    <I18nextProvider i18n={createI18n(lang, { lv: { account: lvAccount }, ru: { account: ruAccount } })}>
      <AccountErasures erasures={erasures} />
    </I18nextProvider>,
  );

const itemsOf = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the account’s past erasures', () => {
  it('lists, in Latvian, each lender told with when it was told and what it answered', () => {
    inLanguage('lv', [ERASURE]);
    const section = screen.getByRole('region', { name: 'Datu dzēšana' });
    expect(
      within(section).getByRole('heading', { level: 3, name: 'Dati dzēsti 2026. gada 20. novembris' }),
    ).toBeTruthy();
    expect(within(section).getByText('Paziņojums nosūtīts 5 aizdevējiem:')).toBeTruthy();
    expect(itemsOf()).toEqual([
      'Ziemeļu Banka: paziņots 2026. gada 20. novembris; dzēšanu apstiprināja 2026. gada 20. novembris',
      'Baltic Kredīts: paziņots 2026. gada 20. novembris; atbildi vēl gaidām',
      'Pūce Credit: paziņojums vēl tiek sūtīts; atbildi vēl gaidām',
      'Amber Finance: paziņots 2026. gada 20. novembris; atteicās 2026. gada 21. novembris, to risinām ar aizdevēju',
      'Lapsa Finanses: paziņots 2026. gada 20. novembris; neatbildēja, to risinām ar aizdevēju',
    ]);
  });

  it('lists them in Russian, with the plural the count takes', () => {
    inLanguage('ru', [ERASURE]);
    const section = screen.getByRole('region', { name: 'Удаление данных' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Данные удалены 20 ноября 2026 г.' })).toBeTruthy();
    expect(within(section).getByText('Уведомление отправлено 5 кредиторам:')).toBeTruthy();
    expect(itemsOf()[0]).toBe('Ziemeļu Banka: уведомлён 20 ноября 2026 г.; удаление подтвердил 20 ноября 2026 г.');
    expect(itemsOf()[1]).toBe('Baltic Kredīts: уведомлён 20 ноября 2026 г.; ждём ответа');
  });

  it.each([
    ['lv', 'Paziņojums nosūtīts 1 aizdevējam:'],
    ['ru', 'Уведомление отправлено 1 кредитору:'],
  ] as const)('says one lender in the singular (%s)', (lang, text) => {
    const [first] = ERASURE.lenders;
    inLanguage(lang, [{ ...ERASURE, lenders: first ? [first] : [] }]);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
