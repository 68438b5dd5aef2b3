import {
  bankCodeOf,
  between,
  FRIENDS,
  latvianIban,
  pick,
  sandboxPersonProfile,
  seededRandom,
  SERVICES,
  type Counterparty,
  type SandboxPersonProfile,
} from './ais-people.ts';

/**
 * A sandbox customer's accounts and their booked transactions over the last 24 months, made up from the personal
 * code: each calendar month is drawn from its own seed, so a month's transactions stay the same as time passes and
 * only new months are added.
 */

export const HISTORY_MONTHS = 24;

export interface SandboxAccount {
  readonly resourceId: string;
  readonly iban: string;
  readonly name: string;
  readonly cashAccountType: 'CACC' | 'SVGS';
}

/** A booked transaction as the Berlin Group's `transactions` array carries it, amounts in cents until sent. */
export interface SandboxTransaction {
  readonly transactionId: string;
  readonly bookingDate: string;
  readonly valueDate: string;
  readonly amountCents: number;
  readonly creditorName?: string;
  readonly creditorIban?: string;
  readonly debtorName?: string;
  readonly debtorIban?: string;
  readonly remittanceInformationUnstructured: string;
  readonly bankTransactionCode: string;
  readonly purposeCode?: string;
}

export interface SandboxLedger {
  readonly account: SandboxAccount;
  /** the balance before the first transaction of the history */
  readonly openingCents: number;
  /** oldest first */
  readonly transactions: readonly SandboxTransaction[];
}

const digitsOf = (personalCode: string) => personalCode.replace(/\D/g, '');

export function sandboxAccounts(bankId: string, personalCode: string): SandboxAccount[] {
  const random = seededRandom(`accounts|${bankId}|${digitsOf(personalCode)}`);
  const number = () => Array.from({ length: 13 }, () => String(Math.floor(random() * 10))).join('');
  const current: SandboxAccount = {
    resourceId: `acc-${seededHex(random)}`,
    iban: latvianIban(bankCodeOf(bankId), number()),
    name: 'Norēķinu konts',
    cashAccountType: 'CACC',
  };
  const savings: SandboxAccount = {
    resourceId: `acc-${seededHex(random)}`,
    iban: latvianIban(bankCodeOf(bankId), number()),
    name: 'Krājkonts',
    cashAccountType: 'SVGS',
  };
  return sandboxPersonProfile(personalCode).savingsCents === null ? [current] : [current, savings];
}

const seededHex = (random: () => number) =>
  Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join('');

const MONTHS_LV = [
  'janvāri',
  'februāri',
  'martu',
  'aprīli',
  'maiju',
  'jūniju',
  'jūliju',
  'augustu',
  'septembri',
  'oktobri',
  'novembri',
  'decembri',
];

const MERCHANTS: readonly { readonly name: string; readonly min: number; readonly max: number }[] = [
  { name: 'Lielveikals Saulīte', min: 8, max: 85 },
  { name: 'Veikals Ābele', min: 3, max: 40 },
  { name: 'Degvielas stacija Ceļš', min: 25, max: 70 },
  { name: 'Aptieka Zaļā Lapa', min: 4, max: 35 },
  { name: 'Kafejnīca Kūkotava', min: 3, max: 18 },
  { name: 'Grāmatnīca Vārti', min: 6, max: 30 },
  { name: 'Sporta Klubs Enerģija', min: 29, max: 45 },
  { name: 'Pilsētas Transports e-biļete', min: 5, max: 30 },
];

const isoDate = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, Math.min(day, daysIn(year, month)))).toISOString().slice(0, 10);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Payrolls run on working days: a pay day on a weekend moves to the Friday before. */
function workingDay(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month, Math.min(day, daysIn(year, month))));
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

interface MonthContext {
  readonly random: () => number;
  readonly year: number;
  readonly month: number;
  readonly profile: SandboxPersonProfile;
  readonly owner: string;
  /** the last four digits of the person's card */
  readonly card: string;
  readonly current: SandboxAccount;
  readonly savings: SandboxAccount | undefined;
  readonly out: Draft[];
}

type Draft = Omit<SandboxTransaction, 'transactionId' | 'valueDate'> & { readonly account: 'current' | 'savings' };

