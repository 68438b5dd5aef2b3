import {
  DEFAULT_AMOUNT,
  DEFAULT_TERM,
  LOAN_AMOUNTS,
  PRODUCT_DEFAULTS,
  PRODUCT_KEYS,
  PRODUCT_PURPOSE,
  clampTerm,
  nearestAmountIndex,
} from './loan-options.ts';
import { LOAN_PURPOSES, type LoanPurpose } from './loan-purposes.ts';

/** The loan a link (`?type=&amount=&term=`) or a widget's options chose before the form opened. */
export interface Preselection {
  readonly purpose: string | null;
  readonly amount: number | null;
  readonly term: number | null;
}

export interface PreselectedLoan {
  readonly loanPurpose?: LoanPurpose;
  readonly amount?: number;
  readonly term?: number;
}

export const isLoanPurpose = (value: unknown): value is LoanPurpose =>
  typeof value === 'string' && (LOAN_PURPOSES as readonly string[]).includes(value);

/** The allowed amount nearest to a link's amount. */
export const snapAmount = (amount: number): number => LOAN_AMOUNTS[nearestAmountIndex(amount)] ?? DEFAULT_AMOUNT;

/** The form's fields as a preselection sets them: a purpose it knows, the nearest allowed amount and term. */
export const preselectedLoan = (preselection: Preselection): PreselectedLoan => ({
  ...(isLoanPurpose(preselection.purpose) ? { loanPurpose: preselection.purpose } : {}),
  ...(preselection.amount !== null && Number.isFinite(preselection.amount)
    ? { amount: snapAmount(preselection.amount) }
    : {}),
  ...(preselection.term !== null && Number.isFinite(preselection.term) ? { term: clampTerm(preselection.term) } : {}),
});

/**
 * Whether a preselection makes another first step than the prerendered one, which starts with the default loan and
 * no purpose: a publisher's snippet names the default amount and term more often than not, and changes nothing.
 */
export function changesFirstStep(preselection: Preselection): boolean {
  const loan = preselectedLoan(preselection);
  return (
    loan.loanPurpose !== undefined ||
    (loan.amount ?? DEFAULT_AMOUNT) !== DEFAULT_AMOUNT ||
    (loan.term ?? DEFAULT_TERM) !== DEFAULT_TERM
  );
}

/** The loans the site's own links preselect as they first show: each product's calculator, its figures untouched. */
export const LINKED_PRESELECTIONS: readonly Preselection[] = PRODUCT_KEYS.map((product) => ({
  purpose: PRODUCT_PURPOSE[product],
  amount: PRODUCT_DEFAULTS[product].amount,
  term: PRODUCT_DEFAULTS[product].term,
}));

/** A name for the first step a preselection makes: '' for the one without any, else `purpose-amount-term`. */
export function firstStepKey(preselection: Preselection): string {
  if (!changesFirstStep(preselection)) return '';
  const loan = preselectedLoan(preselection);
  return [loan.loanPurpose ?? '', loan.amount ?? DEFAULT_AMOUNT, loan.term ?? DEFAULT_TERM].join('-');
}

/**
 * The first steps written before any request (src/entries/prerender.ts) by their key: the one without a preselection
 * and each of the site's own links. Any other loan is drawn by the wizard itself.
 */
export const PRERENDERED_FIRST_STEPS: ReadonlyMap<string, Preselection> = new Map(
  [{ purpose: null, amount: null, term: null }, ...LINKED_PRESELECTIONS].map((preselection) => [
    firstStepKey(preselection),
    preselection,
  ]),
);
