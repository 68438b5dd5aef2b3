// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/account-client.ts';
import { SmsOptOut } from './SmsOptOut.tsx';
import { fakeClient, renderIn, VALIDATION, WORDS } from './test-support.tsx';
import { Unsubscribe } from './Unsubscribe.tsx';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the SMS opt-out', () => {
  it('keeps a wrong number and says why; then sends the code, shows the server’s refusal of a wrong one, and is done', async () => {
    const ru = WORDS.ru.smsOptOut;
    const wrong = new ApiRequestError({
      status: 400,
      code: 'wrongSmsCode',
      message: 'Код неверный или его срок действия истёк.',
    });
    const api = fakeClient({ confirmSmsOptOut: vi.fn().mockRejectedValueOnce(wrong).mockResolvedValue(undefined) });
    const user = userEvent.setup();
    renderIn('ru', <SmsOptOut client={api} />);
    const phone = screen.getByRole('textbox', { name: new RegExp(ru.phone) });
    expect(phone).toHaveValue('+371');
    await user.type(phone, '2');
    await user.click(screen.getByRole('button', { name: ru.send }));
    expect(phone).toHaveValue('+3712');
    expect(screen.getByText(VALIDATION.ru.phone)).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(api.startSmsOptOut).not.toHaveBeenCalled();

    await user.type(phone, '0000000');
    await user.click(screen.getByRole('button', { name: ru.send }));
    expect(api.startSmsOptOut).toHaveBeenCalledWith('+37120000000');
    expect(await screen.findByText(/Код отправлен на \+371 200 000 00/)).toHaveFocus();

    const code = screen.getByRole('textbox', { name: new RegExp(ru.code) });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: ru.confirm }));
    expect(screen.getByText(VALIDATION.ru.smsCode)).toBeInTheDocument();
    expect(api.confirmSmsOptOut).not.toHaveBeenCalled();

    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: ru.confirm }));
    expect(api.confirmSmsOptOut).toHaveBeenCalledWith('+37120000000', '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Код неверный');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: ru.confirm }));
    const done = await screen.findByText(/больше не будем отправлять СМС/);
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
  });

  it('shows the server’s words when it cannot send, keeps the number, and lets the person change it after sending', async () => {
    const lv = WORDS.lv.smsOptOut;
    const api = fakeClient({
      startSmsOptOut: vi
        .fn()
        .mockRejectedValueOnce(
          new ApiRequestError({ status: 429, code: 'rateLimited', message: 'Pārāk daudz mēģinājumu.' }),
        )
        .mockResolvedValue(undefined),
    });
    const user = userEvent.setup();
    renderIn('lv', <SmsOptOut client={api} />);
    const phone = screen.getByRole('textbox', { name: new RegExp(lv.phone) });
    await user.type(phone, '20000000');
    await user.click(screen.getByRole('button', { name: lv.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pārāk daudz mēģinājumu.');
    expect(phone).toHaveValue('+37120000000');

    await user.click(screen.getByRole('button', { name: lv.send }));
    await user.click(await screen.findByRole('button', { name: lv.changeNumber }));
    const again = screen.getByRole('textbox', { name: new RegExp(lv.phone) });
    expect(again).toHaveValue('+37120000000');
    expect(again).toHaveFocus();
  });
});

describe('the e-mail unsubscribe page', () => {
  it('takes the code from the fragment, removes it from the address and stops e-mails with one button', async () => {
    const lv = WORDS.lv.unsubscribe;
    window.history.replaceState(null, '', '/e-pasta-atteikums#code=abc.def');
    const api = fakeClient();
    const user = userEvent.setup();
    renderIn('lv', <Unsubscribe client={api} accountPath="/profils" />);
    const button = await screen.findByRole('button', { name: lv.button });
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/e-pasta-atteikums');
    await user.click(button);
    expect(api.unsubscribe).toHaveBeenCalledWith('abc.def');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(/e-pasta ziņas vairs nesūtīsim/);
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: lv.toConsents })).toHaveAttribute('href', '/profils#consents');
  });

  it('shows the server’s words when the link is no longer good', async () => {
    window.history.replaceState(null, '', '/ru/otpiska#code=old');
    const api = fakeClient({
      unsubscribe: vi.fn(async () => {
        throw new ApiRequestError({ status: 400, code: 'unsubscribeLinkInvalid', message: 'Ссылка недействительна.' });
      }),
    });
    const user = userEvent.setup();
    renderIn('ru', <Unsubscribe client={api} accountPath="/ru/profil" />);
    await user.click(await screen.findByRole('button', { name: WORDS.ru.unsubscribe.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка недействительна.');
  });

  it('without a code, explains and points to the account', async () => {
    window.history.replaceState(null, '', '/e-pasta-atteikums');
    renderIn('lv', <Unsubscribe client={fakeClient()} accountPath="/profils" />);
    expect(await screen.findByText(/Šai lapai vajadzīga saite/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: WORDS.lv.toAccount })).toHaveAttribute('href', '/profils');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
