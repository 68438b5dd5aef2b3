import {
  DEPENDENTS_COUNTS,
  EMPLOYMENT_DURATIONS,
  INCOME_TYPES,
  NOTICE_DEFAULTS,
  OTHER_INCOME_TYPES,
  TIME_UNTIL_END_OR_START,
  type IncomeType,
  type LoanPurpose,
} from '../../../../domain/application-options.ts';
import { composeBirthDate } from '../../../../domain/birth-date-options.ts';
import { DEFAULT_AMOUNT, DEFAULT_TERM } from '../../../../domain/loan-options.ts';
import { isNewFormatPersonalCode, normalizePersonalCode } from '../../../../domain/personal-code.ts';
import { DEFAULT_DIAL_CODE, DEFAULT_PHONE_COUNTRY } from '../../../../domain/phone.ts';
import { phoneCountryByIso, type PhoneCountryIso } from '../../../../domain/phone-countries.ts';
import { preselectedLoan, type Preselection } from '../../../../domain/preselection.ts';

export { isLoanPurpose, snapAmount, type Preselection } from '../../../../domain/preselection.ts';

/**
 * What the form holds while the person fills it in (text as typed, answers not yet given as null),
 * and how it becomes the application the schema judges: only the fields that apply.
 */

export type YesNo = boolean | null;

export interface IncomeDetails {
  readonly employmentDuration: string;
  readonly typeOfOtherIncome: string;
  readonly timeUntilEndOrStart: string;
}
export type IncomeDetailsMap = Readonly<Record<IncomeType, IncomeDetails>>;

export interface FormValues {
  readonly monthlyIncome: string;
  readonly amount: number;
  readonly term: number;
  /** the chosen income types; sent in the priority order of INCOME_TYPES */
  readonly incomeTypes: readonly IncomeType[];
  readonly incomeDetails: IncomeDetailsMap;
  readonly firstname: string;
  readonly lastname: string;
  readonly loanPurpose: LoanPurpose | '';
  readonly amountRefinance: string;
  readonly additionalAmount: string;
  readonly loanPurposeText: string;
  readonly personalId: string;
  readonly birthYear: string;
  readonly birthMonth: string;
  readonly birthDay: string;
  readonly email: string;
  readonly phoneCountry: PhoneCountryIso;
  /** "+", the country's prefix and the digits typed: "+371" while empty */
  readonly phoneNumber: string;
  readonly hasSpouse: YesNo;
  readonly spouseEmail: string;
  readonly spouseOffer: YesNo;
  readonly spouseIncomeTypes: readonly IncomeType[];
  readonly spouseIncomeDetails: IncomeDetailsMap;
  readonly monthlyFamilyFinancialLiabilities: string;
  readonly otherFamilyFinancialLiabilities: string;
  readonly hasDependents: YesNo;
  readonly numberOfDependents: string;
  readonly ownsProperty: YesNo;
  readonly hasFinancialLiabilities: YesNo;
  readonly monthlyFinancialLiabilities: string;
  readonly otherFinancialLiabilities: string;
  readonly politicalyExposedPerson: YesNo;
  readonly politicalPosition: string;
  readonly acceptTerms: boolean;
  readonly acceptDataSharing: boolean;
  readonly acceptDirectMarketing: boolean;
  readonly emailNotices: boolean;
  readonly smsNotices: boolean;
  /** lenders the person unticked (ids); those that do not serve the loan are never asked anyway */
  readonly excludedLenders: readonly string[];
}

const EMPTY_DETAILS: IncomeDetails = { employmentDuration: '', typeOfOtherIncome: '', timeUntilEndOrStart: '' };
export const emptyIncomeDetails = (): IncomeDetailsMap =>
  Object.fromEntries(INCOME_TYPES.map((type) => [type, EMPTY_DETAILS])) as Record<IncomeType, IncomeDetails>;

export const EMPTY_VALUES: FormValues = {
  monthlyIncome: '',
  amount: DEFAULT_AMOUNT,
  term: DEFAULT_TERM,
  incomeTypes: [],
  incomeDetails: emptyIncomeDetails(),
  firstname: '',
  lastname: '',
  loanPurpose: '',
  amountRefinance: '',
  additionalAmount: '',
  loanPurposeText: '',
  personalId: '',
  birthYear: '',
  birthMonth: '',
  birthDay: '',
  email: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  phoneNumber: `+${DEFAULT_DIAL_CODE}`,
  hasSpouse: null,
  spouseEmail: '',
  spouseOffer: null,
  spouseIncomeTypes: [],
  spouseIncomeDetails: emptyIncomeDetails(),
  monthlyFamilyFinancialLiabilities: '',
  otherFamilyFinancialLiabilities: '',
  hasDependents: null,
  numberOfDependents: '',
  ownsProperty: null,
  hasFinancialLiabilities: null,
  monthlyFinancialLiabilities: '',
  otherFinancialLiabilities: '',
  politicalyExposedPerson: null,
  politicalPosition: '',
  acceptTerms: false,
  acceptDataSharing: false,
  // as the API takes a submission without them: e-mails about this application on, the rest off
  ...NOTICE_DEFAULTS,
  excludedLenders: [],
};

