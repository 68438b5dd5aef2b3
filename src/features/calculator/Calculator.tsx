import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/language.ts';
import { LOAN_AMOUNTS, LOAN_TERMS, clampTerm, nearestAmountIndex } from '../../domain/loan-options.ts';
import { StepSlider } from '../../ui/StepSlider.tsx';
import { formatEuro, formatEuroCents } from '../../ui/format.ts';
import { RepresentativeExample } from './RepresentativeExample.tsx';
import { calculate } from './calculation.ts';
import { applicationHref, type ProductKey } from './application-link.ts';

export interface CalculatorProps {
  readonly amount: number;
  readonly term: number;
  readonly product: ProductKey;
}

export function Calculator({ amount, term, product }: CalculatorProps) {
  const { t, i18n } = useTranslation(['calculator', 'common']);
  const lang = i18n.language as Language;
  const [amountIndex, setAmountIndex] = useState(() => nearestAmountIndex(amount));
  const [termIndex, setTermIndex] = useState(() => LOAN_TERMS.indexOf(clampTerm(term)));
  const calculation = calculate(amountIndex, termIndex);
  const formatAmount = useCallback((value: number) => formatEuro(lang, value), [lang]);
  const formatTerm = useCallback((value: number) => t('months', { ns: 'common', count: value }), [t]);

  return (
    <section className="calculator" aria-labelledby="calculator-heading">
      <h2 id="calculator-heading" className="calculator__heading">
        {t('heading')}
      </h2>
      <div className="calculator__body">
        <div className="calculator__controls">
          <StepSlider
            label={t('amount')}
            values={LOAN_AMOUNTS}
            index={amountIndex}
            onChange={setAmountIndex}
            format={formatAmount}
            name="amount"
          />
          <StepSlider
            label={t('term')}
            values={LOAN_TERMS}
            index={termIndex}
            onChange={setTermIndex}
            format={formatTerm}
            name="term"
          />
        </div>
        <div className="calculator__result">
          <p className="calculator__monthly">
            <span className="calculator__monthly-label">{t('monthly')}</span>
            <output className="calculator__monthly-value" aria-live="polite" data-testid="monthly-payment">
              {formatEuroCents(lang, calculation.monthly)}
            </output>
          </p>
          <p className="calculator__informative">{t('informative')}</p>
          <a className="button button--primary" href={applicationHref(lang, product, calculation)}>
            {t('apply')}
          </a>
        </div>
        <RepresentativeExample example={calculation.example} />
      </div>
    </section>
  );
}
