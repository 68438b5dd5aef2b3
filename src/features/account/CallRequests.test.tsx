// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ConsultantSlots } from '../../../domain/call-request-api.ts';
import type { AccountClient } from '../../api/account-client.ts';
import type { AccountCallRequestsClient } from '../../api/call-requests-client.ts';
import { createI18n } from '../../i18n/i18n.ts';
import lvConsultant from '../../../locales/lv/consultant.json';
import ruConsultant from '../../../locales/ru/consultant.json';
import { AccountClientContext } from './account-context.ts';
import { CallRequests } from './CallRequests.tsx';

const APPLICATION_ID = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const SLOTS: ConsultantSlots = {
  openNow: true,
  days: [{ day: '2026-11-30', slots: ['2026-11-30T06:00:00.000Z', '2026-11-30T06:30:00.000Z'] }],
};
const words = { lv: lvConsultant, ru: ruConsultant } as const;
const said = {
  lv: {
    asked: 'Konsultants jums piezvanīs: pirmdiena, 30. novembris, 8:00 (Rīgas laiks).',
    moved: 'Konsultants jums piezvanīs: pirmdiena, 30. novembris, 8:30 (Rīgas laiks).',
  },
  ru: {
    asked: 'Консультант позвонит вам: понедельник, 30 ноября, 8:00 (по рижскому времени).',
    moved: 'Консультант позвонит вам: понедельник, 30 ноября, 8:30 (по рижскому времени).',
  },
} as const;

const waiting = (slotStart: string) => ({
  callRequest: { id: '3c0d6f5e-1a2b-4c3d-8e4f-5a6b7c8d9e0f', slotStart, state: 'requested' as const, question: null },
  phoneEnding: '47',
});

function renderCalls(calls: AccountCallRequestsClient, lang: 'lv' | 'ru', canAsk = true) {
  const i18n = createI18n(lang, { lv: { consultant: lvConsultant }, ru: { consultant: ruConsultant } });
  return render(
    <I18nextProvider i18n={i18n}>
      <AccountClientContext.Provider value={{ callRequests: calls } as unknown as AccountClient}>
        <CallRequests applicationId={APPLICATION_ID} canAsk={canAsk} />
      </AccountClientContext.Provider>
    </I18nextProvider>,
  );
}

describe.each(['lv', 'ru'] as const)("the account's call request (%s)", (lang) => {
  const w = words[lang];

  it('shows the waiting call, moves it to another time and cancels it', async () => {
    const calls: AccountCallRequestsClient = {
      slots: vi.fn(async () => SLOTS),
      current: vi.fn(async () => waiting('2026-11-30T06:00:00.000Z')),
      create: vi.fn(),
      move: vi.fn(async (_id: string, slotStart: string) => waiting(slotStart)),
      cancel: vi.fn(async () => undefined),
    };
    renderCalls(calls, lang);
    expect(await screen.findByText(said[lang].asked)).toBeInTheDocument();
    expect(calls.current).toHaveBeenCalledWith(APPLICATION_ID);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: w.move }));
    await user.selectOptions(screen.getByRole('combobox', { name: w.time }), '2026-11-30T06:30:00.000Z');
    await user.click(screen.getByRole('button', { name: w.saveMove }));
    expect(calls.move).toHaveBeenCalledWith(APPLICATION_ID, '2026-11-30T06:30:00.000Z');
    expect(await screen.findByText(said[lang].moved)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: w.cancel }));
    expect(calls.cancel).toHaveBeenCalledWith(APPLICATION_ID);
    expect(await screen.findByText(w.cancelled)).toBeInTheDocument();
  });

  it('asks for a call while the application is open, and shows nothing for a closed one without a call', async () => {
    const calls: AccountCallRequestsClient = {
      slots: vi.fn(async () => SLOTS),
      current: vi.fn(async () => ({ callRequest: null, phoneEnding: '47' })),
      create: vi.fn(async (_id: string, slotStart: string) => waiting(slotStart)),
      move: vi.fn(),
      cancel: vi.fn(),
    };
    const { unmount } = renderCalls(calls, lang);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: w.open }));
    await user.click(screen.getByRole('button', { name: w.send }));
    expect(calls.create).toHaveBeenCalledWith(APPLICATION_ID, '2026-11-30T06:00:00.000Z', undefined);
    expect(await screen.findByText(said[lang].asked)).toBeInTheDocument();
    unmount();

    const { container } = renderCalls(calls, lang, false);
    await vi.waitFor(() => expect(calls.current).toHaveBeenCalledTimes(2));
    expect(container).toBeEmptyDOMElement();
  });
});
