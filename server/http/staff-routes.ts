import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  addStaff,
  exportAudit,
  listStaff,
  localAddStaff,
  localVerifyAudit,
  removeStaff,
  renewStaffEnrolment,
  searchAudit,
  staffEnrolmentOptions,
  staffEnrolmentVerify,
  staffLoginOptions,
  staffLoginVerify,
  staffLogout,
  staffMe,
} from '../../domain/contract/staff.ts';
import { adminAddStaffBodySchema, type AuditQuery, type StaffMe } from '../../domain/staff-api.ts';
import type { Broker } from '../broker.ts';
import { auditCsv, searchAuditLog, verifyAuditChain, writeAudit } from '../staff/audit-log.ts';
import { addStaffMember, listStaffMembers, removeStaffMember, renewEnrolment } from '../staff/members.ts';
import { enrolmentOptions, loginOptions, verifyEnrolment, verifyLogin } from '../staff/passkeys.ts';
import { relyingPartyOf } from '../staff/relying-party.ts';
import { createStaffSession, endStaffSession, staffSessionCookieOf, type StaffSession } from '../staff/sessions.ts';
import { ApiProblem } from './problem.ts';
import { sessionOf, staffRouteOf } from './staff-guard.ts';
import { registerConsultantRoutes } from './staff-consultant-routes.ts';
import { registerComplianceRoutes } from './staff-compliance-routes.ts';
import { registerStaffReportRoutes } from './staff-reports-routes.ts';
import { privateRoute } from './route.ts';

const AUDIT_PAGE = 100;
const AUDIT_EXPORT_MAX = 100_000;

// the guard lives in staff-guard.ts, which each area's routes import without importing this file back
export { sessionOf, staffRouteOf };

const meOf = ({ id, email, name, role, language }: StaffSession): StaffMe => ({ id, email, name, role, language });

/** Each area of the back office registers its routes here, in the scope that reads the staff's cookie. */
const STAFF_AREAS: readonly ((app: FastifyInstance, broker: Broker) => void)[] = [
  registerGuardedRoutes,
  registerLoginRoutes,
  registerConsultantRoutes,
  registerComplianceRoutes,
  registerStaffReportRoutes,
];

/** The staff's back office: passkey login, the members (administrators), the audit log (compliance), and the rest. */
export async function registerStaffRoutes(app: FastifyInstance, broker: Broker): Promise<void> {
  await app.register(async (staff) => {
    await staff.register(fastifyCookie);
    for (const register of STAFF_AREAS) register(staff, broker);
  });
  registerLocalRoutes(app, broker);
}

function registerLoginRoutes(app: FastifyInstance, broker: Broker): void {
  const staffRoute = staffRouteOf(app, broker);
  const rp = relyingPartyOf(broker.config.publicBaseUrl);
  const cookie = staffSessionCookieOf(broker.config.publicBaseUrl);
  const logIn = async (reply: FastifyReply, me: StaffMe) => {
    reply.setCookie(cookie.name, await createStaffSession(broker.db, me.id), cookie.options);
    return me;
  };

  staffRoute(staffEnrolmentOptions, 20, async (request) => enrolmentOptions(broker.db, rp, request.body.token));
  staffRoute(staffEnrolmentVerify, 20, async (request, reply) =>
    logIn(reply, await verifyEnrolment(broker.db, rp, request.body.token, request.body.response as never)),
  );
  staffRoute(staffLoginOptions, 30, async () => loginOptions(broker.db, rp));
  staffRoute(staffLoginVerify, 30, async (request, reply) =>
    logIn(reply, await verifyLogin(broker.db, rp, request.body.response as never, request.ip)),
  );
  staffRoute(staffLogout, 30, async (request, reply) => {
    const session = sessionOf(request);
    await endStaffSession(broker.db, session.idHash);
    await writeAudit(broker.db, { staffId: session.id, action: 'staff.logout' });
    reply.clearCookie(cookie.name, cookie.options);
    return reply.code(204).send(null);
  });
}

function registerGuardedRoutes(app: FastifyInstance, broker: Broker): void {
  const staffRoute = staffRouteOf(app, broker);
  const base = broker.config.publicBaseUrl;

  staffRoute(staffMe, 120, async (request) => meOf(sessionOf(request)));
  staffRoute(listStaff, 60, async (request) => {
    const members = await listStaffMembers(broker.db);
    await writeAudit(broker.db, {
      staffId: sessionOf(request).id,
      action: 'staff.listed',
      details: { members: members.length },
    });
    return members;
  });
  staffRoute(addStaff, 30, async (request, reply) =>
    reply.code(201).send(await addStaffMember(broker.db, base, request.body, sessionOf(request).id)),
  );
  staffRoute(renewStaffEnrolment, 30, async (request) =>
    renewEnrolment(broker.db, base, request.params.id, sessionOf(request).id),
  );
  staffRoute(removeStaff, 30, async (request, reply) => {
    await removeStaffMember(broker.db, request.params.id, sessionOf(request).id, request.body.reason);
    return reply.code(204).send(null);
  });
  staffRoute(searchAudit, 60, async (request) => {
    const answer = await searchAuditLog(broker.db, request.query, request.query.limit ?? AUDIT_PAGE);
    await writeAudit(broker.db, {
      staffId: sessionOf(request).id,
      action: 'audit.searched',
      details: filtersOf(request.query),
    });
    return answer;
  });
  staffRoute(exportAudit, 10, async (request, reply) => {
    const { records } = await searchAuditLog(broker.db, request.query, AUDIT_EXPORT_MAX);
    await writeAudit(broker.db, {
      staffId: sessionOf(request).id,
      action: 'audit.exported',
      details: { ...filtersOf(request.query), records: records.length },
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .send(auditCsv(records));
  });
}

/** The search's filters as the audit log keeps them: dates, ids and an action name, never a person's data. */
const filtersOf = (query: AuditQuery): Record<string, string | null> => ({
  from: query.from ?? null,
  to: query.to ?? null,
  staffId: query.staffId ?? null,
  action: query.action ?? null,
  applicationId: query.applicationId ?? null,
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The local administration (the staff CLI, the audit log's verification): a caller on this machine, straight to
 * this process (a request through a proxy names its client in Forwarded or X-Forwarded-For), with the secret
 * kept in the server's data dir or environment. Anyone else meets a route that does not exist.
 */
function registerLocalRoutes(app: FastifyInstance, broker: Broker): void {
  const secret = digest(broker.config.staffAdminSecret);
  const localOnly = async (request: FastifyRequest) => {
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (proxied || !LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new ApiProblem(404, 'notFound');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), secret)) throw new ApiProblem(401, 'unauthorized');
  };
  privateRoute(app, localAddStaff, { preValidation: localOnly }, async (request, reply) => {
    const body = adminAddStaffBodySchema.safeParse(request.body);
    if (!body.success) throw new ApiProblem(400, 'validation');
    return reply.code(201).send(await addStaffMember(broker.db, broker.config.publicBaseUrl, body.data, null));
  });
  privateRoute(app, localVerifyAudit, { preValidation: localOnly }, async () => verifyAuditChain(broker.db));
}
