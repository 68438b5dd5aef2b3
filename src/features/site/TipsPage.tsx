import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import type { ArticleKey } from '../../../domain/site-pages.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { CreditWarning, showsFigure } from '../../ui/CreditWarning.tsx';
import { useContent } from './use-content.ts';
import { useLanguage } from '../../i18n/use-language.ts';

export function TipsPage() {
  const lang = useLanguage();
  const tips = useContent('tips');
  const { t } = useTranslation();
  return (
    <div className="container page">
      <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: t('nav.tips') }]} />
      <h1>{tips.h1}</h1>
      <p className="lead">{tips.lead}</p>
      <ul className="cards cards--articles">
        {(Object.keys(tips.articles) as ArticleKey[]).map((key) => {
          const article = tips.articles[key];
          return (
            <li key={key} className="card">
              <h2 className="card__title">
                <a href={pagePath(key, lang)}>{article.title}</a>
              </h2>
              <p>{article.summary}</p>
              <p aria-hidden="true" className="card__more">
                {tips.readMore} →
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ArticlePage({ article, html }: { article: ArticleKey; html: string }) {
  const lang = useLanguage();
  const tips = useContent('tips');
  const { t } = useTranslation();
  return (
    <article className="container container--narrow page">
      <Breadcrumbs
        homeHref={pagePath('home', lang)}
        trail={[{ label: t('nav.tips'), href: pagePath('tips', lang) }, { label: tips.articles[article].title }]}
      />
      <h1>{tips.articles[article].title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      {showsFigure(html) ? <CreditWarning /> : null}
    </article>
  );
}
