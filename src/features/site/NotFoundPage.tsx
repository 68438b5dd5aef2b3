import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import { useLanguage } from '../../i18n/use-language.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container container--narrow page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <a className="button button--primary" href={pagePath('home', lang)}>
        {t('notFound.back')}
      </a>
    </div>
  );
}
