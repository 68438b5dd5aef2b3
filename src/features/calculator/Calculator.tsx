import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/language.ts';
import { LOAN_AMOUNTS, LOAN_TERMS, clampTerm, nearestAmountIndex } from '../../../domain/loan-options.ts';
import { StepSlider } from '../../ui/StepSlider.tsx';
import { formatEuro, formatEuroCents } from '../../ui/format.ts';
import { RepresentativeExample } from '../../ui/RepresentativeExample.tsx';
import { CreditWarning } from '../../ui/CreditWarning.tsx';
import { calculate, type Calculation } from './calculation.ts';
import type { ProductKey } from '../../../domain/loan-options.ts';
import { applicationHref } from '../../../domain/application-href.ts';
import { reportFunnelEvent } from '../../tracking/funnel-event.ts';

export interface CalculatorProps {
  readonly amount: number;
  readonly term: number;
  readonly product: ProductKey;
  /** false: amount, term and the call to action only, no rate, payment or cost (a widget's apply-only mode) */
  readonly showFigures?: boolean;
  /**
   * false: no representative example of its own, where the page already shows one beside its
   * headline rate (the home page); one example a page. The warning stays beside the figures.
   */
  readonly showExample?: boolean;
  /** where the call to action leads (a widget opens the application in itself or on the site) */
  readonly applicationLink?: (figures: { readonly amount: number; readonly months: number }) => ApplicationLink;
  /** every settled calculation, the first included (a widget tells its host page) */
  readonly onCalculation?: (calculation: Calculation) => void;
}

export interface ApplicationLink {
  readonly href: string;
  readonly newTab: boolean;
}

export function Calculator({
  amount,
  term,
  product,
  showFigures = true,
  showExample = true,
  applicationLink,
  onCalculation,
}: CalculatorProps) {
  const { t, i18n } = useTranslation(['calculator', 'common']);
  const lang = i18n.language as Language;
  const [amountIndex, setAmountIndex] = useState(() => nearestAmountIndex(amount));
  const [termIndex, setTermIndex] = useState(() => LOAN_TERMS.indexOf(clampTerm(term)));
  const calculation = calculate(amountIndex, termIndex);
  const formatAmount = useCallback((value: number) => formatEuro(lang, value), [lang]);
  const formatTerm = useCallback((value: number) => t('months', { ns: 'common', count: value }), [t]);
  useEffect(() => {
    onCalculation?.(calculation);
    // the figures are what changes; the calculation object is new on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calculation.amount, calculation.months, onCalculation]);
  const link = applicationLink?.(calculation) ?? {
    href: applicationHref(lang, product, calculation),
    newTab: false,
  };

  return (
    <section className="calculator" aria-labelledby="calculator-heading">
      <h2 id="calculator-heading" className="calculator__heading">
        {showFigures ? t('heading') : t('applyHeading')}
      </h2>
      <div className="calculator__body">
        <div className="calculator__controls">
          <StepSlider
            label={t('amount')}
            values={LOAN_AMOUNTS}
            index={amountIndex}
            onChange={(index) => {
              reportFunnelEvent('calculator', product);
              setAmountIndex(index);
            }}
            format={formatAmount}
            name="amount"
          />
          <StepSlider
            label={t('term')}
            values={LOAN_TERMS}
            index={termIndex}
            onChange={(index) => {
              reportFunnelEvent('calculator', product);
              setTermIndex(index);
            }}
            format={formatTerm}
            name="term"
          />
        </div>
        <div className="calculator__result">
          {showFigures ? (
            <>
              <p className="calculator__monthly">
                <span className="calculator__monthly-label">{t('monthly')}</span>
                <output className="calculator__monthly-value" aria-live="polite" data-testid="monthly-payment">
                  {formatEuroCents(lang, calculation.monthly)}
                </output>
              </p>
              <CreditWarning />
              <p className="calculator__informative">{t('informative')}</p>
            </>
          ) : (
            <CreditWarning />
          )}
          <a
            className="button button--primary"
            href={link.href}
            {...(link.newTab ? { target: '_blank', rel: 'noopener' } : { target: '_self' })}
          >
            {t('apply')}
            {link.newTab ? <span className="visually-hidden"> {t('newTab', { ns: 'common' })}</span> : null}
          </a>
        </div>
        {showFigures && showExample ? (
          <RepresentativeExample example={calculation.example} withWarning={false} />
        ) : null}
      </div>
    </section>
  );
}
