/**
 * The application's answer lists and age limits, without the schema: the form shows them before it
 * validates anything, and importing them brings no zod (domain/application.ts builds the schema from them).
 */
export { LOAN_PURPOSES, type LoanPurpose } from './loan-purposes.ts';

/** Income types with their priority (spec section 3): the list is sent in this order. */
export const INCOME_TYPES = ['fullTimeJob', 'statutoryOfficer', 'selfEmployment', 'militaryPerson', 'other'] as const;
export type IncomeType = (typeof INCOME_TYPES)[number];
export const OTHER_INCOME_TYPES = [
  'businessman',
  'maternityLeave',
  'workingAbroad',
  'student',
  'pensioner',
  'other',
] as const;
export const EMPLOYMENT_DURATIONS = ['under3Months', '3to6Months', 'under12Months', 'over12Months'] as const;
export const TIME_UNTIL_END_OR_START = [
  '1Month',
  '2Months',
  '3Months',
  '4to6Months',
  '6to12Months',
  'over12Months',
] as const;
export const DEPENDENTS_COUNTS = ['1', '2', '3', '4', '5', 'moreThan5'] as const;

export const MIN_AGE = 18;
export const MAX_AGE = 85;

/**
 * The messages' boxes as the form first shows them and as the API takes a submission that leaves them out (one
 * source for both). Messages about this application by e-mail are service messages, the steps the person asked
 * for before a contract (GDPR Art. 6(1)(b)): on until the person turns them off (the form, every message's
 * footer, the account). SMS and direct marketing are the person's own choice: never pre-ticked.
 */
export const NOTICE_DEFAULTS = { emailNotices: true, smsNotices: false, acceptDirectMarketing: false } as const;
