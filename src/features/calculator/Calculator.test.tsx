// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import lvCommon from '../../../locales/lv/common.json';
import lvCalculator from '../../../locales/lv/calculator.json';
import ruCommon from '../../../locales/ru/common.json';
import ruCalculator from '../../../locales/ru/calculator.json';
import { Calculator, type CalculatorProps } from './Calculator.tsx';

const STARTING: CalculatorProps = { amount: 5000, term: 60, product: 'consumer' };

const renderIn = (lang: 'lv' | 'ru', props: CalculatorProps = STARTING) => {
  const i18n = createI18n(lang, {
    lv: { common: lvCommon, calculator: lvCalculator },
    ru: { common: ruCommon, calculator: ruCalculator },
  });
  const ui = (current: CalculatorProps) => (
    <I18nextProvider i18n={i18n}>
      <Calculator {...current} />
    </I18nextProvider>
  );
  const rendered = render(ui(props));
  return { ...rendered, rerenderWith: (next: CalculatorProps) => rendered.rerender(ui(next)) };
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

  it('shows no rate or cost in apply-only mode: the sliders, the warning and the call to action', () => {
    const { container } = renderIn('lv', { ...STARTING, showFigures: false });
    expect(screen.getByRole('heading', { name: 'Pieteikties kredītam' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Kredīta summa' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Termiņš' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saņemt piedāvājumus' })).toHaveAttribute(
      'href',
      '/applicantWorkflow/enteringEssence?type=personalNeeds&amount=5000&term=60',
    );
    expect(screen.queryByTestId('monthly-payment')).toBeNull();
    expect(screen.queryByText('Ikmēneša maksājums')).toBeNull();
    expect(screen.queryByText(/Aprēķins ir informatīvs/)).toBeNull();
    expect(screen.queryByText('Reprezentatīvais piemērs')).toBeNull();
    // the amounts on the sliders are credit advertising on a publisher's page: the warning stays
    expect(screen.getByRole('note')).toHaveTextContent('Uzmanību! Aizņemties naudu maksā naudu.');
    expect(container.textContent).not.toMatch(/%|GPL|105,96/);
  });

  it('shows the figures, percentages and warning by default', () => {
    const { container } = renderIn('lv');
    expect(screen.getByRole('heading', { name: 'Kredīta kalkulators' })).toBeInTheDocument();
    expect(screen.getByText('Reprezentatīvais piemērs')).toBeInTheDocument();
    expect(screen.getByText('Uzmanību! Aizņemties naudu maksā naudu.')).toBeInTheDocument();
    expect(container.textContent).toMatch(/%/);
  });

  it('puts the warning once, in the result beside the monthly payment', () => {
    const { container } = renderIn('ru');
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent('Внимание! Заём денег стоит денег.');
    expect(container.querySelector('.calculator__result')).toContainElement(notes[0] ?? null);
  });

  it('leaves the representative example to the page when showExample is false, keeping the warning', () => {
    renderIn('lv', { ...STARTING, showExample: false });
    expect(screen.getByTestId('monthly-payment')).toBeInTheDocument();
    expect(screen.queryByText('Reprezentatīvais piemērs')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Uzmanību! Aizņemties naudu maksā naudu.');
  });

  it('tells onCalculation the first calculation and each change of the figures', () => {
    const onCalculation = vi.fn();
    const { rerenderWith } = renderIn('lv', { ...STARTING, onCalculation });
    expect(onCalculation).toHaveBeenCalledOnce();
    expect(onCalculation).toHaveBeenLastCalledWith(
      expect.objectContaining({ amount: 5000, months: 60, monthly: 105.96 }),
    );

    fireEvent.change(screen.getByRole('slider', { name: 'Kredīta summa' }), { target: { value: '15' } });
    expect(onCalculation).toHaveBeenCalledTimes(2);
    expect(onCalculation).toHaveBeenLastCalledWith(
      expect.objectContaining({ amount: 12000, months: 60, monthly: 254.32 }),
    );

    fireEvent.change(screen.getByRole('slider', { name: 'Termiņš' }), { target: { value: '30' } });
    expect(onCalculation).toHaveBeenCalledTimes(3);
    expect(onCalculation).toHaveBeenLastCalledWith(expect.objectContaining({ amount: 12000, months: 36 }));

    // a render with the same figures is no new calculation
    rerenderWith({ ...STARTING, onCalculation });
    expect(onCalculation).toHaveBeenCalledTimes(3);
  });

  it('leads the call to action where applicationLink says, in a new tab with a hidden note', () => {
    const applicationLink = vi.fn((figures: { amount: number; months: number }) => ({
      href: `https://site.example/apply?amount=${figures.amount}&term=${figures.months}`,
      newTab: true,
    }));
    renderIn('lv', { ...STARTING, applicationLink });
    // the hidden note's leading space is inside the span, which jsdom's name computation trims
    const link = screen.getByRole('link', { name: /^Saņemt piedāvājumus\s*\(atveras jaunā cilnē\)$/ });
    expect(link).toHaveAttribute('href', 'https://site.example/apply?amount=5000&term=60');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(within(link).getByText('(atveras jaunā cilnē)')).toHaveClass('visually-hidden');

    fireEvent.change(screen.getByRole('slider', { name: 'Kredīta summa' }), { target: { value: '15' } });
    expect(link).toHaveAttribute('href', 'https://site.example/apply?amount=12000&term=60');
  });

  it('opens an applicationLink without newTab in the same frame (a frame page opens other links in a tab), with no note', () => {
    renderIn('lv', {
      ...STARTING,
      applicationLink: () => ({ href: '/widget/v1/application?amount=5000', newTab: false }),
    });
    const link = screen.getByRole('link', { name: 'Saņemt piedāvājumus' });
    expect(link).toHaveAttribute('href', '/widget/v1/application?amount=5000');
    expect(link).toHaveAttribute('target', '_self');
    expect(link).not.toHaveAttribute('rel');
    expect(screen.queryByText('(atveras jaunā cilnē)')).toBeNull();
  });
});
