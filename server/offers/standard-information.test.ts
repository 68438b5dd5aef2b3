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

/** Baltā Bērza Banka's entry in the sandbox lenders' configuration */
const CREDITOR = { registrationNumber: '40003620917', address: 'Brīvības iela 88, Rīga, LV-1001' };

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
    expect(standardInformation(offer, CREDITOR, 'lv').sections.map((s) => s.heading)).toEqual([
      '1. Kreditora un kredīta starpnieka identitāte un kontaktinformācija',
      '2. Kredīta produkta galvenās iezīmes',
      '3. Kredīta izmaksas',
      '4. Citi svarīgi juridiskie aspekti',
    ]);
    expect(standardInformation(offer, CREDITOR, 'ru').sections.map((s) => s.heading)).toEqual([
      '1. Кредитор и кредитный посредник: данные и контактная информация',
      '2. Основные характеристики кредита',
      '3. Стоимость кредита',
      '4. Другие важные правовые аспекты',
    ]);
    expect(standardInformation(offer, CREDITOR, 'lv').title).toBe('Standarta informācija par patēriņa kredītu');
    expect(standardInformation(offer, CREDITOR, 'ru').title).toBe('Стандартная информация о потребительском кредите');
  });

  it('takes every figure from the offer, written as the site writes it (no-break spaces in groups)', () => {
    const lv = rowsOf(standardInformation(offer, CREDITOR, 'lv'));
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

    const ru = rowsOf(standardInformation(offer, CREDITOR, 'ru'));
    expect(ru.get('Кредитор')).toBe('Baltā Bērza Banka (банк)');
    expect(ru.get('Общая сумма кредита')).toBe(`12${NBSP}000${NBSP}€`);
    expect(ru.get('Годовая процентная ставка (ГПС) *')).toContain(`${offer.apr.toFixed(2).replace('.', ',')}${NBSP}%`);
    expect(ru.get('Предложение действительно до')).toBe('24 декабря 2026 г.');
  });

  it('names the creditor with its register number and address in section 1, on the page and in Russian', () => {
    const lv = standardInformation(offer, CREDITOR, 'lv');
    expect(lv.sections[0]?.rows.slice(0, 3)).toEqual([
      { label: 'Kreditors', value: 'Baltā Bērza Banka (banka)' },
      { label: 'Kreditora reģistrācijas numurs', value: '40003620917' },
      { label: 'Kreditora adrese', value: 'Brīvības iela 88, Rīga, LV-1001' },
    ]);
    expect(lv.subtitle).toBe('Eiropas patēriņa kredīta standarta informācija: kreditora Baltā Bērza Banka piedāvājums');
    const page = standardInformationHtml(lv, { stylesheet: '/s.css', pdf: '/x.pdf' });
    const first = page.slice(page.indexOf('<section aria-labelledby="secci-1">'), page.indexOf('</section>') + 10);
    expect(first).toContain(
      '<h2 id="secci-1">1. Kreditora un kredīta starpnieka identitāte un kontaktinformācija</h2>',
    );
    expect(first).toContain('<tr><th scope="row">Kreditora reģistrācijas numurs</th><td>40003620917</td></tr>');
    expect(first).toContain('<tr><th scope="row">Kreditora adrese</th><td>Brīvības iela 88, Rīga, LV-1001</td></tr>');

    const ru = rowsOf(standardInformation(offer, CREDITOR, 'ru'));
    expect(ru.get('Регистрационный номер кредитора')).toBe('40003620917');
    expect(ru.get('Адрес кредитора')).toBe('Brīvības iela 88, Rīga, LV-1001');
    // a lender no longer configured: its name only, never a guessed identity
    expect(rowsOf(standardInformation(offer, null, 'lv')).has('Kreditora adrese')).toBe(false);
  });

  it('states the 14-day right of withdrawal and the other legal aspects', () => {
    const lv = rowsOf(standardInformation(offer, CREDITOR, 'lv'));
    expect(lv.get('Atteikuma tiesības')).toContain('14 kalendāro dienu');
    expect(lv.get('Pirmstermiņa atmaksa')).toBeTruthy();
    expect(lv.get('Datubāzes pārbaude')).toBeTruthy();
    expect(lv.get('Līguma projekts')).toBeTruthy();
    expect(lv.get('Cilvēka iesaistīšanās')).toContain('pārskata cilvēks');
    const ru = rowsOf(standardInformation(offer, CREDITOR, 'ru'));
    expect(ru.get('Право отказа')).toContain('14 календарных дней');
    expect(ru.get('Участие человека')).toContain('объяснение решения');
  });

  it('marks the figures the broker computed as indicative', () => {
    for (const language of ['lv', 'ru'] as const) {
      const info = standardInformation(offer, CREDITOR, language);
      expect(info.notes.join(' ')).toMatch(language === 'lv' ? /Skaitļus, kas apzīmēti ar \*/ : /Цифры, отмеченные \*/);
    }
  });

  it('flags an offer above the Latvian cost cap, and only such an offer', () => {
    expect(capped.exceedsCostCap).toBe(true);
    expect(offer.exceedsCostCap).toBe(false);
    const lv = standardInformation(capped, CREDITOR, 'lv');
    expect(lv.costCap).toContain('0,07 %');
    expect(rowsOf(lv).get('Kredīta izmaksu ierobežojums')).toBe(lv.costCap);
    expect(rowsOf(lv).get('Kreditors')).toBe('Zibens Kredīts (nebanku kreditētājs)');
    expect(standardInformation(capped, CREDITOR, 'ru').costCap).toContain('ограничение');
    expect(standardInformation(offer, CREDITOR, 'lv').costCap).toBeNull();
    expect(rowsOf(standardInformation(offer, CREDITOR, 'lv')).has('Kredīta izmaksu ierobežojums')).toBe(false);
  });

  it('has no English words', () => {
    for (const info of [standardInformation(capped, CREDITOR, 'lv'), standardInformation(capped, CREDITOR, 'ru')]) {
      expect(allText(info)).not.toMatch(/\b(the|and|of|credit|loan|rate|fee|offer|days?)\b/i);
    }
  });

  it('is a whole page with a table per section, no inline style or script, its stylesheet printing it', () => {
    const hostile = { ...offer, lenderName: '<b onclick="x">Banka & Co</b>' };
    const page = standardInformationHtml(standardInformation(hostile, CREDITOR, 'ru'), {
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
