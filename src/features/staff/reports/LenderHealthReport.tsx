import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECLINE_REASONS } from '../../../../domain/api.ts';
import type { Language } from '../../../../domain/language.ts';
import {
  HEALTH_WINDOWS,
  type HealthWindow,
  type LenderHealth,
  type LenderHealthAnswer,
} from '../../../../domain/staff-reports-api.ts';
import { lenderHealthCsvHref } from '../../../api/staff-reports-client.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Select } from '../../../ui/Select.tsx';
import { formatNumber } from '../../../ui/format.ts';
import { messageOf } from '../staff-context.ts';
import { rateText } from './FunnelTable.tsx';
import { useReportsClient } from './use-reports-client.ts';
import './reports.css';

const LenderHealthChart = lazy(() => import('./LenderHealthChart.tsx'));

/** The lenders' health over the last 24 hours or 30 days: a chart of answer times, the table, the CSV. */
export function LenderHealthReport() {
  const { t } = useTranslation('staff-reports');
  const client = useReportsClient();
  const [answer, setAnswer] = useState<LenderHealthAnswer | null>(null);
  const [window, setWindow] = useState<HealthWindow>('24h');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client.lenderHealth().then(setAnswer, (caught: unknown) => setError(messageOf(caught, t('errors.generic'))));
  }, [client, t]);

  return (
    <section className="staff-card" aria-labelledby="staff-lenders-heading">
      <h2 id="staff-lenders-heading">{t('lenders.heading')}</h2>
      <p>{t('lenders.intro')}</p>
      <div className="staff-form staff-form--row">
        <Select
          label={t('lenders.window')}
          value={window}
          onChange={(value) => setWindow(value as HealthWindow)}
          placeholder={t('lenders.window')}
          options={HEALTH_WINDOWS.map((id) => ({ id, label: t(`windows.${id}`) }))}
        />
        <div className="staff-actions">
          <a className="button button--secondary" href={lenderHealthCsvHref()} download>
            {t('csv')}
          </a>
        </div>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {answer ? (
        <>
          <Suspense fallback={<p>{t('chartLoading')}</p>}>
            <LenderHealthChart lenders={answer.windows[window]} window={window} />
          </Suspense>
          <LenderHealthTable lenders={answer.windows[window]} window={window} />
        </>
      ) : null}
    </section>
  );
}

const secondsText = (language: Language, seconds: number | null): string =>
  seconds === null ? '—' : formatNumber(language, seconds);

function LenderHealthTable({ lenders, window }: { lenders: readonly LenderHealth[]; window: HealthWindow }) {
  const { t, i18n } = useTranslation('staff-reports');
  const language: Language = i18n.language === 'ru' ? 'ru' : 'lv';
  const number = (value: number) => formatNumber(language, value);
  return (
    <div className="staff-table-wrap" role="region" aria-label={t('lenders.tableLabel')} tabIndex={0}>
      <table className="staff-table">
        <caption>{t('lenders.caption', { window: t(`windows.${window}`) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lenders.lender')}</th>
            <th scope="col">{t('lenders.requests')}</th>
            <th scope="col">{t('lenders.answerRate')}</th>
            <th scope="col">{t('lenders.offers')}</th>
            <th scope="col">{t('lenders.medianSeconds')}</th>
            <th scope="col">{t('lenders.p95Seconds')}</th>
            {DECLINE_REASONS.map((reason) => (
              <th scope="col" key={reason}>
                {t(`lenders.declined.${reason}`)}
              </th>
            ))}
            <th scope="col">{t('lenders.timeouts')}</th>
            <th scope="col">{t('lenders.errors')}</th>
            <th scope="col">{t('lenders.documentsRequested')}</th>
          </tr>
        </thead>
        <tbody>
          {lenders.map((lender) => (
            <tr key={lender.lenderId}>
              <th scope="row">{lender.name}</th>
              <td>{number(lender.requests)}</td>
              <td>{rateText(language, lender.answerRate)}</td>
              <td>{number(lender.offers)}</td>
              <td>{secondsText(language, lender.medianSeconds)}</td>
              <td>{secondsText(language, lender.p95Seconds)}</td>
              {DECLINE_REASONS.map((reason) => (
                <td key={reason}>{number(lender.declinesByReason[reason])}</td>
              ))}
              <td>{number(lender.timeouts)}</td>
              <td>{number(lender.errors)}</td>
              <td>{number(lender.documentsRequested)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
