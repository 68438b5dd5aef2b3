import {
  commissionAnswerSchema,
  commissionQuerySchema,
  funnelAnswerSchema,
  funnelEventBodySchema,
  funnelQuerySchema,
  lenderHealthAnswerSchema,
  lenderHealthQuerySchema,
} from '../staff-reports-api.ts';
import { defineEndpoint, type ErrorStatus } from './define-endpoint.ts';
import type { StaffAccess } from './staff.ts';

/**
 * The administrator's reports (issue 34): the funnel, the lenders' health and the commissions, each as JSON for the
 * page and as CSV. Counted by the server from the applications' own rows at each request; each view and export is
 * written to the audit log with the report's name and filters.
 */

const UNPUBLISHED = "the staff's back office, called by the staff's own page only; not an API for partners";
const GUARDED_REFUSALS = [400, 401, 403, 429] as const satisfies readonly ErrorStatus[];
const CSV = { description: 'CSV, UTF-8 with a byte-order mark', content: { 'text/csv': 'text' } } as const;

export const funnelReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/reports/funnel',
  operationId: 'funnelReport',
  tag: 'Staff',
  summary: 'The funnel by Riga day or week, split by publisher or product, from the calculator to the payout',
  query: funnelQuerySchema,
  answers: { 200: funnelAnswerSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const exportFunnelReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/reports/funnel.csv',
  operationId: 'exportFunnelReport',
  tag: 'Staff',
  summary: 'The same funnel as CSV, with its conversion rates',
  query: funnelQuerySchema,
  answers: { 200: CSV },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const lenderHealthReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/reports/lenders',
  operationId: 'lenderHealthReport',
  tag: 'Staff',
  summary: "Each lender's health over the last 24 hours and 30 days",
  query: lenderHealthQuerySchema,
  answers: { 200: lenderHealthAnswerSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const exportLenderHealthReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/reports/lenders.csv',
  operationId: 'exportLenderHealthReport',
  tag: 'Staff',
  summary: "The lenders' health as CSV, both windows",
  query: lenderHealthQuerySchema,
  answers: { 200: CSV },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const commissionReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/reports/commissions',
  operationId: 'commissionReport',
  tag: 'Staff',
  summary: "The paid loans' commissions by month, lender and publisher, with each publisher's share",
  query: commissionQuerySchema,
  answers: { 200: commissionAnswerSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const exportCommissionReport = defineEndpoint({
  method: 'GET',
  path: '/api/staff/reports/commissions.csv',
  operationId: 'exportCommissionReport',
  tag: 'Staff',
  summary: 'The same commissions as CSV',
  query: commissionQuerySchema,
  answers: { 200: CSV },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

/** The reports are the administrator's alone. */
export const REPORTS_ACCESS: StaffAccess = [
  [funnelReport, ['administrator']],
  [exportFunnelReport, ['administrator']],
  [lenderHealthReport, ['administrator']],
  [exportLenderHealthReport, ['administrator']],
  [commissionReport, ['administrator']],
  [exportCommissionReport, ['administrator']],
];

/**
 * The site's calculator (its first use on a page) and application form (its first step shown) say so here, for the
 * funnel's first two stages: nothing else records them. Anonymous: the product and the publisher only.
 */
export const recordFunnelEvent = defineEndpoint({
  method: 'POST',
  path: '/api/funnelEvents',
  operationId: 'recordFunnelEvent',
  tag: 'Applications',
  summary: "Count one use of the calculator or one start of the form, for the administrator's funnel",
  body: funnelEventBodySchema,
  answers: { 204: { description: 'Counted' } },
  errors: [400, 429],
  unpublished: "the site's own count of its calculator and form, called by its pages only",
});
