// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CallRequestAnswer, ConsultantSlots } from '../../../../domain/call-request-api.ts';
import type { CallRequestsClient } from '../../../api/call-requests-client.ts';
import { ApiRequestError } from '../../../api/broker-client.ts';
import lvConsultant from '../../../../locales/lv/consultant.json';
import ruConsultant from '../../../../locales/ru/consultant.json';
import { testStatus, TEST_TOKEN } from '../test-support.tsx';
import { renderScreen } from '../screens/test-helpers.tsx';
import { WaitingScreen } from '../screens/WaitingScreen.tsx';
import { NoOffersScreen } from '../screens/NoOffersScreen.tsx';

const words = { lv: lvConsultant, ru: ruConsultant } as const;
const REQUEST_ID = '3c0d6f5e-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

/** Monday 30 November (8:00, 8:30) and Tuesday 1 December (8:00), in Riga's winter time. */
const SLOTS: ConsultantSlots = {
  openNow: false,
  days: [
    { day: '2026-11-30', slots: ['2026-11-30T06:00:00.000Z', '2026-11-30T06:30:00.000Z'] },
    { day: '2026-12-01', slots: ['2026-12-01T06:00:00.000Z', '2026-12-01T06:30:00.000Z'] },
  ],
};
const said = {
  lv: {
    next: 'pirmdiena, 30. novembris, 8:00',
    confirmed: 'Konsultants jums piezvanīs: otrdiena, 1. decembris, 8:30 (Rīgas laiks).',
    moved: 'Konsultants jums piezvanīs: pirmdiena, 30. novembris, 8:30 (Rīgas laiks).',
    phone: 'Piezvanīsim uz pieteikumā norādīto tālruņa numuru, kas beidzas ar ..47.',
  },
  ru: {
    next: 'понедельник, 30 ноября, 8:00',
    confirmed: 'Консультант позвонит вам: вторник, 1 декабря, 8:30 (по рижскому времени).',
    moved: 'Консультант позвонит вам: понедельник, 30 ноября, 8:30 (по рижскому времени).',
    phone: 'Мы позвоним на номер телефона из заявки, который заканчивается на ..47.',
  },
} as const;

const waiting = (slotStart: string, question: string | null = null): CallRequestAnswer => ({
  callRequest: { id: REQUEST_ID, slotStart, state: 'requested', question },
  phoneEnding: '47',
});

function fakeCalls(overrides: Partial<CallRequestsClient> = {}): CallRequestsClient {
  return {
    slots: vi.fn(async () => SLOTS),
    current: vi.fn(async () => ({ callRequest: null, phoneEnding: '47' })),
    create: vi.fn(async (_token: string, slotStart: string, question?: string) => waiting(slotStart, question ?? null)),
    move: vi.fn(async (_token: string, slotStart: string) => waiting(slotStart)),
    cancel: vi.fn(async () => undefined),
    ...overrides,
  };
}

const services = (calls: CallRequestsClient) => ({ lenders: vi.fn(async () => []), requestReview: vi.fn(), calls });

describe.each(['lv', 'ru'] as const)('asking a consultant to call (%s)', (language) => {
  const w = words[language];

  it('asks for a slot chosen by day and time, with a question, then moves and cancels the call', async () => {
    const calls = fakeCalls();
    renderScreen(<WaitingScreen />, { language, status: testStatus('processing'), services: services(calls) });
    const user = userEvent.setup();
    // outside the hours the screen names the next slot before anything is opened
    expect(await screen.findByText(w.closedNow.replace('{{next}}', said[language].next))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: w.open }));
    // the first open slot is chosen already
    const day = screen.getByRole('combobox', { name: w.day });
    const time = screen.getByRole('combobox', { name: w.time });
    expect(time).toHaveValue('2026-11-30T06:00:00.000Z');
    expect(screen.getByText(said[language].phone)).toBeInTheDocument();

    await user.selectOptions(day, '2026-12-01');
    await user.selectOptions(time, '2026-12-01T06:30:00.000Z');
    await user.type(screen.getByRole('textbox', { name: w.question }), 'Vai var atmaksāt ātrāk?');
    await user.click(screen.getByRole('button', { name: w.send }));
    expect(calls.create).toHaveBeenCalledWith(TEST_TOKEN, '2026-12-01T06:30:00.000Z', 'Vai var atmaksāt ātrāk?');
    const confirmation = await screen.findByRole('region', { name: w.heading });
    expect(within(confirmation).getByText(said[language].confirmed)).toBeInTheDocument();

    await user.click(within(confirmation).getByRole('button', { name: w.move }));
    await user.selectOptions(within(confirmation).getByRole('combobox', { name: w.time }), '2026-11-30T06:30:00.000Z');
    await user.click(within(confirmation).getByRole('button', { name: w.saveMove }));
    expect(calls.move).toHaveBeenCalledWith(TEST_TOKEN, '2026-11-30T06:30:00.000Z');
    expect(await screen.findByText(said[language].moved)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: w.cancel }));
    expect(calls.cancel).toHaveBeenCalledWith(TEST_TOKEN);
    expect(await screen.findByText(w.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.open })).toBeInTheDocument();
  });

  it("shows the server's words when the slot is refused", async () => {
    const refusal = 'Tuvākais brīvais laiks: otrdiena';
    const calls = fakeCalls({
      create: vi.fn(async () => {
        throw new ApiRequestError({ status: 422, code: 'slotClosed', message: refusal });
      }),
    });
    renderScreen(<NoOffersScreen />, { language, status: testStatus('noOffers'), services: services(calls) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: w.open }));
    await user.click(screen.getByRole('button', { name: w.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('shows a call already asked for, with Move and Cancel', async () => {
    const calls = fakeCalls({ current: vi.fn(async () => waiting('2026-12-01T06:30:00.000Z')) });
    renderScreen(<WaitingScreen />, { language, status: testStatus('processing'), services: services(calls) });
    expect(await screen.findByText(said[language].confirmed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.move })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: w.open })).toBeNull();
    await waitFor(() => expect(calls.current).toHaveBeenCalledWith(TEST_TOKEN));
  });
});
