// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LenderSummary } from '../../../../domain/lenders.ts';
import type { Language } from '../../../../domain/language.ts';
import { createTestActor, renderWithWorkflow } from '../test-support.tsx';
import type { WorkflowServices } from '../workflow-services.tsx';
import { EnteringEssenceScreen } from './EnteringEssenceScreen.tsx';

const lender = (id: string, name: string, amounts: [number, number], terms: [number, number]): LenderSummary => ({
  id,
  name,
  kind: 'bank',
  logo: `/api/lenders/${id}/logo.svg`,
  amounts: { min: amounts[0], max: amounts[1] },
  terms: { min: terms[0], max: terms[1] },
});

// the form starts at 5 000 € over 60 months: three lenders serve it, one lends at most 2 000 €
const LENDERS = [
  lender('alfa', 'Alfa Banka', [500, 25_000], [6, 84]),
  lender('beta', 'Beta Kredīts', [1000, 15_000], [12, 84]),
  lender('gamma', 'Gamma Finanses', [500, 10_000], [6, 60]),
  lender('zibens', 'Zibens Nauda', [500, 2000], [6, 24]),
];

const WORDS = {
  lv: {
    group: 'Aizdevēji, kam nosūtīt pieteikumu',
    count: (count: number) => `Pieteikumu saņems ${count} no 3 aizdevējiem`,
    notServing: 'Nesaņems: 1 aizdevējs šādu kredītu neizsniedz',
    zibens: 'Zibens Nauda: 500 €–2000 €, 6–24 mēn.',
  },
  ru: {
    group: 'Кредиторы, которым отправить заявку',
    count: (count: number) => `Заявку ${count === 1 ? 'получит' : 'получат'} ${count} из 3 кредиторов`,
    notServing: 'Не получит: 1 кредитор не выдаёт такой кредит',
    zibens: 'Zibens Nauda: 500 €–2 000 €, 6–24 мес.',
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
