import type { FastifyInstance } from 'fastify';
import {
  consultantAddNote,
  consultantApplication,
  consultantCallQueue,
  consultantMarkCall,
  consultantPersonalData,
  consultantResendContinueLink,
  consultantSearchApplications,
} from '../../domain/contract/staff-consultant.ts';
import type { Broker } from '../broker.ts';
import {
  addNote,
  callQueue,
  consultantApplicationOf,
  markCall,
  personalDataOf,
  resendContinueLink,
  searchApplications,
} from '../staff/consultant/consultant.ts';
import { sessionOf, staffRouteOf } from './staff-guard.ts';

/** The consultant's part of the back office (issue 34): the guard lets consultants alone in (STAFF_ACCESS). */
export function registerConsultantRoutes(app: FastifyInstance, broker: Broker): void {
  const staffRoute = staffRouteOf(app, broker);

  staffRoute(consultantCallQueue, 120, async (request) => callQueue(broker, sessionOf(request).id));
  staffRoute(consultantSearchApplications, 60, async (request) =>
    searchApplications(broker, sessionOf(request).id, request.body.query),
  );
  staffRoute(consultantApplication, 120, async (request) =>
    consultantApplicationOf(broker, sessionOf(request).id, request.params.id),
  );
  staffRoute(consultantPersonalData, 60, async (request) =>
    personalDataOf(broker, sessionOf(request).id, request.params.id, request.body.reason),
  );
  staffRoute(consultantAddNote, 60, async (request, reply) =>
    reply.code(201).send(await addNote(broker, sessionOf(request).id, request.params.id, request.body.text)),
  );
  staffRoute(consultantMarkCall, 60, async (request) =>
    markCall(broker, sessionOf(request).id, request.params.id, request.body),
  );
  // a message to the person each time: a few a minute is plenty for a consultant
  staffRoute(consultantResendContinueLink, 10, async (request, reply) =>
    reply.code(202).send(await resendContinueLink(broker, sessionOf(request).id, request.params.id)),
  );
}
