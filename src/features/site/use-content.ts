import { useTranslation } from 'react-i18next';
import type { FaqContent, HomeContent, ProductsContent, TipsContent } from './content-schema.ts';

interface ContentByNamespace {
  home: HomeContent;
  products: ProductsContent;
  faq: FaqContent;
  tips: TipsContent;
}

/** A whole content namespace as one typed object (validated by content-schema tests). */
export function useContent<N extends keyof ContentByNamespace>(ns: N): ContentByNamespace[N] {
  const { i18n } = useTranslation();
  return i18n.getResourceBundle(i18n.language, ns) as ContentByNamespace[N];
}
