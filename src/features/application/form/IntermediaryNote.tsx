import { company } from '../../../../domain/company.ts';
import { LENDER_COUNT } from '../../../../generated/lender-count.ts';
import { LEGAL_PAGES } from './legal-pages.ts';
import type { ApplicationForm } from './use-application-form.ts';
import { useTranslation } from 'react-i18next';
import { LENDER_CHOICE_NAMESPACE } from '../workflow-resources.ts';

/**
 * Who we are as a credit intermediary, told before the application is sent (Directive 2023/2225): registered
 * with PTAC, several lenders, nothing to pay for the applicant, a commission from the lenders, the lender decides.
 * Its words come with the lender choice (the site's IntermediaryNotice reads `common`, a later screens' namespace).
 */
export function IntermediaryNote({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation(LENDER_CHOICE_NAMESPACE);
  return (
    <aside className="intermediary-notice" aria-labelledby="application-intermediary">
      <h2 id="application-intermediary" className="intermediary-notice__heading">
        {t('intermediary.heading')}
      </h2>
      <p>{t('intermediary.text', { count: LENDER_COUNT, brand: company.brand, licence: company.licence })}</p>
      <p>
        <a href={LEGAL_PAGES[form.language].intermediary} target="_blank" rel="noopener">
          {t('intermediary.more')}
          <span className="visually-hidden"> {t('opensInNewTab')}</span>
        </a>
      </p>
    </aside>
  );
}
