import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import type { CommissionAnswer, CommissionQuery, CommissionRow } from '../../../../domain/staff-reports-api.ts';
import { commissionCsvHref } from '../../../api/staff-reports-client.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { formatEuroCents, formatNumber, formatPercent } from '../../../ui/format.ts';
import { monthStart, rigaDate } from './report-dates.ts';
import { useReport } from './use-reports-client.ts';
import './reports.css';

type Sums = Pick<CommissionRow, 'loans' | 'principal' | 'commission' | 'publisherShare' | 'brokerNet'>;
const ZERO: Sums = { loans: 0, principal: 0, commission: 0, publisherShare: 0, brokerNet: 0 };
const cents = (value: number) => Math.round(value * 100) / 100;
const add = (a: Sums, b: Sums): Sums => ({
  loans: a.loans + b.loans,
  principal: cents(a.principal + b.principal),
  commission: cents(a.commission + b.commission),
  publisherShare: cents(a.publisherShare + b.publisherShare),
  brokerNet: cents(a.brokerNet + b.brokerNet),
});

/** The rows' sums by a key (the lender's or the publisher's name), in name order. */
const sumsBy = (rows: readonly CommissionRow[], key: (row: CommissionRow) => string): [string, Sums][] => {
  const sums = new Map<string, Sums>();
  for (const row of rows) sums.set(key(row), add(sums.get(key(row)) ?? ZERO, row));
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b));
};

/** The commissions of the loans paid in a range (this month so far at first): by month, lender and publisher. */
export function CommissionReport() {
  const { t } = useTranslation('staff-reports');
  const today = rigaDate();
  const [query, setQuery] = useState<CommissionQuery>({ from: monthStart(today), to: today });
  const [asked, setAsked] = useState<CommissionQuery>(query);
  const show = (event: FormEvent) => {
    event.preventDefault();
    setAsked({ from: query.from.trim(), to: query.to.trim() });
  };
  const { answer, error, pending } = useReport(asked, (reports, query) => reports.commissions(query));

  return (
    <section className="staff-card" aria-labelledby="staff-commissions-heading">
      <h2 id="staff-commissions-heading">{t('commissions.heading')}</h2>
      <p>{t('commissions.intro')}</p>
      <form className="staff-form staff-form--row" onSubmit={show} noValidate>
        <TextField
          label={t('filters.from')}
          value={query.from}
          onChange={(from) => setQuery((q) => ({ ...q, from }))}
        />
        <TextField label={t('filters.to')} value={query.to} onChange={(to) => setQuery((q) => ({ ...q, to }))} />
        <div className="staff-actions">
          <Button type="submit" isPending={pending}>
            {t('filters.show')}
          </Button>
          <a className="button button--secondary" href={commissionCsvHref(query)} download>
            {t('csv')}
          </a>
        </div>
      </form>
      {error ? <Alert>{error}</Alert> : null}
      {answer ? <CommissionTables answer={answer} /> : null}
      {answer ? <CommissionTerms answer={answer} /> : null}
    </section>
  );
}

function CommissionTables({ answer }: { answer: CommissionAnswer }) {
  const { t } = useTranslation('staff-reports');
  if (answer.rows.length === 0) return <p role="status">{t('commissions.empty')}</p>;
  const publisherName = (row: CommissionRow) => (row.publisherId ? row.publisherName : t('funnel.direct'));
  return (
    <>
      <SumsTable
        caption={t('commissions.byRow')}
        keyLabels={[t('commissions.month'), t('commissions.lender'), t('commissions.publisher')]}
        rows={answer.rows.map((row) => [[row.month, row.lenderName, publisherName(row)], row] as const)}
      />
      <SumsTable
        caption={t('commissions.byLender')}
        keyLabels={[t('commissions.lender')]}
        rows={sumsBy(answer.rows, (row) => row.lenderName).map(([name, sums]) => [[name], sums] as const)}
      />
      <SumsTable
        caption={t('commissions.byPublisher')}
        keyLabels={[t('commissions.publisher')]}
        rows={sumsBy(answer.rows, publisherName).map(([name, sums]) => [[name], sums] as const)}
      />
    </>
  );
}

function SumsTable({
  caption,
  keyLabels,
  rows,
}: {
  caption: string;
  keyLabels: readonly string[];
  rows: readonly (readonly [readonly string[], Sums])[];
}) {
  const { t, i18n } = useTranslation('staff-reports');
  const language: Language = i18n.language === 'ru' ? 'ru' : 'lv';
  const euro = (value: number) => formatEuroCents(language, value);
  const total = rows.reduce((sum, [, sums]) => add(sum, sums), ZERO);
  const figures = (sums: Sums) => (
    <>
      <td>{formatNumber(language, sums.loans)}</td>
      <td>{euro(sums.principal)}</td>
      <td>{euro(sums.commission)}</td>
      <td>{euro(sums.publisherShare)}</td>
      <td>{euro(sums.brokerNet)}</td>
    </>
  );
  return (
    <div className="staff-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {keyLabels.map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
            {(['loans', 'principal', 'commission', 'publisherShare', 'brokerNet'] as const).map((column) => (
              <th scope="col" key={column}>
                {t(`commissions.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([keys, sums]) => (
            <tr key={keys.join('\u0000')}>
              {keys.map((key, index) =>
                index === 0 ? (
                  <th scope="row" key={index}>
                    {key}
                  </th>
                ) : (
                  <td key={index}>{key}</td>
                ),
              )}
              {figures(sums)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={keyLabels.length}>
              {t('commissions.total')}
            </th>
            {figures(total)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The terms the figures were counted with: each lender's (from its configuration) and each publisher's share. */
function CommissionTerms({ answer }: { answer: CommissionAnswer }) {
  const { t, i18n } = useTranslation('staff-reports');
  const language: Language = i18n.language === 'ru' ? 'ru' : 'lv';
  const percent = (value: number | null) =>
    value === null ? t('commissions.noTerms') : formatPercent(language, value);
  const euro = (value: number | null) => (value === null ? t('commissions.noTerms') : formatEuroCents(language, value));
  return (
    <div className="staff-table-wrap" role="region" aria-label={t('commissions.terms')} tabIndex={0}>
      <table className="staff-table">
        <caption>{t('commissions.terms')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('commissions.lender')}</th>
            <th scope="col">{t('commissions.percentOfPrincipal')}</th>
            <th scope="col">{t('commissions.fixedPerLoan')}</th>
          </tr>
        </thead>
        <tbody>
          {answer.terms.map((terms) => (
            <tr key={terms.lenderId}>
              <th scope="row">{terms.name}</th>
              <td>{percent(terms.percentOfPrincipal)}</td>
              <td>{euro(terms.fixedPerLoan)}</td>
            </tr>
          ))}
        </tbody>
        <tbody>
          {answer.shares.map((share) => (
            <tr key={share.publisherId}>
              <th scope="row">{share.name}</th>
              <td colSpan={2}>
                {t('commissions.share', { share: formatPercent(language, share.commissionSharePercent) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
