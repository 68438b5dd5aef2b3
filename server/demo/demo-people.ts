import type { LoanApplication } from '../../domain/application.ts';
import type { IncomeEntry } from '../../domain/application.ts';
import type { LoanPurpose } from '../../domain/loan-purposes.ts';
import { LOAN_AMOUNTS } from '../../domain/loan-options.ts';
import type { Dice } from './demo-random.ts';

/**
 * Invented applicants: common Latvian and Russian names (a name alone names no one), personal codes with a valid
 * check digit, e-mail addresses at the example domains (RFC 2606: no mail ever reaches anyone) and +371 mobile
 * numbers. Nothing here is anybody's data.
 */

const LV_MEN = [
  'Jānis',
  'Andris',
  'Māris',
  'Edgars',
  'Kristaps',
  'Artūrs',
  'Roberts',
  'Mārtiņš',
  'Raivis',
  'Aigars',
  'Kārlis',
  'Dainis',
  'Gatis',
  'Toms',
  'Uldis',
  'Valdis',
];
const LV_WOMEN = [
  'Anna',
  'Laura',
  'Ilze',
  'Inese',
  'Kristīne',
  'Līga',
  'Elīna',
  'Santa',
  'Dace',
  'Zane',
  'Sanita',
  'Agnese',
  'Evija',
  'Ieva',
  'Baiba',
  'Madara',
];
// surnames in their masculine and feminine forms
const LV_SURNAMES: readonly (readonly [string, string])[] = [
  ['Bērziņš', 'Bērziņa'],
  ['Kalniņš', 'Kalniņa'],
  ['Ozoliņš', 'Ozoliņa'],
  ['Jansons', 'Jansone'],
  ['Ozols', 'Ozola'],
  ['Liepiņš', 'Liepiņa'],
  ['Krūmiņš', 'Krūmiņa'],
  ['Balodis', 'Balode'],
  ['Eglītis', 'Eglīte'],
  ['Zariņš', 'Zariņa'],
  ['Pētersons', 'Pētersone'],
  ['Vītols', 'Vītola'],
  ['Kļaviņš', 'Kļaviņa'],
  ['Kārkliņš', 'Kārkliņa'],
  ['Vanags', 'Vanaga'],
];
const RU_MEN = [
  'Aleksandrs',
  'Sergejs',
  'Dmitrijs',
  'Andrejs',
  'Vladimirs',
  'Nikolajs',
  'Igors',
  'Jevgēņijs',
  'Maksims',
  'Olegs',
];
const RU_WOMEN = [
  'Jeļena',
  'Olga',
  'Tatjana',
  'Natālija',
  'Irina',
  'Svetlana',
  'Marina',
  'Anastasija',
  'Jūlija',
  'Gaļina',
];
const RU_SURNAMES: readonly (readonly [string, string])[] = [
  ['Ivanovs', 'Ivanova'],
  ['Petrovs', 'Petrova'],
  ['Smirnovs', 'Smirnova'],
  ['Kuzņecovs', 'Kuzņecova'],
  ['Popovs', 'Popova'],
  ['Volkovs', 'Volkova'],
  ['Sokolovs', 'Sokolova'],
  ['Lebedevs', 'Lebedeva'],
  ['Kozlovs', 'Kozlova'],
  ['Novikovs', 'Novikova'],
];
const MAIL_DOMAINS = ['example.lv', 'example.com', 'example.org', 'example.net'];

const CHECK_WEIGHTS = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A personal code of the old format (DDMMYY-CZZZQ) for the birth date, its check digit computed. */
export function personalCodeOf(birth: Date, serial: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const year = birth.getUTCFullYear();
  const century = year >= 2000 ? 2 : 1;
  const first = `${pad(birth.getUTCDate())}${pad(birth.getUTCMonth() + 1)}${pad(year % 100)}`;
  const body = `${first}${century}${String(serial % 1000).padStart(3, '0')}`;
  const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(body[index]), 0);
  const check = ((((1101 - sum) % 11) + 11) % 11) % 10;
  return `${first}-${body.slice(6)}${check}`;
}

/** A new-format code (since 2017: 32…, no birth date in it). */
const newFormatCode = (dice: Dice): string =>
  `3${dice.int(2, 9)}${String(dice.int(0, 9999)).padStart(4, '0')}-${String(dice.int(0, 99999)).padStart(5, '0')}`;

