import { describe, expect, it } from 'vitest';
import { normalizeOffer, type Offer } from '../../domain/offer.ts';
import { company } from '../../domain/company.ts';
import {
  STANDARD_INFORMATION_CSS,
  standardInformation,
  standardInformationHtml,
  type StandardInformation,
} from './standard-information.ts';

const NBSP = '\u00a0';

const offer: Offer = normalizeOffer(
  {
    offerId: 'o-1',
    amount: 12_000,
    term: 60,
    annualRate: 9.9,
    arrangementFee: 150,
    monthlyFee: 5,
    validUntil: '2026-12-24T10:00:00.000Z',
  },
  { id: 'balta-berza-banka', name: 'Baltā Bērza Banka', kind: 'bank' },
  'offer-1',
);

/** A short loan whose fees put its total cost above 0.07 % of the amount a day. */
const capped: Offer = normalizeOffer(
  {
    offerId: 'o-2',
    amount: 500,
    term: 3,
    annualRate: 30,
    arrangementFee: 60,
    monthlyFee: 5,
    validUntil: '2026-12-24T10:00:00.000Z',
  },
  { id: 'zibens-kredits', name: 'Zibens Kredīts', kind: 'nonBank' },
  'offer-2',
);

const rowsOf = (info: StandardInformation) =>
  new Map(info.sections.flatMap((section) => section.rows.map((row) => [row.label, row.value] as const)));
const allText = (info: StandardInformation) =>
  [
    info.title,
    info.subtitle,
    info.warning,
    info.costCap ?? '',
    ...info.notes,
    ...info.sections.flatMap((s) => [s.heading, ...s.rows.flatMap((r) => [r.label, r.value])]),
  ].join('\n');

