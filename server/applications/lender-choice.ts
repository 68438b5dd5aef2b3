import type { LoanApplication } from '../../domain/application.ts';
import { lendersToAsk } from '../../domain/lenders.ts';
import type { ValidationMessageKey } from '../../domain/application.ts';
import type { LenderEndpoint } from '../lenders/registry.ts';

/**
 * The person's choice of lenders, checked against the registry (which the form's schema cannot know): every
 * unticked id is a lender we have, and at least one lender serves the loan and stays ticked. Answers the field's
 * message key, or null when the choice stands.
 */
export function lenderChoiceProblem(
  lenders: ReadonlyMap<string, LenderEndpoint>,
  application: Pick<LoanApplication, 'amount' | 'term' | 'excludedLenders'>,
): ValidationMessageKey | null {
  if (application.excludedLenders.some((id) => !lenders.has(id))) return 'invalidValue';
  if (lendersToAsk([...lenders.values()], application, application.excludedLenders).length === 0) return 'lenders';
  return null;
}

/**
 * The lenders an application goes to once identified: those that serve its loan and that the person left ticked,
 * and for a test application (a publisher trying the widget) only those that take test applications. The
 * identification sends to them; the messages count them.
 */
export function lendersAskedFor(
  lenders: ReadonlyMap<string, LenderEndpoint>,
  application: {
    readonly amount: number;
    readonly term: number;
    readonly test: boolean;
    readonly excluded_lenders: readonly string[];
  },
): LenderEndpoint[] {
  const candidates = [...lenders.values()].filter(
    (lender) => !application.test || lender.takesTestApplications === true,
  );
  return lendersToAsk(candidates, application, application.excluded_lenders);
}
