import type { $ZodType } from 'zod/v4/core';
import { applicationSchema, MAX_AGE, MIN_AGE } from '../application.ts';
import { MAX_SUBSCRIBER_DIGITS, isValidPhone } from '../phone.ts';
import { isValidPersonalCode } from '../personal-code.ts';
import { publisherApplicationsQuerySchema } from '../publisher-report.ts';
import { bankReturnQuery } from './identification.ts';
import { listLenders } from './reference-data.ts';

/**
 * The rules the server checks that JSON Schema cannot state: a check digit, a rule across fields, a
 * normalisation before the check, a signature. The OpenAPI document names each in the field's
 * description and marks the field with `x-unstated-rules` (the rules' names), so a client knows to
 * follow the words and a generator of requests knows to leave the field to a known-good value.
 * Keyed by the refinement a schema runs (wherever it is used) or by the field's own schema.
 */
export interface UnstatedRule {
  readonly rule: string;
  readonly description: string;
}

const TRIMMED = 'Leading and trailing white space is removed before the other rules apply.';

const PERSONAL_CODE: UnstatedRule = {
  rule: 'personalCodeCheckDigit',
  description:
    'A Latvian personal code: DDMMYY-CZZZQ, whose last digit is a check digit over the others, or the new ' +
    'format (from 32 to 39, then nine digits), which has none; the hyphen may be left out.',
};

const PHONE: UnstatedRule = {
  rule: 'phoneNumberPlan',
  description:
    "+, a country of the form's list by its dialling code, then a subscriber number of the length that " +
    `country's plan gives (at most ${MAX_SUBSCRIBER_DIGITS} digits); spaces and punctuation are ignored, and a ` +
    'number without + or 00 is Latvian.',
};

/** By the refinement function: every field that runs it. */
export const RULES_OF_REFINEMENTS: ReadonlyMap<unknown, UnstatedRule> = new Map<unknown, UnstatedRule>([
  [isValidPersonalCode, PERSONAL_CODE],
  [isValidPhone, PHONE],
]);

const field = (schema: { _zod: { def: unknown } }, name: string): $ZodType =>
  (schema._zod.def as { shape: Record<string, $ZodType> }).shape[name] as $ZodType;
const application = (name: string) => field(applicationSchema, name);

const AGE = `The person must be ${MIN_AGE} to ${MAX_AGE} years old`;

/** By the field's own schema. */
export const RULES_OF_FIELDS: ReadonlyMap<unknown, UnstatedRule> = new Map<unknown, UnstatedRule>([
  [
    application('personalId'),
    {
      rule: 'personalCodeAndAge',
      description: `${PERSONAL_CODE.description} ${AGE}: by the date an old-format code carries, else by dateOfBirth. ${TRIMMED}`,
    },
  ],
  [
    application('dateOfBirth'),
    {
      rule: 'birthDateOfPersonalCode',
      description:
        'A day of the calendar. Required with a new-format personal code, which carries no date; with an ' +
        `old-format code, when given, the code's own date. ${AGE}.`,
    },
  ],
  ...(['firstname', 'lastname'] as const).map((name): [unknown, UnstatedRule] => [
    application(name),
    {
      rule: 'name',
      description:
        'Latin letters with spaces, hyphens and apostrophes between them, at least two letters, a letter first. ' +
        'Checked after Unicode NFC normalisation, with typographic apostrophes and dashes read as their ASCII ' +
        `forms and no-break spaces as spaces. ${TRIMMED}`,
    },
  ]),
  [application('email'), { rule: 'trimmed', description: `An e-mail address. ${TRIMMED}` }],
  [application('phoneNumber'), { rule: 'phoneNumberPlan', description: `${PHONE.description} ${TRIMMED}` }],
  [
    application('hasFinancialLiabilities'),
    { rule: 'requiresAnswer', description: 'true requires monthlyFinancialLiabilities.' },
  ],
  [application('politicalyExposedPerson'), { rule: 'requiresAnswer', description: 'true requires politicalPosition.' }],
  [application('hasDependents'), { rule: 'requiresAnswer', description: 'true requires numberOfDependents.' }],
  [
    application('loanPurpose'),
    {
      rule: 'requiresAnswer',
      description: '`other` requires loanPurposeText of 3 characters or more with two letters in a row.',
    },
  ],
  [
    application('incomeTypes'),
    {
      rule: 'distinctIncomeTypes',
      description: 'Each type at most once; an entry of type `other` requires typeOfOtherIncome.',
    },
  ],
  [application('politicalPosition'), { rule: 'trimmed', description: TRIMMED }],
  [application('loanPurposeText'), { rule: 'trimmed', description: TRIMMED }],
  [
    application('excludedLenders'),
    {
      rule: 'knownLenders',
      description:
        `Ids of lenders ${listLenders.method} ${listLenders.path} lists. At least one lender that serves the amount ` +
        'and the term must stay: an application no lender would take is refused.',
    },
  ],
  [
    publisherApplicationsQuerySchema.shape.to,
    { rule: 'notBeforeFrom', description: 'Not before `from`, when both are given.' },
  ],
  [
    bankReturnQuery,
    {
      rule: 'bankSignature',
      description: "Verified with the bank's key: a field changed, added or left out after the bank signed is refused.",
    },
  ],
]);
