import { INCOME_TYPES, type IncomeType } from '../../../../domain/application-options.ts';
import { LOAN_AMOUNTS, clampTerm } from '../../../../domain/loan-options.ts';
import { isPhoneCountryIso } from '../../../../domain/phone-countries.ts';
import { LENDER_ID_PATTERN } from '../../../../domain/lender-id.ts';
import { DRAFT_KEY } from './draft-key.ts';
import {
  EMPTY_VALUES,
  emptyIncomeDetails,
  isLoanPurpose,
  type FormValues,
  type IncomeDetails,
  type IncomeDetailsMap,
} from './form-values.ts';

/**
 * The unfinished application in sessionStorage, so nothing typed is lost on an error, a reload or a
 * switch of language. The personal code and the income are never written to any storage.
 */

export { DRAFT_KEY };

/** Fields that stay in memory only. */
export const NEVER_STORED = ['personalId', 'monthlyIncome'] as const satisfies readonly (keyof FormValues)[];
type StoredKey = Exclude<keyof FormValues, (typeof NEVER_STORED)[number]>;
export type ApplicationDraft = Partial<Pick<FormValues, StoredKey>>;

export function writeApplicationDraft(storage: Storage, values: FormValues): void {
  const draft = Object.fromEntries(
    Object.entries(values).filter(([key]) => !(NEVER_STORED as readonly string[]).includes(key)),
  );
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or refused: the form still works, only the draft is not kept
  }
}

/**
 * Whether this tab keeps a draft: going back to the form then finds everything typed but the personal code and
 * the income; without one (the application opened from a message's link in another browser) the form is empty.
 */
export function hasApplicationDraft(): boolean {
  try {
    return typeof window !== 'undefined' && window.sessionStorage.getItem(DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

/** Called once the application is submitted: the next application starts empty. */
export function clearApplicationDraft(storage: Storage): void {
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    // storage refused: nothing was kept either
  }
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length <= 500;
const isYesNo = (value: unknown): value is boolean | null => value === null || typeof value === 'boolean';
const isIncomeType = (value: unknown): value is IncomeType =>
  typeof value === 'string' && (INCOME_TYPES as readonly string[]).includes(value);

function incomeTypes(value: unknown): IncomeType[] | undefined {
  return Array.isArray(value) ? [...new Set(value.filter(isIncomeType))] : undefined;
}

function incomeDetails(value: unknown): IncomeDetailsMap | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const stored = value as Record<string, unknown>;
  const details = { ...emptyIncomeDetails() } as Record<IncomeType, IncomeDetails>;
  for (const type of INCOME_TYPES) {
    const entry = stored[type];
    if (entry === null || typeof entry !== 'object') continue;
    const { employmentDuration, typeOfOtherIncome, timeUntilEndOrStart } = entry as Record<string, unknown>;
    details[type] = {
      employmentDuration: isString(employmentDuration) ? employmentDuration : '',
      typeOfOtherIncome: isString(typeOfOtherIncome) ? typeOfOtherIncome : '',
      timeUntilEndOrStart: isString(timeUntilEndOrStart) ? timeUntilEndOrStart : '',
    };
  }
  return details;
}

/**
 * The draft of this browser tab, keeping only values of the right shape (the storage is the
 * browser's, anything may be in it); null when there is none.
 */
export function readApplicationDraft(storage: Storage): ApplicationDraft | null {
  let parsed: unknown;
  try {
    const raw = storage.getItem(DRAFT_KEY);
    if (raw === null) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const stored = parsed as Record<string, unknown>;
  const draft: Record<string, unknown> = {};

  for (const key of Object.keys(EMPTY_VALUES) as (keyof FormValues)[]) {
    if ((NEVER_STORED as readonly string[]).includes(key) || !(key in stored)) continue;
    const value = stored[key];
    const empty = EMPTY_VALUES[key];
    let accepted: unknown;
    switch (key) {
      case 'amount':
        accepted = typeof value === 'number' && LOAN_AMOUNTS.includes(value) ? value : undefined;
        break;
      case 'term':
        accepted = typeof value === 'number' && clampTerm(value) === value ? value : undefined;
        break;
      case 'loanPurpose':
        accepted = value === '' || isLoanPurpose(value) ? value : undefined;
        break;
      case 'phoneCountry':
        accepted = isPhoneCountryIso(value) ? value : undefined;
        break;
      case 'incomeTypes':
      case 'spouseIncomeTypes':
        accepted = incomeTypes(value);
        break;
      case 'excludedLenders':
        accepted = Array.isArray(value)
          ? [...new Set(value.filter((id): id is string => typeof id === 'string' && LENDER_ID_PATTERN.test(id)))]
          : undefined;
        break;
      case 'incomeDetails':
      case 'spouseIncomeDetails':
        accepted = incomeDetails(value);
        break;
      default:
        if (typeof empty === 'string') accepted = isString(value) ? value : undefined;
        else if (typeof empty === 'boolean') accepted = typeof value === 'boolean' ? value : undefined;
        else if (empty === null) accepted = isYesNo(value) ? value : undefined;
    }
    if (accepted !== undefined) draft[key] = accepted;
  }
  return draft as ApplicationDraft;
}
