// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PresentationProvider } from '../presentation.tsx';
import { testOffer, testStatus } from '../test-support.tsx';
import { PaidScreen } from './PaidScreen.tsx';
import { renderScreen, words } from './test-helpers.tsx';

const offer = testOffer({ lenderName: 'Alfa Kredīts' });

const text = {
  lv: {
    title: 'Nauda ir izmaksāta',
    lead: /Aizdevējs Alfa Kredīts ir izmaksājis 12\s000\s€ uz jūsu bankas kontu/,
    home: '/',
    amount: /^12\s000\s€$/,
    monthly: /^254,32\s€$/,
    apr: /^10,36\s?%$/,
    account: '/profils',
    accountLink: 'Skatīt pieteikumu profilā',
    newTab: '(atveras jaunā cilnē)',
  },
  ru: {
    title: 'Деньги выплачены',
    lead: /Кредитор Alfa Kredīts перечислил 12\s000\s€ на ваш банковский счёт/,
    home: '/ru',
    amount: /^12\s000\s€$/,
    monthly: /^254,32\s€$/,
    apr: /^10,36\s?%$/,
    account: '/ru/profil',
    accountLink: 'Посмотреть заявку в профиле',
    newTab: '(откроется в новой вкладке)',
  },
} as const;

describe.each(['lv', 'ru'] as const)('PaidScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('says the money is paid to the bank account, when it arrives, and links home', async () => {
    const { actor } = renderScreen(<PaidScreen />, {
      language,
      status: testStatus('paid', { offers: [offer], chosenOfferId: offer.id }),
    });
    expect(await screen.findByText(said.lead)).toBeInTheDocument();
    expect(actor.getSnapshot().matches('paid')).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    // the money is paid: when a bank transfer reaches the account, never "after signing" (that is over)
    expect(screen.getByText(workflow.paid.timing)).not.toHaveTextContent(/parakstīšanas|подписания/);
    expect(workflow.paid.timing).toMatch(language === 'lv' ? /nākamajā darba dienā/ : /следующий рабочий день/);
    expect(screen.getByRole('link', { name: workflow.home })).toHaveAttribute('href', said.home);
    const summary = screen.getByRole('region', { name: workflow.paid.summary });
    for (const [label, value] of [
      [workflow.paid.lender, 'Alfa Kredīts'],
      [workflow.offers.amount, said.amount],
      [workflow.offers.monthlyPayment, said.monthly],
      [workflow.offers.apr, said.apr],
    ] as const) {
      const term = within(summary).getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toMatch(value);
    }
    // on the site the person's account is a link away too
    expect(screen.getByRole('link', { name: new RegExp(`^${said.accountLink}`) })).toHaveAttribute(
      'href',
      said.account,
    );
  });

  it("in a publisher's widget, offers the account in a new tab instead of a home page the frame could not show", async () => {
    renderScreen(
      <PresentationProvider presentation={{ embedded: true }}>
        <PaidScreen />
      </PresentationProvider>,
      { language, status: testStatus('paid', { offers: [offer], chosenOfferId: offer.id }) },
    );
    const account = await screen.findByRole('link', { name: new RegExp(`^${said.accountLink}`) });
    expect(account).toHaveTextContent(said.newTab);
    expect(account).toHaveAttribute('href', said.account);
    expect(account).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: workflow.home })).not.toBeInTheDocument();
  });
});
