import { LOAN_AMOUNTS, LOAN_TERMS } from '../../../domain/loan-options.ts';
import { representativeExample, type RepresentativeExample } from '../../../domain/representative-example.ts';

export interface Calculation {
  readonly amount: number;
  readonly months: number;
  /** the informative monthly payment shown in large type */
  readonly monthly: number;
  readonly example: RepresentativeExample;
}

export function calculate(amountIndex: number, termIndex: number): Calculation {
  const amount = LOAN_AMOUNTS[amountIndex] ?? LOAN_AMOUNTS[0] ?? 500;
  const months = LOAN_TERMS[termIndex] ?? LOAN_TERMS[0] ?? 6;
  const example = representativeExample(amount, months);
  return { amount, months, monthly: example.instalment, example };
}