describe('the standard pre-contractual information of an offer', () => {
  it('has the four sections of Annex II, headed in Latvian and in Russian', () => {
    expect(standardInformation(offer, 'lv').sections.map((s) => s.heading)).toEqual([
      '1. Kreditora un kredīta starpnieka identitāte',
      '2. Kredīta produkta galvenās iezīmes',
      '3. Kredīta izmaksas',
      '4. Citi svarīgi juridiskie aspekti',
    ]);
    expect(standardInformation(offer, 'ru').sections.map((s) => s.heading)).toEqual([
      '1. Кредитор и кредитный посредник',
      '2. Основные характеристики кредита',
      '3. Стоимость кредита',
      '4. Другие важные правовые аспекты',
    ]);
    expect(standardInformation(offer, 'lv').title).toBe('Standarta informācija par patēriņa kredītu');
    expect(standardInformation(offer, 'ru').title).toBe('Стандартная информация о потребительском кредите');
  });

  it('takes every figure from the offer, written as the site writes it (no-break spaces in groups)', () => {
    const lv = rowsOf(standardInformation(offer, 'lv'));
    const payment = new Intl.NumberFormat('lv-LV', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
    }).format(offer.monthlyPayment);
    expect(lv.get('Kreditors')).toBe('Baltā Bērza Banka (banka)');
    expect(lv.get('Kredīta starpnieks')).toContain(company.licence);
    expect(lv.get('Kredīta starpnieks')).toContain(company.legalName);
    expect(lv.get('Kopējā kredīta summa')).toBe(`12${NBSP}000${NBSP}€`);
    expect(lv.get('Kredīta līguma termiņš, mēnešos')).toBe('60');
    expect(lv.get('Maksājumi')).toBe(`ikmēneša maksājumu skaits: 60, katrs ${payment} *`);
    expect(lv.get('Kopējā atmaksājamā summa *')).toBe(
      new Intl.NumberFormat('lv-LV', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(
        offer.totalPayable,
      ),
    );
    expect(lv.get('Aizņēmuma procentu likme')).toBe('9,9% gadā, fiksēta visu termiņu');
    expect(lv.get('Līguma noformēšanas komisija')).toBe(`150${NBSP}€`);
    expect(lv.get('Administrēšanas maksa mēnesī')).toBe(`5${NBSP}€`);
    const apr = lv.get('Gada procentu likme (GPL) *') ?? '';
    const aprText = `${offer.apr.toFixed(2).replace('.', ',')}%`;
    expect(apr.startsWith(`${aprText}. Reprezentatīvais piemērs:`)).toBe(true);
    // the worked example carries the amount, term, rate, fees, instalment, total payable, total cost and APR
    for (const part of [`12${NBSP}000${NBSP}€`, '60 mēn.', '9,9%', `150${NBSP}€`, `5${NBSP}€`, payment, aprText]) {
      expect(apr).toContain(part);
    }
    expect(lv.get('Piedāvājums derīgs līdz')).toBe('2026. gada 24. decembris');

    const ru = rowsOf(standardInformation(offer, 'ru'));
    expect(ru.get('Кредитор')).toBe('Baltā Bērza Banka (банк)');
    expect(ru.get('Общая сумма кредита')).toBe(`12${NBSP}000${NBSP}€`);
    expect(ru.get('Годовая процентная ставка (ГПС) *')).toContain(`${offer.apr.toFixed(2).replace('.', ',')}${NBSP}%`);
    expect(ru.get('Предложение действительно до')).toBe('24 декабря 2026 г.');
  });

  it('states the 14-day right of withdrawal and the other legal aspects', () => {
    const lv = rowsOf(standardInformation(offer, 'lv'));
    expect(lv.get('Atteikuma tiesības')).toContain('14 kalendāro dienu');
    expect(lv.get('Pirmstermiņa atmaksa')).toBeTruthy();
    expect(lv.get('Datubāzes pārbaude')).toBeTruthy();
    expect(lv.get('Līguma projekts')).toBeTruthy();
    expect(lv.get('Cilvēka iesaistīšanās')).toContain('pārskata cilvēks');
    const ru = rowsOf(standardInformation(offer, 'ru'));
    expect(ru.get('Право отказа')).toContain('14 календарных дней');
    expect(ru.get('Участие человека')).toContain('объяснение решения');
  });

  it('marks the figures the broker computed as indicative', () => {
    for (const language of ['lv', 'ru'] as const) {
      const info = standardInformation(offer, language);
      expect(info.notes.join(' ')).toMatch(language === 'lv' ? /Skaitļus, kas apzīmēti ar \*/ : /Цифры, отмеченные \*/);
    }
  });

  it('flags an offer above the Latvian cost cap, and only such an offer', () => {
    expect(capped.exceedsCostCap).toBe(true);
    expect(offer.exceedsCostCap).toBe(false);
    const lv = standardInformation(capped, 'lv');
    expect(lv.costCap).toContain('0,07 %');
    expect(rowsOf(lv).get('Kredīta izmaksu ierobežojums')).toBe(lv.costCap);
    expect(rowsOf(lv).get('Kreditors')).toBe('Zibens Kredīts (nebanku kreditētājs)');
    expect(standardInformation(capped, 'ru').costCap).toContain('ограничение');
    expect(standardInformation(offer, 'lv').costCap).toBeNull();
    expect(rowsOf(standardInformation(offer, 'lv')).has('Kredīta izmaksu ierobežojums')).toBe(false);
  });

  it('has no English words', () => {
    for (const info of [standardInformation(capped, 'lv'), standardInformation(capped, 'ru')]) {
      expect(allText(info)).not.toMatch(/\b(the|and|of|credit|loan|rate|fee|offer|days?)\b/i);
    }
  });

  it('is a whole page with a table per section, no inline style or script, its stylesheet printing it', () => {
    const hostile = { ...offer, lenderName: '<b onclick="x">Banka & Co</b>' };
    const page = standardInformationHtml(standardInformation(hostile, 'ru'), {
      stylesheet: '/s.css',
      pdf: '/x?a=1&b=2',
    });
    expect(page.startsWith('<!doctype html><html lang="ru">')).toBe(true);
    expect(page).toContain('<title>Стандартная информация о потребительском кредите</title>');
    expect(page).toContain('<link rel="stylesheet" href="/s.css">');
    expect(page.match(/<table>/g)).toHaveLength(4);
    expect(page.match(/<h2 /g)).toHaveLength(4);
    // the tags the page writes itself: the only attributes are lang, charset, name, content, rel, href, class, id…
    const tags = page.replace(/>[^<]*</g, '><');
    expect(tags).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(page).toContain('&lt;b onclick=&quot;x&quot;&gt;Banka &amp; Co&lt;/b&gt;');
    expect(page).toContain('href="/x?a=1&amp;b=2"');
    expect(page).toContain('class="screen-only"');
    expect(STANDARD_INFORMATION_CSS).toMatch(/@media print \{[^]*\.screen-only \{ display: none; \}/);
  });
});
