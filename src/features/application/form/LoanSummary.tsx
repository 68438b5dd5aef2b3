import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../../ui/format.ts';
import type { ApplicationForm } from './use-application-form.ts';

/**
 * The loan asked for, as the form holds it now: amount, term and, once chosen, the purpose. Beside
 * the form on a wide screen, a line above it on a phone; it follows every change of the fields.
 */
export function LoanSummary({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const { amount, term, loanPurpose } = form.values;
  return (
    <section className="loan-summary" aria-labelledby="loan-summary-title">
      <h2 className="loan-summary__title" id="loan-summary-title">
        {t('loanSummary.title')}
      </h2>
      <dl className="loan-summary__list">
        <div className="loan-summary__item">
          <dt>{t('loanSummary.amount')}</dt>
          <dd>{formatEuro(form.language, amount)}</dd>
        </div>
        <div className="loan-summary__item">
          <dt>{t('loanSummary.term')}</dt>
          <dd>{t('months', { count: term })}</dd>
        </div>
        {loanPurpose ? (
          <div className="loan-summary__item">
            <dt>{t('loanSummary.purpose')}</dt>
            <dd>{t(`purpose.${loanPurpose}`)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
