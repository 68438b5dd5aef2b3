import { DECLINE_REASONS } from '../../../domain/api.ts';
import {
  conversionRates,
  FUNNEL_STAGES,
  HEALTH_WINDOWS,
  type CommissionAnswer,
  type FunnelAnswer,
  type LenderHealthAnswer,
} from '../../../domain/staff-reports-api.ts';

/**
 * The reports as CSV, UTF-8 with a byte-order mark (so spreadsheets read ā and ž), CRLF lines: the same figures
 * the page shows, one row per table row. Column names are the answer's field names, as the audit log's CSV has them.
 */

/** A text cell as RFC 4180 quotes it; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csv = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string =>
  '\uFEFF' + [header.map(cell), ...rows.map((row) => row.map(cell))].map((line) => `${line.join(',')}\r\n`).join('');

/** A share as a fraction to four places (0.8123), so a spreadsheet formats it as it likes. */
const share = (value: number | null): number | null => (value === null ? null : Math.round(value * 10_000) / 10_000);

const RATE_STAGES = FUNNEL_STAGES.filter((stage) => stage !== 'calculator');

export function funnelCsv(answer: FunnelAnswer): string {
  return csv(
    ['period', 'group', ...FUNNEL_STAGES, ...RATE_STAGES.map((stage) => `${stage}Rate`), 'paidOfSubmitted'],
    answer.rows.map((row) => {
      const rates = conversionRates(row);
      return [
        row.period,
        row.group,
        ...FUNNEL_STAGES.map((stage) => row[stage]),
        ...RATE_STAGES.map((stage) => share(rates[stage])),
        share(rates.overall),
      ];
    }),
  );
}

export function lenderHealthCsv(answer: LenderHealthAnswer): string {
  return csv(
    [
      'window',
      'lenderId',
      'name',
      'requests',
      'answered',
      'offers',
      'declined',
      'answerRate',
      'medianSeconds',
      'p95Seconds',
      ...DECLINE_REASONS.map((reason) => `declined_${reason}`),
      'timeouts',
      'errors',
      'documentsRequested',
    ],
    HEALTH_WINDOWS.flatMap((window) =>
      answer.windows[window].map((lender) => [
        window,
        lender.lenderId,
        lender.name,
        lender.requests,
        lender.answered,
        lender.offers,
        lender.declined,
        share(lender.answerRate),
        lender.medianSeconds,
        lender.p95Seconds,
        ...DECLINE_REASONS.map((reason) => lender.declinesByReason[reason]),
        lender.timeouts,
        lender.errors,
        lender.documentsRequested,
      ]),
    ),
  );
}

export function commissionCsv(answer: CommissionAnswer): string {
  return csv(
    [
      'month',
      'lenderId',
      'lenderName',
      'publisherId',
      'publisherName',
      'loans',
      'principal',
      'commission',
      'publisherShare',
      'brokerNet',
    ],
    answer.rows.map((row) => [
      row.month,
      row.lenderId,
      row.lenderName,
      row.publisherId,
      row.publisherName,
      row.loans,
      row.principal.toFixed(2),
      row.commission.toFixed(2),
      row.publisherShare.toFixed(2),
      row.brokerNet.toFixed(2),
    ]),
  );
}
