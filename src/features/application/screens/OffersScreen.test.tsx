// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { StatusOffer as Offer } from '../../../../domain/offer.ts';
import type { StartIdentificationAnswer } from '../../../../domain/api.ts';
import { deferred, renderWithWorkflow, testOffer, testStatus } from '../test-support.tsx';
import { ChoosingMethodScreen } from './ChoosingMethodScreen.tsx';
import { sortOffers } from '../../../ui/offers/sort-offers.ts';
import { OffersScreen } from './OffersScreen.tsx';
import { OfferChosenScreen } from './OfferChosenScreen.tsx';
import type { ReviewStatus } from '../../../../domain/api.ts';
import type { WorkflowServices } from '../workflow-services.tsx';
import { vi } from 'vitest';
import { renderScreen, untilState, words } from './test-helpers.tsx';
import { OFFERS_TABLE_QUERY } from '../../../ui/offers/use-offers-table.ts';
import { OfferComparison } from '../../../ui/offers/OfferComparison.tsx';

/** the narrowest window that shows the offers as a table */
const OFFERS_TABLE_WIDTH = Number(/(\d+)px/.exec(OFFERS_TABLE_QUERY)?.[1]);

// three offers whose orders differ by every sort key
const offerA = testOffer({
  id: '00000000-0000-4000-8000-00000000000a',
  lenderId: 'lender-a',
  lenderName: 'Alfa Kredīts',
  monthlyPayment: 254.32,
  apr: 10.36,
  totalPayable: 15259.2,
  arrangementFee: 50,
  monthlyFee: 1.5,
  annualRate: 8.75,
});
const offerB = testOffer({
  id: '00000000-0000-4000-8000-00000000000b',
  lenderId: 'lender-b',
  lenderName: 'Beta Banka',
  monthlyPayment: 240,
  apr: 9.9,
  totalPayable: 15600,
  term: 72,
});
// a counter-offer: another term, the lowest total, and above the legal cost cap
const offerC = testOffer({
  id: '00000000-0000-4000-8000-00000000000c',
  lenderId: 'lender-c',
  lenderName: 'Ceta Finanses',
  monthlyPayment: 200,
  apr: 12,
  totalPayable: 15000,
  term: 84,
  exceedsCostCap: true,
});
const offers: Offer[] = [offerA, offerB, offerC];
// a second offer for exactly the loan asked: a higher APR than A, a lower instalment, a higher total
const offerE = testOffer({
  id: '00000000-0000-4000-8000-00000000000e',
  lenderId: 'lender-e',
  lenderName: 'Epsilon Banka',
  monthlyPayment: 250,
  apr: 11.5,
  totalPayable: 15400,
});

const text = {
  lv: {
    title: 'Jūsu piedāvājumi',
    best: 'Labākais piedāvājums',
    sortApr: 'Pēc GPL',
    sortTotal: 'Pēc kopējās summas',
    chooseA: 'Izvēlēties piedāvājumu: Alfa Kredīts',
    chooseB: 'Izvēlēties piedāvājumu: Beta Banka',
    termInstead72: '72 mēneši pieprasīto 60 vietā',
    // the dative after "uz": "uz 60 mēnešiem", never the genitive "uz 60 mēnešu"
    matching: 'Piedāvājumi 12 000 € uz 60 mēnešiem',
    betaLoan: '12 000 € uz 72 mēnešiem',
    term72: '72 mēneši',
    different: '2 piedāvājumi ar citu summu vai termiņu',
    valid: '2026. gada 31. decembris',
    validShort: /^31\.12\.2026\.?$/,
    newOffer: 'Jauns piedāvājums: Delta Līzings',
    // Latvian groups digits from five on (CLDR): 3259,20 € but 15 259,20 €
    totalCost: /^3259,20\s€$/,
  },
  ru: {
    title: 'Ваши предложения',
    best: 'Лучшее предложение',
    sortApr: 'По ГПС',
    sortTotal: 'По общей сумме',
    chooseA: 'Выбрать предложение: Alfa Kredīts',
    chooseB: 'Выбрать предложение: Beta Banka',
    termInstead72: '72 месяца вместо запрошенных 60',
    matching: 'Предложения: 12 000 € на 60 месяцев',
    betaLoan: '12 000 € на 72 месяца',
    term72: '72 месяца',
    different: '2 предложения с другой суммой или сроком',
    valid: '31 декабря 2026 г.',
    validShort: /^31\.12\.2026$/,
    newOffer: 'Новое предложение: Delta Līzings',
    totalCost: /^3\s259,20\s€$/,
  },
} as const;

