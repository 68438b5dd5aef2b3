import * as z from 'zod/mini';
import type { $ZodError } from 'zod/v4/core';
import {
  DEPENDENTS_COUNTS,
  EMPLOYMENT_DURATIONS,
  INCOME_TYPES,
  MAX_AGE,
  MIN_AGE,
  NOTICE_DEFAULTS,
  OTHER_INCOME_TYPES,
  TIME_UNTIL_END_OR_START,
} from './application-options.ts';
import { LOAN_PURPOSES } from './loan-purposes.ts';
import { MAX_AMOUNT, MAX_TERM_MONTHS, MIN_AMOUNT, MIN_TERM_MONTHS } from './loan-options.ts';
import { birthDateFromPersonalCode, isNewFormatPersonalCode, isValidPersonalCode } from './personal-code.ts';
import { isValidPhone } from './phone.ts';
import { LENDER_ID_PATTERN } from './lender-id.ts';
import { PLAIN_TEXT } from './plain-text.ts';

/**
 * The loan application of spec section 3, as the form sends it and as the server accepts it.
 * Every issue's message is a key of locales/{lv,ru}/validation.json, so the browser and the server
 * show the same words in the applicant's language. Written with zod/mini, whose functional checks
 * let the bundler leave out what the form does not use: the same schema, a third of zod's weight
 * in the first step of the wizard. A missing answer names the question ("enter your first
 * name", "say whether you have dependents"); "required" is left for what no question of the form asks.
 */

