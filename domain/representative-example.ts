import { loanCost, type LoanCost, type LoanTerms } from './money.ts';

/**
 * The typical offer found through the product (spec section 9): 9.89 % borrowing rate and an
 * arrangement fee of 4.9 % of the amount (588 EUR on 12 000 EUR, which makes the spec's
 * total of 15 847.20 EUR). The calculator shows its figures for the amount and term chosen.
 */
export const TYPICAL_RATE_PERCENT = 9.89;
export const TYPICAL_ARRANGEMENT_FEE_SHARE = 0.049;

export const REPRESENTATIVE_AMOUNT = 12_000;
export const REPRESENTATIVE_MONTHS = 60;

export function typicalTerms(amount: number, months: number): LoanTerms {
  return {
    amount,
    months,
    ratePercent: TYPICAL_RATE_PERCENT,
    arrangementFee: Math.round(amount * TYPICAL_ARRANGEMENT_FEE_SHARE * 100) / 100,
    monthlyFee: 0,
  };
}

export interface RepresentativeExample extends LoanCost {
  readonly terms: LoanTerms;
}

export function representativeExample(
  amount = REPRESENTATIVE_AMOUNT,
  months = REPRESENTATIVE_MONTHS,
): RepresentativeExample {
  const terms = typicalTerms(amount, months);
  return { terms, ...loanCost(terms) };
}
