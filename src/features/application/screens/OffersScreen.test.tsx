// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Offer } from '../../../../domain/offer.ts';
import type { StartIdentificationAnswer } from '../../../../domain/api.ts';
import { deferred, renderWithWorkflow, testOffer, testStatus } from '../test-support.tsx';
import { ChoosingMethodScreen } from './ChoosingMethodScreen.tsx';
import { bestOffer, OffersScreen, sortOffers } from './OffersScreen.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';

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
// the lowest total, but above the legal cost cap: never "best"
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

const text = {
  lv: {
    title: 'Jūsu piedāvājumi',
    best: 'Labākais piedāvājums',
    sortApr: 'Pēc GPL',
    sortTotal: 'Pēc kopējās summas',
    chooseA: 'Izvēlēties piedāvājumu: Alfa Kredīts',
    term: '60 mēnešu',
    term72: '72 mēneši',
    valid: '2026. gada 31. decembris',
    newOffer: 'Jauns piedāvājums: Delta Līzings',
  },
  ru: {
    title: 'Ваши предложения',
    best: 'Лучшее предложение',
    sortApr: 'По ГПС',
    sortTotal: 'По общей сумме',
    chooseA: 'Выбрать предложение: Alfa Kredīts',
    term: '60 месяцев',
    term72: '72 месяца',
    valid: '31 декабря 2026 г.',
    newOffer: 'Новое предложение: Delta Līzings',
  },
} as const;

const cardNames = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const card = (lender: string) => screen.getByRole('article', { name: lender });

describe('sortOffers and bestOffer', () => {
  it('order by each key with the total payable as tie-break, and skip offers above the cost cap for best', () => {
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
    expect(bestOffer(offers)).toBe(offerA);
    expect(bestOffer([offerC])).toBeNull();
    expect(bestOffer([])).toBeNull();
  });
});

describe.each(['lv', 'ru'] as const)('OffersScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('shows every offer as a card with all its figures, sorted by monthly payment, the warning beside them', async () => {
    const { actor } = renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(actor.getSnapshot().matches({ watching: 'offers' })).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(cardNames()).toEqual(['Ceta Finanses', 'Beta Banka', 'Alfa Kredīts']);

    const a = within(card('Alfa Kredīts'));
    const figure = (label: string) => a.getByText(label).nextElementSibling?.textContent ?? '';
    expect(figure(workflow.offers.amount)).toMatch(/^12\s000\s€$/);
    expect(figure(workflow.offers.term)).toBe(said.term);
    expect(figure(workflow.offers.annualRate)).toMatch(/^9,89\s?%$/);
    expect(figure(workflow.offers.apr)).toMatch(/^10,36\s?%$/);
    expect(figure(workflow.offers.arrangementFee)).toMatch(/^50,00\s€$/);
    expect(figure(workflow.offers.monthlyFee)).toMatch(/^1,50\s€$/);
    expect(figure(workflow.offers.totalPayable)).toMatch(/^15\s259,20\s€$/);
    expect(figure(workflow.offers.validUntil)).toBe(said.valid);
    expect(a.getByText(/^254,32\s€$/)).toBeInTheDocument();
    expect(within(card('Beta Banka')).getByText(said.term72)).toBeInTheDocument();

    expect(screen.getByText(words[language].common.warning)).toBeVisible();
  });

  it('greys an offer whose validity ran out: it says so, has no Choose button and is never best', async () => {
    const stale = { ...offerA, validUntil: '2020-01-01T00:00:00.000Z' };
    renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers: [stale, offerB, offerC] }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    const a = within(card('Alfa Kredīts'));
    expect(a.getByText(workflow.offers.expired)).toBeInTheDocument();
    expect(a.queryByRole('button')).toBeNull();
    expect(within(card('Beta Banka')).getByRole('button')).toBeEnabled();
    expect(within(card('Beta Banka')).getByText(said.best)).toBeInTheDocument();
    expect(screen.getAllByText(said.best)).toHaveLength(1);
  });

  it('marks the lowest total payable within the cost cap as best, and warns on the offer above the cap', async () => {
    renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    expect(screen.getAllByText(said.best)).toHaveLength(1);
    expect(within(card('Alfa Kredīts')).getByText(said.best)).toBeInTheDocument();
    expect(within(card('Ceta Finanses')).getByText(workflow.offers.costCap)).toBeInTheDocument();
    expect(within(card('Alfa Kredīts')).queryByText(workflow.offers.costCap)).not.toBeInTheDocument();
  });

  it('sorting by APR or total payable reorders the cards', async () => {
    const { user } = renderScreen(<OffersScreen />, { language, status: testStatus('offers', { offers }) });
    await screen.findByRole('article', { name: 'Alfa Kredīts' });
    const group = screen.getByRole('radiogroup', { name: workflow.offers.sortLabel });
    expect(within(group).getByRole('radio', { name: workflow.offers.sort.monthlyPayment })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: said.sortApr }));
    expect(cardNames()).toEqual(['Beta Banka', 'Alfa Kredīts', 'Ceta Finanses']);
    await user.click(within(group).getByRole('radio', { name: said.sortTotal }));
    expect(cardNames()).toEqual(['Ceta Finanses', 'Alfa Kredīts', 'Beta Banka']);
    // the keyboard moves the choice too
    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: said.sortApr })).toBeChecked();
    expect(cardNames()).toEqual(['Beta Banka', 'Alfa Kredīts', 'Ceta Finanses']);
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
    // the new offer has the lowest total: it is the best now
    expect(within(card('Delta Līzings')).getByText(said.best)).toBeInTheDocument();
    expect(screen.getByText(language === 'lv' ? /no 2 aizdevējiem/ : /от 2 кредиторов/)).toBeInTheDocument();
  });
});
