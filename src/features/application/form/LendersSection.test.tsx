// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { lendersToAsk, type LenderSummary } from '../../../../domain/lenders.ts';
import { LOAN_PURPOSES, type LoanPurpose } from '../../../../domain/loan-purposes.ts';
import type { Language } from '../../../../domain/language.ts';
import { createTestActor, renderWithWorkflow } from '../test-support.tsx';
import type { WorkflowServices } from '../workflow-services.tsx';
import { EnteringEssenceScreen } from './EnteringEssenceScreen.tsx';

const lender = (
  id: string,
  name: string,
  amounts: [number, number],
  terms: [number, number],
  purposes: LoanPurpose[] = [...LOAN_PURPOSES],
): LenderSummary => ({
  id,
  name,
  kind: 'bank',
  logo: `/api/lenders/${id}/logo.svg`,
  amounts: { min: amounts[0], max: amounts[1] },
  terms: { min: terms[0], max: terms[1] },
  purposes,
});

// the form starts at 5 000 € over 60 months: three lenders serve it, one lends at most 2 000 €; Gamma Finanses does
// not lend for a car
const LENDERS = [
  lender('alfa', 'Alfa Banka', [500, 25_000], [6, 84]),
  lender('beta', 'Beta Kredīts', [1000, 15_000], [12, 84]),
  lender('gamma', 'Gamma Finanses', [500, 10_000], [6, 60], ['personalNeeds', 'refinancing', 'houseRepair']),
  lender('zibens', 'Zibens Nauda', [500, 2000], [6, 24]),
];

const WORDS = {
  lv: {
    group: 'Aizdevēji, kam nosūtīt pieteikumu',
    count: (count: number, total = 3) => `Pieteikumu saņems ${count} no ${total} aizdevējiem`,
    notServing: 'Nesaņems: 1 aizdevējs šādu kredītu neizsniedz',
    notServingTwo: 'Nesaņems: 2 aizdevēji šādu kredītu neizsniedz',
    zibens: 'Zibens Nauda: 500 €–2000 €, 6–24 mēn.',
    purpose: 'Kredīta mērķis',
    car: 'Auto iegāde',
    gammaNotForCar: 'Gamma Finanses: nefinansē mērķi „Auto iegāde”',
  },
  ru: {
    group: 'Кредиторы, которым отправить заявку',
    count: (count: number, total = 3) =>
      `Заявку ${count === 1 ? 'получит' : 'получат'} ${count} из ${total} кредиторов`,
    notServing: 'Не получит: 1 кредитор не выдаёт такой кредит',
    notServingTwo: 'Не получат: 2 кредитора не выдают такой кредит',
    zibens: 'Zibens Nauda: 500 €–2 000 €, 6–24 мес.',
    purpose: 'Цель кредита',
    car: 'Покупка автомобиля',
    gammaNotForCar: 'Gamma Finanses: не финансирует цель «Покупка автомобиля»',
  },
} as const;

describe.each(['lv', 'ru'] as const)('the lenders the application goes to (%s)', (language: Language) => {
  const w = WORDS[language];
  beforeEach(() => window.sessionStorage.clear());

  function setup(services: WorkflowServices) {
    const user = userEvent.setup();
    const actor = createTestActor({ language });
    actor.start();
    renderWithWorkflow(<EnteringEssenceScreen />, { actor, language, services });
    return { user };
  }

  it('lists the lenders that serve the loan, ticked, and the others as not asked; unticking counts down', async () => {
    const { user } = setup({ lenders: async () => LENDERS, requestReview: async () => Promise.reject(new Error()) });
    const group = await screen.findByRole('group', { name: w.group });
    expect(group).toHaveAccessibleDescription(new RegExp(`^${w.count(3)}\\.`));
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Alfa Banka',
      'Beta Kredīts',
      'Gamma Finanses',
    ]);
    for (const box of boxes) expect(box).toBeChecked();
    expect(screen.getByRole('heading', { name: w.notServing })).toBeInTheDocument();
    const others = screen.getByRole('heading', { name: w.notServing }).nextElementSibling;
    expect(others?.textContent?.replace(/\s/g, ' ')).toBe(w.zibens);

    await user.click(within(group).getByRole('checkbox', { name: 'Beta Kredīts' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Gamma Finanses' }));
    expect(group).toHaveAccessibleDescription(new RegExp(`^${w.count(1)}\\.`));
    expect(within(group).getByRole('checkbox', { name: 'Beta Kredīts' })).not.toBeChecked();
    // the choice is kept with the draft, so a reload loses nothing
    const draft = JSON.parse(window.sessionStorage.getItem('applicationDraft') ?? '{}') as {
      excludedLenders?: string[];
    };
    expect(draft.excludedLenders).toEqual(['beta', 'gamma']);
  });

  it('leaves out, with the reason, a lender that does not lend for the purpose chosen, by the server rule', async () => {
    const { user } = setup({ lenders: async () => LENDERS, requestReview: async () => Promise.reject(new Error()) });
    const group = await screen.findByRole('group', { name: w.group });
    // no purpose yet: nobody is left out for it
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);

    await user.selectOptions(screen.getByRole('combobox', { name: w.purpose }), w.car);
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual(['Alfa Banka', 'Beta Kredīts']);
    for (const box of boxes) expect(box).toBeChecked();
    expect(group).toHaveAccessibleDescription(new RegExp(`^${w.count(2, 2)}\\.`));
    const others = screen.getByRole('heading', { name: w.notServingTwo }).nextElementSibling;
    expect([...(others?.querySelectorAll('li') ?? [])].map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      w.gammaNotForCar,
      w.zibens,
    ]);
    // the list shows whom the server asks: the same rule (domain/lender-reach.ts)
    const loan = { amount: 5000, term: 60, purpose: 'buyingCar' as const };
    expect(lendersToAsk(LENDERS, loan, []).map((asked) => asked.name)).toEqual(['Alfa Banka', 'Beta Kredīts']);

    // back to a purpose it lends for: ticked again, as nobody unticked it
    await user.selectOptions(screen.getByRole('combobox', { name: w.purpose }), 'personalNeeds');
    expect(within(group).getByRole('checkbox', { name: 'Gamma Finanses' })).toBeChecked();
  });

  it('says the application goes to every lender that serves the loan when the list cannot be loaded', async () => {
    setup({
      lenders: async () => Promise.reject(new Error('offline')),
      requestReview: async () => Promise.reject(new Error()),
    });
    expect(
      await screen.findByText(
        language === 'lv' ? /Aizdevēju sarakstu neizdevās ielādēt/ : /Не удалось загрузить список кредиторов/,
      ),
    ).toBeInTheDocument();
  });
});
