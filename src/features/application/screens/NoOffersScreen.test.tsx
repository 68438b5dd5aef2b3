// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '../../../../domain/company.ts';
import { testStatus } from '../test-support.tsx';
import { NoOffersScreen } from './NoOffersScreen.tsx';
import { renderScreen, untilState, words } from './test-helpers.tsx';

const text = {
  lv: { title: 'Šoreiz piedāvājumu nav', hours: 'Darba dienās 8:00–19:00, brīvdienās slēgts', home: '/' },
  ru: { title: 'На этот раз предложений нет', hours: 'По рабочим дням 8:00–19:00, в выходные закрыто', home: '/ru' },
} as const;

describe.each(['lv', 'ru'] as const)('NoOffersScreen (%s)', (language) => {
  const said = text[language];
  const workflow = words[language].workflow;

  it('says no lender made an offer, what to do, the consultant’s phone, and links home', async () => {
    const { actor } = renderScreen(<NoOffersScreen />, { language, status: testStatus('noOffers') });
    await untilState(actor, (snapshot) => snapshot.matches('noOffers'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(said.title);
    expect(screen.getByText(workflow.noOffers.lead)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: workflow.noOffers.whatNow })).toBeInTheDocument();
    // every lender declined: each is listed with its reason, and a human review can be asked for
    const declined = screen.getAllByRole('article');
    expect(declined).toHaveLength(16);
    expect(screen.getAllByText(workflow.declined.reason.income)).toHaveLength(16);
    expect(screen.getByRole('link', { name: company.phone })).toHaveAttribute('href', company.phoneHref);
    expect(screen.getByText(new RegExp(said.hours))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: workflow.home })).toHaveAttribute('href', said.home);
  });
});
