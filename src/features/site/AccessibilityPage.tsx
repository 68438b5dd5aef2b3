import { useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { useLanguage } from '../../i18n/use-language.ts';

/** The accessibility statement: WCAG 2.2 AA status, known gaps, how to report a barrier, enforcement, review date. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = t('pages.accessibility.title', { ns: 'meta' });
  const gaps = t('accessibilityPage.gaps', { returnObjects: true }) as string[];
  const hours = t('hours', { from: company.hours.weekdaysFrom, to: company.hours.weekdaysTo });
  return (
    <div className="container container--narrow page">
      <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: title }]} />
      <h1>{title}</h1>
      <p className="lead">{t('accessibilityPage.lead', { brand: company.brand })}</p>
      <div className="prose">
        <section aria-labelledby="accessibility-status">
          <h2 id="accessibility-status">{t('accessibilityPage.statusHeading')}</h2>
          <p>{t('accessibilityPage.status')}</p>
        </section>
        <section aria-labelledby="accessibility-gaps">
          <h2 id="accessibility-gaps">{t('accessibilityPage.gapsHeading')}</h2>
          <ul>
            {gaps.map((gap) => (
              <li key={gap}>{gap}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="accessibility-report">
          <h2 id="accessibility-report">{t('accessibilityPage.reportHeading')}</h2>
          <p>{t('accessibilityPage.report', { email: company.email, phone: company.phone, hours })}</p>
          <p>
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <br />
            <a href={company.phoneHref}>{company.phone}</a>
          </p>
        </section>
        <section aria-labelledby="accessibility-enforcement">
          <h2 id="accessibility-enforcement">{t('accessibilityPage.enforcementHeading')}</h2>
          <p>{t('accessibilityPage.enforcement')}</p>
        </section>
        <p>
          <time dateTime="2026-11-25">{t('accessibilityPage.reviewed')}</time>
        </p>
      </div>
    </div>
  );
}
