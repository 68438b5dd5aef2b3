import type { LoanApplicationInput } from './application.ts';

/** A complete, valid application: the base of tests on both sides of the API. */
export const validApplication: LoanApplicationInput = {
  monthlyIncome: 1800,
  amount: 12000,
  term: 60,
  incomeTypes: [{ type: 'fullTimeJob', employmentDuration: 'over12Months' }],
  firstname: 'Jānis',
  lastname: 'Bērziņš',
  loanPurpose: 'personalNeeds',
  personalId: '010180-15097',
  email: 'janis@example.lv',
  phoneNumber: '+37120000000',
  hasSpouse: false,
  hasDependents: false,
  hasFinancialLiabilities: false,
  politicalyExposedPerson: false,
  acceptTerms: true,
  acceptDataSharing: true,
};
