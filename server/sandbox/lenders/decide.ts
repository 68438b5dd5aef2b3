import { createHash } from 'node:crypto';
import { annuityPayment, roundCents } from '../../../domain/money.ts';
import type { LenderOfferTerms } from '../../../domain/offer.ts';
import type {
  DeclineReason,
  PartnerApplication,
  PartnerEmploymentDuration,
  PartnerIncome,
} from '../../lenders/messages.ts';
import { servedRanges, type SandboxLender } from './catalogue.ts';

/**
 * A sandbox lender's credit decision: pure and deterministic (the same application on the same day always gets
 * the same answer, the same offer id included). Rules, in order:
 *
 * 1. age 18–85 on `today`, from the date of birth                                      → 'age'
 * 2. the loan purpose is one the lender serves                                          → 'purpose'
 * 3. documented income: at least one income the lender accepts (banks do not count students, workers abroad or
 *    unspecified other income; nobody counts unspecified other income), and income at least the lender's minimum
 *                                                                                        → 'income'
 * 4. an accepted income received for at least 4 months (banks: at least 6)              → 'employment'
 * 5. amount within the lender's range (as the broker's configuration states it: within the form's bounds too); outside it a counter-offer at the edge when the edge is close enough
 *    (at least half the amount asked, at most 1.5 times it), else                       → 'lenderPolicy'
 *    the term is clamped to the lender's range
 * 6. monthly debt service (liabilities + the new instalment with its monthly fee) at most 40 % of income; else a
 *    longer term, else a smaller amount over the longest term (at least a quarter of the amount asked), else
 *                                                                                        → 'debtToIncome'
 *
 * The rate is the lender's base rate plus a risk margin (income, existing debt ratio, property, dependents,
 * length of employment) times the lender's risk factor, capped at its maximum rate.
 */

export type LenderDecision = { type: 'offer'; offer: LenderOfferTerms } | { type: 'decline'; reason: DeclineReason };

export const MIN_AGE = 18;
export const MAX_AGE = 85;
export const MAX_DEBT_SERVICE_SHARE = 0.4;

const DURATION_RANK: Record<PartnerEmploymentDuration, number> = {
  under3Months: 0,
  '3to6Months': 1,
  under12Months: 2,
  over12Months: 3,
};

/** Full years between the date of birth (YYYY-MM-DD) and `today` (UTC). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isDocumentedIncome(lender: SandboxLender, income: PartnerIncome): boolean {
  if (income.type !== 'other') return true;
  const other = income.typeOfOtherIncome;
  if (other === undefined || other === 'other') return false;
  if (lender.kind === 'nonBank') return true;
  return other === 'pensioner' || other === 'maternityLeave' || other === 'businessman';
}

/** The lowest employment duration rank that counts: 3to6Months for non-banks, under12Months (6–12) for banks. */
export function minimumDurationRank(lender: SandboxLender): number {
  return lender.kind === 'bank' ? DURATION_RANK.under12Months : DURATION_RANK['3to6Months'];
}

/** Risk margin in rate points before the lender's risk factor. */
export function riskMargin(application: PartnerApplication, bestDurationRank: number): number {
  const { monthlyIncome, monthlyLiabilities, ownsProperty, dependents } = application.applicant;
  let margin = 0;
  if (monthlyIncome < 700) margin += 2.5;
  else if (monthlyIncome < 1000) margin += 1.5;
  else if (monthlyIncome < 1500) margin += 0.75;
  else if (monthlyIncome >= 3000) margin -= 0.5;
  const debtRatio = monthlyIncome > 0 ? monthlyLiabilities / monthlyIncome : 1;
  if (debtRatio > 0.25) margin += 2;
  else if (debtRatio > 0.15) margin += 1;
  else if (debtRatio > 0.05) margin += 0.4;
  if (ownsProperty) margin -= 0.5;
  margin += Math.min(3, dependents) * 0.4;
  if (bestDurationRank < DURATION_RANK.over12Months) margin += 0.5;
  return Math.max(0, margin);
}

