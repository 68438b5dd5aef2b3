import type { PartnerApplication, PartnerDocumentItem } from '../../lenders/messages.ts';
import type { SandboxLender } from './catalogue.ts';
import { decide, type LenderDecision } from './decide.ts';

/**
 * Which sandbox lenders ask for documents before they decide, and how they decide once the documents are in
 * (issue 33; the FAQ: "a bank statement for the last 6 months may be required"). Pure, like decide.ts.
 *
 * - Ziemeļu Banka and Baltā Bērza Banka ask for a 6-month bank statement when an income is self-employment or
 *   the amount is over 15 000 €;
 * - Skudra Finance asks an individual entrepreneur (other income: businessman) to show the business's income.
 *
 * An employed person asking for 15 000 € or less is asked for nothing: those answers stay as decide.ts has them.
 */

/** Over this amount (EUR) the statement lenders want to see the account. */
export const STATEMENT_AMOUNT_THRESHOLD = 15_000;
export const STATEMENT_MONTHS = 6;

const STATEMENT_LENDERS: ReadonlySet<string> = new Set(['ziemelu-banka', 'balta-berza-banka']);
const BUSINESS_INCOME_LENDERS: ReadonlySet<string> = new Set(['skudra-finance']);

/** What the lender asks to see before it decides, or nothing. */
export function documentsWanted(
  lender: SandboxLender,
  application: PartnerApplication,
): readonly PartnerDocumentItem[] | null {
  const incomes = application.applicant.incomeTypes;
  if (STATEMENT_LENDERS.has(lender.id)) {
    const selfEmployed = incomes.some((income) => income.type === 'selfEmployment');
    if (selfEmployed || application.loan.amount > STATEMENT_AMOUNT_THRESHOLD) {
      return [{ kind: 'bankStatement', months: STATEMENT_MONTHS }];
    }
  }
  if (BUSINESS_INCOME_LENDERS.has(lender.id)) {
    const businessman = incomes.some((income) => income.type === 'other' && income.typeOfOtherIncome === 'businessman');
    if (businessman) return [{ kind: 'businessIncome' }];
  }
  return null;
}

/** One file as the lender received it. */
export interface ReceivedFile {
  readonly contentType: string;
  readonly bytes: number;
}

/**
 * The decision once every item asked for came. The simulator reads no PDF: an uploaded one stands for income as the
 * application declares it; photos or scans only are no statement of income, a decline for income. A statement of
 * shared bank data comes with the broker's income summary (`incomeShownCents`, the monthly average): the lender
 * then decides on that income instead of the declared one, so an income the account does not show declines for
 * income, or for the debt-to-income rule when it carries a smaller loan only.
 */
export function decideWithDocuments(
  lender: SandboxLender,
  application: PartnerApplication,
  received: readonly (readonly ReceivedFile[])[],
  today: Date,
  { incomeShownCents = null }: { incomeShownCents?: number | null } = {},
): LenderDecision {
  const everyItemHasAStatement = received.every((files) =>
    files.some((file) => file.contentType === 'application/pdf' && file.bytes > 0),
  );
  if (!everyItemHasAStatement) return { type: 'decline', reason: 'income' };
  if (incomeShownCents === null) return decide(lender, application, today);
  const monthlyIncome = Math.max(0, Math.floor(incomeShownCents / 100));
  return decide(lender, { ...application, applicant: { ...application.applicant, monthlyIncome } }, today);
}
