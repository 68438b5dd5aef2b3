/**
 * Who serves which loan, apart from the schemas of lenders.ts: the form's first step asks it and must not load zod.
 */
interface Ranges {
  readonly amounts: { readonly min: number; readonly max: number };
  readonly terms: { readonly min: number; readonly max: number };
}

/** Whether a lender takes applications for this amount and term. */
export const servesLoan = (lender: Ranges, loan: { readonly amount: number; readonly term: number }): boolean =>
  loan.amount >= lender.amounts.min &&
  loan.amount <= lender.amounts.max &&
  loan.term >= lender.terms.min &&
  loan.term <= lender.terms.max;

/** The lenders an application goes to: those that serve the loan and that the person did not untick. */
export const lendersToAsk = <T extends Ranges & { readonly id: string }>(
  lenders: readonly T[],
  loan: { readonly amount: number; readonly term: number },
  excluded: readonly string[],
): T[] => lenders.filter((lender) => servesLoan(lender, loan) && !excluded.includes(lender.id));