export const VALIDATION_MESSAGE_KEYS = [
  'required',
  'enterFirstname',
  'enterLastname',
  'enterPersonalCode',
  'enterEmail',
  'enterPhone',
  'answerSpouse',
  'answerDependents',
  'answerLiabilities',
  'answerPep',
  'answerDataSharing',
  'enterLiabilities',
  'enterPosition',
  'selectDependents',
  'enterDateOfBirth',
  'selectEmploymentDuration',
  'selectOtherIncome',
  'nameTooLong',
  'selectPurpose',
  'purposeText',
  'onlyLetters',
  'phone',
  'email',
  'personalCode',
  'nameLength',
  'nameLatin',
  'amountRange',
  'termRange',
  'income',
  'money',
  'ageRange',
  'dateOfBirth',
  'incomeTypes',
  'acceptTerms',
  'smsCode',
  'lenders',
  'textCharacters',
  'unknownField',
  'invalidValue',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

export {
  DEPENDENTS_COUNTS,
  EMPLOYMENT_DURATIONS,
  INCOME_TYPES,
  LOAN_PURPOSES,
  MAX_AGE,
  MIN_AGE,
  OTHER_INCOME_TYPES,
  TIME_UNTIL_END_OR_START,
  type IncomeType,
  type LoanPurpose,
} from './application-options.ts';
const MAX_MONEY = 1_000_000;

const message = (key: ValidationMessageKey) => ({ error: key });

/** A yes/no question the applicant must answer; `missing` names it. */
const requiredBoolean = (missing: ValidationMessageKey) => z.boolean(message(missing));
const optionalBoolean = z.optional(z.boolean(message('invalidValue')));
const moneyAmount = z
  .number(message('money'))
  .check(z.minimum(0, message('money')), z.maximum(MAX_MONEY, message('money')));

/** Trimmed, then required: the form's spaces alone are not an answer. `missing` asks for it by name. */
const requiredText = (missing: ValidationMessageKey, maxLength: number, tooLong: ValidationMessageKey) =>
  z
    .string(message(missing))
    .check(z.trim(), z.minLength(1, message(missing)), z.maxLength(maxLength, message(tooLong)));

/** Free text that goes on to lenders: optional, trimmed, at most `maxLength`, no control characters. */
const freeText = (wrongType: ValidationMessageKey, maxLength: number, tooLong: ValidationMessageKey) =>
  z.optional(
    z
      .string(message(wrongType))
      .check(z.trim(), z.maxLength(maxLength, message(tooLong)), z.regex(PLAIN_TEXT, message('textCharacters'))),
  );

// the apostrophes and hyphens phones and word processors put where a name has ' or -
const APOSTROPHES = /[‘’ʻʼ′`´]/g;
const HYPHENS = /[‐‑‒–−﹣－]/g;

/**
 * A name in its canonical form: NFC (a letter typed as a base and a combining mark becomes one
 * letter), the ASCII apostrophe and hyphen, ordinary spaces. The rules below and the lenders see
 * this form, so "O’Brien–Bērziņa" is the same name as "O'Brien-Bērziņa".
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFC')
    .replace(APOSTROPHES, "'")
    .replace(HYPHENS, '-')
    .replace(/\u00a0/g, ' ');
}

const nameField = (missing: ValidationMessageKey) =>
  z.string(message(missing)).check(
    z.overwrite(normalizeName),
    z.trim(),
    z.minLength(1, message(missing)),
    z.maxLength(50, message('nameTooLong')),
    z.superRefine((value: string, ctx) => {
      if (value.length === 0) return;
      const add = (key: ValidationMessageKey) => ctx.addIssue({ code: 'custom', message: key, input: value });
      // letters of any script, spaces, hyphens and apostrophes between them
      if (!/^[\p{L}\p{M}' -]+$/u.test(value)) return add('onlyLetters');
      // a letter carries at most two marks once composed (NFC above): more is no name a person writes, only a
      // stack of marks drawn over the text around it ("Zalgo"), which would pass as one letter
      if (/\p{M}{3,}/u.test(value)) return add('onlyLetters');
      if (!/^[\p{Script=Latin}\p{M}' -]+$/u.test(value)) return add('nameLatin');
      if ((value.match(/\p{L}/gu) ?? []).length < 2 || !/^\p{L}/u.test(value)) return add('nameLength');
    }),
  );

export const incomeEntrySchema = z.strictObject({
  type: z.enum(INCOME_TYPES, message('incomeTypes')),
  employmentDuration: z.enum(EMPLOYMENT_DURATIONS, message('selectEmploymentDuration')),
  typeOfOtherIncome: z.optional(z.enum(OTHER_INCOME_TYPES, message('selectOtherIncome'))),
  timeUntilEndOrStart: z.optional(z.enum(TIME_UNTIL_END_OR_START, message('required'))),
});
export type IncomeEntry = z.infer<typeof incomeEntrySchema>;

const isoDate = z.string(message('dateOfBirth')).check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, message('dateOfBirth')),
  z.refine((value: string) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, message('dateOfBirth')),
);

/** Age in whole years on `today` (spec: age is computed from the date of birth). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The date of birth the application stands for: from an old-format code, else the form's field. */
export function applicantBirthDate(application: Pick<LoanApplication, 'personalId' | 'dateOfBirth'>): string | null {
  return birthDateFromPersonalCode(application.personalId) ?? application.dateOfBirth ?? null;
}

/** The bound the refinements of the income lists check, as JSON Schema states it (the OpenAPI document reads it). */
const AT_MOST_EACH_INCOME_TYPE = z.meta({ maxItems: INCOME_TYPES.length });

// strict: a field the form does not have is a mistake or a probe, never something to keep or pass on
const applicationFields = z.strictObject({
  // form order 1–16
  monthlyIncome: z
    .number(message('income'))
    .check(z.positive(message('income')), z.maximum(MAX_MONEY, message('income'))),
  amount: z.number(message('amountRange')).check(
    z.minimum(MIN_AMOUNT, message('amountRange')),
    z.maximum(MAX_AMOUNT, message('amountRange')),
    // not z.int(): a failed integer check is fatal in zod and skips the cross-field rules
    z.refine(Number.isInteger, message('amountRange')),
  ),
  incomeTypes: z.array(incomeEntrySchema, message('incomeTypes')).check(
    z.minLength(1, message('incomeTypes')),
    // a refinement, not maxLength: zod treats a failed length check as fatal and would then skip the
    // cross-field rules below, so the form would not show every error at once
    z.refine((entries: readonly unknown[]) => entries.length <= INCOME_TYPES.length, message('incomeTypes')),
    AT_MOST_EACH_INCOME_TYPE,
  ),
  firstname: nameField('enterFirstname'),
  lastname: nameField('enterLastname'),
  loanPurpose: z.enum(LOAN_PURPOSES, message('selectPurpose')),
  personalId: requiredText('enterPersonalCode', 20, 'personalCode').check(
    z.refine(isValidPersonalCode, message('personalCode')),
  ),
  email: z.pipe(requiredText('enterEmail', 254, 'email'), z.email(message('email'))),
  phoneNumber: requiredText('enterPhone', 24, 'phone').check(z.refine(isValidPhone, message('phone'))),
  hasSpouse: requiredBoolean('answerSpouse'),
  hasDependents: requiredBoolean('answerDependents'),
  hasFinancialLiabilities: requiredBoolean('answerLiabilities'),
  monthlyFinancialLiabilities: z.optional(moneyAmount),
  politicalyExposedPerson: requiredBoolean('answerPep'),
  politicalPosition: freeText('enterPosition', 200, 'invalidValue'),
  acceptTerms: z.literal(true, message('acceptTerms')),
  // a missing answer asks for data; an answer that is not yes or no is a wrong value
  acceptDataSharing: z.boolean({
    error: (issue) => (issue.input === undefined ? 'answerDataSharing' : 'invalidValue'),
  }),
  // further fields
  term: z
    .number(message('termRange'))
    .check(
      z.minimum(MIN_TERM_MONTHS, message('termRange')),
      z.maximum(MAX_TERM_MONTHS, message('termRange')),
      z.refine(Number.isInteger, message('termRange')),
    ),
  amountRefinance: z.optional(moneyAmount),
  additionalAmount: z.optional(moneyAmount),
  loanPurposeText: freeText('purposeText', 200, 'purposeText'),
  dateOfBirth: z.optional(isoDate),
  ownsProperty: optionalBoolean,
  numberOfDependents: z.optional(z.enum(DEPENDENTS_COUNTS, message('selectDependents'))),
  spouseEmail: z.optional(z.email(message('email')).check(z.maxLength(254, message('email')))),
  spouseOffer: optionalBoolean,
  spouseIncomeTypes: z.optional(
    z.array(incomeEntrySchema, message('incomeTypes')).check(
      z.refine((entries: readonly unknown[]) => entries.length <= INCOME_TYPES.length, message('incomeTypes')),
      AT_MOST_EACH_INCOME_TYPE,
    ),
  ),
  otherFinancialLiabilities: z.optional(moneyAmount),
  monthlyFamilyFinancialLiabilities: z.optional(moneyAmount),
  otherFamilyFinancialLiabilities: z.optional(moneyAmount),
  // e-mails about this application on, SMS and marketing off, unless the submission says otherwise (NOTICE_DEFAULTS)
  acceptDirectMarketing: z._default(z.boolean(message('invalidValue')), NOTICE_DEFAULTS.acceptDirectMarketing),
  emailNotices: z._default(z.boolean(message('invalidValue')), NOTICE_DEFAULTS.emailNotices),
  smsNotices: z._default(z.boolean(message('invalidValue')), NOTICE_DEFAULTS.smsNotices),
  // lenders the person unticked before sending: never asked, never in the status
  excludedLenders: z._default(
    z
      .array(z.string(message('invalidValue')).check(z.regex(LENDER_ID_PATTERN, message('invalidValue'))))
      .check(z.maxLength(64, message('invalidValue'))),
    [],
  ),
});

type ApplicationFields = z.infer<typeof applicationFields>;

/** Rules that tie fields together; they run even when other fields have errors, so the form shows them all at once. */
function checkDependentFields(
  value: Partial<ApplicationFields>,
  ctx: z.core.$RefinementCtx<Partial<ApplicationFields>>,
  today: () => Date,
): void {
  const add = (path: keyof ApplicationFields, key: ValidationMessageKey) =>
    ctx.addIssue({ code: 'custom', message: key, path: [path], input: value[path] });

  if (value.hasFinancialLiabilities === true && typeof value.monthlyFinancialLiabilities !== 'number') {
    add('monthlyFinancialLiabilities', 'enterLiabilities');
  }
  if (value.politicalyExposedPerson === true && !value.politicalPosition) add('politicalPosition', 'enterPosition');
  if (value.hasDependents === true && value.numberOfDependents === undefined) {
    add('numberOfDependents', 'selectDependents');
  }
  if (value.loanPurpose === 'other') {
    const text = typeof value.loanPurposeText === 'string' ? value.loanPurposeText : '';
    if (text.length < 3 || !/\p{L}{2}/u.test(text)) add('loanPurposeText', 'purposeText');
  }

  const entries = Array.isArray(value.incomeTypes) ? value.incomeTypes : [];
  const types = entries.map((entry) => entry?.type);
  if (new Set(types).size !== types.length) add('incomeTypes', 'incomeTypes');
  entries.forEach((entry, index) => {
    if (entry?.type === 'other' && entry.typeOfOtherIncome === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'selectOtherIncome',
        path: ['incomeTypes', index, 'typeOfOtherIncome'],
        input: entry,
      });
    }
  });

  if (typeof value.personalId !== 'string' || !isValidPersonalCode(value.personalId)) return;
  const fromCode = birthDateFromPersonalCode(value.personalId);
  if (fromCode === null && value.dateOfBirth === undefined && isNewFormatPersonalCode(value.personalId)) {
    add('dateOfBirth', 'enterDateOfBirth');
    return;
  }
  if (fromCode !== null && value.dateOfBirth !== undefined && value.dateOfBirth !== fromCode) {
    add('dateOfBirth', 'dateOfBirth');
    return;
  }
  const birthDate = fromCode ?? value.dateOfBirth;
  if (birthDate !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)) {
    const age = ageOn(birthDate, today());
    if (age < MIN_AGE || age > MAX_AGE) add(fromCode ? 'personalId' : 'dateOfBirth', 'ageRange');
  }
}

/** `today` is injectable so tests and long-running servers agree on the age rule. */
export function createApplicationSchema(today: () => Date = () => new Date()) {
  return applicationFields.check(
    z.superRefine(
      (value: Partial<ApplicationFields>, ctx) => {
        // with `when`, this also sees input that failed the field checks, even a non-object
        if (typeof value === 'object' && value !== null) checkDependentFields(value, ctx, today);
      },
      { when: () => true },
    ),
  );
}

export const applicationSchema = createApplicationSchema();
export type LoanApplication = z.infer<typeof applicationSchema>;
export type LoanApplicationInput = z.input<typeof applicationSchema>;

/**
 * Field errors keyed by the dotted path of the field, each the message key of the first issue there.
 * An unknown field is named by its own path (zod reports them together, on the object).
 */
export function fieldErrorKeys(error: $ZodError): Record<string, ValidationMessageKey> {
  const errors: Record<string, ValidationMessageKey> = {};
  const add = (path: readonly PropertyKey[], key: ValidationMessageKey) => {
    const name = path.map(String).join('.') || '_';
    // own keys only: an unknown field named `constructor` is named too
    if (!Object.hasOwn(errors, name)) errors[name] = key;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'unknownField');
      continue;
    }
    add(
      issue.path,
      (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(issue.message)
        ? (issue.message as ValidationMessageKey)
        : 'invalidValue',
    );
  }
  return errors;
}
