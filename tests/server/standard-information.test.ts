import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, submit, waitForStatus } from '../support/flow.ts';
import { standardInformationHref } from '../../domain/standard-information-href.ts';
import type { ApplicationStatus } from '../../domain/api.ts';

async function pdfText(response: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
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
    const page = await lv.text();
    expect(page).toContain('<html lang="lv">');
    expect(page).toContain('Standarta informācija par patēriņa kredītu');
    expect(page).toContain(offer.lenderName);
    expect(page).toContain('Atteikuma tiesības');
    expect(page).toContain('14 kalendāro dienu');
    expect(page).toContain('Uzmanību! Aizņemties naudu maksā naudu.');
    const apr = new Intl.NumberFormat('lv-LV', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      offer.apr,
    );
    expect(page).toContain(`${apr} %`);

    const ru = await (await get('ru', 'html')).text();
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('Стандартная информация о потребительском кредите');
    expect(ru).toContain('Право отказа');
    expect(ru).toContain('14 календарных дней');
  });

  it('is a PDF whose text keeps the Latvian letters and the Cyrillic', async () => {
    const lv = await get('lv', 'pdf');
    expect(lv.status).toBe(200);
    expect(lv.headers.get('content-type')).toBe('application/pdf');
    expect(lv.headers.get('content-disposition')).toBe(
      `inline; filename="standarta-informacija-${offer.lenderId}.pdf"`,
    );
    const lvText = await pdfText(lv);
    expect(lvText).toContain('Standarta informācija par patēriņa kredītu');
    expect(lvText).toContain(offer.lenderName);
    expect(lvText).toContain('14 kalendāro dienu');

    const ruText = await pdfText(await get('ru', 'pdf'));
    expect(ruText).toContain('Стандартная информация о потребительском кредите');
    expect(ruText).toContain('Право отказа');
  });

  it("answers 404 in the language asked for an offer that is not this application's, and 400 for a bad id", async () => {
    const unknown = await get('ru', 'html', '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/[А-Яа-я]/);
    const bad = await fetch(`${broker.url}/api/applications/standardInformation?token=${token}&offerId=x&lang=lv`);
    expect(bad.status).toBe(400);
  });
});
