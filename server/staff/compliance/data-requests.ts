import { randomUUID } from 'node:crypto';
import type { EraseAnswer } from '../../../domain/account-api.ts';
import { rigaToday, type DataRequest, type RegisterDataRequestBody } from '../../../domain/staff-compliance-api.ts';
import { erasePersonData, exportPersonData } from '../../account/my-data.ts';
import { Refusal } from '../../applications/refusal.ts';
import type { Broker } from '../../broker.ts';
import type { Sql } from '../../db/database.ts';
import { ApiProblem } from '../../http/problem.ts';
import { personKeyOf } from '../../security/lookup-keys.ts';
import { writeAudit } from '../audit-log.ts';
import { oneMonthAfter } from './deadlines.ts';

/**
 * Data requests that came by post or e-mail (GDPR Art. 15 and 17): the person could have used their account; these
 * are the same rights asked on paper. Acting on one runs the account's own erasure or export (my-data.ts) for the
 * person the request names, so a request by letter ends exactly as one made in the account does.
 */

interface DataRequestRow {
  id: string;
  kind: DataRequest['kind'];
  channel: DataRequest['channel'];
  received_on: string;
  due_on: string;
  person_key: string;
  application_id: string | null;
  identified_by: DataRequest['identifiedBy'];
  identity_check: DataRequest['identityCheck'];
  identity_note: string | null;
  state: DataRequest['state'];
  refusal_reason: string | null;
  registered_at: Date;
  registered_by_email: string | null;
  closed_at: Date | null;
  closed_by_email: string | null;
  deleted_applications: number | null;
  lenders_told: number | null;
  exports: number;
}

const COLUMNS = `r.id, r.kind, r.channel, r.received_on::text AS received_on, r.due_on::text AS due_on, r.person_key,
  r.application_id, r.identified_by, r.identity_check, r.identity_note, r.state, r.refusal_reason, r.registered_at,
  rb.email AS registered_by_email, r.closed_at, cb.email AS closed_by_email, r.deleted_applications, r.lenders_told,
  r.exports`;
const FROM = `FROM data_requests r
  LEFT JOIN staff_members rb ON rb.id = r.registered_by
  LEFT JOIN staff_members cb ON cb.id = r.closed_by`;

const requestOf = (row: DataRequestRow, today = rigaToday()): DataRequest => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  receivedOn: row.received_on,
  dueOn: row.due_on,
  state: row.state,
  overdue: row.state === 'received' && row.due_on < today,
  applicationId: row.application_id,
  identifiedBy: row.identified_by,
  identityCheck: row.identity_check,
  identityNote: row.identity_note,
  refusalReason: row.refusal_reason,
  registeredAt: row.registered_at.toISOString(),
  registeredBy: row.registered_by_email,
  closedAt: row.closed_at?.toISOString() ?? null,
  closedBy: row.closed_by_email,
  erased:
    row.deleted_applications === null
      ? null
      : { deletedApplications: row.deleted_applications, lendersToBeTold: row.lenders_told ?? 0 },
  exports: row.exports,
});

async function rowById(sql: Sql, id: string, lock = false): Promise<DataRequestRow> {
  const [row] = (
    await sql.query<DataRequestRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id])
  ).rows;
  if (!row) throw new ApiProblem(404, 'notFound');
  return row;
}

/** The register, the open requests first, soonest due first; every view written to the audit log. */
export async function listDataRequests(broker: Broker, staffId: string): Promise<DataRequest[]> {
  const { rows } = await broker.db.query<DataRequestRow>(
    `SELECT ${COLUMNS} ${FROM} ORDER BY (r.state = 'received') DESC, r.due_on, r.registered_at DESC LIMIT 500`,
  );
  await writeAudit(broker.db, { staffId, action: 'dataRequest.listed', details: { requests: rows.length } });
  return rows.map((row) => requestOf(row));
}

/** Whose data the request is about: the keyed hash of the code, or of the application's person. */
async function personKeyFor(broker: Broker, body: RegisterDataRequestBody): Promise<string> {
  if (body.personalCode !== undefined) return personKeyOf(broker.config.lookupKey, body.personalCode);
  const [row] = (
    await broker.db.query<{ person_key: string | null }>('SELECT person_key FROM applications WHERE id = $1', [
      body.applicationId,
    ])
  ).rows;
  // named on the form's field: a mistyped id, or an application erased or deleted at the end of its retention
  if (!row) throw new ApiProblem(400, 'validation', { applicationId: 'invalidValue' });
  // an application from before person keys were kept has none yet: the backfill gives it one from its code
  if (!row.person_key) throw new ApiProblem(409, 'wrongState');
  return row.person_key;
}

