import { useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import { LENDER_COUNT } from '../../../generated/lender-count.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { useLanguage } from '../../i18n/use-language.ts';

/** Who we are as a credit intermediary (Directive 2023/2225): registration, lenders, fees, powers, complaints. */
export function IntermediaryPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = t('pages.intermediary.title', { ns: 'meta' });
  const sections = [
    [
      'registration',
      t('intermediaryPage.registration', {
        name: company.legalName,
        reg: company.registrationNumber,
        address: company.address,
        licence: company.licence,
      }),
    ],
    ['lenders', t('intermediaryPage.lenders', { count: LENDER_COUNT })],
    ['payment', t('intermediaryPage.payment')],
    ['powers', t('intermediaryPage.powers')],
    ['complaints', t('intermediaryPage.complaints', { email: company.email, phone: company.phone })],
  ] as const;
  return (
    <div className="container container--narrow page">
      <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: title }]} />
      <h1>{title}</h1>
      <p className="lead">{t('intermediaryPage.lead')}</p>
      <div className="prose">
        {sections.map(([key, text]) => (
          <section key={key} aria-labelledby={`intermediary-${key}`} data-fact={key}>
            <h2 id={`intermediary-${key}`}>{t(`intermediaryPage.${key}Heading`)}</h2>
            <p>{text}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
