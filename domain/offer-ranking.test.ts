import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestOfferId, matchesRequest, rankOffers, type LoanRequest, type RankableOffer } from './offer-ranking.ts';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const request: LoanRequest = { amount: 12_000, term: 60 };

/** Offers as lenders send them: many at the amount and term asked, some counter-offers, some run out or over the cap. */
const offerArbitrary = fc.record({
  id: fc.uuid(),
  amount: fc.oneof(fc.constant(request.amount), fc.integer({ min: 50, max: 25_000 })),
  term: fc.oneof(fc.constant(request.term), fc.integer({ min: 3, max: 120 })),
  apr: fc.double({ min: 0, max: 200, noNaN: true }),
  totalPayable: fc.double({ min: 50, max: 100_000, noNaN: true }),
  validUntil: fc.oneof(
    fc.constant('2026-12-25T10:00:00.000Z'),
    fc.constant('2026-11-24T10:00:00.000Z'),
    fc
      .date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  ),
  exceedsCostCap: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
});
const offersArbitrary = fc.array(offerArbitrary, { maxLength: 20 });

const choosable = (offer: RankableOffer) => !offer.exceedsCostCap && Date.parse(offer.validUntil) > NOW;

describe('the ranking rule', () => {
  it('badges a matching, choosable offer whose APR no other matching choosable offer beats', () => {
    fc.assert(
      fc.property(offersArbitrary, (offers) => {
        const ranked = rankOffers(offers, request, NOW);
        const best = ranked.filter((offer) => offer.best);
        const candidates = offers.filter((offer) => matchesRequest(offer, request) && choosable(offer));
        if (candidates.length === 0) {
          expect(best).toEqual([]);
          return;
        }
        expect(best).toHaveLength(1);
        const [winner] = best;
        expect(winner?.matchesRequest).toBe(true);
        expect(winner && choosable(winner)).toBe(true);
        const lowestApr = Math.min(...candidates.map((offer) => offer.apr));
        expect(winner?.apr).toBe(lowestApr);
        const tiedTotals = candidates.filter((offer) => offer.apr === lowestApr).map((offer) => offer.totalPayable);
        expect(winner?.totalPayable).toBe(Math.min(...tiedTotals));
      }),
      { numRuns: 500 },
    );
  });

  it('never badges a counter-offer, however cheap', () => {
    fc.assert(
      fc.property(offersArbitrary, (offers) => {
        for (const offer of rankOffers(offers, request, NOW)) {
          if (!offer.matchesRequest) expect(offer.best).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same best whatever order the offers arrived in', () => {
    const offersInTwoOrders = offersArbitrary.chain((offers) =>
      fc.tuple(fc.constant(offers), fc.shuffledSubarray(offers, { minLength: offers.length })),
    );
    fc.assert(
      fc.property(offersInTwoOrders, ([offers, shuffled]) => {
        expect(bestOfferId(shuffled, request, NOW)).toBe(bestOfferId(offers, request, NOW));
      }),
    );
  });

  it('keeps the order and marks whether each offer matches the request', () => {
    const offers: RankableOffer[] = [
      {
        id: 'b',
        amount: 7000,
        term: 60,
        apr: 30.1,
        totalPayable: 9_900,
        validUntil: '2026-12-01T00:00:00Z',
        exceedsCostCap: false,
      },
      {
        id: 'a',
        amount: 12_000,
        term: 60,
        apr: 12.4,
        totalPayable: 16_100,
        validUntil: '2026-12-01T00:00:00Z',
        exceedsCostCap: false,
      },
      {
        id: 'c',
        amount: 12_000,
        term: 48,
        apr: 9.9,
        totalPayable: 14_500,
        validUntil: '2026-12-01T00:00:00Z',
        exceedsCostCap: false,
      },
    ];
    expect(rankOffers(offers, request, NOW).map(({ id, matchesRequest: m, best }) => [id, m, best])).toEqual([
      ['b', false, false],
      ['a', true, true],
      ['c', false, false],
    ]);
  });

  it('has no best when nothing matches the request', () => {
    expect(
      bestOfferId(
        [
          {
            id: 'x',
            amount: 7000,
            term: 60,
            apr: 5,
            totalPayable: 8000,
            validUntil: '2026-12-01T00:00:00Z',
            exceedsCostCap: false,
          },
        ],
        request,
        NOW,
      ),
    ).toBeNull();
  });
});