// the offers' cards, not the declined lenders listed after them
const cardNames = () =>
  screen
    .getAllByRole('article')
    .filter((card) => card.closest('.declined') === null)
    .map((card) => within(card).getByRole('heading').textContent);
const card = (lender: string) => screen.getByRole('article', { name: lender });

describe('sortOffers', () => {
  it('orders by each key with the total payable as tie-break', () => {
    expect(sortOffers(offers, 'monthlyPayment').map((offer) => offer.lenderName)).toEqual([
      'Ceta Finanses',
      'Beta Banka',
      'Alfa Kredīts',
    ]);
    expect(sortOffers(offers, 'apr').map((offer) => offer.lenderName)).toEqual([
      'Beta Banka',
      'Alfa Kredīts',
      'Ceta Finanses',
    ]);
    expect(sortOffers(offers, 'totalPayable').map((offer) => offer.lenderName)).toEqual([
      'Ceta Finanses',
      'Alfa Kredīts',
      'Beta Banka',
    ]);
    const tie = { ...offerB, monthlyPayment: offerA.monthlyPayment };
    expect(sortOffers([tie, offerA], 'monthlyPayment')[0]).toBe(offerA);
  });
});

describe.each(['lv', 'ru'] as const)('OffersScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('shows the offers for the loan asked, then the counter-offers with what differs, by APR, the warning beside them', async () => {
    const { actor } = renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(actor.getSnapshot().matches({ watching: 'offers' })).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(cardNames()).toEqual(['Alfa Kredīts', 'Beta Banka', 'Ceta Finanses']);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 2).map((heading) => heading?.replace(/\s/g, ' '))).toEqual([
      said.matching,
      said.different,
    ]);
    expect(screen.getByText(workflow.offers.order.apr)).toBeInTheDocument();
    expect(within(card('Beta Banka')).getByText(said.termInstead72)).toBeInTheDocument();
    expect(within(card('Alfa Kredīts')).queryByText(said.termInstead72)).toBeNull();

    // a card: the lender, the monthly payment large, the figures that tell offers apart, one action
    const a = within(card('Alfa Kredīts'));
    // the logo beside the name, decoration for a screen reader, which hears the name
    expect(card('Alfa Kredīts').querySelector('img')).toHaveAttribute('src', '/api/lenders/lender-a/logo.svg');
    expect(a.getByText(/^254,32\s€$/)).toHaveClass('offer-card__monthly-value');
    const figure = (label: string) => a.getByText(label).nextElementSibling?.textContent ?? '';
    expect(figure(workflow.offers.apr)).toMatch(/^10,36\s?%$/);
    expect(figure(workflow.offers.totalPayable)).toMatch(/^15\s259,20\s€$/);
    expect(figure(workflow.offers.annualRate)).toMatch(/^8,75\s?%$/);
    expect(figure(workflow.offers.totalCost)).toMatch(said.totalCost);
    expect(figure(workflow.offers.arrangementFee)).toMatch(/^50,00\s€$/);
    expect(figure(workflow.offers.monthlyFee)).toMatch(/^1,50\s€$/);
    expect(figure(workflow.offers.validUntil)).toBe(said.valid);
    // the amount and term of an offer for the loan asked are its group's heading
    expect(a.queryByText(workflow.offers.amount)).toBeNull();
    expect(a.queryByText(workflow.offers.term)).toBeNull();
    expect(a.getAllByRole('button')).toHaveLength(1);
    expect(a.getByRole('button')).toHaveAccessibleName(said.chooseA);
    // a counter-offer says what differs, in its own list
    const beta = within(card('Beta Banka'));
    const differs = beta.getByRole('list', { name: workflow.offers.differenceLabel });
    expect(within(differs).getByText(said.termInstead72)).toBeInTheDocument();
    // and, its group's heading not saying them, its own amount and term and the borrowing rate
    const betaFigure = (label: string) => beta.getByText(label).nextElementSibling?.textContent ?? '';
    expect(betaFigure(workflow.offers.amount)).toMatch(/^12\s000\s€$/);
    expect(betaFigure(workflow.offers.term)).toBe(said.term72);
    expect(betaFigure(workflow.offers.annualRate)).toMatch(/^9,89\s?%$/);
    expect(beta.getAllByRole('button')).toHaveLength(1);
    // the cards only: no table on a phone
    expect(screen.queryByRole('table')).toBeNull();

    expect(screen.getByText(words[language].common.warning)).toBeVisible();
  });

  it('greys an offer whose validity ran out: it says so, has no Choose button and is never best', async () => {
    const stale = { ...offerA, validUntil: '2020-01-01T00:00:00.000Z' };
    renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers: [stale, offerE, offerB, offerC] }),
    });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    const a = within(card('Alfa Kredīts'));
    expect(a.getByText(workflow.offers.expired)).toBeInTheDocument();
    expect(a.queryByRole('button')).toBeNull();
    expect(within(card('Epsilon Banka')).getByRole('button')).toBeEnabled();
    expect(within(card('Epsilon Banka')).getByText(said.best)).toBeInTheDocument();
    expect(screen.getAllByText(said.best)).toHaveLength(1);
  });

  it('badges no counter-offer, even the one with the lowest APR or total; with no offer for the loan asked, none', async () => {
    const { actor } = renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(screen.getAllByText(said.best)).toHaveLength(1);
    expect(within(card('Alfa Kredīts')).getByText(said.best)).toBeInTheDocument();
    act(() => actor.send({ type: 'STATUS', status: testStatus('offers', { offers: [offerB, offerC] }) }));
    expect(screen.queryByText(said.best)).toBeNull();
    // every lender has answered: no "yet"
    expect(screen.getByText(workflow.offers.noMatching)).toBeInTheDocument();
    expect(screen.queryByText(workflow.offers.noMatchingYet)).toBeNull();
    act(() => actor.send({ type: 'STATUS', status: testStatus('offers', { offers: [offerB, offerC], answered: 14 }) }));
    expect(screen.getByText(workflow.offers.noMatchingYet)).toBeInTheDocument();
  });

  it('warns on the offer above the cost cap', async () => {
    renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(within(card('Ceta Finanses')).getByText(workflow.offers.costCap)).toBeInTheDocument();
    expect(within(card('Alfa Kredīts')).queryByText(workflow.offers.costCap)).not.toBeInTheDocument();
  });

  it('sorting by monthly payment or total payable reorders the cards within each group, and says how', async () => {
    const { user } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers: [...offers, offerE] }),
    });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    const group = screen.getByRole('radiogroup', { name: workflow.offers.sortLabel });
    expect(within(group).getByRole('radio', { name: said.sortApr })).toBeChecked();
    expect(cardNames()).toEqual(['Alfa Kredīts', 'Epsilon Banka', 'Beta Banka', 'Ceta Finanses']);

    // the radio is checked in the press; the cards follow after its paint
    await user.click(within(group).getByRole('radio', { name: workflow.offers.sort.monthlyPayment }));
    await waitFor(() => expect(cardNames()).toEqual(['Epsilon Banka', 'Alfa Kredīts', 'Ceta Finanses', 'Beta Banka']));
    expect(screen.getByText(workflow.offers.order.monthlyPayment)).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: said.sortTotal }));
    await waitFor(() => expect(cardNames()).toEqual(['Alfa Kredīts', 'Epsilon Banka', 'Ceta Finanses', 'Beta Banka']));
    // the keyboard moves the choice too
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: workflow.offers.sort.monthlyPayment })).toBeChecked();
    await waitFor(() => expect(cardNames()).toEqual(['Epsilon Banka', 'Alfa Kredīts', 'Ceta Finanses', 'Beta Banka']));
    // the best stays the lowest APR for the loan asked, whatever the order
    expect(within(card('Alfa Kredīts')).getByText(said.best)).toBeInTheDocument();
  });

  it('choosing an offer: that button is pending, the others disabled, then the offer is chosen', async () => {
    const choice = deferred<{ signUrl: string }>();
    const { actor, user } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers }),
      actors: { chooseOffer: fromPromise(() => choice.promise) },
    });
    await user.click(await screen.findByRole('button', { name: said.chooseA }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'choosingOffer' }));
    expect(screen.getByRole('button', { name: said.chooseA })).toHaveAttribute('data-pending', 'true');
    for (const button of screen
      .getAllByRole('button')
      .filter((candidate) => candidate.getAttribute('aria-label') !== said.chooseA)) {
      expect(button).toBeDisabled();
    }

    choice.resolve({ signUrl: 'https://alfa.example/sign' });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offerChosen' }));
    expect(actor.getSnapshot().context.signUrl).toBe('https://alfa.example/sign');
  });

  it('a second press, on another offer before its button is disabled, sends no second choice: the first one is shown', async () => {
    const chosen: string[] = [];
    const choice = deferred<{ signUrl: string }>();
    const { actor, unmount } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers }),
      actors: {
        chooseOffer: fromPromise(({ input }: { input: { offerId: string } }) => {
          chosen.push(input.offerId);
          return choice.promise;
        }),
      },
    });
    const first = await screen.findByRole('button', { name: said.chooseA });
    const second = screen.getByRole('button', { name: said.chooseB });
    // both presses before the screen renders again, as a quick second tap lands before the others are disabled
    act(() => {
      fireEvent.click(first);
      expect(second).toBeEnabled();
      fireEvent.click(second);
    });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'choosingOffer' }));
    expect(first).toHaveAttribute('data-pending', 'true');
    expect(first.querySelector('.spinner')).not.toBeNull();
    expect(second).not.toHaveAttribute('data-pending');
    expect(second.querySelector('.spinner')).toBeNull();
    await waitFor(() => expect(second).toBeDisabled());

    choice.resolve({ signUrl: 'https://alfa.example/sign' });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offerChosen' }));
    expect(chosen).toEqual([offerA.id]);
    // the next screen names the offer chosen, not the one pressed second
    unmount();
    renderWithWorkflow(<OfferChosenScreen />, { actor, language });
    expect(screen.getAllByText(/Alfa Kredīts/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Beta Banka/)).not.toBeInTheDocument();
  });

  it('a failed choice comes back with the API text in an alert', async () => {
    const { actor, user } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers }),
      actors: {
        chooseOffer: fromPromise(async (): Promise<{ signUrl: string }> => {
          throw { code: 'offerNotFound', status: 404 };
        }),
      },
    });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: said.chooseA }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words[language].api.offerNotFound);
    expect(actor.getSnapshot().matches({ watching: 'offers' })).toBe(true);
    expect(screen.getByRole('button', { name: said.chooseA })).toBeEnabled();
  });

  it('does not show an error left over from an earlier step', async () => {
    let attempts = 0;
    const { actor, user, unmount } = renderScreen(<ChoosingMethodScreen />, {
      language,
      status: testStatus('draft'),
      actors: {
        startIdentification: fromPromise(async (): Promise<StartIdentificationAnswer> => {
          attempts += 1;
          if (attempts === 1) throw { code: 'providerUnavailable', status: 503 };
          return { method: 'smartId', verificationCode: '1234' };
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Smart-ID/ }));
    await untilState(actor, (snapshot) => snapshot.matches({ choosingMethod: 'identificationFailed' }));
    await user.click(screen.getByRole('button', { name: /Smart-ID/ }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'confirmingIdentity' }));
    act(() => actor.send({ type: 'STATUS', status: testStatus('offers', { offers }) }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offers' }));
    unmount();
    // choosing again cleared the identification's error; the comparison shows none
    expect(actor.getSnapshot().context.error).toBeNull();
    renderWithWorkflow(<OffersScreen />, { actor, language });
    expect(screen.getByRole('article', { name: 'Alfa Kredīts' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces an offer that arrives while the applicant compares, and says how many lenders are still out', async () => {
    const first = testStatus('offers', { offers: [offerA, offerB], answered: 16 });
    const { actor } = renderScreen(<OffersScreen />, { language, status: first });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    const offerD = testOffer({
      id: '00000000-0000-4000-8000-00000000000d',
      lenderId: 'lender-d',
      lenderName: 'Delta Līzings',
      totalPayable: 15100,
    });
    act(() =>
      actor.send({ type: 'STATUS', status: testStatus('offers', { offers: [offerA, offerB, offerD], answered: 14 }) }),
    );
    expect(screen.getByRole('article', { name: 'Delta Līzings' })).toBeInTheDocument();
    expect(await within(region).findByText(said.newOffer)).toBeInTheDocument();
    // the new offer has the same APR as Alfa and a lower total: it is the best now
    expect(within(card('Delta Līzings')).getByText(said.best)).toBeInTheDocument();
    expect(screen.getByText(language === 'lv' ? /no 2 aizdevējiem/ : /от 2 кредиторов/)).toBeInTheDocument();
  });

  it('says why each lender declined, and sends a request for human review that shows its outcome', async () => {
    const requestReview = vi.fn(async (): Promise<ReviewStatus> => ({
      state: 'pending',
      requestedAt: '2026-11-25T10:00:00.000Z',
      explanation: null,
      answeredAt: null,
    }));
    const services: WorkflowServices = { lenders: async () => [], requestReview };
    const withDecline = testStatus('offers', { offers: [offerA], lenderCount: 2 });
    const { actor, user } = renderScreen(<OffersScreen />, { language, status: withDecline, services });
    const lender = await screen.findByRole('article', { name: 'Lender 1' });
    expect(within(lender).getByText(workflow.declined.reason.income)).toBeInTheDocument();

    await user.click(within(lender).getByRole('button', { name: workflow.declined.ask }));
    // the form opens with the keyboard in its message field
    expect(within(lender).getByRole('textbox')).toHaveFocus();
    await user.keyboard('Ienākumi pieauga');
    await user.click(within(lender).getByRole('button', { name: new RegExp('Lender 1') }));
    expect(requestReview).toHaveBeenCalledWith({
      token: expect.any(String),
      lenderId: 'lender-1',
      language,
      message: 'Ienākumi pieauga',
    });

    const reviewed = (review: ReviewStatus) => ({
      ...withDecline,
      lenders: withDecline.lenders.map((entry) => (entry.lenderId === 'lender-1' ? { ...entry, review } : entry)),
    });
    act(() =>
      actor.send({
        type: 'STATUS',
        status: reviewed({
          state: 'upheld',
          requestedAt: '2026-11-25T10:00:00.000Z',
          explanation: 'Ienākumi ir zem minimālās prasības.',
          answeredAt: '2026-11-25T10:05:00.000Z',
        }),
      }),
    );
    const answered = screen.getByRole('article', { name: 'Lender 1' });
    expect(within(answered).getByText(workflow.declined.outcome.upheld)).toBeInTheDocument();
    expect(within(answered).getByText('Ienākumi ir zem minimālās prasības.')).toBeInTheDocument();
    expect(within(answered).queryByRole('button', { name: workflow.declined.ask })).toBeNull();
  });
});

/**
 * The window's width as matchMedia reports it (jsdom has none, so the screen shows cards): a media query
 * `(min-width: N px)` matches from N up, and its listeners hear a change of width.
 */
function stubWindowWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.NaN);
    return {
      media: query,
      get matches() {
        return width >= min;
      },
      addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return {
    resize(next: number) {
      width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

describe.each(['lv', 'ru'] as const)('OffersScreen on a wide screen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;
  const normal = (value: string | null) => value?.replace(/\s/g, ' ') ?? '';
  /** the words with any space, the non-breaking ones of the numbers too */
  const spaced = (words: string) => new RegExp(`^${words.replace(/ /g, '\\s')}$`);
  const row = (lender: string) => {
    const header = screen
      .getAllByRole('rowheader')
      .find((candidate) => candidate.textContent?.startsWith(lender) === true);
    if (!header) throw new Error(`no row of ${lender}`);
    return header.closest('tr') as HTMLElement;
  };
  const cells = (lender: string) =>
    within(row(lender))
      .getAllByRole('cell')
      .map((cell) => normal(cell.textContent));

  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('shows each group as a table: its heading the caption, a column per figure, a row per offer headed by the lender', async () => {
    stubWindowWidth(OFFERS_TABLE_WIDTH);
    renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers: [...offers, offerE] }) });
    const tables = await screen.findAllByRole('table');
    expect(tables).toHaveLength(2);
    expect(tables[0]).toHaveAccessibleName(spaced(said.matching));
    expect(tables[1]).toHaveAccessibleName(spaced(said.different));
    // the headings stay headings, inside the captions
    expect(within(tables[0] as HTMLElement).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(tables[1]).toHaveAccessibleDescription(workflow.offers.differentLead);
    for (const table of tables) {
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual([
        workflow.offers.lender,
        workflow.offers.monthlyPayment,
        workflow.offers.apr,
        workflow.offers.annualRate,
        workflow.offers.totalPayable,
        workflow.offers.totalCost,
        workflow.offers.arrangementFee,
        workflow.offers.monthlyFee,
        workflow.offers.validUntil,
        workflow.offers.choice,
      ]);
    }
    // no cards beside the table: each offer once
    expect(cardNames()).toEqual([]);
    const lenders = (table: HTMLElement) =>
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.querySelector('.offer-table__name')?.textContent);
    expect(lenders(tables[0] as HTMLElement)).toEqual(['Alfa Kredīts', 'Epsilon Banka']);
    expect(lenders(tables[1] as HTMLElement)).toEqual(['Beta Banka', 'Ceta Finanses']);

    // every figure the card shows, without opening the standard information; the day short, in digits
    const [monthly, apr, rate, total, cost, arrangementFee, monthlyFee, valid] = cells('Alfa Kredīts');
    expect(monthly).toMatch(/^254,32 €$/);
    expect(apr).toMatch(/^10,36 ?%$/);
    expect(rate).toMatch(/^8,75 ?%$/);
    expect(total).toMatch(/^15 259,20 €$/);
    expect(cost).toMatch(said.totalCost);
    expect(arrangementFee).toMatch(/^50,00 €$/);
    expect(monthlyFee).toMatch(/^1,50 €$/);
    expect(valid).toMatch(said.validShort);
    expect(within(row('Alfa Kredīts')).getByText(said.validShort)).toHaveAttribute(
      'datetime',
      '2026-12-31T00:00:00.000Z',
    );
    for (const lender of ['Alfa Kredīts', 'Epsilon Banka', 'Beta Banka', 'Ceta Finanses']) {
      const figures = cells(lender);
      expect(
        figures.slice(0, 8).every((figure) => figure !== ''),
        lender,
      ).toBe(true);
    }
    // an offer for the loan asked has the group's amount and term; a counter-offer says its own
    expect(within(row('Alfa Kredīts')).queryByText(said.betaLoan)).toBeNull();
    expect(normal(row('Beta Banka').querySelector('.offer-table__loan')?.textContent ?? null)).toBe(said.betaLoan);
    expect(row('Alfa Kredīts').querySelector('img')).toHaveAttribute('src', '/api/lenders/lender-a/logo.svg');

    // the best badge on the one best row; the counter-offer's row says what differs; one action a row
    expect(screen.getAllByText(said.best)).toHaveLength(1);
    expect(within(row('Alfa Kredīts')).getByText(said.best)).toBeInTheDocument();
    const differs = within(row('Beta Banka')).getByRole('list', { name: workflow.offers.differenceLabel });
    expect(within(differs).getByText(said.termInstead72)).toBeInTheDocument();
    for (const lender of ['Alfa Kredīts', 'Epsilon Banka', 'Beta Banka', 'Ceta Finanses']) {
      expect(within(row(lender)).getAllByRole('button')).toHaveLength(1);
      expect(within(row(lender)).getByRole('button')).toHaveAccessibleName(
        workflow.offers.chooseLabel.replace('{{lender}}', lender),
      );
    }
    // the cost cap, where the total cost is
    expect(within(row('Ceta Finanses')).getByText(workflow.offers.costCapShort)).toBeInTheDocument();
    expect(within(row('Alfa Kredīts')).queryByText(workflow.offers.costCapShort)).toBeNull();
  });

  it('the column the rows are ordered by says so, and follows the sort control', async () => {
    stubWindowWidth(OFFERS_TABLE_WIDTH);
    const { user } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers: [...offers, offerE] }),
    });
    const [table] = await screen.findAllByRole('table');
    const sorted = () =>
      within(table as HTMLElement)
        .getAllByRole('columnheader')
        .filter((header) => header.hasAttribute('aria-sort'))
        .map((header) => [header.textContent, header.getAttribute('aria-sort')]);
    expect(sorted()).toEqual([[workflow.offers.apr, 'ascending']]);
    await user.click(screen.getByRole('radio', { name: workflow.offers.sort.monthlyPayment }));
    await waitFor(() => expect(sorted()).toEqual([[workflow.offers.monthlyPayment, 'ascending']]));
    expect(
      within(table as HTMLElement)
        .getAllByRole('rowheader')
        .map((header) => header.querySelector('.offer-table__name')?.textContent),
    ).toEqual(['Epsilon Banka', 'Alfa Kredīts']);
  });

  it('an expired offer keeps its row, says so and has no button; choosing from a row works as from a card', async () => {
    const stale = { ...offerA, validUntil: '2020-01-01T00:00:00.000Z' };
    const choice = deferred<{ signUrl: string }>();
    stubWindowWidth(OFFERS_TABLE_WIDTH);
    const { actor, user } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers: [stale, offerE, offerB, offerC] }),
      actors: { chooseOffer: fromPromise(() => choice.promise) },
    });
    await screen.findAllByRole('table');
    expect(within(row('Alfa Kredīts')).getByText(workflow.offers.expiredShort)).toBeInTheDocument();
    expect(within(row('Alfa Kredīts')).queryByRole('button')).toBeNull();
    expect(within(row('Epsilon Banka')).getByText(said.best)).toBeInTheDocument();

    await user.click(within(row('Epsilon Banka')).getByRole('button'));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'choosingOffer' }));
    expect(within(row('Epsilon Banka')).getByRole('button')).toHaveAttribute('data-pending', 'true');
    expect(within(row('Beta Banka')).getByRole('button')).toBeDisabled();
    choice.resolve({ signUrl: 'https://epsilon.example/sign' });
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offerChosen' }));
  });

  it('turns from cards to a table and back as the window widens and narrows', async () => {
    const window = stubWindowWidth(375);
    renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(screen.queryByRole('table')).toBeNull();
    window.resize(OFFERS_TABLE_WIDTH - 1);
    expect(screen.queryByRole('table')).toBeNull();
    window.resize(1280);
    expect(screen.getAllByRole('table')).toHaveLength(2);
    expect(screen.queryByRole('article', { name: 'Alfa Kredīts' })).toBeNull();
    window.resize(375);
    expect(screen.getByRole('article', { name: 'Alfa Kredīts' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('OfferComparison with 16 offers', () => {
  // 16 offers for the loan asked: by APR the first lender comes first, by monthly payment the last
  const sixteen = Array.from({ length: 16 }, (_, index) =>
    testOffer({
      id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
      lenderId: `lender-${index}`,
      lenderName: `Lender ${String(index + 1).padStart(2, '0')}`,
      apr: 10 + index,
      monthlyPayment: 300 - index,
      totalPayable: 15_000 + index,
    }),
  );

  it("reorders the cards on a sort without rendering any card's content again", async () => {
    const renders = new Map<string, number>();
    // each card's action counts its renders: it renders again only when its card does
    function CountedAction({ offer }: { offer: Offer }) {
      renders.set(offer.lenderName, (renders.get(offer.lenderName) ?? 0) + 1);
      return <button type="button">{offer.lenderName}</button>;
    }
    const action = (offer: Offer) => <CountedAction offer={offer} />;
    const { user } = renderScreen(
      <OfferComparison
        offers={sixteen}
        loan={{ amount: 12_000, term: 60 }}
        now={Date.parse('2026-06-01T00:00:00Z')}
        lendersPending={false}
        standardInformation={() => null}
        action={action}
      />,
      { language: 'lv', status: testStatus('offers', { offers: sixteen }) },
    );
    const names = sixteen.map((offer) => offer.lenderName);
    expect(cardNames()).toEqual(names);
    const afterMount = new Map(renders);
    expect(afterMount.size).toBe(16);

    const group = screen.getByRole('radiogroup', { name: words.lv.workflow.offers.sortLabel });
    await user.click(within(group).getByRole('radio', { name: words.lv.workflow.offers.sort.monthlyPayment }));
    await waitFor(() => expect(cardNames()).toEqual([...names].reverse()));
    await user.click(within(group).getByRole('radio', { name: words.lv.workflow.offers.sort.apr }));
    await waitFor(() => expect(cardNames()).toEqual(names));
    expect(renders).toEqual(afterMount);
  });
});
