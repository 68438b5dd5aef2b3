import { useTranslation } from 'react-i18next';
import { pagePath } from '../../../domain/site-pages.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { CreditWarning, showsFigure } from '../../ui/CreditWarning.tsx';
import { CookieChoice } from './CookieBanner.tsx';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * A legal text: the fragment also served at /assets/files/{name}.html, inlined at build time so the
 * page is complete without JavaScript. Fragments are our own files from locales/, never user input.
 */
export function LegalPage({
  pageId,
  html,
  withCookieChoice,
}: {
  pageId: string;
  html: string;
  withCookieChoice: boolean;
}) {
  const { t } = useTranslation('meta');
  const lang = useLanguage();
  const title = t(`pages.${pageId}.title`);
  return (
    <div className="container container--narrow page">
      <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: title }]} />
      <h1>{title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      {showsFigure(html) ? <CreditWarning /> : null}
      {withCookieChoice ? <CookieChoice /> : null}
    </div>
  );
}
