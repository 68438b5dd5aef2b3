// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import lvReports from '../../../../locales/lv/staff-reports.json';
import ruReports from '../../../../locales/ru/staff-reports.json';
import type { FunnelAnswer } from '../../../../domain/staff-reports-api.ts';
import { FunnelTable } from './FunnelTable.tsx';

const i18nIn = (lang: 'lv' | 'ru') =>
  createI18n(lang, { lv: { 'staff-reports': lvReports }, ru: { 'staff-reports': ruReports } });

const counts = { calculator: 40, started: 20, submitted: 16, identified: 12, offers: 9, chosen: 4, signed: 3, paid: 2 };
const answer: FunnelAnswer = {
  from: '2026-11-01',
  to: '2026-11-02',
  unit: 'day',
  groupBy: 'publisher',
  rows: [
    { period: '2026-11-01', group: 'acme.lv', ...counts },
    {
      period: '2026-11-02',
      group: '',
      ...counts,
      calculator: 0,
      started: 0,
      submitted: 0,
      identified: 0,
      offers: 0,
      chosen: 0,
      signed: 0,
      paid: 0,
    },
  ],
  totals: [{ group: 'acme.lv', ...counts }],
};

describe('FunnelTable', () => {
  it.each([
    // Latvian writes 80%, Russian 80 % (a no-break space)
    ['lv', 'Iesniegti', 'Bez partnera', /16 \(80%\)/, 'Kopā'],
    ['ru', 'Поданы', 'Без партнёра', /16 \(80\s%\)/, 'Итого'],
  ] as const)('shows each stage with its share of the one before, in %s', (lang, submitted, direct, cell, total) => {
    render(
      <I18nextProvider i18n={i18nIn(lang)}>
        <FunnelTable answer={answer} />
      </I18nextProvider>,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: submitted })).toBeInTheDocument();
    const [, first, second, footer] = within(table).getAllByRole('row');
    // submitted of started: 16 of 20; paid of submitted: 2 of 16
    expect(first).toHaveTextContent(cell);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent(/12,5\s?%/);
    // a stage with nothing before it has no share, not a division by zero
    expect(within(second as HTMLElement).getByText(direct)).toBeInTheDocument();
    expect(second).toHaveTextContent('0 (—)');
    expect(within(footer as HTMLElement).getByRole('rowheader')).toHaveTextContent(total);
  });

  it('says so when the range holds nothing', () => {
    render(
      <I18nextProvider i18n={i18nIn('lv')}>
        <FunnelTable answer={{ ...answer, rows: [], totals: [] }} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Šajā periodā nav datu.');
  });
});