/** The starting values: what a link preselected, then what the draft kept (the person's own answers win). */
export function initialValues(preselection: Preselection, draft: Partial<FormValues> | null): FormValues {
  return { ...EMPTY_VALUES, ...preselectedLoan(preselection), ...draft };
}

/** Other-income kinds where the person is not working now: they say when they start (or go back). */
const NOT_WORKING: ReadonlySet<string> = new Set<(typeof OTHER_INCOME_TYPES)[number]>([
  'maternityLeave',
  'student',
  'other',
]);
export const asksTimeUntilStart = (typeOfOtherIncome: string): boolean => NOT_WORKING.has(typeOfOtherIncome);

/** Whether the date-of-birth selectors show: a new-format code carries no date of birth. */
export const asksDateOfBirth = (values: Pick<FormValues, 'personalId'>): boolean =>
  isNewFormatPersonalCode(values.personalId.trim());

/**
 * The number a person typed as a sum of euros: "1 200", "1200,50" and "1200.5" are fine.
 * undefined when nothing is typed, NaN when it is not a sum (the schema then says so).
 */
export function parseMoney(input: string): number | undefined {
  const compacted = input.replace(/[\s\u00a0\u202f€]/g, '').replace(/eur$/i, '');
  if (compacted === '') return undefined;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compacted);
  return match ? Number(`${match[1]}.${match[2] ?? '0'}`) : Number.NaN;
}

const text = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
const answer = (value: YesNo): boolean | undefined => (value === null ? undefined : value);
const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Drops keys whose value is undefined, so a field that does not apply is not sent at all. */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The chosen income types as the list the application sends: priority order, one entry per chosen type. */
export function incomeEntries(chosen: readonly IncomeType[], details: IncomeDetailsMap): Record<string, unknown>[] {
  return INCOME_TYPES.filter((type) => chosen.includes(type)).map((type) => {
    const detail = details[type];
    const other = type === 'other';
    return compact({
      type,
      employmentDuration: oneOf(EMPLOYMENT_DURATIONS, detail.employmentDuration),
      typeOfOtherIncome: other ? oneOf(OTHER_INCOME_TYPES, detail.typeOfOtherIncome) : undefined,
      timeUntilEndOrStart:
        other && asksTimeUntilStart(detail.typeOfOtherIncome)
          ? oneOf(TIME_UNTIL_END_OR_START, detail.timeUntilEndOrStart)
          : undefined,
    });
  });
}

/** The digits typed after the phone's prefix. */
export function phoneSubscriber(values: Pick<FormValues, 'phoneCountry' | 'phoneNumber'>): string {
  const dialCode = phoneCountryByIso(values.phoneCountry)?.dialCode ?? '';
  return values.phoneNumber.replace(/\D/g, '').slice(dialCode.length);
}

/**
 * The application as the schema takes it: typed text turned into numbers, and only the fields
 * that apply to the answers given (a spouse's e-mail only with a spouse, and so on).
 */
