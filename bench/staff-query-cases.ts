import type { Database } from '../server/db/database.ts';
import type { LenderEndpoint } from '../server/lenders/registry.ts';
import type { PublisherConfig } from '../server/publishers/publisher-config.ts';
import { searchAuditLog } from '../server/staff/audit-log.ts';
import {
  callQueueRows,
  findByApplicationId,
  findByContactKey,
  findByShortId,
} from '../server/staff/consultant/queries.ts';
import { timelineOf } from '../server/staff/consultant/timeline.ts';
import { commissionReport } from '../server/staff/reports/commissions.ts';
import { funnelReport } from '../server/staff/reports/funnel.ts';
import { lenderHealthReport } from '../server/staff/reports/lender-health.ts';

/**
 * The staff's queries `npm run bench:staff` times on a year of demo data (bench/staff-queries.ts). Each case runs a
 * query the way its route runs it and returns what the route would read; the bench counts the rows of the answer
 * (an array, or the first array among the answer's fields). A new area adds its list here and spreads it into
 * STAFF_QUERY_CASES, one line.
 */

/** Real values of the seeded database for the cases' parameters, looked up once before the timing. */
export interface BenchSample {
  /** the seed's "now": the newest application is a little before it */
  readonly now: Date;
  /** an application a consultant opened (the audit log names it) */
  readonly applicationId: string;
  /** an application whose person asked for a call: the only kind a consultant's search finds */
  readonly calledApplicationId: string;
  /** its applicant's keyed personal code (applications.person_key) */
  readonly personKey: string;
  /** a consultant with a year of records */
  readonly staffId: string;
  /** the publisher with the most applications */
  readonly publisherId: string;
  /** a configured lender */
  readonly lenderId: string;
  /** the configuration the reports read, as the routes pass it */
  readonly lenders: readonly LenderEndpoint[];
  readonly publishers: readonly PublisherConfig[];
}

export interface StaffQueryCase {
  readonly name: string;
  readonly run: (db: Database, sample: BenchSample) => Promise<unknown>;
}

/** YYYY-MM-DD of `days` before the sample's now (the audit search takes days). */
export const dayBefore = (sample: BenchSample, days: number): string =>
  new Date(sample.now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

// the audit log's page and export sizes, as server/http/staff-routes.ts asks them
const AUDIT_PAGE = 100;
const AUDIT_EXPORT = 100_000;

export const AUDIT_LOG_CASES: readonly StaffQueryCase[] = [
  { name: 'audit log: newest page', run: (db) => searchAuditLog(db, {}, AUDIT_PAGE) },
  {
    name: 'audit log: one member, 30 days',
    run: (db, s) => searchAuditLog(db, { staffId: s.staffId, from: dayBefore(s, 30), to: dayBefore(s, 0) }, AUDIT_PAGE),
  },
  {
    name: 'audit log: one application',
    run: (db, s) => searchAuditLog(db, { applicationId: s.applicationId }, AUDIT_PAGE),
  },
  {
    name: 'audit log: one action, a quarter',
    run: (db, s) =>
      searchAuditLog(db, { action: 'application.viewed', from: dayBefore(s, 120), to: dayBefore(s, 30) }, AUDIT_PAGE),
  },
  {
    name: 'audit log: an action never taken, all time',
    run: (db) => searchAuditLog(db, { action: 'staff.removed' }, AUDIT_PAGE),
  },
  {
    name: 'audit log: member and action, a year',
    run: (db, s) =>
      searchAuditLog(db, { staffId: s.staffId, action: 'application.viewed', from: dayBefore(s, 365) }, AUDIT_PAGE),
  },
  {
    name: 'audit log: CSV export of a month',
    run: (db, s) => searchAuditLog(db, { from: dayBefore(s, 60), to: dayBefore(s, 30) }, AUDIT_EXPORT),
  },
];

// a keyed hash's shape (43 base64url characters): the index answers a miss as it answers a hit
const SOME_CONTACT_KEY = 'k'.repeat(43);

export const CONSULTANT_CASES: readonly StaffQueryCase[] = [
  { name: 'consultant: the open call queue', run: (db) => callQueueRows(db) },
  { name: 'consultant: search by application id', run: (db, s) => findByApplicationId(db, s.calledApplicationId) },
  { name: 'consultant: search by short id', run: (db, s) => findByShortId(db, s.calledApplicationId.slice(0, 8)) },
  { name: "consultant: search by an e-mail's key", run: (db) => findByContactKey(db, 'email', SOME_CONTACT_KEY) },
  { name: "consultant: search by a phone's key", run: (db) => findByContactKey(db, 'phone', SOME_CONTACT_KEY) },
  { name: "consultant: an application's timeline", run: (db, s) => timelineOf(db, new Map(), s.calledApplicationId) },
];

const funnel = (s: BenchSample, days: number, unit: 'day' | 'week', groupBy: 'none' | 'publisher' | 'product') =>
  ({ from: dayBefore(s, days), to: dayBefore(s, 0), unit, groupBy }) as const;
const commissions = (db: Database, s: BenchSample, days: number) =>
  commissionReport(db, { from: dayBefore(s, days), to: dayBefore(s, 0), lenders: s.lenders, publishers: s.publishers });

export const REPORT_CASES: readonly StaffQueryCase[] = [
  { name: 'reports: funnel, 30 days by day', run: (db, s) => funnelReport(db, funnel(s, 30, 'day', 'none')) },
  {
    name: 'reports: funnel, 30 days by publisher',
    run: (db, s) => funnelReport(db, funnel(s, 30, 'day', 'publisher')),
  },
  { name: 'reports: funnel, 90 days by product', run: (db, s) => funnelReport(db, funnel(s, 90, 'week', 'product')) },
  { name: 'reports: funnel, a year by week', run: (db, s) => funnelReport(db, funnel(s, 364, 'week', 'none')) },
  {
    name: "reports: one publisher's funnel, a year",
    run: (db, s) => funnelReport(db, { ...funnel(s, 364, 'week', 'none'), publisherId: s.publisherId }),
  },
  { name: "reports: lenders' health, 24 h and 30 d", run: (db, s) => lenderHealthReport(db, { lenders: s.lenders }) },
  { name: 'reports: commissions, a month', run: (db, s) => commissions(db, s, 30) },
  { name: 'reports: commissions, a year', run: (db, s) => commissions(db, s, 364) },
];

/** Every case the bench times. */
export const STAFF_QUERY_CASES: readonly StaffQueryCase[] = [...AUDIT_LOG_CASES, ...CONSULTANT_CASES, ...REPORT_CASES];