function income(context: MonthContext): number {
  const { random, year, month, profile, out } = context;
  if (profile.employer) {
    const previous = new Date(Date.UTC(year, month - 1, 1));
    const cents = Math.round(profile.monthlyIncomeCents * (0.97 + random() * 0.06));
    out.push({
      account: 'current',
      bookingDate: workingDay(year, month, profile.payDay),
      amountCents: cents,
      debtorName: profile.employer.name,
      debtorIban: profile.employer.iban,
      remittanceInformationUnstructured: `Darba alga par ${previous.getUTCFullYear()}. gada ${MONTHS_LV[previous.getUTCMonth()] ?? ''}`,
      bankTransactionCode: 'PMNT-RCDT-SALA',
      purposeCode: 'SALA',
    });
    return cents;
  }
  const invoices = between(random, 2, 4);
  let total = 0;
  for (let index = 0; index < invoices; index += 1) {
    const client = pick(random, profile.clients);
    const cents = Math.round((profile.monthlyIncomeCents / invoices) * (0.6 + random() * 0.8));
    total += cents;
    out.push({
      account: 'current',
      bookingDate: isoDate(year, month, between(random, 1, 28)),
      amountCents: cents,
      debtorName: client.name,
      debtorIban: client.iban,
      remittanceInformationUnstructured: `Rēķins Nr. ${year}/${String(month * 4 + index + 1).padStart(3, '0')}`,
      bankTransactionCode: 'PMNT-RCDT-ESCT',
      purposeCode: 'SUPP',
    });
  }
  return total;
}

const payment = (
  context: MonthContext,
  to: Counterparty,
  day: number,
  cents: number,
  remittance: string,
  purposeCode?: string,
): Draft => ({
  account: 'current',
  bookingDate: isoDate(context.year, context.month, day),
  amountCents: -cents,
  creditorName: to.name,
  creditorIban: to.iban,
  remittanceInformationUnstructured: remittance,
  bankTransactionCode: 'PMNT-ICDT-ESCT',
  ...(purposeCode ? { purposeCode } : {}),
});

/** Rent, housing, energy, internet, taxes and savings: what leaves the account every month; returns its sum. */
function fixedCosts(context: MonthContext): number {
  const { random, month, profile, out } = context;
  const period = `${String(month + 1).padStart(2, '0')}/${context.year}`;
  const bills: Draft[] = [];
  if (profile.rent) {
    bills.push(
      payment(context, profile.rent.landlord, between(random, 1, 3), profile.rent.cents, `Īre ${period}`, 'RENT'),
    );
  } else {
    const cents = between(random, 6000, 14000);
    bills.push(payment(context, SERVICES.housing, between(random, 12, 20), cents, `Apsaimniekošana ${period}`));
  }
  const bill = (to: Counterparty, min: number, max: number, text: string) =>
    bills.push(payment(context, to, between(random, 14, 24), between(random, min, max), `${text} ${period}`));
  bill(SERVICES.electricity, 2500, 7000, 'Elektroenerģija, rēķins');
  bill(SERVICES.internet, 1500, 3500, 'Internets un mobilais sakaru pakalpojums');
  if (month >= 9 || month <= 3) bill(SERVICES.heating, 4000, 16000, 'Apkure');
  if (profile.incomeKind === 'selfEmployment') {
    const cents = Math.round(profile.monthlyIncomeCents * 0.1);
    bills.push(payment(context, SERVICES.taxes, 20, cents, `VSAOI un IIN avansa maksājums ${period}`, 'TAXS'));
  }
  if (profile.savingsCents !== null && context.savings) {
    const own = { name: context.owner, iban: context.savings.iban };
    const out = payment(context, own, 11, profile.savingsCents, 'Uzkrājumi');
    const incoming: Draft = {
      account: 'savings',
      bookingDate: out.bookingDate,
      amountCents: profile.savingsCents,
      debtorName: context.owner,
      debtorIban: context.current.iban,
      remittanceInformationUnstructured: out.remittanceInformationUnstructured,
      bankTransactionCode: 'PMNT-RCDT-ESCT',
    };
    bills.push(out, incoming);
  }
  out.push(...bills);
  return bills.filter((bill) => bill.account === 'current').reduce((sum, bill) => sum - bill.amountCents, 0);
}

