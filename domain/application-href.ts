import type { Language } from './language.ts';
import { PRODUCT_PURPOSE, type ProductKey } from './loan-options.ts';
import { newApplicationPath } from './wizard-paths.ts';

/** Link into the application with the chosen figures; nothing personal travels in it. */
export function applicationHref(
  lang: Language,
  product: ProductKey,
  figures: { readonly amount: number; readonly months: number },
): string {
  const params = new URLSearchParams({
    type: PRODUCT_PURPOSE[product],
    amount: String(figures.amount),
    term: String(figures.months),
  });
  return `${newApplicationPath(lang)}?${params.toString()}`;
}
