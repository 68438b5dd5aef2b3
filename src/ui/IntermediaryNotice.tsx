import { useTranslation } from 'react-i18next';
import { company } from '../../domain/company.ts';
import { LENDER_COUNT } from '../../generated/lender-count.ts';
import { pagePath } from '../../domain/site-pages.ts';
import type { Language } from '../../domain/language.ts';

/**
 * Who we are as a credit intermediary, told before the application is sent (Directive 2023/2225):
 * registered with PTAC, several lenders (how many), nothing to pay for the applicant, a commission
 * from the lenders, and that the lender decides; with a link to the full page.
 * `lenderCount`: the lenders the application can go to, when the caller knows them (the registry).
 */
export function IntermediaryNotice({ lenderCount = LENDER_COUNT }: { lenderCount?: number }) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language as Language;
  return (
    <aside className="intermediary-notice" aria-labelledby="intermediary-notice-heading">
      <h2 id="intermediary-notice-heading" className="intermediary-notice__heading">
        {t('intermediary.heading')}
      </h2>
      <p>{t('intermediary.text', { count: lenderCount, brand: company.brand, licence: company.licence })}</p>
      <p>
        <a href={pagePath('intermediary', lang)}>{t('intermediary.more')}</a>
      </p>
    </aside>
  );
}
