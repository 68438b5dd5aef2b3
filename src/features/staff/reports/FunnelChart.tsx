import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { FUNNEL_STAGES, type FunnelAnswer } from '../../../../domain/staff-reports-api.ts';
import { CHART_COLOURS } from './chart-colours.ts';

/**
 * The range's funnel as bars, one a stage (all groups together). Loaded only when the report opens, so the staff's
 * login never loads recharts; the table beside it holds every number, for those who do not see the chart.
 */
export default function FunnelChart({ answer }: { answer: FunnelAnswer }) {
  const { t } = useTranslation('staff-reports');
  const data = FUNNEL_STAGES.map((stage) => ({
    stage: t(`stages.${stage}`),
    count: answer.totals.reduce((sum, total) => sum + total[stage], 0),
  }));
  const description = data.map((point) => `${point.stage}: ${point.count}`).join('; ');
  return (
    <figure className="staff-chart">
      <figcaption>{t('funnel.chartCaption')}</figcaption>
      <BarChart
        accessibilityLayer
        responsive
        title={t('funnel.chartCaption')}
        desc={description}
        data={data}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        style={{ width: '100%', height: '18rem' }}
      >
        <CartesianGrid stroke={CHART_COLOURS.line} vertical={false} />
        <XAxis
          dataKey="stage"
          tick={{ fill: CHART_COLOURS.ink }}
          interval={0}
          angle={-30}
          textAnchor="end"
          height={70}
        />
        <YAxis allowDecimals={false} tick={{ fill: CHART_COLOURS.ink }} />
        <Tooltip />
        <Bar dataKey="count" name={t('funnel.count')} fill={CHART_COLOURS.brand} />
      </BarChart>
    </figure>
  );
}
