import type { LoanPurpose } from './loan-purposes.ts';

/** The product's loan bounds and the amounts the calculator offers (spec section 9). */

const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** 29 values: 500, 750, 1000, 1500, 2000, 2500, then 3000 to 25 000 in steps of 1000. */
export const LOAN_AMOUNTS: readonly number[] = [500, 750, 1000, 1500, 2000, 2500, ...range(3000, 25000, 1000)];

export const MIN_AMOUNT = 500;
export const MAX_AMOUNT = 25_000;
export const MIN_TERM_MONTHS = 6;
export const MAX_TERM_MONTHS = 84;
export const LOAN_TERMS: readonly number[] = range(MIN_TERM_MONTHS, MAX_TERM_MONTHS, 1);

/** The amount and term everything starts with when nothing chose others: calculator, form, widgets. */
export const DEFAULT_AMOUNT = 5000;
export const DEFAULT_TERM = 60;

/** The site's loan products (spec section 2): each has its page, its purpose and its starting figures. */
export const PRODUCT_KEYS = ['consumer', 'car', 'refinancing', 'renovation'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** The loan purpose each product preselects in the application (spec option list loanPurpose). */
export const PRODUCT_PURPOSE: Readonly<Record<ProductKey, LoanPurpose>> = {
  consumer: 'personalNeeds',
  car: 'buyingCar',
  refinancing: 'refinancing',
  renovation: 'houseRepair',
};

/** The product whose purpose a link or a widget names; any other purpose is a consumer loan's. */
export const productOfPurpose = (purpose: string | null): ProductKey =>
  PRODUCT_KEYS.find((product) => product !== 'consumer' && PRODUCT_PURPOSE[product] === purpose) ?? 'consumer';

/** The figures a product's calculator starts with. */
export const PRODUCT_DEFAULTS: Readonly<Record<ProductKey, { readonly amount: number; readonly term: number }>> = {
  consumer: { amount: DEFAULT_AMOUNT, term: DEFAULT_TERM },
  car: { amount: 12_000, term: 72 },
  refinancing: { amount: 8000, term: 84 },
  renovation: { amount: 7000, term: 60 },
};

/** The lowest borrowing rate partners advertise; the hero's "from" figure. */
export const FROM_RATE_PERCENT = 6.9;

/** Index of the allowed amount closest to `amount` (publishers and links may pass any number). */
export function nearestAmountIndex(amount: number): number {
  let best = 0;
  LOAN_AMOUNTS.forEach((value, index) => {
    if (Math.abs(value - amount) < Math.abs((LOAN_AMOUNTS[best] ?? 0) - amount)) best = index;
  });
  return best;
}

export function clampTerm(months: number): number {
  if (!Number.isFinite(months)) return DEFAULT_TERM;
  return Math.min(MAX_TERM_MONTHS, Math.max(MIN_TERM_MONTHS, Math.round(months)));
}
