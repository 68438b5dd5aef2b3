import { randomUUID } from 'node:crypto';
import { rigaToday, type Complaint, type RegisterComplaintBody } from '../../../domain/staff-compliance-api.ts';
import { Refusal } from '../../applications/refusal.ts';
import type { Broker } from '../../broker.ts';
import type { Sql } from '../../db/database.ts';
import { ApiProblem } from '../../http/problem.ts';
import { writeAudit } from '../audit-log.ts';
import { workingDaysAfter } from './deadlines.ts';

/** A credit intermediary answers a complaint within 15 working days of receipt. */
export const COMPLAINT_WORKING_DAYS = 15;

interface ComplaintRow {
  id: string;
  received_on: string;
  due_on: string;
  channel: Complaint['channel'];
  application_id: string | null;
  category: Complaint['category'];
  summary: string;
  state: Complaint['state'];
  answered_on: string | null;
  registered_at: Date;
  registered_by_email: string | null;
}

const COLUMNS = `c.id, c.received_on::text AS received_on, c.due_on::text AS due_on, c.channel, c.application_id,
  c.category, c.summary, c.state, c.answered_on::text AS answered_on, c.registered_at, m.email AS registered_by_email`;
const FROM = 'FROM complaints c LEFT JOIN staff_members m ON m.id = c.registered_by';

const complaintOf = (row: ComplaintRow, today = rigaToday()): Complaint => ({
  id: row.id,
  receivedOn: row.received_on,
  dueOn: row.due_on,
  channel: row.channel,
  applicationId: row.application_id,
  category: row.category,
  summary: row.summary,
  state: row.state,
  answeredOn: row.answered_on,
  // answered late counts too: the register shows which answers missed their day
  overdue: (row.answered_on ?? today) > row.due_on,
  registeredAt: row.registered_at.toISOString(),
  registeredBy: row.registered_by_email,
});

async function rowById(sql: Sql, id: string): Promise<ComplaintRow> {
  const [row] = (await sql.query<ComplaintRow>(`SELECT ${COLUMNS} ${FROM} WHERE c.id = $1`, [id])).rows;
  if (!row) throw new ApiProblem(404, 'notFound');
  return row;
}

export async function listComplaints(broker: Broker, staffId: string): Promise<Complaint[]> {
  const { rows } = await broker.db.query<ComplaintRow>(
    `SELECT ${COLUMNS} ${FROM} ORDER BY (c.state = 'received') DESC, c.due_on, c.registered_at DESC LIMIT 500`,
  );
  await writeAudit(broker.db, { staffId, action: 'complaint.listed', details: { complaints: rows.length } });
  return rows.map((row) => complaintOf(row));
}

export async function registerComplaint(
  broker: Broker,
  staffId: string,
  body: RegisterComplaintBody,
): Promise<Complaint> {
  const id = randomUUID();
  await broker.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO complaints (id, received_on, due_on, channel, application_id, category, summary, registered_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        body.receivedOn,
        workingDaysAfter(body.receivedOn, COMPLAINT_WORKING_DAYS),
        body.channel,
        body.applicationId ?? null,
        body.category,
        body.summary,
        staffId,
      ],
    );
    await writeAudit(tx, {
      staffId,
      action: 'complaint.registered',
      applicationId: body.applicationId ?? null,
      details: { complaintId: id, category: body.category, channel: body.channel },
    });
  });
  return complaintOf(await rowById(broker.db, id));
}

export async function answerComplaint(
  broker: Broker,
  staffId: string,
  id: string,
  answeredOn: string,
): Promise<Complaint> {
  await broker.db.transaction(async (tx) => {
    const [row] = (
      await tx.query<{ state: string; received_on: string; application_id: string | null }>(
        'SELECT state, received_on::text AS received_on, application_id FROM complaints WHERE id = $1 FOR UPDATE',
        [id],
      )
    ).rows;
    if (!row) throw new ApiProblem(404, 'notFound');
    if (row.state !== 'received') throw new Refusal('wrongState');
    if (answeredOn < row.received_on) throw new ApiProblem(400, 'validation', { answeredOn: 'invalidValue' });
    await tx.query(`UPDATE complaints SET state = 'answered', answered_on = $2, answered_by = $3 WHERE id = $1`, [
      id,
      answeredOn,
      staffId,
    ]);
    await writeAudit(tx, {
      staffId,
      action: 'complaint.answered',
      applicationId: row.application_id,
      details: { complaintId: id, answeredOn },
    });
  });
  return complaintOf(await rowById(broker.db, id));
}
