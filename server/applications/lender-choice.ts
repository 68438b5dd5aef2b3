import type { LoanApplication } from '../../domain/application.ts';
import { lendersToAsk } from '../../domain/lenders.ts';
import type { ValidationMessageKey } from '../../domain/application.ts';
import type { LoanPurpose } from '../../domain/loan-purposes.ts';
import type { LenderEndpoint } from '../lenders/registry.ts';

/**
 * The person's choice of lenders, checked against the registry (which the form's schema cannot know): every
 * unticked id is a lender we have, and at least one lender serves the loan (amount, term and purpose) and stays
 * ticked. Answers the field's message key, or null when the choice stands.
 */
export function lenderChoiceProblem(
  lenders: ReadonlyMap<string, LenderEndpoint>,
  application: Pick<LoanApplication, 'amount' | 'term' | 'loanPurpose' | 'excludedLenders'>,
): ValidationMessageKey | null {
  if (application.excludedLenders.some((id) => !lenders.has(id))) return 'invalidValue';
  const loan = { amount: application.amount, term: application.term, purpose: application.loanPurpose };
  if (lendersToAsk([...lenders.values()], loan, application.excludedLenders).length === 0) return 'lenders';
  return null;
}

/**
 * The lenders an application goes to once identified: those that serve its loan (amount, term and purpose, by the
 * rule the form's list shows, domain/lender-reach.ts) and that the person left ticked,
 * and for a test application (a publisher trying the widget) only those that take test applications. The
 * identification sends to them; the messages count them.
 */
export function lendersAskedFor(
  lenders: ReadonlyMap<string, LenderEndpoint>,
  application: {
    readonly amount: number;
    readonly term: number;
    readonly purpose: LoanPurpose;
    readonly test: boolean;
    readonly excluded_lenders: readonly string[];
  },
): LenderEndpoint[] {
  const candidates = [...lenders.values()].filter(
    (lender) => !application.test || lender.takesTestApplications === true,
  );
  const loan = { amount: application.amount, term: application.term, purpose: application.purpose };
  return lendersToAsk(candidates, loan, application.excluded_lenders);
}
