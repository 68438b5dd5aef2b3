import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_KEYS } from '../../../../domain/loan-options.ts';
import type { FunnelQueryInput } from '../../../../domain/staff-reports-api.ts';
import { funnelCsvHref } from '../../../api/staff-reports-client.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { FunnelTable } from './FunnelTable.tsx';
import { daysBefore, rigaDate } from './report-dates.ts';
import { useReport } from './use-reports-client.ts';
import './reports.css';

const FunnelChart = lazy(() => import('./FunnelChart.tsx'));

/** the product filter's "every product" */
const ALL = 'all';

interface Filters {
  from: string;
  to: string;
  unit: 'day' | 'week';
  groupBy: 'none' | 'publisher' | 'product';
  publisherId: string;
  product: string;
}

const queryOf = (filters: Filters): FunnelQueryInput => ({
  from: filters.from.trim(),
  to: filters.to.trim(),
  unit: filters.unit,
  groupBy: filters.groupBy,
  ...(filters.publisherId.trim() ? { publisherId: filters.publisherId.trim() } : {}),
  ...(filters.product !== ALL ? { product: filters.product as FunnelQueryInput['product'] } : {}),
});

/** The administrator's funnel: the last 30 Riga days by day at first; filters, a chart, the table, the CSV. */
export function FunnelReport() {
  const { t } = useTranslation('staff-reports');
  const today = rigaDate();
  const [filters, setFilters] = useState<Filters>({
    from: daysBefore(today, 29),
    to: today,
    unit: 'day',
    groupBy: 'none',
    publisherId: '',
    product: ALL,
  });
  // the query last asked for, and what came back for it: a new query (even the same filters again) asks anew
  const [asked, setAsked] = useState<FunnelQueryInput>(() => queryOf(filters));
  const set = (key: keyof Filters) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const show = (event: FormEvent) => {
    event.preventDefault();
    setAsked(queryOf(filters));
  };
  const { answer, error, pending } = useReport(asked, (reports, query) => reports.funnel(query));

  return (
    <section className="staff-card" aria-labelledby="staff-funnel-heading">
      <h2 id="staff-funnel-heading">{t('funnel.heading')}</h2>
      <p>{t('funnel.intro')}</p>
      <form className="staff-form staff-form--row" onSubmit={show} noValidate>
        <TextField label={t('filters.from')} value={filters.from} onChange={set('from')} />
        <TextField label={t('filters.to')} value={filters.to} onChange={set('to')} />
        <Select
          label={t('filters.unit')}
          value={filters.unit}
          onChange={set('unit')}
          placeholder={t('filters.unit')}
          options={(['day', 'week'] as const).map((id) => ({ id, label: t(`units.${id}`) }))}
        />
        <Select
          label={t('filters.groupBy')}
          value={filters.groupBy}
          onChange={set('groupBy')}
          placeholder={t('filters.groupBy')}
          options={(['none', 'publisher', 'product'] as const).map((id) => ({ id, label: t(`groupBy.${id}`) }))}
        />
        <TextField label={t('filters.publisherId')} value={filters.publisherId} onChange={set('publisherId')} />
        <Select
          label={t('filters.product')}
          value={filters.product}
          onChange={set('product')}
          placeholder={t('filters.allProducts')}
          options={[
            { id: ALL, label: t('filters.allProducts') },
            ...PRODUCT_KEYS.map((id) => ({ id, label: t(`products.${id}`) })),
          ]}
        />
        <div className="staff-actions">
          <Button type="submit" isPending={pending}>
            {t('filters.show')}
          </Button>
          <a className="button button--secondary" href={funnelCsvHref(queryOf(filters))} download>
            {t('csv')}
          </a>
        </div>
      </form>
      {error ? <Alert>{error}</Alert> : null}
      {answer ? (
        <>
          <Suspense fallback={<p>{t('chartLoading')}</p>}>
            <FunnelChart answer={answer} />
          </Suspense>
          <FunnelTable answer={answer} />
        </>
      ) : null}
    </section>
  );
}
