import { z } from 'zod';
import { lenderKindSchema } from './offer.ts';
import { LENDER_ID_PATTERN } from './lender-id.ts';
import { LOAN_PURPOSES } from './loan-purposes.ts';

/**
 * The lenders an application may go to, as listLenders (domain/contract) lists them from the broker's registry, and the
 * rule of who serves which loan. The form lists them before sending; those that do not serve the amount, term or
 * purpose asked are shown as such and not asked; the person can untick any other.
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
  /** the loan purposes it lends for */
  purposes: z.array(z.enum(LOAN_PURPOSES)),
});
export type LenderSummary = z.infer<typeof lenderSummarySchema>;

export const lendersAnswerSchema = z.array(lenderSummarySchema);

export { lendersToAsk, outOfReach, servesLoan, type LoanAsked, type OutOfReach } from './lender-reach.ts';
