import {
  commissionReport,
  exportCommissionReport,
  exportFunnelReport,
  exportLenderHealthReport,
  funnelReport,
  lenderHealthReport,
} from '../../domain/contract/staff-reports.ts';
import type { Language } from '../../domain/language.ts';
import type {
  CommissionAnswer,
  CommissionQuery,
  FunnelAnswer,
  FunnelQueryInput,
  LenderHealthAnswer,
} from '../../domain/staff-reports-api.ts';
import { contractCaller } from './contract-caller.ts';

/**
 * The administrator's reports (domain/contract/staff-reports.ts), with the staff's session cookie the browser sends
 * by itself; answers parsed by the contract's schemas, failures ApiRequestErrors in the page's language.
 */
export interface StaffReportsClient {
  funnel(query: FunnelQueryInput): Promise<FunnelAnswer>;
  lenderHealth(): Promise<LenderHealthAnswer>;
  commissions(query: CommissionQuery): Promise<CommissionAnswer>;
}

/** A query string of the filters that are set (dates and ids only: nothing personal ever goes in an address). */
const withQuery = (path: string, query: object): string => {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
  return search ? `${path}?${search}` : path;
};

/** The CSV addresses: plain links, which the browser downloads with the cookie. */
export const funnelCsvHref = (query: FunnelQueryInput): string => withQuery(exportFunnelReport.path, query);
export const lenderHealthCsvHref = (): string => exportLenderHealthReport.path;
export const commissionCsvHref = (query: CommissionQuery): string => withQuery(exportCommissionReport.path, query);

export function createStaffReportsClient(language: () => Language, fetchImpl?: typeof fetch): StaffReportsClient {
  const { call } = contractCaller(language, fetchImpl);
  return {
    funnel: (query) => call(funnelReport, undefined, withQuery(funnelReport.path, query)),
    lenderHealth: () => call(lenderHealthReport),
    commissions: (query) => call(commissionReport, undefined, withQuery(commissionReport.path, query)),
  };
}