export async function registerDataRequest(
  broker: Broker,
  staffId: string,
  body: RegisterDataRequestBody,
): Promise<DataRequest> {
  const personKey = await personKeyFor(broker, body);
  const id = randomUUID();
  await broker.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO data_requests (id, kind, channel, received_on, due_on, person_key, application_id, identified_by,
         identity_check, identity_note, registered_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        body.kind,
        body.channel,
        body.receivedOn,
        oneMonthAfter(body.receivedOn),
        personKey,
        body.applicationId ?? null,
        body.personalCode === undefined ? 'applicationId' : 'personalCode',
        body.identityCheck,
        body.identityNote ?? null,
        staffId,
      ],
    );
    await writeAudit(tx, {
      staffId,
      action: 'dataRequest.registered',
      applicationId: body.applicationId ?? null,
      details: { requestId: id, kind: body.kind, channel: body.channel, identityCheck: body.identityCheck },
    });
  });
  return requestOf(await rowById(broker.db, id));
}

// an erasure that crashed half-way leaves its claim behind: after this long another may take the request over
const CLAIM_MINUTES = 5;

/**
 * Carries out an erasure request with the account's own erasure; the request is done once it ran. The request is
 * claimed first (closed_at set while still received), so a second click meanwhile is refused instead of erasing
 * again, which would record a second, empty erasure for the person to see.
 */
export async function eraseForRequest(
  broker: Broker,
  staffId: string,
  id: string,
): Promise<{ request: DataRequest; erasure: EraseAnswer }> {
  const row = await rowById(broker.db, id);
  if (row.kind !== 'erasure') throw new Refusal('wrongState');
  const claimed = await broker.db.query(
    `UPDATE data_requests SET closed_by = $2, closed_at = now()
     WHERE id = $1 AND state = 'received'
       AND (closed_at IS NULL OR closed_at < now() - make_interval(mins => $3))
     RETURNING id`,
    [id, staffId, CLAIM_MINUTES],
  );
  if (claimed.rows.length === 0) throw new Refusal('wrongState');
  let erasure: EraseAnswer;
  try {
    erasure = await erasePersonData(broker, row.person_key);
  } catch (error) {
    await broker.db.query('UPDATE data_requests SET closed_by = NULL, closed_at = NULL WHERE id = $1', [id]);
    throw error;
  }
  await broker.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE data_requests SET state = 'done', closed_at = now(), deleted_applications = $3, lenders_told = $4
       WHERE id = $1 AND closed_by = $2`,
      [id, staffId, erasure.deletedApplications, erasure.lendersToBeTold.length],
    );
    await writeAudit(tx, {
      staffId,
      action: 'dataRequest.erased',
      applicationId: row.application_id,
      details: {
        requestId: id,
        deletedApplications: erasure.deletedApplications,
        withdrawnApplications: erasure.withdrawnApplications,
        lendersToBeTold: erasure.lendersToBeTold.length,
      },
    });
  });
  return { request: requestOf(await rowById(broker.db, id)), erasure };
}

/**
 * Carries out an access request with the account's own export. Producing it closes the request; it may be produced
 * again while the request is not refused (a download that failed), each time written to the audit log.
 */
export async function exportForRequest(broker: Broker, staffId: string, id: string): Promise<Record<string, unknown>> {
  const row = await rowById(broker.db, id);
  if (row.kind !== 'access' || row.state === 'refused') throw new Refusal('wrongState');
  const data = await exportPersonData(broker, row.person_key);
  await broker.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE data_requests SET exports = exports + 1, state = 'done',
         closed_by = COALESCE(closed_by, $2), closed_at = COALESCE(closed_at, now()) WHERE id = $1`,
      [id, staffId],
    );
    await writeAudit(tx, {
      staffId,
      action: 'dataRequest.exported',
      applicationId: row.application_id,
      details: { requestId: id, applications: data.applications.length },
    });
  });
  return { ...data };
}

export async function refuseRequest(broker: Broker, staffId: string, id: string, reason: string): Promise<DataRequest> {
  await broker.db.transaction(async (tx) => {
    const row = await rowById(tx, id, true);
    // an erasure under way has claimed the request: it ends it
    if (row.state !== 'received' || row.closed_at !== null) throw new Refusal('wrongState');
    await tx.query(
      `UPDATE data_requests SET state = 'refused', refusal_reason = $2, closed_by = $3, closed_at = now() WHERE id = $1`,
      [id, reason, staffId],
    );
    await writeAudit(tx, {
      staffId,
      action: 'dataRequest.refused',
      applicationId: row.application_id,
      reason,
      details: { requestId: id, kind: row.kind },
    });
  });
  return requestOf(await rowById(broker.db, id));
}
