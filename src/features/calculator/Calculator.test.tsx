// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../routes/i18n.ts';
import lvCommon from '../../../locales/lv/common.json';
import lvCalculator from '../../../locales/lv/calculator.json';
import ruCommon from '../../../locales/ru/common.json';
import ruCalculator from '../../../locales/ru/calculator.json';
import { Calculator } from './Calculator.tsx';

const renderIn = (lang: 'lv' | 'ru', props = { amount: 5000, term: 60, product: 'consumer' as const }) => {
  const i18n = createI18n(lang, {
    lv: { common: lvCommon, calculator: lvCalculator },
    ru: { common: ruCommon, calculator: ruCalculator },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <Calculator {...props} />
    </I18nextProvider>,
  );
};

const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

describe('Calculator', () => {
  it('shows the informative monthly payment for the starting figures', () => {
    renderIn('lv');
    expect(text(screen.getByTestId('monthly-payment'))).toBe('105,96 €');
    expect(screen.getByText(/Aprēķins ir informatīvs/)).toBeInTheDocument();
  });

  it('recomputes payment, example and link when the amount moves', () => {
    renderIn('lv');
    fireEvent.change(screen.getByRole('slider', { name: 'Kredīta summa' }), { target: { value: '15' } });
    expect(text(screen.getByTestId('monthly-payment'))).toBe('254,32 €');
    expect(screen.getByText((_, node) => node?.tagName === 'DD' && text(node as HTMLElement) === '15 847,20 €'));
    expect(screen.getByRole('link', { name: 'Saņemt piedāvājumus' })).toHaveAttribute(
      'href',
      '/applicantWorkflow/enteringEssence?type=personalNeeds&amount=12000&term=60',
    );
  });

  it('snaps an odd starting amount to the list and clamps the term', () => {
    renderIn('ru', { amount: 5200, term: 200, product: 'consumer' });
    expect(screen.getByRole('slider', { name: 'Сумма кредита' })).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^5\s000\s€$/),
    );
    expect(screen.getByRole('slider', { name: 'Срок' })).toHaveAttribute('aria-valuetext', '84 месяца');
    expect(screen.getByText('Внимание! Заём денег стоит денег.')).toBeInTheDocument();
  });
});
