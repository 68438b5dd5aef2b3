import { z } from 'zod';
import { lenderKindSchema } from './offer.ts';
import { LENDER_ID_PATTERN } from './lender-id.ts';

/**
 * The lenders an application may go to, as `GET /api/lenders` lists them from the broker's registry, and the
 * rule of who serves which loan. The form lists them before sending; those that do not serve the amount and term
 * asked are shown as such and not asked; the person can untick any other.
 */

export const lenderIdSchema = z.string().regex(LENDER_ID_PATTERN);

const rangeSchema = z.object({ min: z.number(), max: z.number() });

export const lenderSummarySchema = z.object({
  id: lenderIdSchema,
  name: z.string(),
  kind: lenderKindSchema,
  /** an https or site-relative address */
  logo: z.string(),
  /** EUR */
  amounts: rangeSchema,
  /** months */
  terms: rangeSchema,
});
export type LenderSummary = z.infer<typeof lenderSummarySchema>;

export const lendersAnswerSchema = z.array(lenderSummarySchema);

/** Whether a lender takes applications for this amount and term. */
export const servesLoan = (
  lender: Pick<LenderSummary, 'amounts' | 'terms'>,
  loan: { readonly amount: number; readonly term: number },
): boolean =>
  loan.amount >= lender.amounts.min &&
  loan.amount <= lender.amounts.max &&
  loan.term >= lender.terms.min &&
  loan.term <= lender.terms.max;

/** The lenders an application goes to: those that serve the loan and that the person did not untick. */
export const lendersToAsk = <T extends Pick<LenderSummary, 'id' | 'amounts' | 'terms'>>(
  lenders: readonly T[],
  loan: { readonly amount: number; readonly term: number },
  excluded: readonly string[],
): T[] => lenders.filter((lender) => servesLoan(lender, loan) && !excluded.includes(lender.id));
