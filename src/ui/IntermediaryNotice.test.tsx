// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import lvCommon from '../../locales/lv/common.json';
import ruCommon from '../../locales/ru/common.json';
import { company } from '../../domain/company.ts';
import { LENDER_COUNT } from '../../generated/lender-count.ts';
import { IntermediaryNotice } from './IntermediaryNotice.tsx';

const renderIn = (lang: 'lv' | 'ru', lenderCount?: number) =>
  render(
    <I18nextProvider i18n={createI18n(lang, { lv: { common: lvCommon }, ru: { common: ruCommon } })}>
      <IntermediaryNotice {...(lenderCount === undefined ? {} : { lenderCount })} />
    </I18nextProvider>,
  );

describe('IntermediaryNotice', () => {
  it('tells the four facts in Latvian and links to the full page', () => {
    renderIn('lv');
    const notice = screen.getByRole('complementary', { name: 'Kas mēs esam' });
    expect(notice).toHaveTextContent(`PTAC, Nr. ${company.licence}`);
    expect(notice).toHaveTextContent(`vairākiem aizdevējiem — ${LENDER_COUNT} bankām un licencētiem aizdevējiem`);
    expect(notice).toHaveTextContent('Tev mūsu pakalpojums neko nemaksā');
    expect(notice).toHaveTextContent('aizdevēji mums maksā komisiju');
    expect(notice).toHaveTextContent('lēmumu par kredītu pieņem aizdevējs, nevis mēs');
    expect(screen.getByRole('link', { name: 'Vairāk par mums kā kredīta starpnieku' })).toHaveAttribute(
      'href',
      '/kredita-starpnieks',
    );
  });

  it('tells them in Russian with the Russian page', () => {
    renderIn('ru');
    const notice = screen.getByRole('complementary', { name: 'Кто мы' });
    expect(notice).toHaveTextContent(`PTAC, № ${company.licence}`);
    expect(notice).toHaveTextContent(`${LENDER_COUNT} банками и лицензированными кредиторами`);
    expect(notice).toHaveTextContent('Для вас наша услуга бесплатна; кредиторы платят нам комиссию.');
    expect(screen.getByRole('link', { name: 'Подробнее о нас как о кредитном посреднике' })).toHaveAttribute(
      'href',
      '/ru/kreditnyj-posrednik',
    );
  });

  it.each([
    ['lv', 1, '1 bankai un licencētam aizdevējam'],
    ['lv', 21, '21 bankai un licencētam aizdevējam'],
    ['lv', 10, '10 bankām un licencētiem aizdevējiem'],
    ['ru', 1, '1 банком и лицензированным кредитором'],
    ['ru', 3, '3 банками и лицензированными кредиторами'],
    ['ru', 11, '11 банками и лицензированными кредиторами'],
  ] as const)('%s: %i lenders in the right plural form', (lang, count, words) => {
    renderIn(lang, count);
    expect(screen.getByRole('complementary')).toHaveTextContent(words);
  });
});
