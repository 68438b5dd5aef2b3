import { z } from 'zod';
import {
  answerComplaintBodySchema,
  complaintParams,
  complaintSchema,
  dataRequestErasedSchema,
  dataRequestExportSchema,
  dataRequestParams,
  dataRequestSchema,
  refuseDataRequestBodySchema,
  registerComplaintBodySchema,
  registerDataRequestBodySchema,
  reviewRequestRowSchema,
  staffDirectoryEntrySchema,
} from '../staff-compliance-api.ts';
import { defineEndpoint, type ErrorStatus } from './define-endpoint.ts';
import type { StaffAccess } from './staff.ts';

/**
 * The compliance officer's area of the back office (issue 34): the staff picker of the audit search, the data
 * requests received by post or e-mail, the complaints, and the lenders' human reviews. Unpublished like the rest of
 * /api/staff; every endpoint is compliance's alone (COMPLIANCE_ACCESS, spread into STAFF_ACCESS).
 */

const UNPUBLISHED = "the staff's back office, called by the staff's own page only; not an API for partners";
const REFUSALS = [400, 401, 403, 404, 409, 429] as const satisfies readonly ErrorStatus[];
const common = { tag: 'Staff', errors: REFUSALS, unpublished: UNPUBLISHED } as const;

export const complianceStaffDirectory = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/staff/compliance/staff',
  operationId: 'complianceStaffDirectory',
  summary: "Every member ever added, removed ones too, by name and e-mail: the audit search's picker",
  answers: { 200: z.array(staffDirectoryEntrySchema) },
});

export const listDataRequests = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/staff/compliance/data-requests',
  operationId: 'listDataRequests',
  summary: 'The erasure and access requests received by post or e-mail, open ones first',
  answers: { 200: z.array(dataRequestSchema) },
});

export const registerDataRequest = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/staff/compliance/data-requests',
  operationId: 'registerDataRequest',
  summary: 'Register an erasure or access request that came by post or e-mail; a personal code only ever in the body',
  body: registerDataRequestBodySchema,
  answers: { 201: dataRequestSchema },
});

export const eraseForDataRequest = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/staff/compliance/data-requests/:id/erase',
  operationId: 'eraseForDataRequest',
  summary: "Carry out an erasure request: the account's own erasure, for the person the request names",
  params: dataRequestParams,
  answers: { 200: dataRequestErasedSchema },
});

export const exportForDataRequest = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/staff/compliance/data-requests/:id/export',
  operationId: 'exportForDataRequest',
  summary: "Carry out an access request: the account's own export of everything held about the person, as JSON",
  params: dataRequestParams,
  answers: { 200: dataRequestExportSchema },
});

export const refuseDataRequest = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/staff/compliance/data-requests/:id/refuse',
  operationId: 'refuseDataRequest',
  summary: 'Refuse a data request, with the reason the person is told',
  params: dataRequestParams,
  body: refuseDataRequestBodySchema,
  answers: { 200: dataRequestSchema },
});

export const listComplaints = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/staff/compliance/complaints',
  operationId: 'listComplaints',
  summary: 'The complaints, open ones first',
  answers: { 200: z.array(complaintSchema) },
});

export const registerComplaint = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/staff/compliance/complaints',
  operationId: 'registerComplaint',
  summary: 'Register a complaint; its due date is 15 Latvian working days after receipt',
  body: registerComplaintBodySchema,
  answers: { 201: complaintSchema },
});

export const answerComplaint = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/api/staff/compliance/complaints/:id/answer',
  operationId: 'answerComplaint',
  summary: 'Record that a complaint was answered, and on which day',
  params: complaintParams,
  body: answerComplaintBodySchema,
  answers: { 200: complaintSchema },
});

export const listReviewRequests = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/api/staff/compliance/review-requests',
  operationId: 'listReviewRequests',
  summary: "The people's requests for a lender's human review of a decline, and whether the lenders answered in time",
  answers: { 200: z.array(reviewRequestRowSchema) },
});

export const COMPLIANCE_ACCESS: StaffAccess = [
  complianceStaffDirectory,
  listDataRequests,
  registerDataRequest,
  eraseForDataRequest,
  exportForDataRequest,
  refuseDataRequest,
  listComplaints,
  registerComplaint,
  answerComplaint,
  listReviewRequests,
].map((endpoint) => [endpoint, ['compliance']] as const);