const ascii = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export interface DemoPerson {
  readonly language: 'lv' | 'ru';
  readonly firstname: string;
  readonly lastname: string;
  readonly personalId: string;
  readonly dateOfBirth?: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly monthlyIncome: number;
  /** 0 (the best) to 9: the lenders' rates and answers follow it */
  readonly risk: number;
}

export function demoPerson(dice: Dice, now: Date, number: number): DemoPerson {
  const language = dice.chance(0.3) ? 'ru' : 'lv';
  const woman = dice.chance(0.52);
  const [men, women, surnames] = language === 'ru' ? [RU_MEN, RU_WOMEN, RU_SURNAMES] : [LV_MEN, LV_WOMEN, LV_SURNAMES];
  const firstname = dice.pick(woman ? women : men);
  const lastname = dice.pick(surnames)[woman ? 1 : 0];
  // ages 19 to 74, most between 25 and 55
  const age = Math.min(74, Math.max(19, Math.round(dice.logNormal(38, 0.28))));
  const birth = new Date(Date.UTC(now.getUTCFullYear() - age - 1, dice.int(0, 11), dice.int(1, 28)));
  const newFormat = dice.chance(0.08);
  const mailbox = `${ascii(firstname)}.${ascii(lastname)}${dice.chance(0.6) ? dice.int(1, 999) : ''}`;
  return {
    language,
    firstname,
    lastname,
    personalId: newFormat ? newFormatCode(dice) : personalCodeOf(birth, number),
    ...(newFormat ? { dateOfBirth: birth.toISOString().slice(0, 10) } : {}),
    email: `${mailbox}@${dice.pick(MAIL_DOMAINS)}`,
    phoneNumber: `+3712${String(dice.int(0, 9_999_999)).padStart(7, '0')}`,
    monthlyIncome: Math.round(dice.logNormal(1300, 0.45) / 10) * 10,
    risk: Math.min(9, Math.floor(dice.next() * dice.next() * 10 + dice.next() * 3)),
  };
}

/** The loan a person asks for, by the product they came for: car loans larger, refinancing longer. */
export function demoLoan(dice: Dice, purpose: LoanPurpose): { amount: number; term: number } {
  const median =
    purpose === 'buyingCar' ? 9000 : purpose === 'refinancing' ? 7000 : purpose === 'houseRepair' ? 6000 : 2500;
  const wanted = dice.logNormal(median, 0.75);
  const amount = LOAN_AMOUNTS.reduce((best, value) =>
    Math.abs(value - wanted) < Math.abs(best - wanted) ? value : best,
  );
  const terms = amount <= 1000 ? [6, 12, 18, 24] : amount <= 5000 ? [12, 24, 36, 48, 60] : [36, 48, 60, 72, 84];
  return { amount, term: dice.pick(terms) };
}

/** The form as the person sent it: what the applicant record seals. */
export function demoApplicationForm(
  dice: Dice,
  person: DemoPerson,
  loan: { amount: number; term: number; purpose: LoanPurpose },
): LoanApplication {
  const liabilities = dice.chance(0.35);
  const dependents = dice.chance(0.4);
  const income: IncomeEntry = dice.chance(0.8)
    ? { type: 'fullTimeJob', employmentDuration: dice.pick(['under12Months', 'over12Months', 'over12Months'] as const) }
    : {
        type: 'other',
        employmentDuration: 'over12Months',
        typeOfOtherIncome: dice.pick(['pensioner', 'businessman', 'workingAbroad'] as const),
      };
  return {
    monthlyIncome: person.monthlyIncome,
    amount: loan.amount,
    term: loan.term,
    incomeTypes: [income],
    firstname: person.firstname,
    lastname: person.lastname,
    loanPurpose: loan.purpose,
    personalId: person.personalId,
    ...(person.dateOfBirth ? { dateOfBirth: person.dateOfBirth } : {}),
    email: person.email,
    phoneNumber: person.phoneNumber,
    hasSpouse: dice.chance(0.5),
    hasDependents: dependents,
    ...(dependents ? { numberOfDependents: dice.pick(['1', '2', '3'] as const) } : {}),
    hasFinancialLiabilities: liabilities,
    ...(liabilities ? { monthlyFinancialLiabilities: dice.int(5, 60) * 10 } : {}),
    politicalyExposedPerson: false,
    acceptTerms: true,
    acceptDataSharing: true,
    acceptDirectMarketing: dice.chance(0.25),
    emailNotices: dice.chance(0.92),
    smsNotices: dice.chance(0.45),
    excludedLenders: [],
  } as LoanApplication;
}
