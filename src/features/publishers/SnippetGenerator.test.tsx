// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import lvCommon from '../../../locales/lv/common.json';
import lvForm from '../../../locales/lv/form.json';
import lvPublishers from '../../../locales/lv/publishers.json';
import ruCommon from '../../../locales/ru/common.json';
import ruForm from '../../../locales/ru/form.json';
import ruPublishers from '../../../locales/ru/publishers.json';
import { SnippetGenerator } from './SnippetGenerator.tsx';
import { loaderTags } from './snippet.ts';

/** The loader's lines as the publishers' snippet module writes them (their text is pinned in snippet.test.ts). */
const LOADER_LINES = loaderTags();

const renderIn = (lang: 'lv' | 'ru') => {
  const i18n = createI18n(lang, {
    lv: { common: lvCommon, form: lvForm, publishers: lvPublishers },
    ru: { common: ruCommon, form: ruForm, publishers: ruPublishers },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <SnippetGenerator />
    </I18nextProvider>,
  );
};

const snippet = () => screen.getByTestId('snippet').textContent;
const previewSrc = (title: string) => screen.getByTitle(title).getAttribute('src');

describe('SnippetGenerator', () => {
  it('starts with the calculator in the page language and the default figures', () => {
    renderIn('lv');
    expect(snippet()).toBe(
      `<div data-loan-widget="calculator" data-lang="lv" data-amount="5000" data-term="60" style="min-height: 100vh"></div>\n${LOADER_LINES}`,
    );
    expect(previewSrc('Priekšskatījums: Kredīta kalkulators')).toBe(
      '/widget/v1/calculator?lang=lv&amount=5000&term=60',
    );
    expect(screen.getByRole('region', { name: 'Jūsu kods' })).toBeInTheDocument();
  });

  it('changes the snippet and the preview when the language and the amount change', async () => {
    const user = userEvent.setup();
    renderIn('lv');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Logrīka valoda' }), 'ru');
    const amount = screen.getByRole('textbox', { name: 'Sākotnējā summa' });
    await user.clear(amount);
    await user.type(amount, '7000');

    expect(snippet()).toContain('data-lang="ru" data-amount="7000" data-term="60"');
    await waitFor(() =>
      expect(previewSrc('Priekšskatījums: Kredīta kalkulators')).toBe(
        '/widget/v1/calculator?lang=ru&amount=7000&term=60',
      ),
    );
  });

  it('switches to the application widget, where the button target is not asked', async () => {
    const user = userEvent.setup();
    renderIn('lv');
    expect(screen.getByRole('combobox', { name: 'Kur kalkulatora poga atver pieteikumu' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kur kalkulatora poga atver pieteikumu' }), 'site');
    expect(snippet()).toContain('data-cta="site"');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Logrīka veids' }), 'application');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kredīta mērķis' }), 'buyingCar');
    await user.click(screen.getByRole('checkbox', { name: /Tikai pieteikums, bez kredīta skaitļiem/ }));

    expect(screen.queryByRole('combobox', { name: 'Kur kalkulatora poga atver pieteikumu' })).toBeNull();
    expect(snippet()).toMatch(
      /^<div data-loan-widget="application" data-lang="lv" data-amount="5000" data-term="60" data-purpose="buyingCar" data-mode="applyOnly" style="min-height: 100vh"><\/div>\n/,
    );
    await waitFor(() =>
      expect(previewSrc('Priekšskatījums: Pilns pieteikums')).toBe(
        '/widget/v1/application?lang=lv&amount=5000&term=60&purpose=buyingCar&mode=applyOnly',
      ),
    );
  });

  it('shows an invalid publisher id as a localized field error and leaves it out of the snippet', async () => {
    const user = userEvent.setup();
    renderIn('lv');
    const publisherId = screen.getByRole('textbox', { name: 'Jūsu partnera identifikators' });
    await user.type(publisherId, 'mans portāls');

    expect(publisherId).toHaveAttribute('aria-invalid', 'true');
    expect(publisherId).toHaveAccessibleDescription(/Izmantojiet tikai latīņu burtus bez diakritiskajām zīmēm/);
    expect(screen.getByText('1 laukā ir kļūda — tā vērtība kodā nav iekļauta.')).toBeInTheDocument();
    expect(snippet()).not.toContain('data-publisher-id');
    expect(snippet()).not.toMatch(/option|invalid|expected/);

    await user.clear(publisherId);
    await user.type(publisherId, 'mans-portals');
    expect(publisherId).not.toHaveAttribute('aria-invalid');
    expect(snippet()).toContain('data-publisher-id="mans-portals"');
  });

  it('speaks Russian on the Russian page, with Russian plurals for the errors', async () => {
    const user = userEvent.setup();
    renderIn('ru');
    expect(snippet()).toContain('data-lang="ru"');
    const term = screen.getByRole('textbox', { name: 'Начальный срок в месяцах' });
    await user.clear(term);
    await user.type(term, '100');
    await user.type(screen.getByRole('textbox', { name: 'Ваш идентификатор партнёра' }), 'мой портал');

    expect(term).toHaveAccessibleDescription(/Введите целое число месяцев от 6 до 84\./);
    expect(screen.getByText('В 2 полях ошибки — их значения не включены в код.')).toBeInTheDocument();
    expect(snippet()).not.toContain('data-term');
    expect(screen.getByTitle('Предпросмотр: Кредитный калькулятор')).toBeInTheDocument();
  });

  it('escapes what the publisher types into the tracking fields', async () => {
    const user = userEvent.setup();
    renderIn('lv');
    await user.type(screen.getByRole('textbox', { name: 'Kampaņas nosaukums (utm_campaign)' }), '"><b>pavasaris');
    expect(snippet()).toContain('data-utm-campaign="&quot;&gt;&lt;b&gt;pavasaris"');
  });

  it('copies the snippet with the keyboard and says so politely', async () => {
    const user = userEvent.setup();
    renderIn('lv');
    const button = screen.getByRole('button', { name: 'Kopēt kodu' });
    button.focus();
    await user.keyboard('{Enter}');

    expect(await navigator.clipboard.readText()).toBe(snippet());
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(within(status).getByText('Kods nokopēts.')).toBeInTheDocument());
  });
});
