import { randomUUID } from 'node:crypto';
import type { PartnerApplication } from './messages.ts';

/** A valid partner application for tests and local tries: an applicant every sandbox lender can judge. */
export function partnerApplicationFixture(
  overrides: {
    loan?: Partial<PartnerApplication['loan']>;
    applicant?: Partial<PartnerApplication['applicant']>;
    requestId?: string;
    applicationRef?: string;
    callbackUrl?: string;
  } = {},
): PartnerApplication {
  return {
    requestId: overrides.requestId ?? randomUUID(),
    applicationRef: overrides.applicationRef ?? randomUUID(),
    callbackUrl: overrides.callbackUrl ?? 'http://127.0.0.1:9/callbacks',
    submittedAt: '2026-05-04T09:30:00.000Z',
    loan: { amount: 5000, term: 48, purpose: 'personalNeeds', ...overrides.loan },
    applicant: {
      personalCode: '120485-12345',
      firstName: 'Anna',
      lastName: 'Bērziņa',
      dateOfBirth: '1985-04-12',
      email: 'anna@example.test',
      phone: '+37120000000',
      monthlyIncome: 1800,
      incomeTypes: [{ type: 'fullTimeJob', employmentDuration: 'over12Months' }],
      monthlyLiabilities: 150,
      hasSpouse: false,
      dependents: 0,
      ownsProperty: false,
      politicallyExposed: false,
      ...overrides.applicant,
    },
    identification: { method: 'smartId', verifiedAt: '2026-05-04T09:29:00.000Z' },
  };
}
