import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  commissionReport as commissionEndpoint,
  exportCommissionReport,
  exportFunnelReport,
  exportLenderHealthReport,
  funnelReport as funnelEndpoint,
  lenderHealthReport as lenderHealthEndpoint,
  recordFunnelEvent as recordFunnelEventEndpoint,
} from '../../domain/contract/staff-reports.ts';
import type { CommissionQuery, FunnelQuery } from '../../domain/staff-reports-api.ts';
import type { Broker } from '../broker.ts';
import { writeAudit } from '../staff/audit-log.ts';
import { commissionReport } from '../staff/reports/commissions.ts';
import { commissionCsv, funnelCsv, lenderHealthCsv } from '../staff/reports/csv.ts';
import { funnelReport } from '../staff/reports/funnel.ts';
import { recordFunnelEvent } from '../staff/reports/funnel-events.ts';
import { lenderHealthReport } from '../staff/reports/lender-health.ts';
import { route } from './route.ts';
import { perMinuteOfBody } from './route-options.ts';
import { sessionOf, staffRouteOf } from './staff-guard.ts';
import { countFunnelEvent } from '../ops/metrics/record.ts';

type ReportName = 'funnel' | 'lenderHealth' | 'commissions';

/** The administrator's reports: each view and each export is written to the audit log, with the filters. */
export function registerStaffReportRoutes(app: FastifyInstance, broker: Broker): void {
  const staffRoute = staffRouteOf(app, broker);
  const lenders = [...broker.lenders.values()];
  const commissionParams = (query: CommissionQuery) => ({ ...query, lenders, publishers: broker.config.publishers });
  const audit = (staffId: string, action: 'report.viewed' | 'report.exported', report: ReportName, filters: object) =>
    writeAudit(broker.db, { staffId, action, details: { report, ...filters } });
  const sendCsv = (reply: FastifyReply, name: string, text: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(text);

  staffRoute(funnelEndpoint, 60, async (request) => {
    const answer = await funnelReport(broker.db, request.query);
    await audit(sessionOf(request).id, 'report.viewed', 'funnel', funnelFilters(request.query));
    return answer;
  });
  staffRoute(exportFunnelReport, 20, async (request, reply) => {
    const answer = await funnelReport(broker.db, request.query);
    await audit(sessionOf(request).id, 'report.exported', 'funnel', funnelFilters(request.query));
    return sendCsv(reply, `funnel-${request.query.from}-${request.query.to}`, funnelCsv(answer));
  });
  staffRoute(lenderHealthEndpoint, 60, async (request) => {
    const answer = await lenderHealthReport(broker.db, { lenders });
    await audit(sessionOf(request).id, 'report.viewed', 'lenderHealth', { windows: ['24h', '30d'] });
    return answer;
  });
  staffRoute(exportLenderHealthReport, 20, async (request, reply) => {
    const answer = await lenderHealthReport(broker.db, { lenders });
    await audit(sessionOf(request).id, 'report.exported', 'lenderHealth', { windows: ['24h', '30d'] });
    return sendCsv(reply, `lender-health-${answer.at.slice(0, 10)}`, lenderHealthCsv(answer));
  });
  staffRoute(commissionEndpoint, 60, async (request) => {
    const answer = await commissionReport(broker.db, commissionParams(request.query));
    await audit(sessionOf(request).id, 'report.viewed', 'commissions', { ...request.query });
    return answer;
  });
  staffRoute(exportCommissionReport, 20, async (request, reply) => {
    const answer = await commissionReport(broker.db, commissionParams(request.query));
    await audit(sessionOf(request).id, 'report.exported', 'commissions', { ...request.query });
    return sendCsv(reply, `commissions-${request.query.from}-${request.query.to}`, commissionCsv(answer));
  });
}

/** The funnel's filters as the audit log keeps them: dates and ids, never a person's data. */
const funnelFilters = (query: FunnelQuery) => ({
  from: query.from,
  to: query.to,
  unit: query.unit,
  groupBy: query.groupBy,
  publisherId: query.publisherId ?? null,
  product: query.product ?? null,
});

/** The site's calculator and form count themselves here (the funnel's first two stages). */
export function registerFunnelEventRoutes(app: FastifyInstance, broker: Broker): void {
  route(app, recordFunnelEventEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) => {
    await recordFunnelEvent(broker.db, request.body);
    countFunnelEvent(broker, request.body.kind);
    return reply.code(204).send(null);
  });
}
