import type { FastifyInstance } from 'fastify';
import {
  answerComplaint,
  complianceStaffDirectory,
  eraseForDataRequest,
  exportForDataRequest,
  listComplaints,
  listDataRequests,
  listReviewRequests,
  refuseDataRequest,
  registerComplaint,
  registerDataRequest,
} from '../../domain/contract/staff-compliance.ts';
import type { Broker } from '../broker.ts';
import * as complaints from '../staff/compliance/complaints.ts';
import * as dataRequests from '../staff/compliance/data-requests.ts';
import { listReviewRequests as reviewRequestsOf } from '../staff/compliance/review-requests.ts';
import { staffDirectory } from '../staff/compliance/staff-directory.ts';
import { sessionOf, staffRouteOf } from './staff-guard.ts';

/** The compliance officer's registers: each route's roles are COMPLIANCE_ACCESS's, every one writes the audit log. */
export function registerComplianceRoutes(app: FastifyInstance, broker: Broker): void {
  const staffRoute = staffRouteOf(app, broker);
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).id;

  staffRoute(complianceStaffDirectory, 60, async (request) => staffDirectory(broker, me(request)));

  staffRoute(listDataRequests, 60, async (request) => dataRequests.listDataRequests(broker, me(request)));
  staffRoute(registerDataRequest, 30, async (request, reply) =>
    reply.code(201).send(await dataRequests.registerDataRequest(broker, me(request), request.body)),
  );
  staffRoute(eraseForDataRequest, 10, async (request) =>
    dataRequests.eraseForRequest(broker, me(request), request.params.id),
  );
  staffRoute(exportForDataRequest, 10, async (request, reply) => {
    const data = await dataRequests.exportForRequest(broker, me(request), request.params.id);
    void reply.header('content-disposition', `attachment; filename="kreditkompass-dati-${request.params.id}.json"`);
    return data;
  });
  staffRoute(refuseDataRequest, 30, async (request) =>
    dataRequests.refuseRequest(broker, me(request), request.params.id, request.body.reason),
  );

  staffRoute(listComplaints, 60, async (request) => complaints.listComplaints(broker, me(request)));
  staffRoute(registerComplaint, 30, async (request, reply) =>
    reply.code(201).send(await complaints.registerComplaint(broker, me(request), request.body)),
  );
  staffRoute(answerComplaint, 30, async (request) =>
    complaints.answerComplaint(broker, me(request), request.params.id, request.body.answeredOn),
  );

  staffRoute(listReviewRequests, 60, async (request) => reviewRequestsOf(broker, me(request)));
}
