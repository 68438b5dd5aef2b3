import { createHash } from 'node:crypto';

/**
 * Who a sandbox bank's customer is, money-wise: derived from the personal code alone, so the same code shows the
 * same employer, rent and habits at every visit and in every test, and a tester picks a kind of earner by the code.
 * Every name here is invented (DOMAIN.md: never a real company's name).
 */

export type SandboxIncomeKind = 'salary' | 'selfEmployment';

export interface Counterparty {
  readonly name: string;
  readonly iban: string;
}

export interface SandboxPersonProfile {
  readonly incomeKind: SandboxIncomeKind;
  /** the employer paying the salary; null for the self-employed */
  readonly employer: Counterparty | null;
  /** net monthly salary, or the self-employed person's typical monthly turnover, in cents */
  readonly monthlyIncomeCents: number;
  /** the self-employed person's clients, who pay their invoices; empty for employees */
  readonly clients: readonly Counterparty[];
  readonly payDay: number;
  readonly rent: { readonly landlord: Counterparty; readonly cents: number } | null;
  readonly savingsCents: number | null;
  readonly openingCents: number;
}

/** A stream of numbers in [0, 1) from a text: the same text, the same stream. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  // mulberry32: small and even enough for made-up bank data, never for anything secret
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('nothing to pick from');
  return item;
};

export const between = (random: () => number, min: number, max: number): number =>
  Math.round(min + random() * (max - min));

/** The sandbox banks' codes in their IBANs (invented: no real Latvian bank uses them). */
const BANK_CODES: Readonly<Record<string, string>> = {
  'daugavas-banka': 'DAUG',
  'rigas-krajbanka': 'RKRB',
  'vidzemes-banka': 'VIDZ',
  'kurzemes-komercbanka': 'KURZ',
  'latgales-banka': 'LATG',
  'zemgales-banka': 'ZEMG',
};

export const bankCodeOf = (bankId: string): string => BANK_CODES[bankId] ?? 'SNDB';

/** A Latvian IBAN (LVkk BBBB 13 characters) with a true ISO 13616 check, so validators take it. */
export function latvianIban(bankCode: string, accountNumber: string): string {
  const bban = `${bankCode}${accountNumber.padStart(13, '0').slice(-13)}`;
  const digits = `${bban}LV00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `LV${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const ibanFor = (name: string): string => {
  const random = seededRandom(`counterparty|${name}`);
  const account = Array.from({ length: 13 }, () => String(Math.floor(random() * 10))).join('');
  return latvianIban(pick(random, Object.values(BANK_CODES)), account);
};

const party = (name: string): Counterparty => ({ name, iban: ibanFor(name) });

export const EMPLOYERS: readonly Counterparty[] = [
  'SIA Ziemeļu Koks',
  'AS Daugavas Būvnieks',
  'SIA Baltijas Loģistikas Centrs',
  'SIA Rīgas Programmatūra',
  'AS Vidzemes Piena Ražotne',
  'SIA Kurzemes Ostas Serviss',
  'SIA Latgales Maiznīca',
  'Rīgas Pilsētas Ārstniecības Centrs',
].map(party);

export const CLIENTS: readonly Counterparty[] = [
  'SIA Dizaina Darbnīca Zīle',
  'SIA Mārupes Remonts',
  'SIA Gaujas Viesnīca',
  'SIA Tehnoloģiju Partneri',
  'SIA Jūrmalas Kafejnīcas',
  'SIA Ogres Mēbeles',
  'Biedrība Radošā Vasara',
].map(party);

const LANDLORDS: readonly Counterparty[] = ['SIA Mājokļu Pārvaldnieks', 'Ilze Kalniņa', 'Andris Ozoliņš'].map(party);

export const SERVICES = {
  electricity: party('AS Baltijas Elektroenerģija'),
  internet: party('SIA Tīkls Plus'),
  heating: party('SIA Pilsētas Siltums'),
  housing: party('SIA Namu Serviss Rīga'),
  taxes: party('Valsts kase (VID)'),
} as const;

export const FRIENDS: readonly Counterparty[] = [
  'Anna Bērziņa',
  'Pēteris Liepiņš',
  'Marina Petrova',
  'Oskars Krūmiņš',
].map(party);

/**
 * Salary or self-employment: the tenth digit of the code (the one before the last) decides, even for
 * self-employment, so testers choose by the code they type (010180-15097 is employed, 329999-12345 self-employed).
 */
export function sandboxIncomeKind(personalCode: string): SandboxIncomeKind {
  const digits = personalCode.replace(/\D/g, '');
  return Number(digits[9] ?? '1') % 2 === 0 ? 'selfEmployment' : 'salary';
}

export function sandboxPersonProfile(personalCode: string): SandboxPersonProfile {
  const random = seededRandom(`person|${personalCode.replace(/\D/g, '')}`);
  const incomeKind = sandboxIncomeKind(personalCode);
  const clientCount = between(random, 3, 4);
  const start = between(random, 0, CLIENTS.length - 1);
  const renter = random() < 0.5;
  return {
    incomeKind,
    employer: incomeKind === 'salary' ? pick(random, EMPLOYERS) : null,
    monthlyIncomeCents: between(random, 950, 2950) * 100 + between(random, 0, 99),
    clients:
      incomeKind === 'selfEmployment'
        ? Array.from({ length: clientCount }, (_, index) => CLIENTS[(start + index) % CLIENTS.length] as Counterparty)
        : [],
    payDay: between(random, 5, 10),
    rent: renter ? { landlord: pick(random, LANDLORDS), cents: between(random, 28, 65) * 1000 } : null,
    savingsCents: random() < 0.4 ? between(random, 5, 20) * 1000 : null,
    openingCents: between(random, 300, 3000) * 100 + between(random, 0, 99),
  };
}
