// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithWorkflow, testOffer, testStatus } from '../test-support.tsx';
import { OfferChosenScreen } from './OfferChosenScreen.tsx';
import { OffersScreen } from './OffersScreen.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';

const offer = testOffer({ lenderName: 'Alfa Kredīts' });
const other = testOffer({ id: '00000000-0000-4000-8000-000000000002', lenderId: 'lender-b', lenderName: 'Beta Banka' });

const text = {
  lv: {
    title: 'Piedāvājums izvēlēts',
    lead: 'Jūs izvēlējāties aizdevēja Alfa Kredīts piedāvājumu.',
    sign: 'Parakstīt līgumu ar aizdevēju Alfa Kredīts',
    another: 'Izvēlēties citu piedāvājumu',
  },
  ru: {
    title: 'Предложение выбрано',
    lead: 'Вы выбрали предложение кредитора Alfa Kredīts.',
    sign: 'Подписать договор с кредитором Alfa Kredīts',
    another: 'Выбрать другое предложение',
  },
} as const;

const chosenStatus = () =>
  testStatus('offerChosen', {
    offers: [offer, other],
    chosenOfferId: offer.id,
    signUrl: 'https://alfa.example/sign/7',
  });

describe.each(['lv', 'ru'] as const)('OfferChosenScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('shows the chosen offer, how signing works, and signs at the lender’s page', async () => {
    const opened: string[] = [];
    const { actor, user } = renderScreen(<OfferChosenScreen />, { language, status: chosenStatus(), opened });
    const sign = await screen.findByRole('button', { name: said.sign });
    expect(actor.getSnapshot().matches({ watching: 'offerChosen' })).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(screen.getByText(said.lead)).toBeInTheDocument();
    expect(screen.getByText(workflow.chosen.howToSign)).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Alfa Kredīts' });
    expect(within(card).getByText(/254,32\s€/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Beta Banka' })).not.toBeInTheDocument();
    expect(screen.getByText(words[language].common.warning)).toBeInTheDocument();

    await user.click(sign);
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'signing' }));
    expect(opened).toEqual(['https://alfa.example/sign/7']);
  });

  it('"choose another offer" goes back to the comparison', async () => {
    const { actor, user } = renderScreen(<OfferChosenScreen />, { language, status: chosenStatus() });
    await user.click(await screen.findByRole('button', { name: said.another }));
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offers' }));
  });

  it('names the lender straight after the choice, before the server’s status says which offer it was', async () => {
    const { actor, user, unmount } = renderScreen(<OffersScreen />, {
      language,
      status: testStatus('offers', { offers: [offer, other] }),
    });
    const choose = await screen.findByRole('button', { name: new RegExp(`Alfa Kredīts`) });
    await user.click(choose);
    await untilState(actor, (snapshot) => snapshot.matches({ watching: 'offerChosen' }));
    expect(actor.getSnapshot().context.status?.chosenOfferId).toBeNull();
    unmount();
    renderWithWorkflow(<OfferChosenScreen />, { actor, language });
    expect(screen.getByText(said.lead)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: said.sign })).toBeEnabled();
  });
});
