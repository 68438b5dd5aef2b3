import {
  addNoteBodySchema,
  applicationParams,
  applicationSearchAnswerSchema,
  applicationSearchBodySchema,
  callQueueAnswerSchema,
  callRequestParams,
  consultantApplicationSchema,
  consultantNoteSchema,
  continueLinkAnswerSchema,
  markCallBodySchema,
  personalDataBodySchema,
  personalDataSchema,
  staffCallRequestSchema,
} from '../staff-consultant-api.ts';
import type { StaffRole } from '../staff-api.ts';
import { defineEndpoint, type EndpointDefinition, type ErrorStatus } from './define-endpoint.ts';

/**
 * The consultant's part of the staff's back office (issue 34): the calls to make, the applications of people who
 * asked for one, and what a consultant does with them. A consultant sees only applications with a call request;
 * every view and action is written to the audit log. Personal data travels in bodies, never in addresses.
 */

const UNPUBLISHED = "the staff's back office, called by the staff's own page only; not an API for partners";
const REFUSALS = [400, 401, 403, 404, 409, 429] as const satisfies readonly ErrorStatus[];

export const consultantCallQueue = defineEndpoint({
  method: 'GET',
  path: '/api/staff/consultant/calls',
  operationId: 'consultantCallQueue',
  tag: 'Staff',
  summary: 'The call requests waiting for a call, soonest slot first, the overdue ones marked',
  answers: { 200: callQueueAnswerSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

export const consultantSearchApplications = defineEndpoint({
  method: 'POST',
  path: '/api/staff/consultant/applications/search',
  operationId: 'consultantSearchApplications',
  tag: 'Staff',
  summary: 'Find applications of people who asked for a call by application id, short id, e-mail or phone',
  description: 'A POST so that an e-mail or a phone number stays out of addresses and logs. Exact match only.',
  body: applicationSearchBodySchema,
  answers: { 200: applicationSearchAnswerSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

export const consultantApplication = defineEndpoint({
  method: 'GET',
  path: '/api/staff/consultant/applications/:id',
  operationId: 'consultantApplication',
  tag: 'Staff',
  summary: "An application's timeline, the consultants' notes and its call requests; contacts and income hidden",
  params: applicationParams,
  answers: { 200: consultantApplicationSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

export const consultantPersonalData = defineEndpoint({
  method: 'POST',
  path: '/api/staff/applications/:id/personal-data',
  operationId: 'consultantPersonalData',
  tag: 'Staff',
  summary: "The person's name, contacts and income, for a reason from the list, which the audit log keeps",
  params: applicationParams,
  body: personalDataBodySchema,
  answers: { 200: personalDataSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

export const consultantAddNote = defineEndpoint({
  method: 'POST',
  path: '/api/staff/consultant/applications/:id/notes',
  operationId: 'consultantAddNote',
  tag: 'Staff',
  summary: "Add a consultant's note to an application",
  params: applicationParams,
  body: addNoteBodySchema,
  answers: { 201: consultantNoteSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

export const consultantMarkCall = defineEndpoint({
  method: 'POST',
  path: '/api/staff/consultant/call-requests/:id/mark',
  operationId: 'consultantMarkCall',
  tag: 'Staff',
  summary: 'Mark a waiting call request called or not reached, with an optional note; it leaves the queue',
  description: 'A request that no longer waits (cancelled, moved or marked already): 404 `callRequestNotFound`.',
  params: callRequestParams,
  body: markCallBodySchema,
  answers: { 200: staffCallRequestSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

export const consultantResendContinueLink = defineEndpoint({
  method: 'POST',
  path: '/api/staff/consultant/applications/:id/continue-link',
  operationId: 'consultantResendContinueLink',
  tag: 'Staff',
  summary: 'Send the person a new message with the link that continues the application',
  description:
    'Queued on the channels the person allowed; answers which ones (none: the person asked for no messages).',
  params: applicationParams,
  answers: { 202: continueLinkAnswerSchema },
  errors: REFUSALS,
  unpublished: UNPUBLISHED,
});

/** Consultants only: administrators and compliance do not call people. */
export const CONSULTANT_ACCESS: readonly (readonly [EndpointDefinition, readonly StaffRole[]])[] = [
  [consultantCallQueue, ['consultant']],
  [consultantSearchApplications, ['consultant']],
  [consultantApplication, ['consultant']],
  [consultantPersonalData, ['consultant']],
  [consultantAddNote, ['consultant']],
  [consultantMarkCall, ['consultant']],
  [consultantResendContinueLink, ['consultant']],
];
