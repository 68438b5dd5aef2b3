/**
 * Money arithmetic shared by the site, the widgets and the server.
 * Amounts are euros as numbers; rounding to cents happens only where a figure is shown or paid.
 */

export const roundCents = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** Monthly instalment of an annuity loan: P·r / (1 − (1+r)^−n), r = nominal annual rate / 12. */
export function annuityPayment(principal: number, annualRatePercent: number, months: number): number {
  if (principal <= 0 || months <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}

/** A payment at a point in time, in years from the drawdown (a month is 1/12 year, per the directive). */
export interface CashFlow {
  readonly years: number;
  readonly amount: number;
}

function presentValue(flows: readonly CashFlow[], rate: number): number {
  return flows.reduce((sum, flow) => sum + flow.amount * (1 + rate) ** -flow.years, 0);
}

/**
 * Annual percentage rate of charge (Directive 2008/48/EC Annex I, unchanged in 2023/2225):
 * the X at which the drawdowns' present value equals the repayments' and charges' present value.
 * The difference is monotonic in X, so bisection always converges; returns a fraction (0.1036 = 10.36 %).
 */
export function annualPercentageRate(drawdowns: readonly CashFlow[], repayments: readonly CashFlow[]): number {
  const gap = (rate: number) => presentValue(repayments, rate) - presentValue(drawdowns, rate);
  let low = -0.99;
  let high = 1;
  while (gap(high) > 0 && high < 1e6) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (gap(mid) > 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export interface LoanTerms {
  /** total amount of credit, EUR */
  readonly amount: number;
  readonly months: number;
  /** nominal annual borrowing rate, percent */
  readonly ratePercent: number;
  /** one-off arrangement fee paid at drawdown, EUR */
  readonly arrangementFee: number;
  /** monthly administration fee added to each instalment, EUR */
  readonly monthlyFee: number;
}

export interface LoanCost {
  /** instalment including the monthly fee, rounded to cents */
  readonly instalment: number;
  readonly totalPayable: number;
  readonly totalCostOfCredit: number;
  /** percent, e.g. 10.36 */
  readonly aprPercent: number;
}

/** Everything a representative example or an offer shows, computed from the loan's terms alone. */
export function loanCost(terms: LoanTerms): LoanCost {
  const annuity = roundCents(annuityPayment(terms.amount, terms.ratePercent, terms.months));
  const instalment = roundCents(annuity + terms.monthlyFee);
  const totalPayable = roundCents(instalment * terms.months + terms.arrangementFee);
  const repayments: CashFlow[] = [{ years: 0, amount: terms.arrangementFee }];
  for (let month = 1; month <= terms.months; month++) repayments.push({ years: month / 12, amount: instalment });
  const apr = annualPercentageRate([{ years: 0, amount: terms.amount }], repayments);
  return {
    instalment,
    totalPayable,
    totalCostOfCredit: roundCents(totalPayable - terms.amount),
    aprPercent: Math.round(apr * 10000) / 100,
  };
}

/** Latvian cap: total cost of credit at most 0.07 % of the amount per day of the term. */
export const COST_CAP_PER_DAY = 0.0007;

export function termDays(months: number, start: Date = new Date(Date.UTC(2026, 0, 1))): number {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/** A cost exactly at the cap is allowed: the tolerance absorbs floating point (1000 × 0.0007 × 365 = 255.4999…). */
export function exceedsCostCap(amount: number, totalCostOfCredit: number, days: number): boolean {
  return totalCostOfCredit > amount * COST_CAP_PER_DAY * days + 1e-9;
}
