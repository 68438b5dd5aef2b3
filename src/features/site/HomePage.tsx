import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AMOUNT, DEFAULT_TERM, FROM_RATE_PERCENT } from '../../../domain/loan-options.ts';
import { representativeExample } from '../../../domain/representative-example.ts';
import { RepresentativeExample } from '../../ui/RepresentativeExample.tsx';
import { CreditWarning, showsFigure } from '../../ui/CreditWarning.tsx';
import { applicationHref } from '../../../domain/application-href.ts';
import { formatNumber, formatPercent } from '../../ui/format.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { REVIEW_COUNT, REVIEW_RATING } from '../../../domain/company.ts';
import { FaqList } from './Faq.tsx';
import { ProductTabs } from './ProductTabs.tsx';
import { useContent } from './use-content.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/** `calculator`: the calculator island, which the page's route places (features do not import each other). */
export function HomePage({ variant, calculator }: { variant?: 'v1' | 'v2'; calculator: ReactNode }) {
  const lang = useLanguage();
  const home = useContent('home');
  const ctaHref = applicationHref(lang, 'consumer', { amount: DEFAULT_AMOUNT, months: DEFAULT_TERM });
  return (
    <>
      <HomeHero variant={variant} ctaHref={ctaHref} calculator={calculator} />

      <section className="section" aria-labelledby="steps-heading">
        <div className="container">
          <h2 id="steps-heading">{home.steps.heading}</h2>
          <ol className="steps">
            {home.steps.items.map((step) => (
              <li key={step.title} className="steps__item">
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="reasons-heading">
        <div className="container">
          <h2 id="reasons-heading">{home.reasons.heading}</h2>
          <ul className="cards">
            {home.reasons.items.map((reason) => (
              <li key={reason.title} className="card">
                <h3>{reason.title}</h3>
                <p>{reason.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="home-faq-heading">
        <div className="container container--narrow">
          <h2 id="home-faq-heading">{home.faq.heading}</h2>
          <FaqList items={home.faq.items} />
          {showsFigure(...home.faq.items.map((item) => item.a)) ? <CreditWarning /> : null}
          <p>
            <a href={pagePath('faq', lang)}>{home.faq.more}</a>
          </p>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="reviews-heading">
        <div className="container">
          <h2 id="reviews-heading">{home.reviews.heading}</h2>
          <p className="reviews__summary">
            {home.reviews.summary
              .replace('{{rating}}', formatNumber(lang, REVIEW_RATING))
              .replace('{{count}}', formatNumber(lang, REVIEW_COUNT))}
          </p>
          <ul className="cards">
            {home.reviews.items.map((review) => (
              <li key={review.name} className="card review">
                <blockquote>
                  <p>{review.text}</p>
                </blockquote>
                <p className="review__name">{review.name}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section cta-block" aria-labelledby="cta-heading">
        <div className="container container--narrow">
          <h2 id="cta-heading">{home.cta.heading}</h2>
          <p>{home.cta.body}</p>
          <a className="button button--primary button--large" href={ctaHref}>
            {home.cta.button}
          </a>
        </div>
      </section>
    </>
  );
}

/** The first screen: the headline, its rate with the representative example's APR, and the calculator. */
function HomeHero({
  variant,
  ctaHref,
  calculator,
}: {
  variant: 'v1' | 'v2' | undefined;
  ctaHref: string;
  calculator: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const home = useContent('home');
  const hero = variant ? { ...home.hero, ...home.heroVariants[variant] } : home.hero;
  // the headline rate never stands alone: its APR is the representative example's, shown below it
  const example = representativeExample();
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          <h1>{hero.heading}</h1>
          <p className="hero__rate">
            {home.hero.rateLine
              .replace('{{rate}}', formatPercent(lang, FROM_RATE_PERCENT))
              .replace('{{apr}}', formatPercent(lang, example.aprPercent))}
          </p>
          <CreditWarning headline />
          <p className="hero__lead">{hero.lead}</p>
          <ul className="hero__bullets">
            {home.hero.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
          <a className="button button--primary button--large" href={ctaHref}>
            {t('cta.getOffers')}
          </a>
          <div className="hero__example">
            <RepresentativeExample example={example} headingLevel={2} withWarning={false} />
          </div>
        </div>
        <div className="hero__calculator">
          <ProductTabs lang={lang} labels={home.tabs} />
          {calculator}
        </div>
      </div>
    </section>
  );
}