export function assembleApplication(values: FormValues): Record<string, unknown> {
  const spouse = values.hasSpouse === true;
  const liabilities = values.hasFinancialLiabilities === true;
  const personalId = normalizePersonalCode(values.personalId);
  const spouseIncome = incomeEntries(values.spouseIncomeTypes, values.spouseIncomeDetails);
  return compact({
    monthlyIncome: parseMoney(values.monthlyIncome),
    amount: values.amount,
    term: values.term,
    incomeTypes: incomeEntries(values.incomeTypes, values.incomeDetails),
    firstname: values.firstname,
    lastname: values.lastname,
    loanPurpose: values.loanPurpose === '' ? undefined : values.loanPurpose,
    amountRefinance: values.loanPurpose === 'refinancing' ? parseMoney(values.amountRefinance) : undefined,
    additionalAmount: values.loanPurpose === 'refinancing' ? parseMoney(values.additionalAmount) : undefined,
    loanPurposeText: values.loanPurpose === 'other' ? values.loanPurposeText.trim() : undefined,
    personalId,
    dateOfBirth: asksDateOfBirth(values)
      ? (composeBirthDate(values.birthYear, values.birthMonth, values.birthDay) ?? undefined)
      : undefined,
    email: values.email,
    phoneNumber: phoneSubscriber(values) === '' ? '' : values.phoneNumber,
    hasSpouse: answer(values.hasSpouse),
    spouseEmail: spouse ? text(values.spouseEmail) : undefined,
    spouseOffer: spouse ? answer(values.spouseOffer) : undefined,
    spouseIncomeTypes: spouse && spouseIncome.length > 0 ? spouseIncome : undefined,
    monthlyFamilyFinancialLiabilities: spouse ? parseMoney(values.monthlyFamilyFinancialLiabilities) : undefined,
    otherFamilyFinancialLiabilities: spouse ? parseMoney(values.otherFamilyFinancialLiabilities) : undefined,
    hasDependents: answer(values.hasDependents),
    numberOfDependents: values.hasDependents === true ? oneOf(DEPENDENTS_COUNTS, values.numberOfDependents) : undefined,
    ownsProperty: answer(values.ownsProperty),
    hasFinancialLiabilities: answer(values.hasFinancialLiabilities),
    monthlyFinancialLiabilities: liabilities ? parseMoney(values.monthlyFinancialLiabilities) : undefined,
    otherFinancialLiabilities: liabilities ? parseMoney(values.otherFinancialLiabilities) : undefined,
    politicalyExposedPerson: answer(values.politicalyExposedPerson),
    politicalPosition: values.politicalyExposedPerson === true ? text(values.politicalPosition) : undefined,
    acceptTerms: values.acceptTerms,
    acceptDataSharing: values.acceptDataSharing,
    acceptDirectMarketing: values.acceptDirectMarketing,
    emailNotices: values.emailNotices,
    smsNotices: values.smsNotices,
    excludedLenders: [...values.excludedLenders],
  });
}

/** The value at a dotted path ("incomeTypes.0.type") of an assembled application. */
export function valueAtPath(object: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, part) =>
        current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[part] : undefined,
      object,
    );
}

/** The fields the form shows for these answers, by their name in the application. */
export function shownFields(values: FormValues): ReadonlySet<string> {
  const shown = [
    'monthlyIncome',
    'amount',
    'term',
    'incomeTypes',
    'firstname',
    'lastname',
    'loanPurpose',
    'personalId',
    'email',
    'phoneNumber',
    'hasSpouse',
    'hasDependents',
    'ownsProperty',
    'hasFinancialLiabilities',
    'politicalyExposedPerson',
    'acceptTerms',
    'acceptDataSharing',
    'acceptDirectMarketing',
    'emailNotices',
    'smsNotices',
    'excludedLenders',
  ];
  if (values.loanPurpose === 'refinancing') shown.push('amountRefinance', 'additionalAmount');
  if (values.loanPurpose === 'other') shown.push('loanPurposeText');
  if (asksDateOfBirth(values)) shown.push('dateOfBirth');
  if (values.hasSpouse === true) {
    shown.push(
      'spouseEmail',
      'spouseOffer',
      'spouseIncomeTypes',
      'monthlyFamilyFinancialLiabilities',
      'otherFamilyFinancialLiabilities',
    );
  }
  if (values.hasDependents === true) shown.push('numberOfDependents');
  if (values.hasFinancialLiabilities === true) shown.push('monthlyFinancialLiabilities', 'otherFinancialLiabilities');
  if (values.politicalyExposedPerson === true) shown.push('politicalPosition');
  return new Set(shown);
}

/** Whether an error at this dotted path has a field of the form to stand beside. */
export function isShownPath(values: FormValues, path: string): boolean {
  const [field, index, detail] = path.split('.');
  if (field === undefined || !shownFields(values).has(field)) return false;
  if (index === undefined) return true;
  if (field !== 'incomeTypes' && field !== 'spouseIncomeTypes') return false;
  const type = INCOME_TYPES.filter((candidate) => values[field].includes(candidate))[Number(index)];
  if (type === undefined) return false;
  if (detail === undefined || detail === 'type' || detail === 'employmentDuration') return true;
  const details = values[field === 'incomeTypes' ? 'incomeDetails' : 'spouseIncomeDetails'][type];
  if (detail === 'typeOfOtherIncome') return type === 'other';
  return detail === 'timeUntilEndOrStart' && type === 'other' && asksTimeUntilStart(details.typeOfOtherIncome);
}
