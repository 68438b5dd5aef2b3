import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, submit, waitForStatus } from '../support/flow.ts';
import { standardInformationHref } from '../../domain/standard-information-href.ts';
import type { ApplicationStatus } from '../../domain/api.ts';
import lvApi from '../../locales/lv/api.json';
import ruApi from '../../locales/ru/api.json';
import { findSandboxLender } from '../../server/sandbox/lenders/catalogue.ts';

const euro = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
const percent = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(
    value / 100,
  );

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  // a heading wider than the page wraps: the words are the same
  return text.replace(/\s+/g, ' ');
}

describe.each<Storage>(['pglite', 'postgres'])("each offer's standard information (%s)", (storage) => {
  let broker: RunningBroker;
  let token: string;
  let offer: ApplicationStatus['offers'][number];

  beforeAll(async () => {
    broker = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    token = await submit(broker.url);
    await identifyByBank(broker.url, token, 'approve');
    const answered = await waitForStatus(broker.url, token, allLendersAnswered);
    const first = answered.offers[0];
    if (!first) throw new Error('no offer');
    offer = first;
  });
  afterAll(async () => broker.close());

  const get = (lang: 'lv' | 'ru', format: 'html' | 'pdf', offerId = offer.id) =>
    fetch(`${broker.url}${standardInformationHref(token, offerId, lang, format)}`);

  it('is a printable page in Latvian and in Russian, with the figures of the offer and the right of withdrawal', async () => {
    const lv = await get('lv', 'html');
    expect(lv.status).toBe(200);
    expect(lv.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(lv.headers.get('cache-control')).toBe('no-store');
    // its own stylesheet and nothing else: no script, no inline style
    const csp = lv.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const page = await lv.text();
    expect(page).toContain('<html lang="lv">');
    expect(page).toContain('<title>Standarta informācija par patēriņa kredītu</title>');
    expect(page).toContain(offer.lenderName);
    // the creditor's register number and address, from the lenders' configuration
    const creditor = findSandboxLender(offer.lenderId);
    expect(page).toContain(
      `<th scope="row">Kreditora reģistrācijas numurs</th><td>${creditor?.registrationNumber}</td>`,
    );
    expect(page).toContain(`<th scope="row">Kreditora adrese</th><td>${creditor?.address}</td>`);
    expect(page).toContain('Atteikuma tiesības');
    expect(page).toContain('14 kalendāro dienu');
    expect(page).toContain('Uzmanību! Aizņemties naudu maksā naudu.');
    expect(page).toContain(percent('lv-LV', offer.apr));
    expect(page).toContain(euro('lv-LV', offer.totalPayable));
    expect(page).toContain(euro('lv-LV', offer.amount));
    expect(page.match(/<table>/g)).toHaveLength(4);
    expect(page).not.toMatch(/<script|\sstyle=/);

    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1] ?? '';
    const css = await fetch(`${broker.url}${stylesheet}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('@media print');

    const pdfLink = /<a href="([^"]+)">Lejupielādēt PDF<\/a>/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    expect(pdfLink).toBe(standardInformationHref(token, offer.id, 'lv', 'pdf'));

    const ru = await (await get('ru', 'html')).text();
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('Стандартная информация о потребительском кредите');
    expect(ru).toContain(offer.lenderName);
    expect(ru).toContain('Право отказа');
    expect(ru).toContain('14 календарных дней');
    expect(ru).toContain(percent('ru-RU', offer.apr));
    expect(ru).toContain(euro('ru-RU', offer.totalPayable));
  });

  it('is a PDF whose text keeps the Latvian letters and the Cyrillic', async () => {
    const lv = await get('lv', 'pdf');
    expect(lv.status).toBe(200);
    expect(lv.headers.get('content-type')).toBe('application/pdf');
    expect(lv.headers.get('cache-control')).toBe('no-store');
    expect(lv.headers.get('content-disposition')).toBe(
      `inline; filename="standarta-informacija-${offer.lenderId}.pdf"`,
    );
    const lvBytes = new Uint8Array(await lv.arrayBuffer());
    expect(new TextDecoder().decode(lvBytes.subarray(0, 5))).toBe('%PDF-');
    const lvText = await pdfText(lvBytes);
    expect(lvText).toContain('Standarta informācija par patēriņa kredītu');
    expect(lvText).toContain(offer.lenderName);
    const creditor = findSandboxLender(offer.lenderId);
    expect(lvText).toContain(`Kreditora reģistrācijas numurs ${creditor?.registrationNumber}`);
    expect(lvText).toContain(`Kreditora adrese ${creditor?.address}`);
    expect(lvText).toContain('14 kalendāro dienu');
    // every Latvian letter with a diacritic the words use comes back out of the PDF as itself
    expect(lvText).toContain('Kredīta līguma termiņš, mēnešos');
    expect(lvText).toContain('Cilvēka iesaistīšanās');
    expect(lvText).toContain('Datubāzes pārbaude');
    expect(lvText).toContain('Uzmanību! Aizņemties naudu maksā naudu.');

    const ru = await get('ru', 'pdf');
    // a Latin file name in Russian too
    expect(ru.headers.get('content-disposition')).toBe(
      `inline; filename="standarta-informacija-${offer.lenderId}.pdf"`,
    );
    const ruText = await pdfText(new Uint8Array(await ru.arrayBuffer()));
    expect(ruText).toContain('Стандартная информация о потребительском кредите');
    expect(ruText).toContain(offer.lenderName);
    expect(ruText).toContain(`Адрес кредитора ${creditor?.address}`);
    expect(ruText).toContain('Право отказа');
    expect(ruText).toContain('14 календарных дней');
    expect(ruText).toContain('Годовая процентная ставка (ГПС)');
  });

  it("answers 404 in the language asked for an offer that is not this application's, and refuses bad ids and tokens", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const unknownRu = await get('ru', 'html', missing);
    expect(unknownRu.status).toBe(404);
    expect(await unknownRu.json()).toMatchObject({ error: 'offerNotFound', message: ruApi.offerNotFound });
    const unknownLv = await get('lv', 'pdf', missing);
    expect(unknownLv.status).toBe(404);
    expect(await unknownLv.json()).toMatchObject({ error: 'offerNotFound', message: lvApi.offerNotFound });

    const bad = await fetch(`${broker.url}/api/applications/standardInformation?token=${token}&offerId=x&lang=lv`);
    expect(bad.status).toBe(400);
    const badFormat = await fetch(
      `${broker.url}${standardInformationHref(token, offer.id, 'lv', 'html')}`.replace('format=html', 'format=docx'),
    );
    expect(badFormat.status).toBe(400);

    // a token no application has, and one that is no token at all
    const stranger = await fetch(`${broker.url}${standardInformationHref('u'.repeat(43), offer.id, 'ru', 'html')}`);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ error: 'invalidToken', message: ruApi.invalidToken });
    const malformed = await fetch(`${broker.url}${standardInformationHref('short', offer.id, 'lv', 'pdf')}`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation', message: lvApi.validation });
  });
});
