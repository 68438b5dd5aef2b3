import type { Language } from '../../domain/language.ts';

export const PRODUCT_KEYS = ['consumer', 'car', 'refinancing', 'renovation'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** The loan purpose each product preselects in the application (spec option list loanPurpose). */
export const productPurpose: Record<ProductKey, string> = {
  consumer: 'personalNeeds',
  car: 'buyingCar',
  refinancing: 'refinancing',
  renovation: 'houseRepair',
};

/** Link into the application with the chosen figures; nothing personal travels in it. */
export function applicationHref(
  lang: Language,
  product: ProductKey,
  figures: { readonly amount: number; readonly months: number },
): string {
  const params = new URLSearchParams({
    type: productPurpose[product],
    amount: String(figures.amount),
    term: String(figures.months),
  });
  return `${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/enteringEssence?${params.toString()}`;
}
