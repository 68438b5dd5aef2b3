import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import {
  conversionRates,
  FUNNEL_STAGES,
  type FunnelAnswer,
  type FunnelCounts,
} from '../../../../domain/staff-reports-api.ts';
import { formatNumber } from '../../../ui/format.ts';

type Row = FunnelCounts & { readonly period?: string; readonly group: string | null };

/** "81,3 %", or a dash where the stage before had none. */
export const rateText = (language: Language, rate: number | null): string =>
  rate === null
    ? '—'
    : new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'lv-LV', {
        style: 'percent',
        maximumFractionDigits: 1,
      }).format(rate);

/**
 * The funnel as a table: a row a period (and group), each stage's count with its share of the stage before, and
 * the totals of the range. Every number the chart draws is here too.
 */
export function FunnelTable({ answer }: { answer: FunnelAnswer }) {
  const { t, i18n } = useTranslation('staff-reports');
  const language: Language = i18n.language === 'ru' ? 'ru' : 'lv';
  const grouped = answer.groupBy !== 'none';
  const groupName = (group: string | null) =>
    group === null ? '' : answer.groupBy === 'product' ? t(`products.${group}`) : group || t('funnel.direct');
  const cells = (row: Row) => {
    const rates = conversionRates(row);
    return FUNNEL_STAGES.map((stage) => (
      <td key={stage}>
        {formatNumber(language, row[stage])}
        {stage === 'calculator' ? null : <span className="staff-rate"> ({rateText(language, rates[stage])})</span>}
      </td>
    ));
  };
  if (answer.rows.length === 0) return <p role="status">{t('funnel.empty')}</p>;
  return (
    <div className="staff-table-wrap" role="region" aria-label={t('funnel.tableLabel')} tabIndex={0}>
      <table className="staff-table">
        <caption>{t(`funnel.caption.${answer.unit}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`funnel.period.${answer.unit}`)}</th>
            {grouped ? <th scope="col">{t(`groupBy.${answer.groupBy}`)}</th> : null}
            {FUNNEL_STAGES.map((stage) => (
              <th scope="col" key={stage}>
                {t(`stages.${stage}`)}
              </th>
            ))}
            <th scope="col">{t('funnel.overall')}</th>
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((row) => (
            <tr key={`${row.period}:${row.group ?? ''}`}>
              <th scope="row">{row.period}</th>
              {grouped ? <td>{groupName(row.group)}</td> : null}
              {cells(row)}
              <td>{rateText(language, conversionRates(row).overall)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {answer.totals.map((total) => (
            <tr key={`total:${total.group ?? ''}`}>
              <th scope="row">{t('funnel.total')}</th>
              {grouped ? <td>{groupName(total.group)}</td> : null}
              {cells(total)}
              <td>{rateText(language, conversionRates(total).overall)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
