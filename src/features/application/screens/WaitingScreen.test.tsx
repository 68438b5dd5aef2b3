// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationStatus } from '../../../../domain/api.ts';
import { createTestActor, renderWithWorkflow, testOffer, testStatus } from '../test-support.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';
import { WaitingScreen } from './WaitingScreen.tsx';

const text = {
  lv: {
    title: 'Gaidām piedāvājumus',
    answered1: '1 no 16 aizdevējiem ir atbildējis',
    answered5: '5 no 16 aizdevējiem ir atbildējuši',
    answered21: '21 no 30 aizdevējiem ir atbildējis',
    show: 'Skatīt piedāvājumus',
    fiftyLeft: 'Līdz solītajai stundai atlikušas 50 minūtes',
  },
  ru: {
    title: 'Ждём предложения',
    answered1: 'Ответил 1 кредитор из 16',
    answered5: 'Ответили 5 кредиторов из 16',
    answered3: 'Ответили 3 кредитора из 16',
    answered21: 'Ответил 21 кредитор из 30',
    show: 'Посмотреть предложения',
    fiftyLeft: 'До обещанного часа осталось 50 минут',
  },
} as const;

/** A lender list with its progress spelled out. */
const withProgress = (status: ApplicationStatus, progress: ApplicationStatus['lenders'][number]['progress'][]) => ({
  ...status,
  lenders: status.lenders.map((lender, index) => {
    const next = progress[index] ?? lender.progress;
    return { ...lender, progress: next, declineReason: next === 'declined' ? ('debtToIncome' as const) : null };
  }),
});

afterEach(() => {
  vi.useRealTimers();
});

describe.each(['lv', 'ru'] as const)('WaitingScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('shows how many lenders answered, with a progress bar and the right plural', async () => {
    const { actor } = renderScreen(<WaitingScreen />, { language, status: testStatus('identified', { answered: 5 }) });
    const progress = await screen.findByRole('progressbar', { name: workflow.waiting.progressLabel });
    expect(actor.getSnapshot().matches({ watching: 'waiting' })).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(progress).toHaveAttribute('aria-valuenow', '5');
    expect(progress).toHaveAttribute('aria-valuemax', '16');
    expect(progress).toHaveAttribute('aria-valuetext', said.answered5);
    expect(screen.getByText(said.answered5)).toBeInTheDocument();
    expect(screen.getByText(workflow.waiting.closeNote)).toBeInTheDocument();
  });

  it('uses the singular forms for 1 and 21', async () => {
    renderScreen(<WaitingScreen />, { language, status: testStatus('identified', { answered: 1 }) });
    expect(await screen.findByText(said.answered1)).toBeInTheDocument();
    document.body.innerHTML = '';
    renderScreen(<WaitingScreen />, { language, status: testStatus('identified', { answered: 21, lenderCount: 30 }) });
    expect(await screen.findByText(said.answered21)).toBeInTheDocument();
    if (language === 'ru') {
      document.body.innerHTML = '';
      renderScreen(<WaitingScreen />, { language, status: testStatus('identified', { answered: 3 }) });
      expect(await screen.findByText(text.ru.answered3)).toBeInTheDocument();
    }
  });

  it('lists every lender with its state in words, and a decline with its reason', async () => {
    const status = withProgress(testStatus('identified', { lenderCount: 5 }), [
      'queued',
      'sent',
      'offer',
      'declined',
      'noAnswer',
    ]);
    renderScreen(<WaitingScreen />, { language, status });
    const lenders = await screen.findByRole('region', { name: workflow.waiting.lendersHeading });
    const items = within(lenders).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Lender 0${workflow.waiting.progress.queued}`,
      `Lender 1${workflow.waiting.progress.sent}`,
      `Lender 2${workflow.waiting.progress.offer}`,
      `Lender 3${workflow.waiting.progress.declined}${workflow.declined.reason.debtToIncome}`,
      `Lender 4${workflow.waiting.progress.noAnswer}`,
    ]);
  });

  it('a status update moves the progress, announces the new count, and brings the first offer and "show offers"', async () => {
    const { actor, user } = renderScreen(<WaitingScreen />, {
      language,
      status: testStatus('identified', { answered: 0 }),
    });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'waiting' }));
    expect(screen.queryByRole('button', { name: said.show })).not.toBeInTheDocument();
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    const offer = testOffer({ lenderId: 'lender-a', lenderName: 'Lender A', monthlyPayment: 254.32, apr: 10.36 });
    act(() => actor.send({ type: 'STATUS', status: testStatus('offers', { offers: [offer], answered: 5 }) }));
    expect(actor.getSnapshot().matches({ watching: 'waiting' })).toBe(true);
    expect(screen.getByRole('progressbar', { name: workflow.waiting.progressLabel })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );
    expect(await within(region).findByText(said.answered5)).toBeInTheDocument();

    const offers = screen.getByRole('region', { name: /1/ });
    expect(within(offers).getByText('Lender A')).toBeInTheDocument();
    expect(within(offers).getByText(/254,32\s€/)).toBeInTheDocument();
    expect(within(offers).getByText(/10,36\s?%/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: said.show }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offers' }));
  });

  it('counts down the hour from the identification, mm:ss, each second, outside any live region', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.000Z') });
    // identified at 09:59:00: 59 minutes left
    const actor = createTestActor({ language, status: testStatus('identified', { answered: 2 }) });
    actor.start();
    renderWithWorkflow(<WaitingScreen />, { actor, language });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(actor.getSnapshot().matches({ watching: 'waiting' })).toBe(true);

    const clock = screen.getByText('59:00');
    expect(clock.closest('[aria-live]')).toBeNull();
    expect(screen.getByText(workflow.waiting.countdownLabel)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('58:59')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByText('58:00')).toBeInTheDocument();
    // the live region has said nothing about the seconds going by
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    // at 50:00 left the live region says so, once
    await act(() => vi.advanceTimersByTimeAsync(8 * 60_000));
    expect(screen.getByText('50:00')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('status')).toHaveTextContent(said.fiftyLeft);
  });

  it('when the hour since the identification has passed, a reload does not keep the applicant waiting', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T11:30:00.000Z') });
    const actor = createTestActor({
      language,
      status: testStatus('identified', { answered: 10, identifiedAt: '2026-11-22T10:00:00.000Z' }),
    });
    actor.start();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(actor.getSnapshot().value).toBe('noOffers');
  });
});
