import type { i18n as I18n } from 'i18next';
import { LENDER_COUNT } from '../../../generated/lender-count.ts';

/**
 * The number of lenders in the site's copy: one figure everywhere, the registry's (LENDER_COUNT,
 * written by the build). Texts name it as `{{lenders}}` (the figure with its noun phrase, from the
 * common.json plurals 'lenders': lv dative "16 bankām un licencētiem aizdevējiem" after "līdz"/"no",
 * ru genitive "16 банков и лицензированных кредиторов" after "до"/"от") or as `{{lenderCount}}`
 * (the bare figure). Content namespaces, meta descriptions and HTML fragments are filled here.
 */
export interface LenderCopyValues {
  readonly lenders: string;
  readonly lenderCount: number;
}

export function lenderCopyValues(i18n: I18n, count: number = LENDER_COUNT): LenderCopyValues {
  return { lenders: i18n.t('lenders', { ns: 'common', count }), lenderCount: count };
}

const PLACEHOLDER = /\{\{\s*(lenders|lenderCount)\s*\}\}/g;

/** A text with its lender placeholders filled; every other placeholder left for i18next. */
export const fillLenderCopy = (text: string, values: LenderCopyValues): string =>
  text.replace(PLACEHOLDER, (_match, name: 'lenders' | 'lenderCount') => String(values[name]));

/** A content namespace (nested objects and arrays of strings) with every string filled. */
export function fillLenderCopyDeep<T>(content: T, values: LenderCopyValues): T {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return fillLenderCopy(value, values);
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    }
    return value;
  };
  return fill(content) as T;
}
