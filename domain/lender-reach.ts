import type { LoanPurpose } from './loan-purposes.ts';

/**
 * Who serves which loan, apart from the schemas of lenders.ts: the form's first step asks it and must not load zod.
 * One rule for the form's list of lenders before sending and for the server's choice of whom to ask.
 */
interface Reach {
  readonly amounts: { readonly min: number; readonly max: number };
  readonly terms: { readonly min: number; readonly max: number };
  /** the purposes the lender lends for; absent, every purpose */
  readonly purposes?: readonly LoanPurpose[] | undefined;
}

/** The loan asked: its purpose is null while the form has none chosen (every lender may still serve it). */
export interface LoanAsked {
  readonly amount: number;
  readonly term: number;
  readonly purpose: LoanPurpose | null;
}

/** Why a lender would not take this loan: it does not lend for its purpose, or not this amount or term. */
export type OutOfReach = 'purpose' | 'range';

/** Why a lender does not take applications for this loan, or null when it does. */
export function outOfReach(lender: Reach, loan: LoanAsked): OutOfReach | null {
  if (
    loan.amount < lender.amounts.min ||
    loan.amount > lender.amounts.max ||
    loan.term < lender.terms.min ||
    loan.term > lender.terms.max
  ) {
    return 'range';
  }
  if (loan.purpose !== null && lender.purposes !== undefined && !lender.purposes.includes(loan.purpose)) {
    return 'purpose';
  }
  return null;
}

/** Whether a lender takes applications for this amount, term and purpose. */
export const servesLoan = (lender: Reach, loan: LoanAsked): boolean => outOfReach(lender, loan) === null;

/** The lenders an application goes to: those that serve the loan and that the person did not untick. */
export const lendersToAsk = <T extends Reach & { readonly id: string }>(
  lenders: readonly T[],
  loan: LoanAsked,
  excluded: readonly string[],
): T[] => lenders.filter((lender) => servesLoan(lender, loan) && !excluded.includes(lender.id));
