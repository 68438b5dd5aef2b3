import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { HealthWindow, LenderHealth } from '../../../../domain/staff-reports-api.ts';
import { CHART_COLOURS } from './chart-colours.ts';

/**
 * Each lender's median and 95th-percentile time to answer, in seconds, as bars. Loaded only when the report
 * opens; the table below holds the same numbers.
 */
export default function LenderHealthChart({
  lenders,
  window,
}: {
  lenders: readonly LenderHealth[];
  window: HealthWindow;
}) {
  const { t } = useTranslation('staff-reports');
  const caption = t('lenders.chartCaption', { window: t(`windows.${window}`) });
  const data = lenders.map((lender) => ({
    name: lender.name,
    median: lender.medianSeconds ?? 0,
    p95: lender.p95Seconds ?? 0,
  }));
  const description = lenders
    .map((lender) =>
      t('lenders.chartPoint', {
        name: lender.name,
        median: lender.medianSeconds ?? '—',
        p95: lender.p95Seconds ?? '—',
      }),
    )
    .join('; ');
  return (
    <figure className="staff-chart">
      <figcaption>{caption}</figcaption>
      <BarChart
        accessibilityLayer
        responsive
        title={caption}
        desc={description}
        data={data}
        layout="vertical"
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        style={{ width: '100%', height: `${Math.max(12, lenders.length * 2.2)}rem` }}
      >
        <CartesianGrid stroke={CHART_COLOURS.line} horizontal={false} />
        <XAxis type="number" tick={{ fill: CHART_COLOURS.ink }} />
        <YAxis type="category" dataKey="name" width={150} tick={{ fill: CHART_COLOURS.ink }} />
        <Tooltip />
        <Legend />
        <Bar dataKey="median" name={t('lenders.medianSeconds')} fill={CHART_COLOURS.brand} />
        <Bar dataKey="p95" name={t('lenders.p95Seconds')} fill={CHART_COLOURS.accent} />
      </BarChart>
    </figure>
  );
}