/** Card payments, a cash withdrawal and transfers to friends spending about the budget, so balances stay believable. */
function everydaySpending(context: MonthContext, budgetCents: number): void {
  const { random, out } = context;
  const day = () => isoDate(context.year, context.month, between(random, 1, 28));
  const drawn = Array.from({ length: between(random, 15, 28) }, () => {
    const merchant = pick(random, MERCHANTS);
    return { merchant, cents: between(random, merchant.min * 100, merchant.max * 100) };
  });
  const drawnTotal = drawn.reduce((sum, card) => sum + card.cents, 0);
  // a month's shopping grows with what the person earns, up to three times the usual basket
  const scale = Math.min(3, Math.max(0.2, budgetCents / Math.max(drawnTotal, 1)));
  let left = budgetCents;
  for (const { merchant, cents: raw } of drawn) {
    const cents = Math.round(raw * scale);
    if (cents > left) break;
    left -= cents;
    out.push({
      account: 'current',
      bookingDate: day(),
      amountCents: -cents,
      creditorName: merchant.name,
      remittanceInformationUnstructured: `Kartes maksājums ${merchant.name}, Rīga, karte 4***${context.card}`,
      bankTransactionCode: 'PMNT-CCRD-POSD',
    });
  }
  if (left > 10_000) {
    const cents = Math.floor((left * (0.5 + random() * 0.4)) / 1000) * 1000;
    left -= cents;
    out.push({
      account: 'current',
      bookingDate: day(),
      amountCents: -cents,
      remittanceInformationUnstructured: `Skaidras naudas izņemšana bankomātā, Rīga, karte 4***${context.card}`,
      bankTransactionCode: 'PMNT-CCRD-CWDL',
    });
  }
  if (random() < 0.5 && left > 2000) {
    const friend = pick(random, FRIENDS);
    out.push(payment(context, friend, between(random, 1, 28), Math.min(left, between(random, 1000, 6000)), 'Paldies!'));
  }
  if (random() < 0.25) {
    const friend = pick(random, FRIENDS);
    out.push({
      account: 'current',
      bookingDate: isoDate(context.year, context.month, between(random, 1, 28)),
      amountCents: between(random, 1000, 8000),
      debtorName: friend.name,
      debtorIban: friend.iban,
      remittanceInformationUnstructured: 'Atdodu parādu',
      bankTransactionCode: 'PMNT-RCDT-ESCT',
    });
  }
}

/** The ledgers of each account of a person at a bank, up to and including `today` (YYYY-MM-DD). */
export function sandboxLedgers(bankId: string, personalCode: string, owner: string, today: string): SandboxLedger[] {
  const profile = sandboxPersonProfile(personalCode);
  const [current, savings] = sandboxAccounts(bankId, personalCode);
  if (!current) return [];
  const end = new Date(`${today}T00:00:00Z`);
  const first = isoDate(end.getUTCFullYear(), end.getUTCMonth() - HISTORY_MONTHS, end.getUTCDate());
  const card = String(between(seededRandom(`card|${digitsOf(personalCode)}`), 1000, 9999));
  const drafts: Draft[] = [];
  for (let back = HISTORY_MONTHS; back >= 0; back -= 1) {
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - back, 1));
    const [year, month] = [start.getUTCFullYear(), start.getUTCMonth()];
    const random = seededRandom(`month|${bankId}|${digitsOf(personalCode)}|${year}-${month}`);
    const context: MonthContext = { random, year, month, profile, owner, card, current, savings, out: [] };
    const earned = income(context);
    const fixed = fixedCosts(context);
    everydaySpending(context, Math.round(earned * (0.9 + random() * 0.1)) - fixed);
    drafts.push(...context.out.filter((draft) => draft.bookingDate >= first && draft.bookingDate <= today));
  }
  drafts.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
  const ledger = (account: SandboxAccount, which: Draft['account'], openingCents: number): SandboxLedger => ({
    account,
    openingCents,
    transactions: drafts
      .filter((draft) => draft.account === which)
      .map(({ account: _account, ...draft }, index) => ({
        ...draft,
        transactionId: `${account.resourceId.slice(4, 12)}-${draft.bookingDate.replaceAll('-', '')}-${index}`,
        valueDate: draft.bookingDate,
      })),
  });
  const ledgers = [ledger(current, 'current', profile.openingCents)];
  if (savings) ledgers.push(ledger(savings, 'savings', 0));
  return ledgers;
}

export const closingCents = (ledger: SandboxLedger): number =>
  ledger.transactions.reduce((sum, transaction) => sum + transaction.amountCents, ledger.openingCents);
