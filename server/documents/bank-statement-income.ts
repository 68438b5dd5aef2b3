import type { BankTransaction } from './bank-statement-client.ts';

/**
 * The income summary a lender reads before the statement: the regular incoming payments of the period, by month,
 * who paid them and the monthly average. A function of the transactions alone, so what the person is shown is what
 * the lender gets.
 */

export type IncomeKind = 'salary' | 'selfEmployment' | 'otherRegular';

export interface IncomeMonth {
  /** YYYY-MM */
  readonly month: string;
  readonly amountCents: number;
  /** the whole month lies in the period; only whole months count in the average */
  readonly complete: boolean;
}

export interface IncomeSource {
  readonly kind: IncomeKind;
  /** who paid, the largest total first; a self-employed person's clients are one source */
  readonly payers: readonly string[];
  readonly byMonth: readonly IncomeMonth[];
  readonly paymentCount: number;
  readonly monthlyAverageCents: number;
}

export interface IncomeSummary {
  readonly period: { readonly from: string; readonly to: string };
  /** the regular sources, the largest average first */
  readonly sources: readonly IncomeSource[];
  /** every source together */
  readonly byMonth: readonly IncomeMonth[];
  readonly monthlyAverageCents: number;
  /** the kind of the largest source; null when no income is regular */
  readonly mainKind: IncomeKind | null;
}

export interface IncomeSummaryOptions {
  readonly period: { readonly from: string; readonly to: string };
  /** the person's own accounts: moving money between them is no income */
  readonly ownIbans?: readonly string[];
}

const SALARY_PURPOSES = new Set(['SALA', 'PAYR', 'BONU', 'COMM']);
const BUSINESS_PURPOSES = new Set(['SUPP', 'GDSV', 'SCVE', 'COMC', 'TRAD', 'GDDS']);
const BENEFIT_PURPOSES = new Set(['PENS', 'BENE', 'SSBE', 'GOVT', 'ALMY']);
const SALARY_WORDS =
  /\b(?:darba\s+alga|alga|algas|darba\s+samaksa|atalgojums|salary|wages?|payroll)\b|зарплат|заработн/i;
const BUSINESS_WORDS = /r[eē]ķin|pavadzīm|invoice|сч[её]т(?:-фактур|у|а)?\s*(?:№|nr)/i;
const BENEFIT_WORDS = /pensij|pabalst|pension|benefit|пенси|пособ/i;

type Classified = 'salary' | 'selfEmployment' | 'benefit' | 'other';

function classify(transaction: BankTransaction): Classified {
  const purpose = transaction.purposeCode?.toUpperCase() ?? '';
  const code = transaction.bankTransactionCode?.toUpperCase() ?? '';
  if (SALARY_PURPOSES.has(purpose) || code.endsWith('-SALA') || SALARY_WORDS.test(transaction.remittance)) {
    return 'salary';
  }
  if (BENEFIT_PURPOSES.has(purpose) || BENEFIT_WORDS.test(transaction.remittance)) return 'benefit';
  if (BUSINESS_PURPOSES.has(purpose) || BUSINESS_WORDS.test(transaction.remittance)) return 'selfEmployment';
  return 'other';
}

/** The calendar months the period touches, each marked whole or not. */
export function periodMonths(period: { from: string; to: string }): { month: string; complete: boolean }[] {
  const months: { month: string; complete: boolean }[] = [];
  const [fromYear = 0, fromMonth = 1] = period.from.split('-').map(Number);
  for (let index = 0; ; index += 1) {
    const first = new Date(Date.UTC(fromYear, fromMonth - 1 + index, 1));
    const firstDay = first.toISOString().slice(0, 10);
    if (firstDay > period.to) break;
    const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    months.push({ month: firstDay.slice(0, 7), complete: firstDay >= period.from && lastDay <= period.to });
  }
  return months;
}

interface Group {
  readonly kind: IncomeKind;
  readonly byPayer: Map<string, number>;
  readonly byMonth: Map<string, number>;
  count: number;
}

/** Income is regular when it came in at least half of the whole months (two at least, when there are two). */
const isRegular = (group: Group, wholeMonths: readonly string[]) => {
  const seen = wholeMonths.filter((month) => (group.byMonth.get(month) ?? 0) > 0).length;
  return seen >= Math.max(Math.min(2, wholeMonths.length), Math.ceil(wholeMonths.length / 2));
};

function sourceOf(group: Group, months: readonly { month: string; complete: boolean }[]): IncomeSource {
  const byMonth = months.map(({ month, complete }) => ({
    month,
    complete,
    amountCents: group.byMonth.get(month) ?? 0,
  }));
  return {
    kind: group.kind,
    payers: [...group.byPayer].sort((a, b) => b[1] - a[1]).map(([payer]) => payer),
    byMonth,
    paymentCount: group.count,
    monthlyAverageCents: averageOf(byMonth),
  };
}

/** The average of the whole months; of every month when none is whole (a period shorter than a month). */
function averageOf(byMonth: readonly IncomeMonth[]): number {
  const counted = byMonth.some((month) => month.complete) ? byMonth.filter((month) => month.complete) : byMonth;
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((sum, month) => sum + month.amountCents, 0) / counted.length);
}

export function incomeSummary(transactions: readonly BankTransaction[], options: IncomeSummaryOptions): IncomeSummary {
  const { period } = options;
  const own = new Set((options.ownIbans ?? []).map((iban) => iban.replace(/\s/g, '').toUpperCase()));
  const months = periodMonths(period);
  const groups = new Map<string, Group>();
  for (const transaction of transactions) {
    if (transaction.amountCents <= 0 || transaction.bookingDate < period.from || transaction.bookingDate > period.to) {
      continue;
    }
    const iban = transaction.counterpartyIban?.replace(/\s/g, '').toUpperCase() ?? '';
    // card refunds and own transfers come back, they are not earned
    if ((iban && own.has(iban)) || transaction.bankTransactionCode?.toUpperCase().includes('-CCRD-')) continue;
    const classified = classify(transaction);
    const payer = transaction.counterpartyName?.trim() || iban || '?';
    // a salary or a benefit per payer; a self-employed person's clients together; anyone else per payer
    const key = classified === 'selfEmployment' ? 'selfEmployment' : `${classified}|${iban || payer.toLowerCase()}`;
    const kind: IncomeKind = classified === 'benefit' || classified === 'other' ? 'otherRegular' : classified;
    const group = groups.get(key) ?? { kind, byPayer: new Map(), byMonth: new Map(), count: 0 };
    groups.set(key, group);
    const month = transaction.bookingDate.slice(0, 7);
    group.byPayer.set(payer, (group.byPayer.get(payer) ?? 0) + transaction.amountCents);
    group.byMonth.set(month, (group.byMonth.get(month) ?? 0) + transaction.amountCents);
    group.count += 1;
  }
  const wholeMonths = months.filter((month) => month.complete).map((month) => month.month);
  const sources = [...groups.values()]
    .filter((group) => isRegular(group, wholeMonths.length > 0 ? wholeMonths : months.map((m) => m.month)))
    .map((group) => sourceOf(group, months))
    .sort((a, b) => b.monthlyAverageCents - a.monthlyAverageCents);
  const byMonth = months.map(({ month, complete }) => ({
    month,
    complete,
    amountCents: sources.reduce(
      (sum, source) => sum + (source.byMonth.find((m) => m.month === month)?.amountCents ?? 0),
      0,
    ),
  }));
  return { period, sources, byMonth, monthlyAverageCents: averageOf(byMonth), mainKind: sources[0]?.kind ?? null };
}