export function offerIdFor(lenderId: string, applicationRef: string): string {
  return createHash('sha256').update(`${lenderId}:${applicationRef}`).digest('hex').slice(0, 32);
}

export function arrangementFeeFor(lender: SandboxLender, amount: number): number {
  return roundCents(Math.max(lender.arrangementFeeMin, (amount * lender.arrangementFeePercent) / 100));
}

/** Terms the lender would stretch to: the next multiples of 6 months, then its longest term. */
function longerTerms(maxTerm: number, term: number): number[] {
  const terms = new Set<number>();
  for (let t = Math.floor(term / 6) * 6 + 6; t < maxTerm; t += 6) terms.add(t);
  if (maxTerm > term) terms.add(maxTerm);
  return [...terms].sort((a, b) => a - b);
}

/** The largest principal whose annuity is `payment` a month. */
function principalFor(payment: number, annualRatePercent: number, months: number): number {
  if (payment <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return payment * months;
  return (payment * (1 - (1 + r) ** -months)) / r;
}

const decline = (reason: DeclineReason): LenderDecision => ({ type: 'decline', reason });

export function decide(
  lender: SandboxLender,
  application: PartnerApplication,
  today: Date,
  maxDebtServiceShare: number = MAX_DEBT_SERVICE_SHARE,
): LenderDecision {
  const { loan, applicant } = application;

  const age = ageOn(applicant.dateOfBirth, today);
  if (!Number.isFinite(age) || age < MIN_AGE || age > MAX_AGE) return decline('age');

  if (!lender.purposes.includes(loan.purpose)) return decline('purpose');

  const documented = applicant.incomeTypes.filter((income) => isDocumentedIncome(lender, income));
  if (documented.length === 0 || applicant.monthlyIncome < lender.minMonthlyIncome) return decline('income');

  const bestDuration = Math.max(...documented.map((income) => DURATION_RANK[income.employmentDuration]));
  if (bestDuration < minimumDurationRank(lender)) return decline('employment');

  // the broker refuses an offer outside what the lender is configured to serve, so the simulator never makes one
  const served = servedRanges(lender);
  const [minAmount, maxAmount] = [served.amounts.min, served.amounts.max];
  const [minTerm, maxTerm] = [served.terms.min, served.terms.max];
  let amount = loan.amount;
  if (amount > maxAmount) {
    if (maxAmount < amount * 0.5) return decline('lenderPolicy');
    amount = maxAmount;
  } else if (amount < minAmount) {
    if (minAmount > amount * 1.5) return decline('lenderPolicy');
    amount = minAmount;
  }
  let term = Math.min(maxTerm, Math.max(minTerm, loan.term));

  const annualRate =
    Math.round(
      Math.min(lender.maxRate, lender.baseRate + riskMargin(application, bestDuration) * lender.riskFactor) * 100,
    ) / 100;

  const capacity = maxDebtServiceShare * applicant.monthlyIncome - applicant.monthlyLiabilities;
  const fits = (principal: number, months: number) =>
    roundCents(annuityPayment(principal, annualRate, months)) + lender.monthlyFee <= capacity + 1e-9;

  if (!fits(amount, term)) {
    const longer = longerTerms(maxTerm, term).find((months) => fits(amount, months));
    if (longer !== undefined) {
      term = longer;
    } else {
      const step = lender.kind === 'bank' ? 100 : 50;
      const affordable = principalFor(capacity - lender.monthlyFee - 0.01, annualRate, maxTerm);
      const smaller = Math.floor(affordable / step) * step;
      if (smaller < minAmount || smaller < loan.amount * 0.25 || !fits(smaller, maxTerm)) {
        return decline('debtToIncome');
      }
      amount = smaller;
      term = maxTerm;
    }
  }

  return {
    type: 'offer',
    offer: {
      offerId: offerIdFor(lender.id, application.applicationRef),
      amount,
      term,
      annualRate,
      arrangementFee: arrangementFeeFor(lender, amount),
      monthlyFee: lender.monthlyFee,
      validUntil: new Date(today.getTime() + lender.offerValidityDays * 86_400_000).toISOString(),
    },
  };
}
