import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PartnerApplication } from '../../lenders/messages.ts';
import { findSandboxLender } from './catalogue.ts';
import { decide } from './decide.ts';
import { reviewDecision } from './review-decision.ts';

const today = new Date('2026-11-25T10:00:00Z');

const application = (
  monthlyIncome: number,
  monthlyLiabilities: number,
  purpose = 'personalNeeds',
): PartnerApplication => ({
  requestId: randomUUID(),
  applicationRef: '8c7a3c1e-1d2f-4c57-9a43-8b1d6f0e2a11',
  callbackUrl: 'http://127.0.0.1/callback',
  submittedAt: today.toISOString(),
  loan: { amount: 10_000, term: 84, purpose: purpose as PartnerApplication['loan']['purpose'] },
  applicant: {
    personalCode: '010180-15097',
    firstName: 'Jānis',
    lastName: 'Bērziņš',
    dateOfBirth: '1980-01-01',
    email: 'janis@example.lv',
    phone: '+37120000000',
    monthlyIncome,
    incomeTypes: [{ type: 'fullTimeJob', employmentDuration: 'over12Months' }],
    monthlyLiabilities,
    hasSpouse: false,
    dependents: 0,
    politicallyExposed: false,
  },
  identification: { method: 'bank', verifiedAt: today.toISOString() },
});

const lender = (id: string) => {
  const found = findSandboxLender(id);
  if (!found) throw new Error(id);
  return found;
};

describe('a sandbox lender reviewing its decline', () => {
  it('upholds a decline the rules do not bend for, explaining it in the language asked', () => {
    const bank = lender('rigas-lica-banka');
    const asked = application(2000, 0, 'personalNeeds');
    expect(decide(bank, asked, today)).toEqual({ type: 'decline', reason: 'purpose' });
    const lv = reviewDecision(bank, asked, today, 'lv');
    const ru = reviewDecision(bank, asked, today, 'ru');
    expect(lv).toEqual({ type: 'upheld', explanation: expect.stringContaining('šim kredīta mērķim') });
    expect(ru).toEqual({ type: 'upheld', explanation: expect.stringContaining('на эту цель') });
  });

  it('turns a close debt-to-income decline into an offer within the reviewer’s wider limit', () => {
    const bank = lender('ziemelu-banka');
    // the existing debts at which the automated rule (40 % of income) declines and the reviewer (45 %) lends
    const close = Array.from({ length: 200 }, (_, i) => i * 2).find(
      (debts) =>
        decide(bank, application(1000, debts), today).type === 'decline' &&
        reviewDecision(bank, application(1000, debts), today, 'lv').type === 'offer',
    );
    expect(close).toBeDefined();
    const review = reviewDecision(bank, application(1000, close ?? 0), today, 'lv');
    expect(review.type).toBe('offer');
    if (review.type === 'offer') {
      expect(review.offer.amount).toBeGreaterThan(0);
      expect(review.explanation).toContain('varam piedāvāt kredītu');
    }
    expect(decide(bank, application(1000, close ?? 0), today)).toEqual({ type: 'decline', reason: 'debtToIncome' });
  });
});
