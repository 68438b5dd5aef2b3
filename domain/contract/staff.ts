import { z } from 'zod';
import {
  addStaffBodySchema,
  auditAnswerSchema,
  auditQuerySchema,
  enrolmentLinkAnswerSchema,
  enrolmentOptionsBodySchema,
  enrolmentVerifyBodySchema,
  loginVerifyBodySchema,
  passkeyOptionsSchema,
  removeStaffBodySchema,
  staffMemberParams,
  staffMemberSchema,
  staffMeSchema,
  type StaffRole,
} from '../staff-api.ts';
import { CONSULTANT_ACCESS } from './staff-consultant.ts';
import { REPORTS_ACCESS } from './staff-reports.ts';
import { defineEndpoint, definePrivateRoute, type EndpointDefinition, type ErrorStatus } from './define-endpoint.ts';
import { COMPLIANCE_ACCESS } from './staff-compliance.ts';

/**
 * The staff's back office (issue 34), under /api/staff, where the staff's own session cookie goes and nowhere
 * else. None of it is for partners: every endpoint is kept out of the published document, and who may call
 * each one is written once, in STAFF_ACCESS below, which the routes' guard and the 401/403 test both read.
 */

const UNPUBLISHED = "the staff's back office, called by the staff's own page only; not an API for partners";
const LOGIN_REFUSALS = [400, 404, 429] as const satisfies readonly ErrorStatus[];
const GUARDED_REFUSALS = [400, 401, 403, 404, 409, 429] as const satisfies readonly ErrorStatus[];

export const staffEnrolmentOptions = defineEndpoint({
  method: 'POST',
  path: '/api/staff/enrolment/options',
  operationId: 'staffEnrolmentOptions',
  tag: 'Staff',
  summary: "A passkey's registration options for the member a one-time enrolment link names",
  body: enrolmentOptionsBodySchema,
  answers: { 200: passkeyOptionsSchema },
  errors: LOGIN_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const staffEnrolmentVerify = defineEndpoint({
  method: 'POST',
  path: '/api/staff/enrolment/verify',
  operationId: 'staffEnrolmentVerify',
  tag: 'Staff',
  summary: 'Keep the new passkey, spend the link, and log the member in',
  body: enrolmentVerifyBodySchema,
  answers: { 200: staffMeSchema },
  errors: LOGIN_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const staffLoginOptions = defineEndpoint({
  method: 'POST',
  path: '/api/staff/login/options',
  operationId: 'staffLoginOptions',
  tag: 'Staff',
  summary: "A passkey login's options: a fresh challenge, any of the staff's passkeys",
  answers: { 200: passkeyOptionsSchema },
  errors: [429],
  unpublished: UNPUBLISHED,
});

export const staffLoginVerify = defineEndpoint({
  method: 'POST',
  path: '/api/staff/login/verify',
  operationId: 'staffLoginVerify',
  tag: 'Staff',
  summary: "Check the passkey's signature and set the staff's session cookie; repeated failures lock out",
  body: loginVerifyBodySchema,
  answers: { 200: staffMeSchema },
  errors: [400, 401, 429],
  unpublished: UNPUBLISHED,
});

export const staffLogout = defineEndpoint({
  method: 'POST',
  path: '/api/staff/logout',
  operationId: 'staffLogout',
  tag: 'Staff',
  summary: "End this session and clear the staff's cookie",
  answers: { 204: { description: 'Logged out' } },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const staffMe = defineEndpoint({
  method: 'GET',
  path: '/api/staff/me',
  operationId: 'staffMe',
  tag: 'Staff',
  summary: 'The logged-in member: who, which role, which language',
  answers: { 200: staffMeSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/api/staff/members',
  operationId: 'listStaff',
  tag: 'Staff',
  summary: 'Every member who is not removed',
  answers: { 200: z.array(staffMemberSchema) },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const addStaff = defineEndpoint({
  method: 'POST',
  path: '/api/staff/members',
  operationId: 'addStaff',
  tag: 'Staff',
  summary: 'Add a member with a role; answers their one-time enrolment link',
  body: addStaffBodySchema,
  answers: { 201: enrolmentLinkAnswerSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const renewStaffEnrolment = defineEndpoint({
  method: 'POST',
  path: '/api/staff/members/:id/enrolment',
  operationId: 'renewStaffEnrolment',
  tag: 'Staff',
  summary: 'A new one-time enrolment link for a member (a lost passkey, an expired link); the old links stop working',
  params: staffMemberParams,
  answers: { 200: enrolmentLinkAnswerSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const removeStaff = defineEndpoint({
  method: 'POST',
  path: '/api/staff/members/:id/remove',
  operationId: 'removeStaff',
  tag: 'Staff',
  summary: 'Remove a member: their sessions end and their passkeys stop working',
  params: staffMemberParams,
  body: removeStaffBodySchema,
  answers: { 204: { description: 'Removed' } },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const searchAudit = defineEndpoint({
  method: 'GET',
  path: '/api/staff/audit',
  operationId: 'searchAudit',
  tag: 'Staff',
  summary: 'Search the audit log, newest first',
  query: auditQuerySchema,
  answers: { 200: auditAnswerSchema },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

export const exportAudit = defineEndpoint({
  method: 'GET',
  path: '/api/staff/audit.csv',
  operationId: 'exportAudit',
  tag: 'Staff',
  summary: 'The same search as CSV, every matching record',
  query: auditQuerySchema,
  answers: { 200: { description: 'CSV, UTF-8 with a byte-order mark', content: { 'text/csv': 'text' } } },
  errors: GUARDED_REFUSALS,
  unpublished: UNPUBLISHED,
});

/** A staff area's endpoints with the roles that may call each. */
export type StaffAccess = readonly (readonly [EndpointDefinition, readonly StaffRole[]])[];

const MEMBERS_ACCESS: StaffAccess = [
  [staffMe, ['consultant', 'compliance', 'administrator']],
  [staffLogout, ['consultant', 'compliance', 'administrator']],
  [listStaff, ['administrator']],
  [addStaff, ['administrator']],
  [renewStaffEnrolment, ['administrator']],
  [removeStaff, ['administrator']],
  [searchAudit, ['compliance']],
  [exportAudit, ['compliance']],
];

/**
 * Who may call each staff endpoint, every area's (each area's contract file lists its own); every one not named
 * here is the login's, open to anyone.
 */
export const STAFF_ACCESS: ReadonlyMap<EndpointDefinition, readonly StaffRole[]> = new Map([
  ...MEMBERS_ACCESS,
  ...CONSULTANT_ACCESS,
  ...COMPLIANCE_ACCESS,
  ...REPORTS_ACCESS,
]);

const LOCAL_ONLY =
  'the local administration (npm run staff, npm run audit:verify): answered only to this machine, with the ' +
  "server's administration secret, never through the proxy";

/** The staff CLI adds a member (the first administrator): body adminAddStaffBodySchema, answer enrolmentLinkAnswerSchema. */
export const localAddStaff = definePrivateRoute({
  method: 'POST',
  path: '/api/staff/local/members',
  unpublished: LOCAL_ONLY,
});

/** Walks the audit log's hash chain; answer auditVerifyAnswerSchema. */
export const localVerifyAudit = definePrivateRoute({
  method: 'GET',
  path: '/api/staff/local/audit/verify',
  unpublished: LOCAL_ONLY,
});
