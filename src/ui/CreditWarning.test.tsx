// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import lvCommon from '../../locales/lv/common.json';
import ruCommon from '../../locales/ru/common.json';
import lvCalculator from '../../locales/lv/calculator.json';
import ruCalculator from '../../locales/ru/calculator.json';
import { representativeExample } from '../../domain/representative-example.ts';
import { CreditWarning, showsFigure } from './CreditWarning.tsx';
import { RepresentativeExample } from './RepresentativeExample.tsx';

const i18nIn = (lang: 'lv' | 'ru') =>
  createI18n(lang, {
    lv: { common: lvCommon, calculator: lvCalculator },
    ru: { common: ruCommon, calculator: ruCalculator },
  });

describe('CreditWarning', () => {
  it.each([
    ['lv', 'Uzmanību! Aizņemties naudu maksā naudu.'],
    ['ru', 'Внимание! Заём денег стоит денег.'],
  ] as const)('says in %s that borrowing costs money, as a note', (lang, words) => {
    render(
      <I18nextProvider i18n={i18nIn(lang)}>
        <CreditWarning />
      </I18nextProvider>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(words);
    expect(note).toHaveClass('warning');
    expect(note).not.toHaveClass('warning--headline');
  });

  it('beside a headline figure takes the headline size', () => {
    render(
      <I18nextProvider i18n={i18nIn('lv')}>
        <CreditWarning headline />
      </I18nextProvider>,
    );
    expect(screen.getByRole('note')).toHaveClass('warning', 'warning--headline');
  });
});

describe('showsFigure', () => {
  it('finds rates and euro amounts', () => {
    expect(showsFigure('Procentu likme no 6,9 %')).toBe(true);
    expect(showsFigure('no 500 līdz 25 000 EUR')).toBe(true);
    expect(showsFigure('254,32 €')).toBe(true);
    expect(showsFigure('Ставка 9,89%')).toBe(true);
  });

  it('leaves other numbers alone', () => {
    expect(showsFigure('Pirmie piedāvājumi aptuveni 5 minūšu laikā', 'no 6 līdz 84 mēnešiem')).toBe(false);
    expect(showsFigure()).toBe(false);
  });
});

describe('RepresentativeExample', () => {
  it('carries the warning unless the block around it already does', () => {
    const { rerender } = render(
      <I18nextProvider i18n={i18nIn('lv')}>
        <RepresentativeExample example={representativeExample()} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Uzmanību! Aizņemties naudu maksā naudu.');
    rerender(
      <I18nextProvider i18n={i18nIn('lv')}>
        <RepresentativeExample example={representativeExample()} withWarning={false} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText('Reprezentatīvais piemērs')).toBeInTheDocument();
  });
});
