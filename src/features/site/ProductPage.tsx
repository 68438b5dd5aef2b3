import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import { PRODUCT_DEFAULTS, type ProductKey } from '../../../domain/loan-options.ts';
import { applicationHref } from '../../../domain/application-href.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { CreditWarning, showsFigure } from '../../ui/CreditWarning.tsx';
import { FaqList } from './Faq.tsx';
import { useContent } from './use-content.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/** `calculator`: the calculator island for this product, placed by the page's route. */
export function ProductPage({ product, calculator }: { product: ProductKey; calculator: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const content = useContent('products')[product];
  const defaults = PRODUCT_DEFAULTS[product];
  return (
    <>
      <section className="hero hero--product">
        <div className="container hero__inner">
          <div className="hero__text">
            <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: t(`products.${product}`) }]} />
            <h1>{content.h1}</h1>
            <p className="hero__lead">{content.lead}</p>
            <ul className="hero__bullets">
              {content.highlights.map((highlight) => (
                <li key={highlight}>{highlight}</li>
              ))}
            </ul>
            {showsFigure(content.h1, content.lead, ...content.highlights) ? <CreditWarning headline /> : null}
          </div>
          <div className="hero__calculator">{calculator}</div>
        </div>
      </section>
      <div className="container container--narrow prose prose--product">
        {content.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {showsFigure(...section.paragraphs) ? <CreditWarning /> : null}
          </section>
        ))}
        <section aria-labelledby="product-faq">
          <h2 id="product-faq">{t('footer.faq')}</h2>
          <FaqList items={content.faq} />
          {showsFigure(...content.faq.map((item) => item.a)) ? <CreditWarning /> : null}
        </section>
        <p className="cta-line">
          <a
            className="button button--primary button--large"
            href={applicationHref(lang, product, { amount: defaults.amount, months: defaults.term })}
          >
            {content.cta}
          </a>
        </p>
      </div>
    </>
  );
}
