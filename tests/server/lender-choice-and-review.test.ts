import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lendersAnswerSchema, servesLoan } from '../../domain/lenders.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, status, submit, waitForStatus } from '../support/flow.ts';
import { validApplication } from '../fixtures/application.ts';
import { randomUUID } from 'node:crypto';

/**
 * An applicant for a car some lenders offer less or longer to, and one lender declines (Rīgas Līča Banka: income,
 * below its 800 €). Two lenders lend 5 000 € over 36 months but not for a car (Pūce Credit, Rasa Kredīts).
 */
const modest = {
  monthlyIncome: 700,
  amount: 5000,
  term: 36,
  loanPurpose: 'buyingCar' as const,
  hasFinancialLiabilities: true,
  monthlyFinancialLiabilities: 100,
};

describe.each<Storage>(['pglite', 'postgres'])(
  'the person chooses the lenders and may ask for a review (%s)',
  (storage) => {
    let broker: RunningBroker;
    let base: string;

    beforeAll(async () => {
      broker = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
      base = broker.url;
    });
    afterAll(async () => broker.close());

    const lenders = async () => lendersAnswerSchema.parse(await (await fetch(`${base}/api/lenders`)).json());

    it('lists every lender of the registry with what it serves, and serves monograms for their logos', async () => {
      const list = await lenders();
      expect(list).toHaveLength(16);
      const zibens = list.find((lender) => lender.id === 'zibens-nauda');
      expect(zibens).toMatchObject({ name: 'Zibens Nauda', kind: 'nonBank', amounts: { min: 500, max: 2000 } });
      const logo = await fetch(new URL(zibens?.logo ?? '', base));
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await logo.text()).toContain('<title id="logo-zibens-nauda">Zibens Nauda</title>');
      expect((await fetch(`${base}/api/lenders/nobody/logo.svg`)).status).toBe(404);
    });

    it('never asks unticked lenders or lenders that do not serve the loan, and ranks the offers by one rule', async () => {
      const list = await lenders();
      const loan = { amount: modest.amount, term: modest.term, purpose: modest.loanPurpose };
      const serving = list.filter((lender) => servesLoan(lender, loan));
      const unticked = serving.slice(0, 3).map((lender) => lender.id);
      const token = await submit(base, { ...modest, excludedLenders: unticked });
      await identifyByBank(base, token, 'approve');
      const answered = await waitForStatus(base, token, allLendersAnswered);
      const asked = answered.lenders.map((lender) => lender.lenderId).sort();
      expect(asked).toEqual(
        serving
          .map((lender) => lender.id)
          .filter((id) => !unticked.includes(id))
          .sort(),
      );
      // the rule the form's list shows (domain/lender-reach.ts): a lender that does not lend for the purpose is
      // never asked, though it lends the amount over the term
      for (const id of ['puce-credit', 'rasa-kredits']) {
        const other = list.find((lender) => lender.id === id);
        expect(other && servesLoan(other, { ...loan, purpose: 'personalNeeds' })).toBe(true);
        expect(other && servesLoan(other, loan)).toBe(false);
        expect(asked).not.toContain(id);
      }
      const delivered = (await (await fetch(`${base}/sandbox/lenders/stats`)).json()) as Record<
        string,
        { byApplicationRef: Record<string, number> }
      >;
      for (const id of unticked) expect(Object.keys(delivered[id]?.byApplicationRef ?? {})).toHaveLength(0);

      const best = answered.offers.filter((offer) => offer.best);
      expect(best).toHaveLength(1);
      const matching = answered.offers.filter((offer) => offer.matchesRequest);
      expect(matching.every((offer) => offer.amount === modest.amount && offer.term === modest.term)).toBe(true);
      expect(best[0]?.apr).toBe(Math.min(...matching.map((offer) => offer.apr)));
      const counterOffers = answered.offers.filter((offer) => !offer.matchesRequest);
      expect(counterOffers.length).toBeGreaterThan(0);
      expect(counterOffers.some((offer) => offer.best)).toBe(false);
    });

    it('refuses an unknown lender id and a choice that leaves nobody to ask, in the language asked', async () => {
      const post = (application: object, language: 'lv' | 'ru') =>
        fetch(`${base}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ language, application: { ...validApplication, ...application } }),
        });
      const unknown = await post({ excludedLenders: ['no-such-lender'] }, 'lv');
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { fields: Record<string, string> }).fields.excludedLenders).toBe(
        'Vērtība norādīta nepareizi',
      );
      const everyone = (await lenders()).map((lender) => lender.id);
      const none = await post({ excludedLenders: everyone }, 'ru');
      expect(none.status).toBe(400);
      expect(((await none.json()) as { fields: Record<string, string> }).fields.excludedLenders).toBe(
        'Выберите хотя бы одного кредитора, которому отправить заявку',
      );
    });

    it('forwards a review request to the declining lender, signed, and shows its outcome', async () => {
      const token = await submit(base, modest, 'ru');
      await identifyByBank(base, token, 'approve');
      const answered = await waitForStatus(base, token, allLendersAnswered);
      const declined = answered.lenders.find((lender) => lender.progress === 'declined');
      expect(declined).toMatchObject({ lenderId: 'rigas-lica-banka', declineReason: 'income', review: null });

      const offered = answered.lenders.find((lender) => lender.progress === 'offer');
      const notDeclined = await fetch(`${base}/api/applications/reviewRequest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, lenderId: offered?.lenderId, language: 'ru' }),
      });
      expect(notDeclined.status).toBe(409);

      const ask = () =>
        fetch(`${base}/api/applications/reviewRequest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, lenderId: 'rigas-lica-banka', message: 'Прошу пересмотреть', language: 'ru' }),
        });
      const [first, second] = await Promise.all([ask(), ask()]);
      expect(first.status).toBe(202);
      expect(second.status).toBe(202);
      expect(await first.json()).toMatchObject({ state: 'pending', explanation: null });

      const reviewed = await waitForStatus(
        base,
        token,
        (s) => s.lenders.find((lender) => lender.lenderId === 'rigas-lica-banka')?.review?.state === 'upheld',
      );
      expect(reviewed.lenders.find((lender) => lender.lenderId === 'rigas-lica-banka')?.review?.explanation).toMatch(
        /^Наш кредитный специалист пересмотрел заявку/,
      );
      const received = (await (await fetch(`${base}/sandbox/lenders/reviews?lenderId=rigas-lica-banka`)).json()) as {
        message: string;
        language: string;
        signed: boolean;
        outcome: string;
      }[];
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        message: 'Прошу пересмотреть',
        language: 'ru',
        signed: true,
        outcome: 'upheld',
      });
    });

    it('keeps a review request of free text that is not text out', async () => {
      const token = await submit(base);
      const response = await fetch(`${base}/api/applications/reviewRequest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, lenderId: 'rigas-lica-banka', message: 'a\u0000b', language: 'lv' }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields.message).toBe(
        'Tekstā ir neatļautas rakstzīmes. Lūdzu, ierakstiet to vēlreiz bez tām',
      );
      expect((await status(base, token)).lenders).toEqual([]);
    });
  },
);
