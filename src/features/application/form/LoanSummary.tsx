import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../../ui/format.ts';
import type { ApplicationForm } from './use-application-form.ts';

/**
 * The loan asked for, as the form holds it now: amount, term and, once chosen, the purpose. Beside
 * the form on a wide screen, a line above it on a phone; it follows every change of the fields. One of
 * its two shapes is shown at a time (form.css), so a screen reader meets the loan once.
 */
export function LoanSummary({ form }: { form: ApplicationForm }) {
  const { t } = useTranslation('form');
  const { amount, term, loanPurpose } = form.values;
  return (
    <section className="loan-summary" aria-labelledby="loan-summary-title">
      <h2 className="loan-summary__title" id="loan-summary-title">
        {t('loanSummary.title')}
      </h2>
      {/* on a phone the loan in one phrase, "5000 € uz 60 mēnešiem"; beside the form the list with its labels */}
      <p className="loan-summary__phrase">
        {t('loanSummary.loan', {
          amount: formatEuro(form.language, amount),
          term: t('monthsFor', { count: term }),
        })}
        {loanPurpose ? <span className="loan-summary__purpose">{t(`purpose.${loanPurpose}`)}</span> : null}
      </p>
      <dl className="loan-summary__terms">
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
