import { useTranslation } from 'react-i18next';
import type { FaqContent, HomeContent, ProductsContent, TipsContent } from './content-schema.ts';
import { fillLenderCopyDeep, lenderCopyValues } from './lender-copy.ts';

interface ContentByNamespace {
  home: HomeContent;
  products: ProductsContent;
  faq: FaqContent;
  tips: TipsContent;
}

/** Filled bundles, by the bundle i18next holds: each namespace is filled once a language. */
const filled = new WeakMap<object, unknown>();

/**
 * A whole content namespace as one typed object (validated by content-schema tests), with the
 * number of lenders filled in (lender-copy.ts).
 */
export function useContent<N extends keyof ContentByNamespace>(ns: N): ContentByNamespace[N] {
  const { i18n } = useTranslation();
  const bundle = i18n.getResourceBundle(i18n.language, ns) as ContentByNamespace[N] | undefined;
  if (bundle === undefined) throw new Error(`the content namespace ${ns} is not loaded`);
  let content = filled.get(bundle) as ContentByNamespace[N] | undefined;
  if (content === undefined) {
    content = fillLenderCopyDeep(bundle, lenderCopyValues(i18n));
    filled.set(bundle, content);
  }
  return content;
}
