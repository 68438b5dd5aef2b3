// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, type AccountClient } from '../../api/account-client.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvAccount from '../../../locales/lv/account.json';
import lvValidation from '../../../locales/lv/validation.json';
import ruAccount from '../../../locales/ru/account.json';
import ruValidation from '../../../locales/ru/validation.json';
import { SmsOptOut } from './SmsOptOut.tsx';
import { Unsubscribe } from './Unsubscribe.tsx';

const client = (overrides: Partial<AccountClient> = {}) =>
  ({
    startSmsOptOut: vi.fn(async () => undefined),
    confirmSmsOptOut: vi.fn(async () => undefined),
    unsubscribe: vi.fn(async () => undefined),
    ...overrides,
  }) as unknown as AccountClient;

const inLanguage = (lang: 'lv' | 'ru', ui: React.ReactNode) =>
  render(
    <I18nextProvider
      i18n={createI18n(lang, {
        lv: { account: lvAccount, validation: lvValidation },
        ru: { account: ruAccount, validation: ruValidation },
      })}
    >
      {ui}
    </I18nextProvider>,
  );

describe('the SMS opt-out', () => {
  it('keeps a wrong number and says why; then sends the code, shows the server’s refusal of a wrong one, and is done', async () => {
    const wrong = new ApiRequestError({
      status: 400,
      code: 'wrongSmsCode',
      message: 'Код неверный или его срок действия истёк.',
    });
    const api = client({ confirmSmsOptOut: vi.fn().mockRejectedValueOnce(wrong).mockResolvedValue(undefined) });
    const user = userEvent.setup();
    inLanguage('ru', <SmsOptOut client={api} />);
    const phone = screen.getByRole('textbox', { name: new RegExp(ruAccount.smsOptOut.phone) });
    await user.type(phone, '2');
    await user.click(screen.getByRole('button', { name: ruAccount.smsOptOut.send }));
    expect(phone).toHaveValue('+3712');
    expect(screen.getByText(ruValidation.phone)).toBeInTheDocument();
    expect(api.startSmsOptOut).not.toHaveBeenCalled();

    await user.type(phone, '0000000');
    await user.click(screen.getByRole('button', { name: ruAccount.smsOptOut.send }));
    expect(api.startSmsOptOut).toHaveBeenCalledWith('+37120000000');
    expect(await screen.findByText(/Код отправлен на \+371 200 000 00/)).toHaveFocus();

    const code = screen.getByRole('textbox', { name: new RegExp(ruAccount.smsOptOut.code) });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: ruAccount.smsOptOut.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Код неверный');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: ruAccount.smsOptOut.confirm }));
    expect(await screen.findByText(/больше не будем отправлять СМС/)).toBeInTheDocument();
  });
});

describe('the e-mail unsubscribe page', () => {
  it('takes the code from the fragment, removes it from the address and stops e-mails with one button', async () => {
    window.history.replaceState(null, '', '/e-pasta-atteikums#code=abc.def');
    const api = client();
    const user = userEvent.setup();
    inLanguage('lv', <Unsubscribe client={api} accountPath="/profils" />);
    const button = await screen.findByRole('button', { name: lvAccount.unsubscribe.button });
    expect(window.location.hash).toBe('');
    await user.click(button);
    expect(api.unsubscribe).toHaveBeenCalledWith('abc.def');
    expect(await screen.findByRole('status')).toHaveTextContent(/e-pasta ziņas vairs nesūtīsim/);
    expect(screen.getByRole('link', { name: lvAccount.toAccount })).toHaveAttribute('href', '/profils');
  });

  it('without a code, points to the account', async () => {
    window.history.replaceState(null, '', '/e-pasta-atteikums');
    inLanguage('lv', <Unsubscribe client={client()} accountPath="/profils" />);
    expect(await screen.findByText(/Šai lapai vajadzīga saite/)).toBeInTheDocument();
  });
});
