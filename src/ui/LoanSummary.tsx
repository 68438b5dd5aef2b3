import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanPurpose } from '../../domain/application-options.ts';
import type { Language } from '../../domain/language.ts';
import { formatEuro } from './format.ts';
import './loan-summary.css';

export interface LoanSummaryProps {
  readonly language: Language;
  readonly amount: number;
  readonly term: number;
  /** shown once chosen */
  readonly purpose?: LoanPurpose | null;
}

/**
 * The loan asked for: amount, term and, once chosen, the purpose; the form's as its fields hold them, a later
 * screen's as the server has them. A phrase of one line ("5000 € uz 60 mēnešiem"); beside the application form
 * on a wide screen, the list with its labels instead (form.css). One of its two shapes is shown at a time, so a
 * screen reader meets the loan once. Its words are the form's, which every page of the wizard carries.
 */
export function LoanSummary({ language, amount, term, purpose }: LoanSummaryProps) {
  const { t } = useTranslation('form');
  const titleId = useId();
  return (
    <section className="loan-summary" aria-labelledby={titleId}>
      <h2 className="loan-summary__title" id={titleId}>
        {t('loanSummary.title')}
      </h2>
      <p className="loan-summary__phrase">
        {t('loanSummary.loan', { amount: formatEuro(language, amount), term: t('monthsFor', { count: term }) })}
        {purpose ? <span className="loan-summary__purpose">{t(`purpose.${purpose}`)}</span> : null}
      </p>
      <dl className="loan-summary__terms">
        <div className="loan-summary__item">
          <dt>{t('loanSummary.amount')}</dt>
          <dd>{formatEuro(language, amount)}</dd>
        </div>
        <div className="loan-summary__item">
          <dt>{t('loanSummary.term')}</dt>
          <dd>{t('months', { count: term })}</dd>
        </div>
        {purpose ? (
          <div className="loan-summary__item">
            <dt>{t('loanSummary.purpose')}</dt>
            <dd>{t(`purpose.${purpose}`)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
