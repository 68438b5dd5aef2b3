import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomeSummaryAnswer } from '../../../../domain/documents.ts';
import type { Language } from '../../../../domain/language.ts';
import { intlLocale } from '../../../../domain/language.ts';
import { formatEuroCents } from '../../../ui/format.ts';
import { formatShortDate } from '../../../ui/format-date.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

const monthName = (lang: Language, month: string): string =>
  new Intl.DateTimeFormat(intlLocale[lang], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** What the broker found in the shared account data, as the lender will read it: shown before anything is sent. */
export function IncomeSummaryView({ summary }: { summary: IncomeSummaryAnswer }) {
  const { t } = useTranslation('requests');
  const lang = useLanguage();
  const headingId = useId();
  const euros = (cents: number) => formatEuroCents(lang, cents / 100);
  return (
    <section className="income-summary" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('summary.heading')}</h4>
      <p>{t('summary.intro')}</p>
      <p>
        {t('summary.period', {
          from: formatShortDate(lang, summary.period.from),
          to: formatShortDate(lang, summary.period.to),
        })}
      </p>
      {summary.sources.length === 0 ? <p>{t('summary.none')}</p> : null}
      <dl className="income-summary__figures">
        <div>
          <dt>{t('summary.average')}</dt>
          <dd>{euros(summary.monthlyAverageCents)}</dd>
        </div>
        {summary.sources.map((source) => (
          <div key={source.kind}>
            <dt>{t(`summary.kind.${source.kind}`)}</dt>
            <dd>
              {euros(source.monthlyAverageCents)}
              {source.payers.length > 0 ? (
                <span className="income-summary__payers">
                  {' '}
                  ({t('summary.payers')}: {source.payers.join(', ')})
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <table className="income-summary__months">
        <thead>
          <tr>
            <th scope="col">{t('summary.month')}</th>
            <th scope="col">{t('summary.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.byMonth.map((month) => (
            <tr key={month.month}>
              <th scope="row">
                {monthName(lang, month.month)}
                {month.complete ? null : <span className="income-summary__partial"> ({t('summary.incomplete')})</span>}
              </th>
              <td>{euros(month.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
