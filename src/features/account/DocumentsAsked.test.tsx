// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { LenderStatus } from '../../../domain/api.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvAccount from '../../../locales/lv/account.json';
import ruAccount from '../../../locales/ru/account.json';
import lvRequests from '../../../locales/lv/requests.json';
import ruRequests from '../../../locales/ru/requests.json';
import { DocumentsAsked } from './DocumentsAsked.tsx';

/** The account's card names the documents a lender waits for, and opens the wizard at that request. */

const REQUEST_ID = '0b9c4d56-8f1e-4c3a-9a57-0d8f6f3c2a11';

const lender = (name: string, state: 'open' | 'sent', months: number): LenderStatus => ({
  lenderId: name.toLowerCase().replace(/\s/g, '-'),
  name,
  kind: 'bank',
  logo: '/logo.svg',
  progress: state === 'open' ? 'documentsRequested' : 'sent',
  declineReason: null,
  review: null,
  documentRequests: [
    {
      id: state === 'open' ? REQUEST_ID : '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      dueAt: '2026-12-11T10:00:00.000Z',
      state,
      items: [
        {
          id: '5e3f1a2b-7c4d-4e8f-9a0b-1c2d3e4f5a6b',
          kind: 'bankStatement',
          months,
          state,
          files: [],
          bankShare: null,
        },
      ],
    },
  ],
});

const inLanguage = (lang: 'lv' | 'ru', lenders: readonly LenderStatus[], onAnswer = vi.fn()) => {
  render(
    <I18nextProvider
      i18n={createI18n(lang, {
        lv: { account: lvAccount, requests: lvRequests },
        ru: { account: ruAccount, requests: ruRequests },
      })}
    >
      <DocumentsAsked lenders={lenders} busy={false} onAnswer={onAnswer} />
    </I18nextProvider>,
  );
  return onAnswer;
};

describe("the account's open documents requests", () => {
  it('names, in Latvian, the lender, its due date and the months asked, and answers at that request', async () => {
    const onAnswer = inLanguage('lv', [lender('Ziemeļu Banka', 'open', 6), lender('Baltā Bērza Banka', 'sent', 3)]);
    const section = screen.getByRole('region', { name: 'Aizdevējs lūdz dokumentus' });
    expect(
      within(section).getByText(/Aizdevējs Ziemeļu Banka, atbildes termiņš 2026\. gada 11\. decembris:/),
    ).toBeTruthy();
    expect(within(section).getByText('Bankas konta izraksts par pēdējiem 6 mēnešiem')).toBeTruthy();
    // a request already answered is not asked again
    expect(within(section).queryByText(/Baltā Bērza Banka/)).toBeNull();
    await userEvent
      .setup()
      .click(within(section).getByRole('button', { name: 'Atbildēt uz aizdevēja Ziemeļu Banka pieprasījumu' }));
    expect(onAnswer).toHaveBeenCalledWith(REQUEST_ID);
  });

  it('says it in Russian, with the plural the months take', () => {
    inLanguage('ru', [lender('Ziemeļu Banka', 'open', 3)]);
    const section = screen.getByRole('region', { name: 'Кредитор просит документы' });
    expect(within(section).getByText('Выписка со счёта за последние 3 месяца')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Ответить на запрос кредитора Ziemeļu Banka' })).toBeTruthy();
  });

  it('shows nothing when no request is open', () => {
    const { container } = render(
      <I18nextProvider i18n={createI18n('lv', { lv: { account: lvAccount, requests: lvRequests } })}>
        <DocumentsAsked lenders={[lender('Ziemeļu Banka', 'sent', 6)]} busy={false} onAnswer={vi.fn()} />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
