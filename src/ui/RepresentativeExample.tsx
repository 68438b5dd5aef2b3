import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/language.ts';
import type { RepresentativeExample as Example } from '../../domain/representative-example.ts';
import { formatEuro, formatEuroCents, formatPercent } from './format.ts';
import { CreditWarning } from './CreditWarning.tsx';

/**
 * The figures that must stand next to any rate (Directive 2023/2225): borrowing rate, APR, total
 * amount of credit, term, total payable and instalment, then the warning that borrowing costs money.
 * `withWarning` false: the block around the example already shows the warning beside its own figure
 * (the calculator's monthly payment, the home page's headline rate), so it is not said twice.
 */
export function RepresentativeExample({
  example,
  headingLevel = 3,
  withWarning = true,
}: {
  example: Example;
  headingLevel?: 2 | 3;
  withWarning?: boolean;
}) {
  const { t, i18n } = useTranslation('calculator');
  const lang = i18n.language as Language;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: [string, string][] = [
    [t('example.rate'), formatPercent(lang, example.terms.ratePercent)],
    [t('example.apr'), formatPercent(lang, example.aprPercent)],
    [t('example.amount'), formatEuro(lang, example.terms.amount)],
    [t('example.term'), t('months', { ns: 'common', count: example.terms.months })],
    [t('example.fee'), formatEuroCents(lang, example.terms.arrangementFee)],
    [t('example.instalment'), formatEuroCents(lang, example.instalment)],
    [t('example.cost'), formatEuroCents(lang, example.totalCostOfCredit)],
    [t('example.total'), formatEuroCents(lang, example.totalPayable)],
  ];
  return (
    <section className="rep-example" aria-label={t('example.heading')}>
      <Heading className="rep-example__heading">{t('example.heading')}</Heading>
      <dl className="rep-example__list">
        {rows.map(([term, value]) => (
          <div key={term} className="rep-example__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="rep-example__note">{t('example.aprNote')}</p>
      {withWarning ? <CreditWarning /> : null}
    </section>
  );
}
