import { describe, expect, it } from 'vitest';
import { partnerApplicationFixture } from '../../lenders/application-fixture.ts';
import { SANDBOX_LENDERS, findSandboxLender, type SandboxLender } from './catalogue.ts';
import { decide } from './decide.ts';
import { decideWithDocuments, documentsWanted } from './documents-decision.ts';

const today = new Date('2026-05-04T10:00:00.000Z');
const lender = (id: string): SandboxLender => {
  const found = findSandboxLender(id);
  if (!found) throw new Error(id);
  return found;
};
const askers = (application: ReturnType<typeof partnerApplicationFixture>) =>
  SANDBOX_LENDERS.filter((each) => documentsWanted(each, application) !== null).map((each) => each.id);

describe('which sandbox lenders ask for documents', () => {
  it('asks an employed person for 15 000 € or less for nothing', () => {
    expect(askers(partnerApplicationFixture({ loan: { amount: 15_000, term: 60 } }))).toEqual([]);
    expect(askers(partnerApplicationFixture({ loan: { amount: 12_000, term: 60 } }))).toEqual([]);
  });

  it('asks a self-employed person, or anyone over 15 000 €, for a 6-month statement at two banks', () => {
    const selfEmployed = partnerApplicationFixture({
      applicant: { incomeTypes: [{ type: 'selfEmployment', employmentDuration: 'over12Months' }] },
    });
    expect(askers(selfEmployed)).toEqual(['ziemelu-banka', 'balta-berza-banka']);
    expect(documentsWanted(lender('ziemelu-banka'), selfEmployed)).toEqual([{ kind: 'bankStatement', months: 6 }]);
    expect(askers(partnerApplicationFixture({ loan: { amount: 15_001, term: 60 } }))).toEqual([
      'ziemelu-banka',
      'balta-berza-banka',
    ]);
  });

  it("asks an individual entrepreneur for the business's income at Skudra Finance", () => {
    const businessman = partnerApplicationFixture({
      applicant: {
        incomeTypes: [{ type: 'other', employmentDuration: 'over12Months', typeOfOtherIncome: 'businessman' }],
      },
    });
    expect(askers(businessman)).toEqual(['skudra-finance']);
    expect(documentsWanted(lender('skudra-finance'), businessman)).toEqual([{ kind: 'businessIncome' }]);
  });
});

describe('the decision once the documents came', () => {
  const application = partnerApplicationFixture({
    loan: { amount: 16_000, term: 60 },
    applicant: { incomeTypes: [{ type: 'selfEmployment', employmentDuration: 'over12Months' }] },
  });
  const ziemelu = lender('ziemelu-banka');

  it('decides as it otherwise would when each item holds a PDF', () => {
    const received = [[{ contentType: 'application/pdf', bytes: 1000 }]];
    const decision = decideWithDocuments(ziemelu, application, received, today);
    expect(decision).toEqual(decide(ziemelu, application, today));
    expect(decision.type).toBe('offer');
  });

  it('declines for income when an item holds only images, or income that cannot carry the loan', () => {
    const photos = [[{ contentType: 'image/jpeg', bytes: 1000 }]];
    expect(decideWithDocuments(ziemelu, application, photos, today)).toEqual({ type: 'decline', reason: 'income' });
    const poor = partnerApplicationFixture({
      ...application,
      applicant: { ...application.applicant, monthlyIncome: 500 },
    });
    const pdf = [[{ contentType: 'application/pdf', bytes: 1000 }]];
    expect(decideWithDocuments(ziemelu, poor, pdf, today)).toMatchObject({ type: 'decline' });
  });

  it('decides on the income a shared statement shows rather than the declared one', () => {
    const pdf = [[{ contentType: 'application/pdf', bytes: 1000 }]];
    const shown = (cents: number) => decideWithDocuments(ziemelu, application, pdf, today, { incomeShownCents: cents });
    expect(shown(225_000)).toMatchObject({ type: 'offer' });
    expect(shown(30_000)).toEqual({ type: 'decline', reason: 'income' });
    expect(shown(0)).toEqual({ type: 'decline', reason: 'income' });
  });
});
