import type { Language } from '../../../domain/language.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { PRODUCT_KEYS } from '../../../domain/loan-options.ts';
import type { HomeContent } from './content-schema.ts';

/**
 * The product tabs above the home calculator. Each product has its own page with its own
 * calculator, so the tabs are links (a navigation landmark), not an in-page tab widget.
 */
export function ProductTabs({ lang, labels }: { lang: Language; labels: HomeContent['tabs'] }) {
  return (
    <nav className="product-tabs" aria-label={labels.label}>
      <ul>
        {PRODUCT_KEYS.map((key) => (
          <li key={key}>
            <a href={pagePath(key, lang)}>
              <span className="product-tabs__title">{labels[key].title}</span>
              <span className="product-tabs__lead">{labels[key].lead}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
